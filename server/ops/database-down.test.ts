import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, test } from 'node:test';
import pg from 'pg';
import path from 'node:path';
import {
  freePort,
  signalProcessTree,
  type RunningServer,
  scratchDatabase,
  signIn,
  startServer,
  tcpProxy,
  runServerToExit,
  tempDir,
} from '../../tests/helpers/serverProcess';

// The database unreachable: at start the server says so in Chinese and English and exits non-zero;
// while running, every API call answers 503 with a clear Chinese message (never a 500, never a
// crash), and the server recovers by itself when the database is back. The running case needs a
// real PostgreSQL (DATABASE_URL): the server reaches it through a TCP proxy the test cuts, and
// backends are also killed from inside PostgreSQL with pg_terminate_backend. A frozen server
// (every process of the embedded PostgreSQL stopped with SIGSTOP, as a paused VM or a hung disk):
// every request still answers within the bounded wait (DB_TIMEOUT_MS, ADR 0038), 503 in Chinese,
// and the pool recovers once it thaws.

const PASSWORD = 'Down-Admin-12345';
// A lost database is a platform fault the client shows as a notification (ADR 0025).
const UNAVAILABLE = { code: 503, message: '数据库暂时无法连接，请稍后再试', showType: 3 };

const cleanups: Array<() => Promise<void> | void> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the database is unreachable at start', () => {
  test('a closed port: a clear message in Chinese and English, and a non-zero exit', async () => {
    const dataDir = tempDir('glp-down-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort(); // nothing listens there
    const started = Date.now();
    const { code, output } = await runServerToExit(dataDir, {
      DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${port}/app`,
      ADMIN_PASSWORD: PASSWORD,
    });
    assert.notEqual(code, 0, output);
    assert.match(output, /无法连接数据库（DATABASE_URL 指向的 PostgreSQL）/);
    assert.match(output, /Cannot open the database\. Check DATABASE_URL/);
    assert.match(output, /ECONNREFUSED/, 'the cause is named');
    assert.doesNotMatch(output, /secret-pw/, 'the password in the URL is not printed');
    assert.ok(Date.now() - started < 20_000, 'gives up promptly');
  });
});

describe('the database goes away while the server runs', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, () => {
  let server: RunningServer;
  let token: string;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let scratchName: string;
  const base = process.env.DATABASE_URL as string;

  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const newTask = (title: string) => ({
    title,
    category: 14,
    content: '<p>断线测试</p>',
    template: '1',
    imageNum: 0,
    points: 1,
    areas: [2, 3],
    groupIds: [],
    deadline: new Date(Date.now() + 86400_000).toISOString(),
  });
  const assertAlive = () => assert.equal(server.child.exitCode, null, `the server died:\n${server.output()}`);

  /** Polls until a list read answers 200 again. */
  async function recovered(withinMs: number) {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const res = await call('GET', '/api/tasks?pageSize=5');
      if (res.status === 200) return Date.now();
      assert.equal(res.status, 503, await res.text());
      if (Date.now() > deadline) assert.fail('no recovery in time');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  test('setup: the server on a scratch database, through a proxy', async () => {
    const scratch = await scratchDatabase(base, 'down');
    cleanups.push(() => scratch.drop());
    scratchName = scratch.name;
    const target = new URL(scratch.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const dataDir = tempDir('glp-down-pg-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    server = await startServer(dataDir, { DATABASE_URL: viaProxy.toString(), ADMIN_PASSWORD: PASSWORD });
    cleanups.push(() => server.kill());
    token = await signIn(server.url, 'admin', PASSWORD);
    assert.equal((await call('POST', '/api/tasks', newTask('断线前'))).status, 200);
  });

  test('cut in the middle of writes: every answer is a 200 or a 503, and the process lives', async () => {
    const statuses: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const res = await call('POST', '/api/tasks', newTask(`断线中-${w}-${i}`));
        statuses.push(res.status);
        if (res.status === 503) assert.deepEqual(await res.json(), UNAVAILABLE);
        else assert.equal(res.status, 200, await res.text());
      }
    };
    const writers = [0, 1, 2].map(writer);
    // Cut once writes are going through (a loaded machine may take longer than a fixed wait).
    const until = Date.now() + 15_000;
    while (!statuses.includes(200) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 400));
    stop = true;
    await Promise.all(writers);
    assert.ok(statuses.includes(200) && statuses.includes(503), `statuses: ${statuses.join(',')}`);
    assertAlive();
  });

  test('while it is away: reads, writes and sign-in answer 503 in Chinese', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/tasks?pageSize=5'],
      ['GET', '/api/currentUser'],
      ['POST', '/api/tasks', newTask('断线时')],
    ] as const) {
      const res = await call(method, url, body);
      assert.equal(res.status, 503, `${method} ${url}`);
      assert.deepEqual(await res.json(), UNAVAILABLE);
      assert.equal(res.headers.get('retry-after'), '5');
    }
    const login = await fetch(`${server.url}/api/login/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    assert.equal(login.status, 503);
    assert.deepEqual(await login.json(), UNAVAILABLE);
    assertAlive();
  });

  test('back again: the server answers 200 and takes writes without a restart', async () => {
    await proxy.restore();
    await recovered(10_000);
    const res = await call('POST', '/api/tasks', newTask('恢复后'));
    assert.equal(res.status, 200);
    assertAlive();
  });

  test('backends killed inside PostgreSQL (pg_terminate_backend): 200 or 503, never a crash, then 200', async () => {
    // Warm the pool so there are idle connections to kill, and one busy in a transaction.
    await Promise.all([1, 2, 3, 4].map((i) => call('POST', '/api/tasks', newTask(`终止前-${i}`))));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const inFlight = [1, 2, 3].map((i) => call('POST', '/api/tasks', newTask(`终止中-${i}`)));
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [scratchName],
      );
      assert.ok(killed.rowCount && killed.rowCount > 0, 'some backends were terminated');
      for (const res of await Promise.all(inFlight)) assert.ok([200, 503].includes(res.status), `answered ${res.status}`);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    assertAlive();
    await recovered(10_000);
    assert.equal((await call('POST', '/api/tasks', newTask('终止后'))).status, 200);
    assert.doesNotMatch(server.output(), /uncaught|unhandled/i);
  });
});

describe(
  'the embedded PostgreSQL frozen (SIGSTOP) while the server runs',
  { skip: process.platform !== 'linux' && 'reads the process tree from /proc' },
  () => {
    test('in-flight and new requests answer 503 within the bound, not after the freeze; then 200 again', async () => {
      const dataDir = tempDir('glp-frozen-');
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      // A 2 s bound: statement_timeout 2 s, an answer given up after 4 s, a connection after 2 s.
      const server = await startServer(dataDir, { ADMIN_PASSWORD: PASSWORD, DB_TIMEOUT_MS: '2000' });
      const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
      let frozen = false;
      cleanups.push(async () => {
        if (frozen) signalProcessTree(postmaster, 'SIGCONT');
        await server.stop();
      });
      const token = await signIn(server.url, 'admin', PASSWORD);
      const call = (url: string, init: RequestInit = {}) =>
        fetch(`${server.url}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      const write = (i: number) => call('/api/groups', { method: 'POST', body: JSON.stringify({ name: `冻结-${i}`, description: '' }) });
      // Warm the pool: idle connections that will hang on the frozen server.
      await Promise.all([1, 2, 3, 4].map((i) => call(`/api/tasks?pageSize=5&i=${i}`)));

      signalProcessTree(postmaster, 'SIGSTOP');
      frozen = true;
      const thawAt = Date.now() + 12_000;
      const started = Date.now();
      const timed = async (res: Promise<Response>) => {
        const answer = await res;
        return { status: answer.status, body: await answer.json(), ms: Date.now() - started };
      };
      const inFlight = await Promise.all([
        timed(call('/api/tasks?pageSize=5')),
        timed(call('/api/currentUser')),
        timed(write(1)),
        timed(write(2)),
        timed(call('/api/groups?pageSize=5')),
        timed(call('/api/tasks?pageSize=5&more=1')),
        timed(call('/api/tasks?pageSize=5&more=2')),
        timed(call('/api/tasks?pageSize=5&more=3')),
        timed(call('/api/tasks?pageSize=5&more=4')),
        timed(call('/api/tasks?pageSize=5&more=5')),
        timed(call('/api/tasks?pageSize=5&more=6')),
        timed(call('/api/tasks?pageSize=5&more=7')),
      ]);
      for (const answer of inFlight) {
        assert.equal(answer.status, 503, JSON.stringify(answer));
        assert.deepEqual(answer.body, UNAVAILABLE);
        // 10 pool connections, 12 requests: some wait for a connection first, then for an answer.
        assert.ok(answer.ms < 9_000, `answered after ${answer.ms} ms, the freeze lasts 12 s`);
      }
      // Still frozen: a new request is bounded too.
      const during = await timed(call('/api/tasks?pageSize=5&during=1'));
      assert.equal(during.status, 503);
      assert.ok(Date.now() < thawAt, 'measured while frozen');
      await new Promise((r) => setTimeout(r, Math.max(0, thawAt - Date.now())));
      signalProcessTree(postmaster, 'SIGCONT');
      frozen = false;

      // Thawed: the pool drops the connections it gave up on and serves again.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const res = await call('/api/tasks?pageSize=5');
        if (res.status === 200) break;
        assert.equal(res.status, 503);
        assert.ok(Date.now() < deadline, 'no recovery after the thaw');
        await new Promise((r) => setTimeout(r, 200));
      }
      for (let i = 10; i < 20; i++) assert.equal((await write(i)).status, 200);
      assert.equal(server.child.exitCode, null, server.output());
    });
  },
);
