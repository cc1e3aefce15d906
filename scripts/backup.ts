// `npm run backup -- <file>`: the database (PGlite or DATABASE_URL) and DATA_DIR/uploads into one
// .tar.gz. On the embedded database, stop the server first (one process per data directory).
import { backupCommand } from '../server/ops/cli';

backupCommand(process.argv.slice(2)).then((code) => process.exit(code));
