import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../lib/dataDirLock';
import { backup, restore } from './archive';

// Releases before ADR 0038 kept the embedded database in DATA_DIR/pglite (PGlite). The first
// start of this release moves it into the embedded PostgreSQL once: a logical dump of the PGlite
// directory (server/ops/archive.ts, one snapshot, each table's row count and sha256) restored into
// the new server, where every table is read back and compared before the load commits; then the
// newer migrations. The uploads stay where they are. The old directory is kept for the admin to
// remove; a marker beside it says it has been moved, so later starts leave it alone.

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
const markerOf = (dataDir: string) => path.join(dataDir, 'pglite.migrated.json');

/** True when DATA_DIR holds a PGlite directory not moved yet. */
export function needsPgliteMigration(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDirOf(dataDir), 'PG_VERSION')) && !fs.existsSync(markerOf(dataDir));
}

interface PgliteMigrationResult {
  tables: number;
  rows: number;
  ms: number;
}

/** Moves DATA_DIR/pglite into the PostgreSQL database at `url` (empty, or left by a failed attempt). */
export async function migrateFromPglite(dataDir: string, url: string): Promise<PgliteMigrationResult> {
  const started = Date.now();
  const oldDir = pgliteDirOf(dataDir);
  // An old server still running on it (the previous release held this lock) would change it meanwhile.
  const unlock = lockDataDir(oldDir);
  const archive = path.join(dataDir, `pglite-export-${process.pid}.tar.gz`);
  try {
    const dumped = await backup({ dataDir, pgliteDir: oldDir }, archive, { uploads: false });
    // force: no marker yet, so whatever the new database holds is a failed attempt's.
    const restored = await restore({ dataDir, databaseUrl: url }, archive, { force: true, uploads: false });
    if (restored.rows !== dumped.rows || restored.tables !== dumped.tables) {
      throw new Error(`迁移核对失败：旧库 ${dumped.tables} 张表 ${dumped.rows} 行，新库 ${restored.tables} 张表 ${restored.rows} 行。`);
    }
    const result = { tables: restored.tables, rows: restored.rows, ms: Date.now() - started };
    fs.writeFileSync(
      markerOf(dataDir),
      `${JSON.stringify({ ...result, at: new Date().toISOString(), migratedTo: restored.migratedTo }, null, 1)}\n`,
    );
    return result;
  } finally {
    fs.rmSync(archive, { force: true });
    fs.rmSync(`${archive}.part`, { force: true });
    unlock();
  }
}
