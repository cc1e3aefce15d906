import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '../../../common/contracts/auth';
import { MESSAGES } from '../../../common/constants';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { loginLogs, roles, users } from '../../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../errors';
import { keyedGate } from '../../lib/keyedGate';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { consumeCaptcha } from './captcha';
import { assertActiveAreas } from '../system/areas';
import { assertPasswordAllowedFor } from './passwordPolicy';
import { type AuthUser, createSession, revokeSession, revokeUserSessions } from './sessions';
import { accountFailures, accountKeyOf, claimTry, clearPair, lockPair, pairLocked, policyOf } from './signInGuard';

// Signing in, registering and changing one's own password (ADR 0023 for the guards).

/** The settings sign-in reads: the session lifetimes and the guards' limits. */
type SignInConfig = Pick<
  AppConfig,
  | 'sessionIdleMinutes'
  | 'sessionAbsoluteHours'
  | 'loginAddressLimit'
  | 'loginAddressCaptchaAfter'
  | 'loginAddressWindowMinutes'
  | 'loginCaptchaAfter'
  | 'loginLockAfter'
  | 'loginWindowMinutes'
  | 'loginSlowdownMs'
>;

/** Where a request comes from: the client address and its user agent. */
interface ClientMeta {
  ip: string;
  userAgent: string;
}

const lockedError = () => new AppError(423, MESSAGES.accountLocked);

/** Every attempt is written to the login log before anything is checked, and settled at the end. */
async function openLoginLog(db: DbOrTx, account: string, client: ClientMeta): Promise<number> {
  const [row] = await db
    .insert(loginLogs)
    .values({
      account: account.slice(0, 64),
      userId: null,
      ip: client.ip,
      success: false,
      reason: 'checking',
      userAgent: client.userAgent.slice(0, 300),
    })
    .returning({ id: loginLogs.id });
  return row.id;
}

/** The outcomes that are a wrong password: all the address limits count (ADR 0040). */
const WRONG_PASSWORD_REASONS = ['bad_password', 'unknown_account'];

/**
 * Wrong passwords from this address within the window. Attempts in flight, captcha requests and
 * refusals are not counted: a hall full of people signing in at once is not an attack.
 */
async function addressFailuresOf(db: DbOrTx, ip: string, windowMinutes: number): Promise<number> {
  const [{ failures }] = await db
    .select({ failures: count() })
    .from(loginLogs)
    .where(
      and(
        eq(loginLogs.ip, ip),
        eq(loginLogs.success, false),
        inArray(loginLogs.reason, WRONG_PASSWORD_REASONS),
        gt(loginLogs.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return failures;
}

/**
 * Sign-ins from one address are checked a few at a time per process (more would only wait for the
 * hashing threads anyway), the rest queue. So a burst of guesses from one address is counted as it
 * goes and meets the address limit after a handful, while a training day's 150 cadres behind one
 * address all get in, in turn. Only a queue longer than any hall is refused.
 */
const addressGate = keyedGate({ running: 8, waiting: 1000 });

/** The account whose name is `accountKey` (lower-cased, as the unique index compares). */
async function accountByKey(db: DbOrTx, accountKey: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.account})`, accountKey))
    .limit(1);
  return user;
}

/** Checks a sign-in with every guard, logs it, and answers a new session's token. */
export async function signIn(db: DbOrTx, config: SignInConfig, body: LoginBody, client: ClientMeta): Promise<string> {
  const release = await addressGate.acquire(client.ip);
  if (!release) throw new AppError(429, MESSAGES.tooManyAttempts);
  try {
    return await checkSignIn(db, config, body, client);
  } finally {
    release();
  }
}

async function checkSignIn(db: DbOrTx, config: SignInConfig, body: LoginBody, client: ClientMeta): Promise<string> {
  const { username, password, captchaId, captcha } = body;
  const guard = policyOf(config);
  const { ip } = client;
  const logId = await openLoginLog(db, username, client);
  const settle = (userId: number | null, success: boolean, reason: string) =>
    db.update(loginLogs).set({ userId, success, reason }).where(eq(loginLogs.id, logId));

  // Per-address flood guard, counted in the database so it holds across server processes; only
  // wrong passwords count. Well below it, an address with many (a village office sharing one
  // with a guesser) only gets captchas.
  const addressFailures = await addressFailuresOf(db, ip, config.loginAddressWindowMinutes);
  if (addressFailures >= config.loginAddressLimit) {
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
    addressFailures >= config.loginAddressCaptchaAfter || (await accountFailures(db, accountKey, guard)) >= guard.captchaAfter;
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

  const user = await accountByKey(db, accountKey);

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
  const token = await createSession(
    db,
    user.id,
    { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
    client,
  );
  await settle(user.id, true, 'ok');
  return token;
}

/** A villager's own registration: an account waiting for approval. */
export async function registerVillager(db: DbOrTx, body: RegisterBody): Promise<void> {
  await assertPasswordAllowedFor(db, body.password, 'password', '密码', body);
  await assertActiveAreas(db, [body.area], 'area', '所属区域');
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
}

/** The signed-in user's own change of password; every session of theirs ends with it. */
export async function changeOwnPassword(
  db: DbOrTx,
  config: SignInConfig,
  me: AuthUser,
  body: ChangePasswordBody,
  ip: string,
): Promise<void> {
  const { oldPassword, newPassword } = body;
  const guard = policyOf(config);
  // A wrong old password counts like a wrong one at sign-in (same name, same address): whoever
  // holds a stolen session cannot guess the password through this form either.
  const accountKey = accountKeyOf(me.account);
  const attemptNo = await claimTry(db, accountKey, ip, guard);
  if (attemptNo === undefined) throw lockedError();
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!row || !(await verifyPassword(oldPassword, row.hash))) {
    if (attemptNo >= guard.lockAfter) {
      await lockPair(db, accountKey, ip, guard);
      await revokeSession(db, me.sessionId);
      throw lockedError();
    }
    throw badRequest('oldPassword', '原密码', '原密码不正确');
  }
  await clearPair(db, accountKey, ip);
  if (oldPassword === newPassword) throw badRequest('newPassword', '新密码', '新密码不能与原密码相同');
  await assertPasswordAllowedFor(db, newPassword, 'newPassword', '新密码', me);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, me.id));
  // Every session ends, this one too: whoever holds an old token must sign in again.
  await revokeUserSessions(db, me.id);
}
