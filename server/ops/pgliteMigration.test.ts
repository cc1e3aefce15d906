import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import pg from 'pg';
import { openEmbedded } from '../db/client';
import { cleanUpAfter, signIn, startServer } from '../../tests/helpers/serverProcess';

// A data directory of the last PGlite release (tests/fixtures/pglite-release.tar.br: its
// DATA_DIR/pglite after a first start with the demo) started by this release: moved into the
// embedded PostgreSQL once, every table's rows and checksum compared, the old directory kept, and
// the data usable through the app; the next start leaves the old directory alone.

const FIXTURE = path.resolve(__dirname, '../../tests/fixtures/pglite-release.tar.br');
const { dir, defer } = cleanUpAfter();

function unpackFixture(dataDir: string) {
  const tar = zlib.brotliDecompressSync(fs.readFileSync(FIXTURE));
  const run = spawnSync('tar', ['-x', '-C', dataDir], { input: tar });
  assert.equal(run.status, 0, String(run.stderr));
}

/** Rows of every table of the PGlite directory, read with PGlite (what the old release holds). */
async function pgliteCounts(dir: string): Promise<Record<string, number>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  try {
    return await countsOf(async (text) => (await db.query<{ name: string }>(text)).rows);
  } finally {
    await db.close();
  }
}

async function countsOf(query: (text: string) => Promise<Array<{ name: string }>>): Promise<Record<string, number>> {
  const tables = await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = (await query(`SELECT count(*)::int AS name FROM public."${name}"`)) as unknown as Array<{ name: number }>;
    counts[name] = Number(row.name);
  }
  return counts;
}

describe('a PGlite data directory of the previous release', () => {
  test('is moved into the embedded PostgreSQL on the first start, checked, and kept; the next start leaves it', async () => {
    const dataDir = dir('glp-pglite-up-');
    unpackFixture(dataDir);
    const oldDir = path.join(dataDir, 'pglite');
    const before = await pgliteCounts(oldDir);
    assert.ok(before.users > 5 && before.appeals > 0, 'the fixture holds the demo');

    const first = await startServer(dataDir, { ADMIN_PASSWORD: '' });
    defer(() => first.stop());
    assert.match(first.output(), /发现旧版本的内置数据库.*正在迁移/);
    assert.match(first.output(), /迁移完成：\d+ 张表、\d+ 行，每张表的行数与校验和均已核对一致/);
    assert.match(first.output(), /旧目录 .*pglite 仍保留/);
    assert.ok(!/初始密码/.test(first.output()), 'the old admin is kept, no new one is made');
    await first.stop();

    assert.ok(fs.existsSync(path.join(oldDir, 'PG_VERSION')), 'the old directory is kept');
    assert.deepEqual(await pgliteCounts(oldDir), before, 'and unchanged');
    const database = await openEmbedded(dataDir);
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const after = await countsOf(async (text) => (await pool.query(text)).rows);
      // Every table the old release had holds the same rows (a newer migration may add tables),
      // but for what a start writes itself when missing: the server's signing secret, and the
      // default of a setting newer than the old release (server/seed/seed.ts).
      const writtenAtStart = new Set(['server_secrets', 'settings']);
      for (const [table, rows] of Object.entries(before)) {
        if (writtenAtStart.has(table)) assert.ok(after[table] >= rows, table);
        else assert.equal(after[table], rows, table);
      }
    } finally {
      await pool.end();
      await database.close();
    }

    const second = await startServer(dataDir, { ADMIN_PASSWORD: '' });
    defer(() => second.stop());
    assert.doesNotMatch(second.output(), /迁移/);
    // The old release's accounts sign in (its fixture was seeded with these passwords).
    await signIn(second.url, 'admin', 'Admin12345');
    await signIn(second.url, 'staff01', 'Demo12345');
    assert.ok(fs.existsSync(path.join(oldDir, 'PG_VERSION')), 'still kept');
    await second.stop();
  });
});
