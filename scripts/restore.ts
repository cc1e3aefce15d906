// `npm run restore -- <file> [--force]`: a backup into an empty database and uploads folder
// (--force replaces what is there). Stop the server first.
import { restoreCommand } from '../server/ops/cli';

restoreCommand(process.argv.slice(2)).then((code) => process.exit(code));
