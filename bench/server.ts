// The server under test, in its own process: bench/run.ts starts it so that the load generator does
// not share its event loop. The database is already migrated and filled.
// Environment: BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (the embedded PostgreSQL of DATA_DIR, as
// `npm start` opens it); BENCH_STATS_CACHE_MS (default: the app's 5 s); BENCH_LOG_FILE (where the
// production request log goes, default /dev/null). Prints `{"port":N}` when up.
// libuv's pool sized for the decode workers, as server/main.ts does (ADR 0058).
import '../server/threadPool';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { listenForBench } from './listen';

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR || '';
  if (!databaseUrl && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');
  const base = loadConfig({ ...process.env, DATA_DIR: dataDir || undefined });
  const statsCacheMs = process.env.BENCH_STATS_CACHE_MS;
  const config = {
    ...base,
    databaseUrl,
    clientDir: undefined,
    statsCacheMs: statsCacheMs === undefined ? base.statsCacheMs : Number(statsCacheMs),
  };
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  // The log as production writes it (level, sampling, redaction), to a file rather than the pipe
  // this process reports its port on.
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.logLevel, file: process.env.BENCH_LOG_FILE || '/dev/null' },
  });
  await listenForBench(app, () => database.close());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
