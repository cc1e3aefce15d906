import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterResult,
} from '../../common/contracts/auth';
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

  async function logLogin(entry: {
    account: string;
    userId: number | null;
    ip: string;
    success: boolean;
    reason: string;
    userAgent: string;
  }) {
    await db.insert(loginLogs).values({ ...entry, account: entry.account.slice(0, 64), userAgent: entry.userAgent.slice(0, 300) });
  }

  /** Failed sign-ins under a name no account has, within the lock's time. */
  async function recentUnknownFailures(accountKey: string): Promise<number> {
    const [{ failures }] = await db
      .select({ failures: count() })
      .from(loginLogs)
      .where(
        and(
          eq(sql`lower(${loginLogs.account})`, accountKey),
          eq(loginLogs.reason, 'unknown_account'),
          gt(loginLogs.createdAt, sql`now() - make_interval(mins => ${LOCK_MINUTES})`),
        ),
      );
    return failures;
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
      const log = (userId: number | null, success: boolean, reason: string) =>
        logLogin({ account: username, userId, ip, success, reason, userAgent });

      // Per-address limit, counted in the database so it holds across server processes.
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
      if (failures >= config.loginAddressLimit) {
        await log(null, false, 'rate_limited');
        throw new AppError(429, MESSAGES.tooManyAttempts);
      }

      const accountKey = username.trim().toLowerCase();
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.account})`, accountKey))
        .limit(1);
      if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
        await log(user.id, false, 'locked');
        throw new AppError(423, MESSAGES.accountLocked);
      }
      // A name nobody has gets locked like an account would, so the lock does not tell which names exist.
      if (!user && (await recentUnknownFailures(accountKey)) >= LOCK_AFTER_FAILURES) {
        await log(null, false, 'locked');
        throw new AppError(423, MESSAGES.accountLocked);
      }
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        if (user) {
          // Atomic: concurrent wrong guesses all count, on every process.
          const [updated] = await db
            .update(users)
            .set({
              failedLogins: sql`CASE WHEN ${users.failedLogins} + 1 >= ${LOCK_AFTER_FAILURES} THEN 0 ELSE ${users.failedLogins} + 1 END`,
              lockedUntil: sql`CASE WHEN ${users.failedLogins} + 1 >= ${LOCK_AFTER_FAILURES} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE ${users.lockedUntil} END`,
            })
            .where(eq(users.id, user.id))
            .returning({ lockedUntil: users.lockedUntil });
          await log(user.id, false, 'bad_password');
          if (updated?.lockedUntil && updated.lockedUntil.getTime() > Date.now()) {
            throw new AppError(423, MESSAGES.accountLocked);
          }
        } else {
          await log(null, false, 'unknown_account');
          if ((await recentUnknownFailures(accountKey)) >= LOCK_AFTER_FAILURES) throw new AppError(423, MESSAGES.accountLocked);
        }
        throw new AppError(401, MESSAGES.loginFailed);
      }
      if (user.status === 'pending') {
        await log(user.id, false, 'pending');
        throw new AppError(403, MESSAGES.accountPending);
      }
      if (user.status === 'disabled') {
        await log(user.id, false, 'disabled');
        throw new AppError(403, MESSAGES.accountDisabled);
      }
      await db
        .update(users)
        .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: sql`now()` })
        .where(eq(users.id, user.id));
      const token = await createSession(db, user.id, policy, { ip, userAgent });
      await log(user.id, true, 'ok');
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
      await db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` }).where(eq(users.id, me.id));
      // Every session ends, this one too: whoever holds an old token must sign in again.
      await revokeUserSessions(db, me.id);
      return okEmpty('密码已修改，请重新登录');
    },
  );
};

export default authRoutes;
