import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { ErrorShowType } from '../../common/constants';
import sharp from 'sharp';
import { createTestContext, DEMO_PASSWORD, emptyDatabase, type TestContext } from '../../tests/helpers/app';
import { answerWithin, sha256 } from '../../tests/helpers/captcha';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { captchas, sessions, signInFailures, users } from '../db/schema';
import { seed } from '../seed/seed';
import { currentHashCost, hashPassword, needsRehash, useHashCostForTests, useProductionHashCost, verifyPassword } from '../lib/passwords';
import { localStorage } from '../lib/storage';
import { CAPTCHA_LENGTH } from '../services/accounts/captchaImage';
import { hashToken } from '../services/accounts/sessions';

const UNAUTHORIZED = '未授权或授权已过期，请重新登录';
const LOGIN_FAILED = '账号或密码错误';
const PENDING = '账号正在审核中，请等待管理员审核通过后再登录';
const DISABLED = '账号已停用，请联系管理员';
const LOCKED = '密码错误次数过多，账号已锁定15分钟，请稍后再试';
const TOO_MANY = '登录尝试过于频繁，请稍后再试';

/** One sign-in attempt from a given address (each group of tests uses its own, see the address limit). */
const attempt = (
  t: TestContext,
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
  captcha: { captchaId?: string; captcha?: string } = {},
) => t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username, password, ...captcha }, remoteAddress });

describe('auth', () => {
  let t: TestContext;
  let admin: string;

  const userId = async (account: string): Promise<number> => {
    const res = await t.call(admin, { method: 'GET', url: `/api/users?account=${account}&pageSize=100` });
    const found = res.json().data.list.find((u: { account: string }) => u.account === account);
    assert.ok(found, `user ${account} exists`);
    return found.id;
  };
  const loginLogs = async (query: string) => {
    const res = await t.call(admin, { method: 'GET', url: `/api/login-logs?pageSize=100&${query}` });
    assert.equal(res.statusCode, 200);
    return res.json().data.list as Array<{ account: string; userId: number | null; ip: string; success: boolean; reason: string }>;
  };
  const currentUser = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/currentUser', headers: authorization ? { authorization } : {} });

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
  });
  after(async () => {
    await t.close();
  });

  describe('sign-in', () => {
    test('a successful sign-in answers { code: 200, data: { token } } and nothing more', async () => {
      const res = await attempt(t, 'staff01', DEMO_PASSWORD);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['code', 'data']);
      assert.equal(body.code, 200);
      assert.deepEqual(Object.keys(body.data), ['token']);
      assert.match(body.data.token, /^[A-Za-z0-9_-]{40,}$/);
    });

    test('the account name is matched without regard to case', async () => {
      const res = await attempt(t, 'STAFF01', DEMO_PASSWORD);
      assert.equal(res.statusCode, 200);
    });

    test('admin signs in and reads the current user', async () => {
      const res = await t.call(admin, { method: 'GET', url: '/api/currentUser' });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.code, 200);
      assert.equal(body.data.account, 'admin');
      assert.equal(body.data.access, 'admin');
      assert.ok(body.data.permissions.includes('userManage'));
      assert.equal(body.data.password, undefined);
      assert.equal(body.data.passwordHash, undefined);
    });

    test('a wrong password and an unknown account get the same answer', async () => {
      const wrong = await attempt(t, 'staff01', 'Wrong12345');
      const unknown = await attempt(t, 'nobody', 'Wrong12345');
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      assert.deepEqual(wrong.json(), unknown.json());
      assert.deepEqual(wrong.json(), { code: 401, message: LOGIN_FAILED });
    });

    test('a pending account is refused with 403 and the pending message', async () => {
      const res = await attempt(t, 'newcomer05', DEMO_PASSWORD);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json(), { code: 403, message: PENDING });
    });

    test('a disabled account is refused with 403 and the disabled message', async () => {
      const id = await userId('villager03');
      const disable = await t.call(admin, { method: 'POST', url: `/api/users/${id}/disable` });
      assert.equal(disable.statusCode, 200);
      const res = await attempt(t, 'villager03', DEMO_PASSWORD);
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json(), { code: 403, message: DISABLED });
      const enable = await t.call(admin, { method: 'POST', url: `/api/users/${id}/enable` });
      assert.equal(enable.statusCode, 200);
      assert.equal((await attempt(t, 'villager03', DEMO_PASSWORD)).statusCode, 200);
    });

    test('a missing field is a 400 naming it, not a failed sign-in', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username: 'admin' } });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, [{ field: 'password', label: '密码', message: '不能为空' }]);
    });
  });

  describe('tokens', () => {
    let token: string;
    before(async () => {
      token = await t.login('cadre02');
    });

    test('the authorization header takes a bare token or "Bearer <token>"', async () => {
      for (const header of [token, `Bearer ${token}`, `bearer ${token}`]) {
        const res = await currentUser(header);
        assert.equal(res.statusCode, 200, header);
        assert.equal(res.json().data.account, 'cadre02');
      }
    });

    test('a missing, malformed or unknown token gets HTTP 401 with body code 401', async () => {
      const unknown = randomBytes(32).toString('base64url');
      for (const header of [undefined, 'abc', `Bearer ${unknown}`, unknown, 'Bearer ', `Basic ${token}`]) {
        const res = await currentUser(header);
        assert.equal(res.statusCode, 401, String(header));
        assert.deepEqual(res.json(), { code: 401, message: UNAUTHORIZED });
      }
    });

    test('GET /api/admin/logout ends that session only', async () => {
      const first = await t.login('grid02');
      const second = await t.login('grid02');
      const res = await t.call(first, { method: 'GET', url: '/api/admin/logout' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().code, 200);
      const after = await t.call(first, { method: 'GET', url: '/api/currentUser' });
      assert.equal(after.statusCode, 401);
      assert.equal(after.json().code, 401);
      assert.equal((await t.call(second, { method: 'GET', url: '/api/currentUser' })).statusCode, 200);
      // Logging out twice is simply unauthorised.
      assert.equal((await t.call(first, { method: 'GET', url: '/api/admin/logout' })).statusCode, 401);
    });

    test('POST /api/login/outLogin ends the session like logout', async () => {
      const own = await t.login('grid02');
      const res = await t.call(own, { method: 'POST', url: '/api/login/outLogin' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().code, 200);
      assert.equal((await t.call(own, { method: 'GET', url: '/api/currentUser' })).statusCode, 401);
    });

    test('a session idle for longer than the idle limit is gone', async () => {
      const own = await t.login('grid02');
      const idleMs = t.config.sessionIdleMinutes * 60_000;
      const row = eq(sessions.tokenHash, hashToken(own));
      // Just inside the limit: still valid, and the visit moves last_seen_at forward.
      const nearly = new Date(Date.now() - idleMs + 60_000);
      await t.database.db.update(sessions).set({ lastSeenAt: nearly }).where(row);
      assert.equal((await t.call(own, { method: 'GET', url: '/api/currentUser' })).statusCode, 200);
      const [touched] = await t.database.db.select().from(sessions).where(row);
      assert.ok(touched.lastSeenAt.getTime() > nearly.getTime() + 30_000, 'last_seen_at refreshed');
      // Past the limit: refused, and the session row is removed.
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - idleMs - 1000) })
        .where(row);
      const res = await t.call(own, { method: 'GET', url: '/api/currentUser' });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { code: 401, message: UNAUTHORIZED });
      assert.equal((await t.database.db.select().from(sessions).where(row)).length, 0);
    });

    test('the idle limit counts from the last request to the millisecond, though last_seen_at is written once a minute', async (ctx) => {
      const own = await t.login('grid02');
      const idleMs = t.config.sessionIdleMinutes * 60_000;
      const row = eq(sessions.tokenHash, hashToken(own));
      const lastWritten = async () => (await t.database.db.select().from(sessions).where(row))[0].lastSeenAt.getTime();
      const me = async () => (await t.call(own, { method: 'GET', url: '/api/currentUser' })).statusCode;
      const signedIn = await lastWritten();
      ctx.mock.timers.enable({ apis: ['Date'], now: signedIn + 50_000 });
      try {
        // Within a minute of the last write: answered, not written.
        assert.equal(await me(), 200);
        assert.equal(await lastWritten(), signedIn);
        // The idle limit after that request, less a millisecond: still in (and now written).
        const seen = signedIn + 50_000 + idleMs - 1;
        ctx.mock.timers.setTime(seen);
        assert.equal(await me(), 200);
        assert.equal(await lastWritten(), seen);
        // Exactly the idle limit after the last request: gone.
        ctx.mock.timers.setTime(seen + idleMs);
        assert.equal(await me(), 401);
      } finally {
        ctx.mock.timers.reset();
      }
    });

    test('a session past its absolute lifetime is gone even when in use', async () => {
      const own = await t.login('grid02');
      const row = eq(sessions.tokenHash, hashToken(own));
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(row);
      const res = await t.call(own, { method: 'GET', url: '/api/currentUser' });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 401);
    });

    test('a session created now ends after the configured absolute lifetime', async () => {
      const own = await t.login('grid02');
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(own)));
      const lifetimeMs = row.expiresAt.getTime() - row.createdAt.getTime();
      assert.ok(Math.abs(lifetimeMs - t.config.sessionAbsoluteHours * 3600_000) < 60_000);
      // The token itself is never stored.
      assert.notEqual(row.tokenHash, own);
    });
  });

  describe('lockout and captcha', () => {
    const ip = '10.1.0.1';
    const CAPTCHA_REQUIRED = {
      code: 400,
      message: '请输入验证码',
      errors: [{ field: 'captcha', label: '验证码', message: '请输入验证码' }],
      captchaRequired: true,
    };

    test('the third wrong password asks for a captcha; the fifth from one address locks that address out', async () => {
      for (let i = 1; i <= 2; i++)
        assert.deepEqual((await attempt(t, 'grid04', 'Wrong12345', ip)).json(), { code: 401, message: LOGIN_FAILED });
      const third = await attempt(t, 'grid04', 'Wrong12345', ip);
      assert.deepEqual(third.json(), { code: 401, message: LOGIN_FAILED, captchaRequired: true });
      // Without a captcha the next try is refused before its password is looked at, even the right one.
      const bare = await attempt(t, 'grid04', DEMO_PASSWORD, ip);
      assert.equal(bare.statusCode, 400);
      assert.deepEqual(bare.json(), CAPTCHA_REQUIRED);
      for (let i = 4; i <= 4; i++) {
        const res = await attempt(t, 'grid04', 'Wrong12345', ip, await t.solvedCaptcha());
        assert.deepEqual(res.json(), { code: 401, message: LOGIN_FAILED, captchaRequired: true }, `attempt ${i}`);
      }
      const fifth = await attempt(t, 'grid04', 'Wrong12345', ip, await t.solvedCaptcha());
      assert.equal(fifth.statusCode, 423);
      assert.deepEqual(fifth.json(), { code: 423, message: LOCKED });
      // Locked for this address: the right password with a right captcha is refused too.
      const right = await attempt(t, 'grid04', DEMO_PASSWORD, ip, await t.solvedCaptcha());
      assert.deepEqual(right.json(), { code: 423, message: LOCKED });
      // From another address the account still signs in (with a captcha: it is under attack).
      assert.deepEqual((await attempt(t, 'grid04', DEMO_PASSWORD, '10.1.0.2')).json(), CAPTCHA_REQUIRED);
      assert.equal((await attempt(t, 'grid04', DEMO_PASSWORD, '10.1.0.2', await t.solvedCaptcha())).statusCode, 200);

      const [lock] = await t.database.db.select().from(signInFailures).where(eq(signInFailures.ip, ip));
      assert.equal(lock.accountKey, 'grid04');
      assert.ok(lock.lockedUntil && lock.lockedUntil.getTime() > Date.now() + 14 * 60_000, 'locked for 15 minutes');
      // When the lock has passed, the right password signs in from there and the count starts again.
      await t.database.db
        .update(signInFailures)
        .set({ lockedUntil: new Date(Date.now() - 1000), windowStart: new Date(Date.now() - 16 * 60_000) })
        .where(eq(signInFailures.accountKey, 'grid04'));
      assert.equal((await attempt(t, 'grid04', DEMO_PASSWORD, ip)).statusCode, 200);
      assert.deepEqual((await attempt(t, 'grid04', 'Wrong12345', ip)).json(), { code: 401, message: LOGIN_FAILED });

      const reasons = (await loginLogs('account=grid04')).map((l) => l.reason);
      assert.deepEqual(reasons.slice(0, 11), [
        'bad_password',
        'ok',
        'ok',
        'captcha_required',
        'locked',
        'bad_password',
        'bad_password',
        'captcha_required',
        'bad_password',
        'bad_password',
        'bad_password',
      ]);
    });

    test('a wrong, reused or expired captcha is refused and used up; its case does not matter', async () => {
      const name = 'staff02';
      const from = '10.1.0.3';
      for (let i = 0; i < 3; i++) await attempt(t, name, 'Wrong12345', from);
      const wrong = await attempt(t, name, DEMO_PASSWORD, from, { ...(await t.solvedCaptcha()), captcha: 'zzzz' });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(wrong.json().errors, [{ field: 'captcha', label: '验证码', message: '验证码错误或已过期，请重新输入' }]);
      assert.equal(wrong.json().captchaRequired, true);
      const solved = await t.solvedCaptcha();
      assert.equal((await attempt(t, name, DEMO_PASSWORD, from, { ...solved, captcha: 'k7xq' })).statusCode, 200);
      // The right password cleared this address's count: the next try needs a captcha only while
      // the name's failures elsewhere are still many (here: none left).
      for (let i = 0; i < 3; i++) await attempt(t, name, 'Wrong12345', from);
      const reused = await attempt(t, name, DEMO_PASSWORD, from, solved);
      assert.deepEqual(reused.json().errors[0].message, '验证码错误或已过期，请重新输入');
      const stale = await t.solvedCaptcha();
      await t.database.db.update(captchas).set({ expiresAt: new Date(Date.now() - 1000) });
      assert.equal((await attempt(t, name, DEMO_PASSWORD, from, stale)).statusCode, 400);
      assert.equal((await attempt(t, name, DEMO_PASSWORD, from, await t.solvedCaptcha())).statusCode, 200);
      // Only hashes are kept: neither the id nor the answer is in the table.
      const kept = await t.solvedCaptcha();
      const rows = JSON.stringify(await t.database.db.select().from(captchas));
      assert.ok(!rows.includes(kept.captchaId) && !/k7xq/i.test(rows), rows);
    });

    test('GET /api/login/captcha answers a fresh raster picture each time, never cached, with nothing to read but pixels', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/login/captcha', remoteAddress: '10.1.0.4' });
      const second = await t.app.inject({ method: 'GET', url: '/api/login/captcha', remoteAddress: '10.1.0.4' });
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['cache-control'], 'no-store');
      const a = first.json().data;
      const b = second.json().data;
      assert.deepEqual(Object.keys(a).sort(), ['captchaId', 'image']);
      // A WebP (ADR 0046): no SVG, no shapes or text a script could read the letters from.
      assert.match(a.image, /^data:image\/webp;base64,/);
      const picture = Buffer.from(a.image.split(',')[1], 'base64');
      assert.equal((await sharp(picture).metadata()).format, 'webp');
      assert.doesNotMatch(picture.toString('latin1'), /<svg|<path|<text|font/i);
      assert.notEqual(a.captchaId, b.captchaId);
      assert.notEqual(a.image, b.image);
      // Its answer is nowhere in what was sent: no run of five characters of the body, the headers
      // or the picture's bytes hashes to the stored answer.
      const [row] = await t.database.db
        .select()
        .from(captchas)
        .where(eq(captchas.idHash, sha256(a.captchaId)));
      const sent = `${first.body} ${JSON.stringify(first.headers)} ${picture.toString('latin1')}`;
      assert.equal(answerWithin(sent, CAPTCHA_LENGTH, a.captchaId, row.answerHash), undefined);
      // The check finds an answer where there is one.
      const known = await t.solvedCaptcha();
      const [knownRow] = await t.database.db
        .select()
        .from(captchas)
        .where(eq(captchas.idHash, sha256(known.captchaId)));
      assert.equal(
        answerWithin(`alt="${known.captcha}"`, known.captcha.length, known.captchaId, knownRow.answerHash),
        known.captcha.toLowerCase(),
      );
    });

    test('a name nobody has asks for a captcha and locks the same way, whatever its case', async () => {
      const answers: unknown[] = [];
      for (let i = 0; i < 3; i++) answers.push((await attempt(t, i % 2 ? 'Nobody_Here' : 'nobody_here', 'Wrong12345', '10.1.0.9')).json());
      assert.deepEqual(answers, [
        { code: 401, message: LOGIN_FAILED },
        { code: 401, message: LOGIN_FAILED },
        { code: 401, message: LOGIN_FAILED, captchaRequired: true },
      ]);
      assert.deepEqual((await attempt(t, 'NOBODY_HERE', 'Wrong12345', '10.1.0.9')).json(), CAPTCHA_REQUIRED);
      for (const expected of [401, 423, 423]) {
        const res = await attempt(t, 'nobody_here', 'Wrong12345', '10.1.0.9', await t.solvedCaptcha());
        assert.equal(res.statusCode, expected);
      }
    });

    test('a successful sign-in resets the count of wrong passwords from that address', async () => {
      const from = '10.1.0.5';
      for (let i = 0; i < 2; i++) assert.equal((await attempt(t, 'cadre03', 'Wrong12345', from)).statusCode, 401);
      assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, from)).statusCode, 200);
      for (let i = 0; i < 2; i++) assert.equal((await attempt(t, 'cadre03', 'Wrong12345', from)).statusCode, 401);
      assert.equal((await attempt(t, 'cadre03', DEMO_PASSWORD, from)).statusCode, 200);
    });
  });

  describe('login logs', () => {
    test('every attempt is recorded with its result and reason', async () => {
      const ip = '10.4.0.1';
      await attempt(t, 'villager02', DEMO_PASSWORD, ip);
      await attempt(t, 'villager02', 'Wrong12345', ip);
      await attempt(t, 'ghost', 'Wrong12345', ip);
      await attempt(t, 'newcomer05', DEMO_PASSWORD, ip);
      const logs = await loginLogs(`ip=${ip}&sortOrder=ascend`);
      const villagerId = await userId('villager02');
      const newcomerId = await userId('newcomer05');
      assert.deepEqual(
        logs.map(({ account, userId: id, ip: from, success, reason }) => ({ account, id, from, success, reason })),
        [
          { account: 'villager02', id: villagerId, from: ip, success: true, reason: 'ok' },
          { account: 'villager02', id: villagerId, from: ip, success: false, reason: 'bad_password' },
          { account: 'ghost', id: null, from: ip, success: false, reason: 'unknown_account' },
          { account: 'newcomer05', id: newcomerId, from: ip, success: false, reason: 'pending' },
        ],
      );
      const failures = await loginLogs(`ip=${ip}&success=false`);
      assert.equal(failures.length, 3);
    });
  });

  describe('registration', () => {
    const register = (payload: Record<string, unknown>, remoteAddress = '10.5.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress });
    const valid = { account: 'lisi_villager', name: '李四', phone: '13712345678', password: 'Village123', area: 3 };

    test('registering creates a pending villager; extra fields are ignored', async () => {
      const res = await register({ ...valid, roleId: 1, status: 'active' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, data: { status: 'pending' } });
      const id = await userId('lisi_villager');
      const user = (await t.call(admin, { method: 'GET', url: `/api/users/${id}` })).json().data;
      assert.equal(user.status, 'pending');
      assert.equal(user.roleCode, 'villager');
      assert.equal(user.area, 3);
      assert.equal(user.name, '李四');
      const signIn = await attempt(t, 'lisi_villager', 'Village123', '10.5.0.2');
      assert.equal(signIn.statusCode, 403);
      assert.equal(signIn.json().message, PENDING);
    });

    test('an account already taken, in any case, is a 409 naming the account field', async () => {
      for (const account of ['STAFF01', 'Lisi_Villager']) {
        const res = await register({ ...valid, account });
        assert.equal(res.statusCode, 409, account);
        const body = res.json();
        assert.equal(body.code, 409);
        assert.match(body.message, /账号/);
        assert.equal(body.errors[0].field, 'account');
        assert.equal(body.errors[0].label, '账号');
      }
    });

    test('bad fields are each listed with their Chinese label', async () => {
      const res = await register({ account: 'a', name: '  ', phone: '12345', password: 'abcdefgh', area: 40000 });
      assert.equal(res.statusCode, 400);
      const body = res.json();
      assert.equal(body.code, 400);
      const byField = Object.fromEntries(body.errors.map((e: { field: string }) => [e.field, e]));
      assert.deepEqual(Object.keys(byField).sort(), ['account', 'area', 'name', 'password', 'phone']);
      assert.deepEqual(byField.phone, { field: 'phone', label: '手机号码', message: '请输入11位手机号码' });
      assert.deepEqual(byField.password, { field: 'password', label: '密码', message: '密码至少8位，且同时包含字母和数字' });
      assert.equal(byField.area.label, '所属区域');
      assert.equal(byField.name.label, '姓名');
      assert.equal(byField.account.label, '账号');
      for (const label of ['手机号码', '密码', '所属区域', '姓名', '账号']) assert.match(body.message, new RegExp(label));
    });

    test('area 0 and a missing area are refused too', async () => {
      const zero = await register({ ...valid, account: 'zero_area', area: 0 });
      assert.equal(zero.statusCode, 400);
      assert.deepEqual(zero.json().errors, [{ field: 'area', label: '所属区域', message: '不能小于1' }]);
      const { area: _omitted, ...noArea } = valid;
      const missing = await register({ ...noArea, account: 'no_area' });
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().errors, [{ field: 'area', label: '所属区域', message: '不能为空' }]);
    });

    test('one address may register at most ten times an hour', async () => {
      const ip = '10.5.9.9';
      for (let i = 0; i < 10; i++) assert.equal((await register({}, ip)).statusCode, 400);
      const res = await register(valid, ip);
      assert.equal(res.statusCode, 429);
      assert.deepEqual(res.json(), { code: 429, message: '请求过于频繁，请稍后再试', showType: 1 });
    });
  });

  describe('change password', () => {
    const change = (token: string, payload: Record<string, unknown>) =>
      t.call(token, { method: 'PUT', url: '/api/currentUser/password', payload });

    test('a wrong old password is a 400 on oldPassword', async () => {
      const token = await t.login('staff02');
      const res = await change(token, { oldPassword: 'Wrong12345', newPassword: 'Better12345' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, [{ field: 'oldPassword', label: '原密码', message: '原密码不正确' }]);
      // Nothing changed: the session and the password still work.
      assert.equal((await t.call(token, { method: 'GET', url: '/api/currentUser' })).statusCode, 200);
    });

    test('a weak or unchanged new password is a 400 on newPassword', async () => {
      const token = await t.login('staff02');
      for (const newPassword of ['short1', 'lettersonly', '1234567890']) {
        const res = await change(token, { oldPassword: DEMO_PASSWORD, newPassword });
        assert.equal(res.statusCode, 400, newPassword);
        assert.deepEqual(res.json().errors, [{ field: 'newPassword', label: '新密码', message: '密码至少8位，且同时包含字母和数字' }]);
      }
      const same = await change(token, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
      assert.equal(same.statusCode, 400);
      assert.equal(same.json().errors[0].field, 'newPassword');
    });

    test('a change ends every session of the user and the new password signs in', async () => {
      const first = await t.login('staff02');
      const second = await t.login('staff02');
      const other = await t.login('staff01');
      const res = await change(first, { oldPassword: DEMO_PASSWORD, newPassword: 'Better12345' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().code, 200);
      for (const token of [first, second]) {
        const after = await t.call(token, { method: 'GET', url: '/api/currentUser' });
        assert.equal(after.statusCode, 401);
        assert.equal(after.json().code, 401);
      }
      assert.equal((await t.call(other, { method: 'GET', url: '/api/currentUser' })).statusCode, 200);
      assert.equal((await attempt(t, 'staff02', DEMO_PASSWORD, '10.6.0.1')).statusCode, 401);
      assert.equal((await attempt(t, 'staff02', 'Better12345', '10.6.0.1')).statusCode, 200);
      // One the person chose is theirs: no forced change follows it (ADR 0045).
      const again = await t.login('staff02', 'Better12345');
      assert.equal((await t.call(again, { method: 'GET', url: '/api/currentUser' })).json().data.mustChangePassword, false);
      assert.equal((await t.call(again, { method: 'GET', url: '/api/my/tasks' })).statusCode, 200);
    });

    test('a common password is refused wherever a password is set, whatever its case', async () => {
      const token = await t.login('staff02', 'Better12345');
      // On the list: 'password1', 'qwerty123', 'abc12345' (and 'a12345678' in capitals).
      for (const common of ['password1', 'Qwerty123', 'ABC12345', 'A12345678']) {
        const change = await t.call(token, {
          method: 'PUT',
          url: '/api/currentUser/password',
          payload: { oldPassword: 'Better12345', newPassword: common },
        });
        assert.equal(change.statusCode, 400, common);
        assert.deepEqual(change.json().errors, [
          { field: 'newPassword', label: '新密码', message: '该密码过于常见，容易被猜中，请换一个' },
        ]);
      }
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { account: 'common_pw', name: '常见', phone: '13712340001', password: 'password1', area: 2 },
        remoteAddress: '10.5.7.1',
      });
      assert.deepEqual(register.json().errors, [{ field: 'password', label: '密码', message: '该密码过于常见，容易被猜中，请换一个' }]);
      const roles = (await t.call(admin, { method: 'GET', url: '/api/roles' })).json().data.list as Array<{ id: number; code: string }>;
      const created = await t.call(admin, {
        method: 'POST',
        url: '/api/users',
        payload: {
          account: 'common_pw2',
          name: '常见二',
          phone: '13712340002',
          password: 'iloveyou1',
          roleId: roles.find((r) => r.code === 'villager')?.id,
          area: 2,
          groupIds: [],
        },
      });
      assert.deepEqual(created.json().errors, [{ field: 'password', label: '密码', message: '该密码过于常见，容易被猜中，请换一个' }]);
      const reset = await t.call(admin, {
        method: 'POST',
        url: `/api/users/${await userId('villager02')}/reset-password`,
        payload: { password: 'qwerty123' },
      });
      assert.deepEqual(reset.json().errors, [{ field: 'password', label: '新密码', message: '该密码过于常见，容易被猜中，请换一个' }]);
      // Nothing was changed by the refused calls.
      assert.equal((await attempt(t, 'staff02', 'Better12345', '10.6.0.2')).statusCode, 200);
    });

    test("common Chinese passwords and ones holding the account, the phone or the centre's name are refused", async () => {
      const PATTERN = '该密码是常见的组合（如常用词或拼音加生日、年份、520/1314、连续或重复的字符、键盘顺序），容易被猜中，请换一个';
      let registrations = 0;
      const register = (account: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { account, name: '王五', phone: '13798765432', password, area: 2 },
          // Registration is limited per address and hour: one address per call here.
          remoteAddress: `10.5.8.${++registrations}`,
        });
      const refusedWith = async (password: string, account = 'wangwu_cn') => {
        const res = await register(account, password);
        assert.equal(res.statusCode, 400, `${password}: ${res.body}`);
        const [error] = res.json().errors;
        assert.equal(error.field, 'password', password);
        return error.message as string;
      };
      for (const password of [
        'admin123456',
        'woaini1314',
        'Admin2026',
        'a1a1a1a1',
        'zhangwei19900101',
        'woaini520520',
        '1qaz2wsx3edc',
        'qwer1234',
        'abc123abc123',
        'aptx4869',
      ]) {
        assert.ok([PATTERN, '该密码过于常见，容易被猜中，请换一个'].includes(await refusedWith(password)), password);
      }
      assert.equal(await refusedWith('Wangwu_cn2024x'), '密码不能包含账号');
      assert.equal(await refusedWith('Kx13798765432'), '密码不能包含手机号码');
      assert.equal(await refusedWith('hj765432Pq'), '密码不能包含手机号码');
      const token = await t.login('staff02', 'Better12345');
      const change = await t.call(token, {
        method: 'PUT',
        url: '/api/currentUser/password',
        payload: { oldPassword: 'Better12345', newPassword: '示范镇综合治理中心8a' },
      });
      assert.deepEqual(change.json().errors, [{ field: 'newPassword', label: '新密码', message: '密码不能包含中心名称' }]);
      // A password of its own passes.
      assert.equal((await register('wangwu_cn', 'Tea7-river-Moon')).statusCode, 200);
    });

    test('a password an admin set (new account or reset) must be changed at the next sign-in', async () => {
      const roles = (await t.call(admin, { method: 'GET', url: '/api/roles' })).json().data.list as Array<{ id: number; code: string }>;
      const created = await t.call(admin, {
        method: 'POST',
        url: '/api/users',
        payload: {
          account: 'set_by_admin',
          name: '赵六',
          phone: '13712340003',
          password: 'Given-4821x',
          roleId: roles.find((r) => r.code === 'villager')?.id,
          area: 2,
          groupIds: [],
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      const reset = await t.call(admin, {
        method: 'POST',
        url: `/api/users/${await userId('villager02')}/reset-password`,
        payload: { password: 'Given-7390y' },
      });
      assert.equal(reset.statusCode, 200, reset.body);
      for (const [account, password] of [
        ['set_by_admin', 'Given-4821x'],
        ['villager02', 'Given-7390y'],
      ]) {
        const token = await t.login(account, password);
        const me = (await t.call(token, { method: 'GET', url: '/api/currentUser' })).json().data;
        assert.equal(me.mustChangePassword, true, account);
        assert.equal((await t.call(token, { method: 'GET', url: '/api/my/tasks' })).statusCode, 403, account);
        const changed = await t.call(token, {
          method: 'PUT',
          url: '/api/currentUser/password',
          payload: { oldPassword: password, newPassword: 'Own-pick-5521' },
        });
        assert.equal(changed.statusCode, 200, changed.body);
        const again = await t.login(account, 'Own-pick-5521');
        assert.equal((await t.call(again, { method: 'GET', url: '/api/currentUser' })).json().data.mustChangePassword, false);
      }
    });

    test('anonymous callers cannot change a password', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/currentUser/password',
        payload: { oldPassword: 'x', newPassword: 'Better12345' },
      });
      assert.equal(res.statusCode, 401);
    });
  });
});

describe('auth: per-address sign-in limit', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestContext({ config: { loginAddressLimit: 3 } });
  });
  after(async () => {
    await t.close();
  });

  test('after the configured number of failures an address gets 429, even with the right password', async () => {
    const ip = '10.2.0.1';
    assert.equal((await attempt(t, 'staff01', 'Wrong12345', ip)).statusCode, 401);
    assert.equal((await attempt(t, 'nobody', 'Wrong12345', ip)).statusCode, 401);
    // A right password for an account waiting for approval is no wrong password: not counted.
    assert.equal((await attempt(t, 'newcomer05', DEMO_PASSWORD, ip)).statusCode, 403);
    assert.equal((await attempt(t, 'nobody2', 'Wrong12345', ip)).statusCode, 401);
    for (const password of ['Wrong12345', DEMO_PASSWORD]) {
      const res = await attempt(t, 'staff01', password, ip);
      assert.equal(res.statusCode, 429);
      assert.deepEqual(res.json(), { code: 429, message: TOO_MANY, showType: 1 });
    }
    // The limit is per address: another address still signs in, and staff01 is not locked.
    assert.equal((await attempt(t, 'staff01', DEMO_PASSWORD, '10.2.0.2')).statusCode, 200);

    const admin = await t.login('admin');
    const logs = (await t.call(admin, { method: 'GET', url: `/api/login-logs?ip=${ip}&sortOrder=ascend` })).json().data.list;
    assert.deepEqual(
      logs.map((l: { reason: string }) => l.reason),
      ['bad_password', 'unknown_account', 'pending', 'unknown_account', 'rate_limited', 'rate_limited'],
    );
  });
});

describe('password hashing', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestContext();
  });
  after(async () => {
    await t.close();
  });

  test('production hashes cost N=2^17 (128 MiB); a stored hash of lower cost is replaced at sign-in', async () => {
    // The cost npm start hashes at, whatever it is set to: lowering it fails here.
    useProductionHashCost();
    try {
      const started = Date.now();
      const hash = await hashPassword('Slow-12345');
      const ms = Date.now() - started;
      console.log(`scrypt N=2^17, r=8: ${ms} ms per hash`);
      assert.match(hash, /^scrypt\$131072\$8\$1\$/);
      assert.equal(await verifyPassword('Slow-12345', hash), true);
      assert.equal(needsRehash(hash), false);
    } finally {
      useHashCostForTests();
    }
    // villager03's hash made the old way (N=2^10): still signs in, and is rehashed at today's cost.
    const salt = randomBytes(16);
    const old = scryptSync(DEMO_PASSWORD, salt, 64, { N: 1024, r: 8, p: 1 });
    const oldHash = ['scrypt', 1024, 8, 1, salt.toString('base64'), old.toString('base64')].join('$');
    await t.database.db.update(users).set({ passwordHash: oldHash }).where(eq(users.account, 'villager03'));
    assert.equal((await attempt(t, 'villager03', DEMO_PASSWORD, '10.9.0.1')).statusCode, 200);
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.account, 'villager03'));
    assert.notEqual(row.hash, oldHash);
    assert.match(row.hash, new RegExp(`^scrypt\\$${currentHashCost().N}\\$8\\$1\\$`));
    assert.equal((await attempt(t, 'villager03', DEMO_PASSWORD, '10.9.0.1')).statusCode, 200);
    // A wrong password never rewrites anything.
    const before = row.hash;
    await t.database.db.update(users).set({ passwordHash: oldHash }).where(eq(users.account, 'villager03'));
    assert.equal((await attempt(t, 'villager03', 'Wrong12345', '10.9.0.1')).statusCode, 401);
    const [still] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.account, 'villager03'));
    assert.equal(still.hash, oldHash);
    assert.notEqual(before, oldHash);
  });
});

describe('a generated first password', () => {
  test('must be changed before anything else; a chosen ADMIN_PASSWORD need not be', async () => {
    const storage = localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'glp-first-')));
    for (const adminPassword of [undefined, 'Chosen-12345']) {
      const { database } = await emptyDatabase();
      try {
        await database.migrate();
        const seeded = await seed(database.db, { adminPassword, demo: false, storage });
        const password = adminPassword ?? (seeded.generatedAdminPassword as string);
        const config = { ...loadConfig({}), clientDir: undefined, logLevel: 'silent' };
        const app = await buildApp({ config, db: database.db, logger: false });
        try {
          const signIn = await app.inject({ method: 'POST', url: '/api/login/account', payload: { username: 'admin', password } });
          assert.equal(signIn.statusCode, 200);
          const headers = { authorization: `Bearer ${signIn.json().data.token}` };
          const me = (await app.inject({ method: 'GET', url: '/api/currentUser', headers })).json().data;
          assert.equal(me.mustChangePassword, !adminPassword);
          const users = await app.inject({ method: 'GET', url: '/api/users', headers });
          if (adminPassword) {
            assert.equal(users.statusCode, 200);
            continue;
          }
          // A public route that reads more for a signed-in user sees no session: the wall display's
          // figures need a display key.
          const screen = await app.inject({ method: 'GET', url: '/api/stats/screen', headers });
          assert.equal(screen.statusCode, 401, screen.body);
          assert.equal(screen.json().data, undefined);
          // Everything but reading oneself, changing the password and leaving is refused.
          for (const [method, url] of [
            ['GET', '/api/users'],
            ['GET', '/api/notices'],
            ['GET', '/api/stats/overview'],
            ['POST', '/api/groups'],
          ] as const) {
            const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { name: '提前' } } : {}) });
            assert.equal(res.statusCode, 403, url);
            // Silent: the forced change dialog in front of the page is the message (ADR 0025).
            assert.deepEqual(res.json(), { code: 403, message: '首次登录请先修改初始密码', showType: ErrorShowType.SILENT }, url);
          }
          const changed = await app.inject({
            method: 'PUT',
            url: '/api/currentUser/password',
            headers,
            payload: { oldPassword: password, newPassword: 'Mine-12345' },
          });
          assert.equal(changed.statusCode, 200, changed.body);
          const again = await app.inject({
            method: 'POST',
            url: '/api/login/account',
            payload: { username: 'admin', password: 'Mine-12345' },
          });
          const fresh = { authorization: `Bearer ${again.json().data.token}` };
          assert.equal(
            (await app.inject({ method: 'GET', url: '/api/currentUser', headers: fresh })).json().data.mustChangePassword,
            false,
          );
          assert.equal((await app.inject({ method: 'GET', url: '/api/users', headers: fresh })).statusCode, 200);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    }
  });
});
