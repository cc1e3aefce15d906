import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginCaptcha,
  LoginResult,
  RegisterBody,
  RegisterResult,
} from '../../common/contracts/auth';
import { MESSAGES } from '../../common/constants';
import { loginLogs, roles, users } from '../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors';
import { ok, okEmpty, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { consumeCaptcha, createCaptcha } from '../services/captcha';
import { assertPasswordAllowed } from '../services/passwordPolicy';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { createSession, revokeSession, revokeUserSessions } from '../services/sessions';
import { accountFailures, accountKeyOf, claimTry, clearPair, lockPair, pairLocked, policyOf } from '../services/signInGuard';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  const guard = policyOf(config);
  const lockedError = () => new AppError(423, MESSAGES.accountLocked);

  /**
   * Every attempt is written to the login log before anything is checked, as a failure "checking",
   * and settled at the end. So attempts still in flight count towards the per-address limit: a burst
   * of concurrent guesses cannot all pass the check before any of them is recorded.
   */
  async function openLoginLog(entry: { account: string; ip: string; userAgent: string }): Promise<number> {
    const [row] = await db
      .insert(loginLogs)
      .values({
        account: entry.account.slice(0, 64),
        userId: null,
        ip: entry.ip,
        success: false,
        reason: 'checking',
        userAgent: entry.userAgent.slice(0, 300),
      })
      .returning({ id: loginLogs.id });
    return row.id;
  }

  app.get(
    '/login/captcha',
    {
      // Each picture costs a row for five minutes: enough for people, not for a flood.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: '登录验证码（SVG 图片，5 分钟内有效，只能用一次）', response: replies(LoginCaptcha) },
    },
    async () => ok(await createCaptcha(db)),
  );

  app.post(
    '/login/account',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: '账号密码登录', body: LoginBody, response: replies(LoginResult) },
    },
    async (request) => {
      const { username, password, captchaId, captcha } = request.body;
      const ip = request.ip;
      const userAgent = request.headers['user-agent'] ?? '';
      const logId = await openLoginLog({ account: username, ip, userAgent });
      const settle = (userId: number | null, success: boolean, reason: string) =>
        db.update(loginLogs).set({ userId, success, reason }).where(eq(loginLogs.id, logId));

      // Per-address flood guard, counted in the database so it holds across server processes. This
      // attempt's own row is among the failures counted, and so are those still in flight. Well
      // below it, an address with many failures (a village office sharing one) only gets captchas.
      const [{ failures: addressFailures }] = await db
        .select({ failures: count() })
        .from(loginLogs)
        .where(
          and(
            eq(loginLogs.ip, ip),
            eq(loginLogs.success, false),
            gt(loginLogs.createdAt, sql`now() - make_interval(mins => ${config.loginAddressWindowMinutes})`),
          ),
        );
      if (addressFailures > config.loginAddressLimit) {
        await settle(null, false, 'rate_limited');
        throw new AppError(429, MESSAGES.tooManyAttempts);
      }

      // Everything below goes by the name as typed, whether an account has it or not.
      const accountKey = accountKeyOf(username);
      if (await pairLocked(db, accountKey, ip)) {
        await settle(null, false, 'locked');
        throw lockedError();
      }
      const captchaNeeded = async () =>
        addressFailures > config.loginAddressCaptchaAfter || (await accountFailures(db, accountKey, guard)) >= guard.captchaAfter;
      if (await captchaNeeded()) {
        if (!captchaId || !captcha) {
          await settle(null, false, 'captcha_required');
          throw new AppError(400, MESSAGES.captchaRequired, [{ field: 'captcha', label: '验证码', message: MESSAGES.captchaRequired }], {
            captchaRequired: true,
          });
        }
        if (!(await consumeCaptcha(db, captchaId, captcha))) {
          await settle(null, false, 'captcha_wrong');
          throw new AppError(400, MESSAGES.captchaWrong, [{ field: 'captcha', label: '验证码', message: MESSAGES.captchaWrong }], {
            captchaRequired: true,
          });
        }
      }

      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.account})`, accountKey))
        .limit(1);

      // A numbered try before the password is checked: only the first `lockAfter` of a window are
      // ever checked, and the last of them wrong locks this name for this address only.
      const attemptNo = await claimTry(db, accountKey, ip, guard);
      if (attemptNo === undefined || attemptNo > guard.lockAfter) {
        await lockPair(db, accountKey, ip, guard);
        await settle(user?.id ?? null, false, 'locked');
        throw lockedError();
      }

      // Unknown names are checked against a real hash too, so both take the same time.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await settle(user?.id ?? null, false, user ? 'bad_password' : 'unknown_account');
        if (attemptNo >= guard.lockAfter) {
          await lockPair(db, accountKey, ip, guard);
          throw lockedError();
        }
        const askCaptcha = await captchaNeeded();
        // Once the name is under attack, every wrong answer comes late.
        if (askCaptcha && config.loginSlowdownMs > 0) await new Promise((r) => setTimeout(r, config.loginSlowdownMs));
        throw new AppError(401, MESSAGES.loginFailed, undefined, askCaptcha ? { captchaRequired: true } : undefined);
      }
      // The right password ends this address's count of wrong ones, whatever the account's state.
      await clearPair(db, accountKey, ip);
      if (user.status === 'pending') {
        await settle(user.id, false, 'pending');
        throw new AppError(403, MESSAGES.accountPending);
      }
      if (user.status === 'disabled') {
        await settle(user.id, false, 'disabled');
        throw new AppError(403, MESSAGES.accountDisabled);
      }
      // A hash made at an older, lower cost is replaced now that the password is known.
      const rehashed = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : {};
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()`, ...rehashed })
        .where(eq(users.id, user.id));
      const token = await createSession(db, user.id, policy, { ip, userAgent });
      await settle(user.id, true, 'ok');
      return ok({ token });
    },
  );

  app.get(
    '/currentUser',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: '当前用户', response: replies(CurrentUser) },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        id: user.id,
        account: user.account,
        name: user.name,
        phone: user.phone,
        access: user.roleCode,
        roleName: user.roleName,
        permissions: user.permissions,
        dataScope: user.dataScope,
        area: user.area,
        areaName: user.areaName,
        mustChangePassword: user.mustChangePassword,
      });
    },
  );

  const logout = async (request: FastifyRequest) => {
    await revokeSession(db, requireUser(request).sessionId);
    return okEmpty(MESSAGES.operationSuccess);
  };
  app.get(
    '/admin/logout',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: '退出登录', response: replies() } },
    logout,
  );
  app.post(
    '/login/outLogin',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: '退出登录', response: replies() } },
    logout,
  );

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['auth'], summary: '村民注册', body: RegisterBody, response: replies(RegisterResult) },
    },
    async (request) => {
      const body = request.body;
      assertPasswordAllowed(body.password, 'password', '密码');
      const [villager] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'villager'));
      if (!villager) throw new AppError(500, MESSAGES.serverError);
      try {
        await db.insert(users).values({
          account: body.account,
          name: body.name.trim(),
          phone: body.phone,
          passwordHash: await hashPassword(body.password),
          roleId: villager.id,
          area: body.area,
          status: 'pending',
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('该账号已被注册，请换一个账号', 'account', '账号');
        throw error;
      }
      return ok({ status: 'pending' as const });
    },
  );

  app.put(
    '/currentUser/password',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: '修改密码', body: ChangePasswordBody, response: replies() },
    },
    async (request) => {
      const me = requireUser(request);
      const { oldPassword, newPassword } = request.body;
      // A wrong old password counts like a wrong one at sign-in (same name, same address): whoever
      // holds a stolen session cannot guess the password through this form either.
      const accountKey = accountKeyOf(me.account);
      const attemptNo = await claimTry(db, accountKey, request.ip, guard);
      if (attemptNo === undefined) throw lockedError();
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!row || !(await verifyPassword(oldPassword, row.hash))) {
        if (attemptNo >= guard.lockAfter) {
          await lockPair(db, accountKey, request.ip, guard);
          await revokeSession(db, me.sessionId);
          throw lockedError();
        }
        throw badRequest('oldPassword', '原密码', '原密码不正确');
      }
      await clearPair(db, accountKey, request.ip);
      if (oldPassword === newPassword) throw badRequest('newPassword', '新密码', '新密码不能与原密码相同');
      assertPasswordAllowed(newPassword, 'newPassword', '新密码');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), mustChangePassword: false, updatedAt: sql`now()` })
        .where(eq(users.id, me.id));
      // Every session ends, this one too: whoever holds an old token must sign in again.
      await revokeUserSessions(db, me.id);
      return okEmpty('密码已修改，请重新登录');
    },
  );
};

export default authRoutes;
