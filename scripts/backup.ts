// `npm run backup -- <file>`: the database (the embedded PostgreSQL or DATABASE_URL's) and
// DATA_DIR/uploads into one .tar.gz, read from one snapshot while the server keeps running.
import { backupCommand } from '../server/ops/cli';

backupCommand(process.argv.slice(2)).then((code) => process.exit(code));
