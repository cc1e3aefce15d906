import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import { crashRound, verifyEmbedded, verifyInDatabase } from '../../tests/helpers/crash';
import { type ScratchDatabase, scratchDatabase, tempDir, testServerUrl } from '../../tests/helpers/serverProcess';

// kill -9 in the middle of a stream of writes: every write the server acknowledged (200) is there
// after a restart on the same data, whole (a task with all its area rows, an upload with its file),
// and the trigger-kept summaries still match their tables. On the embedded PostgreSQL (Node
// killed alone: the next start finds its server still running and reuses it; and Node with the
// whole PostgreSQL server, every process of it, killed at once: the next start recovers from the
// WAL), and on DATABASE_URL's PostgreSQL.

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('kill -9 in the middle of writes', () => {
  test('embedded PostgreSQL, Node killed: the next start reuses its server; every acknowledged write survives, whole', async () => {
    const dataDir = tempDir('glp-crash-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const acked = await crashRound(dataDir, {}, 30, {
      restartSays: /仍在运行，继续使用/,
      whileRunning: () => {
        // A backup reads the running server's database (one snapshot) without stopping it.
        const archive = path.join(dataDir, 'running.tar.gz');
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', archive], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
        assert.equal(run.status, 0, run.stdout + run.stderr);
        assert.ok(fs.existsSync(archive));
      },
    });
    await verifyEmbedded(dataDir, acked);
  });

  test(
    'embedded PostgreSQL, Node and every PostgreSQL process killed at once: every acknowledged write survives',
    { skip: process.platform !== 'linux' && 'reads the process tree from /proc' },
    async () => {
      const dataDir = tempDir('glp-cut-');
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const acked = await crashRound(dataDir, {}, 30, { withPostgres: true });
      await verifyEmbedded(dataDir, acked);
    },
  );

  test('DATABASE_URL: every acknowledged write survives, whole', async () => {
    const scratch: ScratchDatabase = await scratchDatabase(testServerUrl(), 'crash');
    cleanups.push(() => scratch.drop());
    const dataDir = tempDir('glp-crash-pg-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await crashRound(dataDir, { DATABASE_URL: scratch.url }, 24);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await verifyInDatabase(async (sql) => (await client.query(sql)).rows, dataDir);
    } finally {
      await client.end();
    }
  });
});
