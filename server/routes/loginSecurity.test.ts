import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../tests/helpers/app';
import { loginLogs, roles, signInFailures, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

// Attacks on signing in: guessing one account's password (captcha, then a lock per account and
// address, ADR 0023), guessing from one address (captcha, then a rate limit), finding out which accounts exist (by message or by time), and keeping a stolen
// token alive after the user logged out, was disabled or changed their password.

const LOGIN_FAILED = { code: 401, message: '账号或密码错误' };
const LOCKED = { code: 423, message: '密码错误次数过多，账号已锁定15分钟，请稍后再试' };
const TOO_MANY = { code: 429, message: '登录尝试过于频繁，请稍后再试', showType: 1 };
const UNAUTHORIZED = { code: 401, message: '未授权或授权已过期，请重新登录' };
const WRONG = 'Wrong12345';

let addressCounter = 0;
/** A new client address per call unless one is given, so the per-address limit stays out of the way. */
const nextAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
const attempt = (
  t: TestContext,
  username: string,
  password: string,
  remoteAddress = nextAddress(),
  captcha: { captchaId?: string; captcha?: string } = {},
) => t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username, password, ...captcha }, remoteAddress });

/** Villager accounts made straight in the database (one hash for all: hashing is what is slow). */
async function makeAccounts(t: TestContext, prefix: string, count: number): Promise<string[]> {
  const [villager] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'villager'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
  await t.database.db.insert(users).values(
    accounts.map((account, i) => ({
      account,
      name: `测试${i}`,
      phone: `137${String(i).padStart(8, '0')}`,
      passwordHash,
      roleId: villager.id,
      area: 2,
      status: 'active' as const,
    })),
  );
  return accounts;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

describe('login security', () => {
  let t: TestContext;
  let admin: string;
  const me = (token: string) => t.call(token, { method: 'GET', url: '/api/currentUser' });
  const idOf = async (account: string) => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, account));
    return row.id;
  };

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
  });
  after(async () => {
    await t.close();
  });

  describe('lockout per account and address', () => {
    const CAPTCHA_REQUIRED = {
      code: 400,
      message: '请输入验证码',
      errors: [{ field: 'captcha', label: '验证码', message: '请输入验证码' }],
      captchaRequired: true,
    };

    test('wrong passwords from many addresses never lock the account: they make it ask for a captcha', async () => {
      const [account, other] = await makeAccounts(t, 'lock_a', 2);
      // Spread over addresses, as a botnet would: nobody is locked out, but from the third on a
      // captcha is asked everywhere, and answers come slowly.
      for (let i = 1; i <= 2; i++) assert.deepEqual((await attempt(t, account, WRONG)).json(), LOGIN_FAILED, `attempt ${i}`);
      assert.deepEqual((await attempt(t, account, WRONG)).json(), { ...LOGIN_FAILED, captchaRequired: true });
      for (let i = 0; i < 5; i++) assert.deepEqual((await attempt(t, account, WRONG)).json(), CAPTCHA_REQUIRED);
      for (let i = 0; i < 4; i++) {
        const res = await attempt(t, account, WRONG, nextAddress(), await t.solvedCaptcha());
        assert.deepEqual(res.json(), { ...LOGIN_FAILED, captchaRequired: true });
      }
      // The owner, from their own address, with a captcha: signs in.
      assert.equal((await attempt(t, account, DEMO_PASSWORD, nextAddress(), await t.solvedCaptcha())).statusCode, 200);
      // Another account is not affected, and neither is the case of the name a way round the captcha.
      assert.equal((await attempt(t, other, DEMO_PASSWORD)).statusCode, 200);
      assert.deepEqual((await attempt(t, account.toUpperCase(), DEMO_PASSWORD)).json(), CAPTCHA_REQUIRED);
      // The count expires with its window.
      await t.database.db
        .update(signInFailures)
        .set({ windowStart: new Date(Date.now() - (t.config.loginWindowMinutes + 1) * 60_000) })
        .where(eq(signInFailures.accountKey, account));
      assert.equal((await attempt(t, account, DEMO_PASSWORD)).statusCode, 200);
    });

    test('five wrong passwords from one address lock that address out of that account, admin included', async () => {
      const office = '10.78.0.1';
      for (const name of ['admin', ...(await makeAccounts(t, 'lock_p', 1))]) {
        for (let i = 1; i <= 4; i++) {
          const res = await attempt(t, name, WRONG, office, i > 3 ? await t.solvedCaptcha() : {});
          assert.equal(res.statusCode, 401, `${name} attempt ${i}`);
        }
        const fifth = await attempt(t, name, WRONG, office, await t.solvedCaptcha());
        assert.deepEqual(fifth.json(), LOCKED);
        assert.deepEqual(
          (await attempt(t, name, name === 'admin' ? 'Admin12345' : DEMO_PASSWORD, office, await t.solvedCaptcha())).json(),
          LOCKED,
        );
        // Everyone else, and the account's owner elsewhere, still get in.
        const elsewhere = await attempt(t, name, name === 'admin' ? 'Admin12345' : DEMO_PASSWORD, nextAddress(), await t.solvedCaptcha());
        assert.equal(elsewhere.statusCode, 200, `${name}: ${elsewhere.body}`);
      }
      // Other accounts from the same address are not locked (a village office shares one address):
      // after this many failures from it, everyone there answers a captcha, and gets in.
      assert.deepEqual((await attempt(t, 'villager02', DEMO_PASSWORD, office)).json(), CAPTCHA_REQUIRED);
      assert.equal((await attempt(t, 'villager02', DEMO_PASSWORD, office, await t.solvedCaptcha())).statusCode, 200);
      // An admin lifts the admin's lock too (and the suite goes on with a clean admin).
      assert.equal((await t.call(admin, { method: 'POST', url: `/api/users/${await idOf('admin')}/unlock` })).statusCode, 200);
      assert.equal((await attempt(t, 'admin', 'Admin12345', office, await t.solvedCaptcha())).statusCode, 200);
    });

    test('answers to wrong passwords slow down once a captcha is asked', async () => {
      const [account] = await makeAccounts(t, 'slow_', 1);
      const timed = async (captcha = {}) => {
        const started = Date.now();
        const res = await attempt(t, account, WRONG, nextAddress(), captcha);
        return { ms: Date.now() - started, status: res.statusCode };
      };
      // A full second here, as in production (the suites use 200 ms): clear of a busy machine's noise.
      const suiteDelay = t.config.loginSlowdownMs;
      t.config.loginSlowdownMs = 1000;
      let early: Array<{ ms: number; status: number }>;
      let late: Array<{ ms: number; status: number }>;
      try {
        early = [await timed(), await timed()];
        late = [await timed(), await timed(await t.solvedCaptcha()), await timed(await t.solvedCaptcha())];
      } finally {
        t.config.loginSlowdownMs = suiteDelay;
      }
      console.log(`wrong password answers: ${early.map((e) => e.ms).join(', ')} ms, then ${late.map((e) => e.ms).join(', ')} ms`);
      for (const e of early) assert.ok(e.ms < 1000, `early answers are quick (${e.ms} ms)`);
      for (const e of late) {
        assert.equal(e.status, 401);
        assert.ok(e.ms >= 1000, `late answers wait (${e.ms} ms)`);
      }
    });

    test('concurrent wrong guesses from one address all count: bursts leave that address locked, five passwords checked', async () => {
      const [account] = await makeAccounts(t, 'lock_b', 1);
      const from = '10.78.1.1';
      // Twenty at once: each passes the captcha check only while fewer than three failures are
      // counted, and takes a numbered try; the sixth try on is refused unseen.
      const burst = async (withCaptcha: boolean) =>
        (
          await Promise.all(
            Array.from({ length: 20 }, async () => attempt(t, account, WRONG, from, withCaptcha ? await t.solvedCaptcha() : {})),
          )
        ).map((r) => r.statusCode);
      const first = await burst(false);
      assert.ok(
        first.every((s) => s === 401 || s === 423 || s === 400),
        first.join(),
      );
      assert.ok(first.filter((s) => s === 401).length <= 4, `at most four answered as plain failures: ${first.join()}`);
      const second = await burst(true);
      assert.ok(
        second.every((s) => s === 401 || s === 423),
        second.join(),
      );
      assert.deepEqual((await attempt(t, account, DEMO_PASSWORD, from, await t.solvedCaptcha())).json(), LOCKED);
      // And only five of them all had their password checked: the rest were refused unseen.
      const reasons = await t.database.db.select({ reason: loginLogs.reason }).from(loginLogs).where(eq(loginLogs.account, account));
      const checked = reasons.filter((r) => r.reason === 'bad_password').length;
      assert.equal(checked, 5, `${checked} passwords checked`);
      assert.equal(reasons.length, 41);
    });

    test('an admin unlocks an account in 用户管理; a password reset does too', async () => {
      const [account, second] = await makeAccounts(t, 'lock_c', 2);
      const fromOf = { [account]: '10.78.2.1', [second]: '10.78.2.2' };
      for (const name of [account, second]) {
        for (let i = 0; i < 5; i++) await attempt(t, name, WRONG, fromOf[name], i >= 3 ? await t.solvedCaptcha() : {});
        assert.deepEqual((await attempt(t, name, DEMO_PASSWORD, fromOf[name], await t.solvedCaptcha())).json(), LOCKED);
      }
      const listed = await t.call(admin, { method: 'GET', url: `/api/users?account=lock_c&pageSize=10` });
      assert.deepEqual(
        listed
          .json()
          .data.list.map((u: { account: string; locked: boolean }) => [u.account, u.locked])
          .sort(),
        [
          [account, true],
          [second, true],
        ],
      );
      const unlock = await t.call(admin, { method: 'POST', url: `/api/users/${await idOf(account)}/unlock` });
      assert.equal(unlock.statusCode, 200, unlock.body);
      assert.deepEqual(unlock.json(), { code: 200, message: '已解锁' });
      // Unlocked: no lock and no captcha left for that name.
      assert.equal((await attempt(t, account, DEMO_PASSWORD, fromOf[account])).statusCode, 200);
      const reset = await t.call(admin, {
        method: 'POST',
        url: `/api/users/${await idOf(second)}/reset-password`,
        payload: { password: 'Reset12345' },
      });
      assert.equal(reset.statusCode, 200);
      assert.equal((await attempt(t, second, 'Reset12345', fromOf[second])).statusCode, 200);
      const after = await t.call(admin, { method: 'GET', url: `/api/users?account=lock_c&pageSize=10` });
      assert.ok(after.json().data.list.every((u: { locked: boolean }) => !u.locked));
    });

    test('unlocking needs user management and the account in scope', async () => {
      const [account] = await makeAccounts(t, 'lock_d', 1);
      const id = await idOf(account);
      const villager = await t.login('villager03');
      assert.equal((await t.call(villager, { method: 'POST', url: `/api/users/${id}/unlock` })).statusCode, 403);
      assert.equal((await t.call(undefined, { method: 'POST', url: `/api/users/${id}/unlock` })).statusCode, 401);
      assert.equal((await t.call(admin, { method: 'POST', url: '/api/users/999999/unlock' })).statusCode, 404);
      assert.equal((await t.call(admin, { method: 'POST', url: '/api/users/abc/unlock' })).statusCode, 400);
    });

    test('wrong old passwords on the change-password form count like wrong sign-ins', async () => {
      const [account] = await makeAccounts(t, 'lock_e', 1);
      const from = '10.78.3.1';
      const token = (await attempt(t, account, DEMO_PASSWORD, from)).json().data.token as string;
      const change = (oldPassword: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/currentUser/password',
          payload: { oldPassword, newPassword: 'Better12345' },
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: from,
        });
      for (let i = 1; i <= 4; i++) assert.equal((await change(WRONG)).statusCode, 400, `attempt ${i}`);
      const fifth = await change(WRONG);
      assert.deepEqual(fifth.json(), LOCKED);
      // The session that guessed is ended, and that address is locked out of the account.
      assert.deepEqual((await me(token)).json(), UNAUTHORIZED);
      assert.deepEqual((await attempt(t, account, DEMO_PASSWORD, from, await t.solvedCaptcha())).json(), LOCKED);
      assert.equal((await attempt(t, account, DEMO_PASSWORD, nextAddress(), await t.solvedCaptcha())).statusCode, 200);
    });
  });

  describe('a training day: one address, many people', () => {
    test("150 cadres sign in at once from the hall's one address: none refused; a guesser there is still locked", async () => {
      const hall = '10.79.0.1';
      const cadres = await makeAccounts(t, 'hall_', 150);
      const signInAll = (names: string[]) => Promise.all(names.map((name) => attempt(t, name, DEMO_PASSWORD, hall)));
      const started = Date.now();
      const answers = await signInAll(cadres);
      const refused = answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`);
      console.log(`150 sign-ins at once from one address: ${answers.length - refused.length} in, ${Date.now() - started} ms`);
      assert.deepEqual(refused, []);
      // Their sessions work from that address too (the API's own rate limit counts these calls).
      const pages = await Promise.all(
        answers.map((r) =>
          t.app.inject({
            method: 'GET',
            url: '/api/currentUser',
            headers: { authorization: `Bearer ${r.json().data.token}` },
            remoteAddress: hall,
          }),
        ),
      );
      assert.deepEqual(
        pages.filter((r) => r.statusCode !== 200).map((r) => r.statusCode),
        [],
      );

      // Someone in the hall guesses a colleague's password: captcha from the third, locked at the fifth.
      const [target] = cadres;
      for (let i = 1; i <= 4; i++) {
        assert.equal((await attempt(t, target, WRONG, hall, i > 3 ? await t.solvedCaptcha() : {})).statusCode, 401, `guess ${i}`);
      }
      assert.deepEqual((await attempt(t, target, WRONG, hall, await t.solvedCaptcha())).json(), LOCKED);
      assert.deepEqual((await attempt(t, target, DEMO_PASSWORD, hall, await t.solvedCaptcha())).json(), LOCKED);
      // Everyone else there signs in again at once, still without a captcha or a refusal.
      const again = await signInAll(cadres.slice(1));
      assert.deepEqual(
        again.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`),
        [],
      );
    });
  });

  describe('no account enumeration', () => {
    test('wrong password, unknown account, disabled or pending account with a wrong password: one answer', async () => {
      const [plain, disabled] = await makeAccounts(t, 'enum_a', 2);
      assert.equal((await t.call(admin, { method: 'POST', url: `/api/users/${await idOf(disabled)}/disable` })).statusCode, 200);
      const answers = await Promise.all(
        [plain, disabled, 'newcomer05', 'no_such_account', 'admin', 'ADMIN '].map((name) => attempt(t, name, WRONG)),
      );
      for (const res of answers) {
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), LOGIN_FAILED);
        assert.equal(res.headers['set-cookie'], undefined);
      }
      // Same headers too (apart from the per-response ones).
      const shape = (res: (typeof answers)[number]) =>
        Object.keys(res.headers)
          .filter((h) => !['date', 'content-length', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(h))
          .sort();
      for (const res of answers) assert.deepEqual(shape(res), shape(answers[0]));
    });

    test('wrong password and unknown account take the same time (medians within 20 %)', async () => {
      const ROUNDS = 30;
      const TRIES = 3;
      // Each round its own accounts: a third wrong password for one name asks for a captcha.
      const existing = await makeAccounts(t, 'timing_', ROUNDS * TRIES + 1);
      const unknown = Array.from({ length: ROUNDS }, (_, i) => `ghost_${i}_${Date.now().toString(36)}`);
      const timed = async (username: string) => {
        const started = process.hrtime.bigint();
        const res = await attempt(t, username, WRONG);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        assert.deepEqual(res.json(), LOGIN_FAILED, username);
        return ms;
      };
      // Warm both paths (the dummy hash is made on first use), then alternate so drift hits both alike.
      await timed('warm_up_ghost');
      await timed(existing[ROUNDS * TRIES]);
      const round = async (tag: number) => {
        const known: number[] = [];
        const ghost: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const ghostName = `${unknown[i]}_${tag}`;
          const account = existing[tag * ROUNDS + i];
          if (i % 2) {
            known.push(await timed(account));
            ghost.push(await timed(ghostName));
          } else {
            ghost.push(await timed(ghostName));
            known.push(await timed(account));
          }
        }
        return [median(known), median(ghost)];
      };
      // A leak shows in every round; a busy machine (CI's 2 cores running other suites) skews one
      // round now and then. Up to three rounds: one within 20 % passes, a real leak fails all three.
      const seen: string[] = [];
      let best = Infinity;
      for (let attemptNo = 0; attemptNo < TRIES && best > 1.2; attemptNo++) {
        const [k, g] = await round(attemptNo);
        const ratio = Math.max(k, g) / Math.min(k, g);
        seen.push(`${k.toFixed(1)} vs ${g.toFixed(1)} ms (${ratio.toFixed(2)})`);
        console.log(
          `login timing: wrong password median ${k.toFixed(1)} ms, unknown account median ${g.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
        );
        // Both run a full scrypt: a sign-in that skipped it would be ten times faster.
        assert.ok(Math.min(k, g) > 5, `a password hash ran (${k.toFixed(1)} / ${g.toFixed(1)} ms)`);
        best = Math.min(best, ratio);
      }
      assert.ok(best <= 1.2, `medians: ${seen.join('; ')}`);
    });
  });

  describe('sessions end', () => {
    test('after logout, by either call; the token is dead for every route', async () => {
      for (const url of ['/api/admin/logout', '/api/login/outLogin']) {
        const token = await t.login('grid02');
        const res = await t.call(token, { method: url.endsWith('outLogin') ? 'POST' : 'GET', url });
        assert.equal(res.statusCode, 200);
        for (const probe of ['/api/currentUser', '/api/my/tasks', '/api/notices']) {
          const after = await t.call(token, { method: 'GET', url: probe });
          assert.equal(after.statusCode, 401, `${url} then ${probe}`);
          assert.deepEqual(after.json(), UNAUTHORIZED);
        }
      }
    });

    test('after the user is disabled, and they stay dead when the user is enabled again', async () => {
      const [account] = await makeAccounts(t, 'sess_d', 1);
      const tokens = [await t.login(account), await t.login(account)];
      const id = await idOf(account);
      assert.equal((await t.call(admin, { method: 'POST', url: `/api/users/${id}/disable` })).statusCode, 200);
      for (const token of tokens) assert.deepEqual((await me(token)).json(), UNAUTHORIZED);
      assert.equal((await t.call(admin, { method: 'POST', url: `/api/users/${id}/enable` })).statusCode, 200);
      for (const token of tokens) assert.equal((await me(token)).statusCode, 401);
      assert.equal((await attempt(t, account, DEMO_PASSWORD)).statusCode, 200);
    });

    test('a disabled user is refused even if a session row survived (status checked on every request)', async () => {
      const [account] = await makeAccounts(t, 'sess_s', 1);
      const token = await t.login(account);
      // Straight in the database, past the route that also removes the sessions.
      await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.account, account));
      assert.deepEqual((await me(token)).json(), UNAUTHORIZED);
    });

    test("after an admin resets the password: every session of that user, not the admin's", async () => {
      const [account] = await makeAccounts(t, 'sess_r', 1);
      const tokens = [await t.login(account), await t.login(account)];
      const res = await t.call(admin, {
        method: 'POST',
        url: `/api/users/${await idOf(account)}/reset-password`,
        payload: { password: 'Reset12345' },
      });
      assert.equal(res.statusCode, 200);
      for (const token of tokens) assert.deepEqual((await me(token)).json(), UNAUTHORIZED);
      assert.equal((await me(admin)).statusCode, 200);
      assert.deepEqual((await attempt(t, account, DEMO_PASSWORD)).json(), LOGIN_FAILED);
      assert.equal((await attempt(t, account, 'Reset12345')).statusCode, 200);
    });

    test('after the user changes their own password: every session, the one used too', async () => {
      const [account] = await makeAccounts(t, 'sess_c', 1);
      const used = await t.login(account);
      const other = await t.login(account);
      const res = await t.call(used, {
        method: 'PUT',
        url: '/api/currentUser/password',
        payload: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed12345' },
      });
      assert.equal(res.statusCode, 200);
      for (const token of [used, other]) assert.deepEqual((await me(token)).json(), UNAUTHORIZED);
      assert.deepEqual((await attempt(t, account, DEMO_PASSWORD)).json(), LOGIN_FAILED);
      assert.equal((await attempt(t, account, 'Changed12345')).statusCode, 200);
    });

    test('a role change takes effect on the next request of a live session', async () => {
      const token = await t.login('staff01');
      assert.equal((await t.call(token, { method: 'GET', url: '/api/tasks' })).statusCode, 200);
      const [villager] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'villager'));
      const id = await idOf('staff01');
      const res = await t.call(admin, { method: 'PUT', url: `/api/users/${id}`, payload: { roleId: villager.id } });
      assert.equal(res.statusCode, 200, res.body);
      const after = await t.call(token, { method: 'GET', url: '/api/tasks' });
      assert.ok([401, 403].includes(after.statusCode), String(after.statusCode));
    });
  });
});

describe('login security: rate limit per address', () => {
  let t: TestContext;
  const LIMIT = 4;
  before(async () => {
    t = await createTestContext({ config: { loginAddressLimit: LIMIT } });
  });
  after(async () => {
    await t.close();
  });

  test('after config.loginAddressLimit failures, an address gets 429 for any account and any password', async () => {
    const ip = '10.88.0.1';
    // Different accounts each time: no account lock is reached, only the address limit.
    for (const name of ['staff01', 'cadre02', 'nobody_1', 'villager02']) {
      assert.deepEqual((await attempt(t, name, WRONG, ip)).json(), LOGIN_FAILED, name);
    }
    for (const [name, password] of [
      ['grid02', DEMO_PASSWORD],
      ['admin', WRONG],
      ['nobody_2', WRONG],
    ]) {
      const res = await attempt(t, name, password, ip);
      assert.equal(res.statusCode, 429, name);
      assert.deepEqual(res.json(), TOO_MANY);
    }
    // The refused attempts did not touch the accounts: grid02 has no failure counted.
    assert.deepEqual(await t.database.db.select().from(signInFailures).where(eq(signInFailures.accountKey, 'grid02')), []);
    // Other addresses are unaffected.
    assert.equal((await attempt(t, 'grid02', DEMO_PASSWORD, '10.88.0.2')).statusCode, 200);
  });

  test('successful sign-ins do not count, and failures older than the window no longer do', async () => {
    const ip = '10.88.1.1';
    for (let i = 0; i < LIMIT * 3; i++) assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, ip)).statusCode, 200);
    for (let i = 0; i < LIMIT; i++) assert.equal((await attempt(t, `ghost${i}`, WRONG, ip)).statusCode, 401);
    assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, ip)).statusCode, 429);
    // Move this address's failures back past the window.
    await t.database.db
      .update(loginLogs)
      .set({ createdAt: sql`now() - make_interval(mins => ${t.config.loginAddressWindowMinutes + 1})` })
      .where(eq(loginLogs.ip, ip));
    assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, ip)).statusCode, 200);
  });

  test('concurrent failures from one address cannot overshoot the limit by much', async () => {
    const ip = '10.88.2.1';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(t, `burst${i}`, WRONG, ip)));
    const failed = answers.filter((r) => r.statusCode === 401).length;
    assert.ok(answers.every((r) => [401, 429].includes(r.statusCode)));
    assert.ok(
      answers.some((r) => r.statusCode === 429),
      'some were refused',
    );
    console.log(`burst of 30 from one address: ${failed} answered as plain failures (limit ${LIMIT})`);
    assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, ip)).statusCode, 429);
  });
});
