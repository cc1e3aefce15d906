// kill -9 in the middle of a stream of writes, then a restart on the same data: every write the
// server acknowledged (200) must be there, whole (a task with all its area rows, an upload with its
// file), and the trigger-kept summaries must still match their tables. Shared by the kill tests
// (server/ops/crash.test.ts) and the power-cut case of `npm run bench` (bench/powerCut.ts).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { openEmbedded } from '../../server/db/client';
import { readImageHeader, reencodeImage } from '../../server/lib/images';
import { killProcessTree, type RunningServer, signIn, startServer } from './serverProcess';

export const PASSWORD = 'Crash-Admin-123';
const AREAS = [2, 3, 4];
const IN_FLIGHT = 4;

export interface Acked {
  tasks: Map<number, string>;
  uploads: Map<string, string>; // url → sha256 of the file the server stores for the bytes sent
}

async function image(i: number): Promise<Buffer> {
  // Distinct bytes per upload, so a file swapped or truncated shows in its hash.
  return sharp({ create: { width: 16 + (i % 16), height: 8, channels: 3, background: { r: i % 256, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/** What the server stores for these bytes: its re-encoded copy (ADR 0019), the same every time. */
async function storedCopy(bytes: Buffer): Promise<Buffer> {
  const stored = (await readImageHeader(bytes, 'png')) && (await reencodeImage(bytes, 'png'));
  if (!stored) throw new Error('test image does not decode');
  return stored.content;
}

/** Writes until `killAfter` are acknowledged, then kill -9 with requests still in flight. */
async function writeAndKill(
  server: RunningServer,
  token: string,
  killAfter: number,
  alsoKill?: () => void,
): Promise<Acked & { inFlightAtKill: number }> {
  const acked: Acked = { tasks: new Map(), uploads: new Map() };
  let next = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let killing: Promise<void> | undefined;
  const headers = { authorization: `Bearer ${token}` };
  const ack = () => {
    if (!killing && acked.tasks.size + acked.uploads.size >= killAfter) {
      inFlightAtKill = inFlight;
      killing = server.kill();
      alsoKill?.();
    }
  };
  const worker = async () => {
    while (!killing) {
      const i = next++;
      inFlight++;
      try {
        if (i % 5 === 4) {
          const bytes = await image(i);
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `crash-${i}.png`);
          const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers, body: form });
          if (res.status === 200) {
            const { data } = (await res.json()) as { data: { url: string } };
            acked.uploads.set(
              data.url,
              createHash('sha256')
                .update(await storedCopy(bytes))
                .digest('hex'),
            );
          } else if (res.status !== 429) assert.fail(`upload answered ${res.status}`);
          // 429: this account already had a photo waiting for its decode (ADR 0041); nothing stored.
        } else {
          const title = `崩溃测试任务-${i}`;
          const res = await fetch(`${server.url}/api/tasks`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              title,
              category: 14,
              content: `<p>第${i}条</p>`,
              template: '1;2',
              imageNum: 1,
              points: 3,
              areas: AREAS,
              groupIds: [],
              deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
            }),
          });
          if (res.status === 200) {
            const { data } = (await res.json()) as { data: { id: number } };
            acked.tasks.set(data.id, title);
          } else assert.fail(`task answered ${res.status}: ${await res.text()}`);
        }
        inFlight--;
        ack();
      } catch (error) {
        inFlight--;
        // Requests cut by the kill have no answer: their outcome is unknown, and not checked.
        if (!killing) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await killing;
  return { ...acked, inFlightAtKill };
}

async function verifyThroughApi(server: RunningServer, acked: Acked) {
  const token = await signIn(server.url, 'admin', PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  for (const [id, title] of acked.tasks) {
    const res = await fetch(`${server.url}/api/tasks/${id}`, { headers });
    assert.equal(res.status, 200, `acknowledged task ${id} is missing after the crash`);
    const { data } = (await res.json()) as { data: { title: string; areas: number[] } };
    assert.equal(data.title, title);
    assert.deepEqual([...data.areas].sort(), AREAS);
  }
  for (const [url, hash] of acked.uploads) {
    const res = await fetch(`${server.url}${url}`, { headers });
    assert.equal(res.status, 200, `acknowledged upload ${url} is missing after the crash`);
    assert.equal(
      createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex'),
      hash,
      url,
    );
  }
}

// Nothing half-written: every task has all its areas, every upload row its file, and the counters
// kept by triggers equal a recount.
const INTEGRITY = {
  tasksWithoutAllAreas: `SELECT count(*)::int AS n FROM tasks t
     WHERE (SELECT count(*) FROM task_areas a WHERE a.task_id = t.id) <> ${AREAS.length}`,
  counterDrift: `SELECT count(*)::int AS n FROM (
       SELECT status, count(*) AS n FROM tasks GROUP BY status
     ) c FULL JOIN (SELECT status, sum(n) AS n FROM row_counts WHERE entity = 'tasks' GROUP BY status) r USING (status)
     WHERE coalesce(c.n, 0) <> coalesce(r.n, 0)`,
  uploadNames: 'SELECT stored_name FROM uploads',
};

export async function verifyInDatabase(query: (sql: string) => Promise<Array<Record<string, unknown>>>, dataDir: string) {
  assert.equal((await query(INTEGRITY.tasksWithoutAllAreas))[0].n, 0, 'a task lost some of its areas');
  assert.equal((await query(INTEGRITY.counterDrift))[0].n, 0, 'row_counts drifted from the tasks table');
  for (const row of await query(INTEGRITY.uploadNames)) {
    assert.ok(fs.existsSync(path.join(dataDir, 'uploads', String(row.stored_name))), `upload row without its file: ${row.stored_name}`);
  }
}

/**
 * Starts the server on `dataDir`, writes until `killAfter` writes are acknowledged, kills it (with
 * `withPostgres`, every process of the embedded PostgreSQL at the same instant), restarts it and
 * checks every acknowledged write through the API. Throws on the first one missing.
 */
export async function crashRound(
  dataDir: string,
  env: Record<string, string>,
  killAfter: number,
  opts: { withPostgres?: boolean; whileRunning?: () => void; restartSays?: RegExp } = {},
) {
  const server = await startServer(dataDir, { ADMIN_PASSWORD: PASSWORD, ...env });
  const token = await signIn(server.url, 'admin', PASSWORD);
  const postmaster = opts.withPostgres ? Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) : 0;
  const acked = await writeAndKill(server, token, killAfter, () => {
    // The same instant as Node: the postmaster and every backend, none shut down cleanly.
    if (postmaster) killProcessTree(postmaster);
  });
  assert.equal(server.child.signalCode, 'SIGKILL');
  assert.ok(acked.inFlightAtKill > 0, 'killed with writes in flight');
  assert.ok(acked.tasks.size >= 1 && acked.uploads.size >= 1, 'both kinds of writes were acknowledged');
  const restartedAt = Date.now();
  const restarted = await startServer(dataDir, { ADMIN_PASSWORD: PASSWORD, ...env });
  const restartMs = Date.now() - restartedAt;
  try {
    if (opts.restartSays) assert.match(restarted.output(), opts.restartSays);
    await verifyThroughApi(restarted, acked);
    // The recovered database takes writes again.
    const token = await signIn(restarted.url, 'admin', PASSWORD);
    const res = await fetch(`${restarted.url}/api/groups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `崩溃后新建的分组${Date.now().toString(36)}`, description: '' }),
    });
    assert.equal(res.status, 200, await res.text());
    opts.whileRunning?.();
  } finally {
    await restarted.stop();
  }
  return { ...acked, restartMs };
}

export async function verifyEmbedded(dataDir: string, acked: Acked) {
  const database = await openEmbedded(dataDir);
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    const query = async (sql: string) => (await pool.query(sql)).rows as Array<Record<string, unknown>>;
    await verifyInDatabase(query, dataDir);
    const [{ n }] = await query('SELECT count(*)::int AS n FROM tasks');
    assert.ok(Number(n) >= acked.tasks.size);
  } finally {
    await pool.end();
    await database.close();
  }
}
