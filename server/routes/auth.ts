import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ChangePasswordBody, CurrentUser, LoginBody, LoginResult, RegisterBody, RegisterResult } from '../../common/contracts/auth';
import { MESSAGES } from '../../common/constants';
import { loginLogs, roles, users } from '../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors';
import { ok, okEmpty, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../services/passwords';
import { createSession, revokeSession, revokeUserSessions } from '../services/sessions';

const LOCK_AFTER_FAILURES = 5;
const LOCK_MINUTES = 15;

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };

  /**
   * Every attempt is written to the login log before anything is checked, as a failure "checking",
   * and settled at the end. So attempts still in flight count towards the per-address limit and the
   * lock of an unknown name: a burst of concurrent guesses cannot all pass the check before any of
   * them is recorded.
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

  /** Attempts under a name no account has, within the lock's time, this one and those in flight included. */
  async function recentUnknownAttempts(accountKey: string): Promise<number> {
    const [{ attempts }] = await db
      .select({ attempts: count() })
      .from(loginLogs)
      .where(
        and(
          eq(sql`lower(${loginLogs.account})`, accountKey),
          isNull(loginLogs.userId),
          inArray(loginLogs.reason, ['unknown_account', 'checking']),
          gt(loginLogs.createdAt, sql`now() - make_interval(mins => ${LOCK_MINUTES})`),
        ),
      );
    return attempts;
  }

  app.post(
    '/login/account',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: '账号密码登录', body: LoginBody, response: replies(LoginResult) },
    },
    async (request) => {
      const { username, password } = request.body;
      const ip = request.ip;
      const userAgent = request.headers['user-agent'] ?? '';
      const logId = await openLoginLog({ account: username, ip, userAgent });
      const settle = (userId: number | null, success: boolean, reason: string) =>
        db.update(loginLogs).set({ userId, success, reason }).where(eq(loginLogs.id, logId));

      // Per-address limit, counted in the database so it holds across server processes. This
      // attempt's own row is among the failures counted, and so are those still in flight.
      const [{ failures }] = await db
        .select({ failures: count() })
        .from(loginLogs)
        .where(
          and(
            eq(loginLogs.ip, ip),
            eq(loginLogs.success, false),
            gt(loginLogs.createdAt, sql`now() - make_interval(mins => ${config.loginAddressWindowMinutes})`),
          ),
        );
      if (failures > config.loginAddressLimit) {
        await settle(null, false, 'rate_limited');
        throw new AppError(429, MESSAGES.tooManyAttempts);
      }

      const accountKey = username.trim().toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.account})`, accountKey))
        .limit(1);

      // Take a numbered try before the password is checked (atomic, so concurrent guesses are
      // numbered one after the other on every process): only the first five of a round are ever
      // checked; the fifth wrong one locks. A name nobody has is numbered by its log rows, and
      // locked the same way, so neither the answers nor the lock tell which names exist.
      let attemptNo: number;
      if (user) {
        const [claimed] = await db
          .update(users)
          .set({ failedLogins: sql`${users.failedLogins} + 1` })
          .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
          .returning({ failedLogins: users.failedLogins });
        if (!claimed) {
          await settle(user.id, false, 'locked');
          throw new AppError(423, MESSAGES.accountLocked);
        }
        attemptNo = claimed.failedLogins;
      } else {
        attemptNo = await recentUnknownAttempts(accountKey);
      }
      const lock = async () => {
        if (user) {
          await db
            .update(users)
            .set({ failedLogins: 0, lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
            .where(eq(users.id, user.id));
        }
      };
      if (attemptNo > LOCK_AFTER_FAILURES) {
        await lock();
        await settle(user?.id ?? null, false, 'locked');
        throw new AppError(423, MESSAGES.accountLocked);
      }

      // Unknown names are checked against a real hash too, so both take the same time.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        await settle(user?.id ?? null, false, user ? 'bad_password' : 'unknown_account');
        if (attemptNo >= LOCK_AFTER_FAILURES) {
          await lock();
          throw new AppError(423, MESSAGES.accountLocked);
        }
        throw new AppError(401, MESSAGES.loginFailed);
      }
      // The right password ends the count of wrong ones, whatever the account's state.
      await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));
      if (user.status === 'pending') {
        await settle(user.id, false, 'pending');
        throw new AppError(403, MESSAGES.accountPending);
      }
      if (user.status === 'disabled') {
        await settle(user.id, false, 'disabled');
        throw new AppError(403, MESSAGES.accountDisabled);
      }
      await db
        .update(users)
        .set({ lockedUntil: null, lastLoginAt: sql`now()` })
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
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!row || !(await verifyPassword(oldPassword, row.hash))) {
        throw badRequest('oldPassword', '原密码', '原密码不正确');
      }
      if (oldPassword === newPassword) throw badRequest('newPassword', '新密码', '新密码不能与原密码相同');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
        .where(eq(users.id, me.id));
      // Every session ends, this one too: whoever holds an old token must sign in again.
      await revokeUserSessions(db, me.id);
      return okEmpty('密码已修改，请重新登录');
    },
  );
};

export default authRoutes;
