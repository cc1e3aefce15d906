import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';

/** An API answer as these checks read it (Node's fetch types a JSON body as unknown). */
type Body = { code?: number; message?: string; data?: any };

// `npm start` as a newcomer runs it (the server process itself, the client build skipped): the
// first start creates admin with a password printed once; demo accounts only when asked for.
// On the embedded PostgreSQL (DATABASE_URL emptied for the child): a start against DATABASE_URL
// seeds no demo content by design.

interface Started {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const dataDirs: string[] = [];
after(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = 21000 + Math.floor(Math.random() * 9000);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: '',
      DEMO_PASSWORD: '',
      SEED_DEMO: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!output.includes('已启动')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const login = (url: string, username: string, password: string) =>
  fetch(`${url}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

describe('npm start on a new embedded database', () => {
  test('the first start prints a generated admin password once; it signs in; the next start prints none', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-start-'));
    dataDirs.push(dataDir);
    const first = await start(dataDir, { SEED_DEMO: '0' });
    const match = /初始密码[^\n]*\n\s+(\S+)/.exec(first.output());
    assert.ok(match, first.output());
    const password = match[1];
    assert.ok(password.length >= 12);
    const signedIn = await login(first.url, 'admin', password);
    assert.equal(signedIn.status, 200);
    // The printed password is a first password only: nothing else works until it is changed.
    assert.match(first.output(), /首次登录后须先修改此密码/);
    const authorization = `Bearer ${((await signedIn.json()) as Body).data.token}`;
    const me = (await (await fetch(`${first.url}/api/currentUser`, { headers: { authorization } })).json()) as Body;
    assert.equal(me.data.mustChangePassword, true);
    const refused = await fetch(`${first.url}/api/users`, { headers: { authorization } });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as Body).message, '首次登录请先修改初始密码');
    // SEED_DEMO=0: no demo accounts.
    assert.equal((await login(first.url, 'staff01', 'Demo12345')).status, 401);
    assert.ok(!first.output().includes('演示'), first.output());
    await first.stop();
    assert.ok(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION')), 'the database lives in DATA_DIR/pg');
    assert.ok(!fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), 'SIGTERM stopped PostgreSQL with Node');
    assert.equal(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o777, 0o600, 'its password is kept private');

    // Behind nginx as docs/deploy.md says: TRUST_PROXY with HOST on loopback, and no warning.
    const second = await start(dataDir, { TRUST_PROXY: '127.0.0.1', HOST: '127.0.0.1' });
    assert.ok(!second.output().includes('TRUST_PROXY'), second.output());
    assert.ok(!second.output().includes('初始密码'), 'printed only once');
    assert.ok(!second.output().includes('演示'), 'no demo content on an existing database');
    assert.equal((await login(second.url, 'admin', password)).status, 200);
    await second.stop();
  });

  test('by default a new database gets the demo accounts; ADMIN_PASSWORD sets the admin password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-start-'));
    dataDirs.push(dataDir);
    const server = await start(dataDir, { ADMIN_PASSWORD: 'Chosen-12345', TRUST_PROXY: '127.0.0.1' });
    assert.ok(!server.output().includes('初始密码'));
    // TRUST_PROXY while listening on every address: a warning that says what to do.
    assert.match(server.output(), /警告：设置了 TRUST_PROXY，但服务监听在 0\.0\.0\.0（不只本机）[^\n]*HOST=127\.0\.0\.1/);
    assert.match(server.output(), /已写入演示账号与演示数据/);
    assert.equal((await login(server.url, 'admin', 'Chosen-12345')).status, 200);
    // The demo password is this install's own, printed once; the published one opens nothing.
    const demo = /演示账号[^\n]*密码[^\n]*\n\s+(\S+)/.exec(server.output());
    assert.ok(demo, server.output());
    assert.notEqual(demo[1], 'Demo12345');
    assert.ok(demo[1].length >= 12);
    assert.equal((await login(server.url, 'staff01', 'Demo12345')).status, 401);
    assert.equal((await login(server.url, 'staff01', demo[1])).status, 200);
    const page = await fetch(`${server.url}/api/appeals/counts`, {
      headers: { authorization: ((await (await login(server.url, 'staff01', demo[1])).json()) as Body).data.token },
    });
    assert.ok(((await page.json()) as Body).data.all > 0, 'demo appeals are there');
    await server.stop();
  });
});
