import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { setCaptchaAnswer } from '../../tests/helpers/captcha';
import { createUser, get, json, login, pngImage, upload } from '../../tests/helpers/cluster';
import { type RunningServer, type ScratchDatabase, scratchDatabase, startServer, tempDir } from '../../tests/helpers/serverProcess';

// Two real server processes on one PostgreSQL and one uploads folder, as behind nginx: whatever one
// process decides (sessions, locks, limits, files) holds on the other. On a scratch database of
// the run's PostgreSQL (DATABASE_URL, set by scripts/test-server.mjs).

const DATABASE_URL = process.env.DATABASE_URL;
const ADMIN = 'Admin-12345';
const RATE_LIMIT = 300;

let scratchUrl = '';

/** A captcha picture made by one server; its answer is set here (the real one is only in the picture). */
async function solvedCaptcha(maker: RunningServer) {
  const { captchaId } = (await json(await fetch(`${maker.url}/api/login/captcha`))).data as { captchaId: string };
  await setCaptchaAnswer(scratchUrl, captchaId, 'w4ke');
  return { captchaId, captcha: 'W4KE' };
}

describe(
  'two server processes on one PostgreSQL',
  {
    skip: DATABASE_URL ? false : 'needs DATABASE_URL: run through npm run test:server',
  },
  () => {
    let db: ScratchDatabase;
    let dataDir: string;
    let a: RunningServer;
    let b: RunningServer;
    let adminA: string;
    let adminB: string;

    before(async () => {
      db = await scratchDatabase(DATABASE_URL as string, 'multiproc');
      scratchUrl = db.url;
      dataDir = tempDir('glp-multi-');
      const env = { DATABASE_URL: db.url, ADMIN_PASSWORD: ADMIN, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };
      // One after the other: the first migrates and seeds, the second finds it done.
      a = await startServer(dataDir, env);
      b = await startServer(dataDir, env);
      adminA = (await json(await login(a.url, 'admin', ADMIN))).data.token;
      adminB = (await json(await login(b.url, 'admin', ADMIN))).data.token;
    });
    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('a token issued by one works on the other; logout on one ends it on both', async () => {
      assert.equal((await json(await get(b.url, '/api/currentUser', adminA))).data.account, 'admin');
      const token = (await json(await login(b.url, 'admin', ADMIN))).data.token as string;
      assert.equal((await get(a.url, '/api/currentUser', token)).status, 200);
      const out = await fetch(`${a.url}/api/login/outLogin`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      assert.equal(out.status, 200);
      assert.equal((await get(b.url, '/api/currentUser', token)).status, 401);
      assert.equal((await get(a.url, '/api/currentUser', token)).status, 401);
      assert.equal((await get(b.url, '/api/currentUser', adminB)).status, 200, 'other sessions live on');
    });

    test('an upload written through one is served by the other', async () => {
      const image = await pngImage();
      const res = await upload(a.url, adminA, image);
      assert.equal(res.status, 200, await res.clone().text());
      const { url } = (await json(res)).data as { url: string };
      const served = await fetch(`${b.url}${url}`);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await served.arrayBuffer()), image);
    });

    test('a captcha issued by one is checked by the other, once; a lockout counted on one holds on the other', async () => {
      const account = await createUser(a.url, adminA, 'lockme01', 'Right-12345');
      const statuses: number[] = [];
      // Three wrong passwords, alternately on each process: the third asks for a captcha on both.
      for (let i = 0; i < 3; i++) statuses.push((await login(i % 2 ? b.url : a.url, account, 'wrong-pass')).status);
      assert.deepEqual(statuses, [401, 401, 401]);
      for (const server of [a, b]) {
        const bare = await json(await login(server.url, account, 'wrong-pass'));
        assert.equal(bare.captchaRequired, true, 'both ask for a captcha');
      }
      const solved = solvedCaptcha;
      const fourth = await solved(a);
      assert.equal((await login(b.url, account, 'wrong-pass', {}, fourth)).status, 401, 'B accepts the captcha A made');
      assert.equal((await login(a.url, account, 'wrong-pass', {}, fourth)).status, 400, 'and it is used up for A too');
      assert.equal((await login(a.url, account, 'wrong-pass', {}, await solved(b))).status, 423, 'the fifth locks, counted on both');
      for (const server of [a, b]) {
        const res = await login(server.url, account, 'Right-12345', {}, await solved(server));
        assert.equal(res.status, 423, 'the right password is refused while locked, on both');
        assert.match(String((await json(res)).message), /锁定/);
      }
    });

    test('the per-address captcha and limit count wrong passwords on both processes', async () => {
      // Wrong passwords from 127.0.0.1 so far: the lockout test's five. From ten, every name needs a
      // captcha (asking for one is no failure); from a hundred, the address is refused.
      let tries = 0;
      let bare = await json(await login(b.url, 'nobody_first', 'wrong-pass'));
      while (bare.code !== 400 && tries < 20) bare = await json(await login(tries++ % 2 ? b.url : a.url, `spray${tries}`, 'wrong-pass'));
      assert.equal(bare.captchaRequired, true, `a name never tried before is asked for a captcha after ${tries} more: the address is`);
      assert.ok(tries <= 10 - 5, `asked after ${tries} more wrong passwords`);
      // Eight at a time, as many as an address has checked at once (ADR 0040): each wrong password
      // waits out its second of slowdown beside the others instead of after them.
      const statuses: number[] = [];
      while (statuses.length < 120 && !statuses.includes(429)) {
        const from = statuses.length;
        const batch = await Promise.all(
          Array.from({ length: 8 }, async (_, j) => {
            const server = (from + j) % 2 ? b : a;
            return (await login(server.url, `nobody${from + j}`, 'wrong-pass', {}, await solvedCaptcha(server))).status;
          }),
        );
        statuses.push(...batch);
      }
      const refusedAt = statuses.indexOf(429) + 1;
      assert.ok(refusedAt > 0, `refused at last: ${statuses.join(',')}`);
      // The limit is 100 wrong passwords in 10 minutes for the address, whichever process counted
      // them; the seven others checked beside the hundredth may pass before it is counted.
      assert.ok(refusedAt <= 100 - 10 + 1 + 7, `refused after ${refusedAt} tries on the two processes: ${statuses.join(',')}`);
      for (const server of [a, b]) {
        assert.equal((await login(server.url, 'admin', ADMIN)).status, 429, 'both refuse the address, even the right password');
      }
    });

    test('the global API rate limit holds across both processes', async () => {
      // Spend the address's budget on A alone; B, which counted only its own share, must refuse too.
      // A window that ended while the test runs would forgive what A spent: start early in one.
      const probe = await get(a.url, '/api/currentUser', adminA);
      await probe.arrayBuffer();
      const secondsLeft = Number(probe.headers.get('x-ratelimit-reset'));
      if (!(secondsLeft >= 20)) await new Promise((r) => setTimeout(r, (secondsLeft + 1) * 1000));
      // A few asks of B in this window, shared at B's next sync (every 300 ms): A must count them.
      for (let i = 0; i < 5; i++) await (await get(b.url, '/api/currentUser', adminB)).arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000));
      let allowedOnA = 0;
      let status = 200;
      while (status !== 429 && allowedOnA < RATE_LIMIT * 2) {
        const batch = await Promise.all(Array.from({ length: 10 }, () => get(a.url, '/api/currentUser', adminA)));
        for (const res of batch) {
          await res.arrayBuffer();
          if (res.status === 200) allowedOnA++;
          else status = res.status;
        }
      }
      assert.equal(status, 429);
      assert.ok(allowedOnA < RATE_LIMIT, `A allowed ${allowedOnA}: the requests B and A served before count too`);
      // B learns A's count at its next sync (every 300 ms), however late a busy machine runs it.
      // Its own few asks add to its count, far below the limit on their own.
      let onB = await get(b.url, '/api/currentUser', adminB);
      for (let asked = 1; onB.status !== 429 && asked < 20; asked++) {
        await onB.arrayBuffer();
        await new Promise((r) => setTimeout(r, 300));
        onB = await get(b.url, '/api/currentUser', adminB);
      }
      assert.equal(onB.status, 429, 'B refuses the address too');
      assert.match(String((await json(onB)).message), /请求过于频繁/);
      assert.equal(onB.headers.get('x-ratelimit-limit'), String(RATE_LIMIT));
    });
  },
);
