import { and, eq, gt, lte, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInFailures } from '../../db/schema';

// Wrong passwords counted per (account name, client address), ADR 0023. Names nobody has are counted
// the same way, so neither the answers nor the captcha nor the lock tell which names exist.

interface SignInPolicy {
  /** Wrong passwords for a name, from every address, before a captcha is asked. */
  captchaAfter: number;
  /** Wrong passwords for a name from one address before that pair is locked. */
  lockAfter: number;
  /** How long failures count, and how long a lock lasts. */
  windowMinutes: number;
}

export const accountKeyOf = (name: string) => name.trim().toLowerCase().slice(0, 64);

const windowStartsAfter = (policy: SignInPolicy) => sql`now() - make_interval(mins => ${policy.windowMinutes})`;
const pair = (key: string, ip: string) => and(eq(signInFailures.accountKey, key), eq(signInFailures.ip, ip));

/** Wrong passwords for this name within the window, from every address. */
export async function accountFailures(db: DbOrTx, key: string, policy: SignInPolicy): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`coalesce(sum(${signInFailures.failures}), 0)::int` })
    .from(signInFailures)
    .where(and(eq(signInFailures.accountKey, key), gt(signInFailures.windowStart, windowStartsAfter(policy))));
  return total;
}

/** Whether this name is locked for this address now. */
export async function pairLocked(db: DbOrTx, key: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ key: signInFailures.accountKey })
    .from(signInFailures)
    .where(and(pair(key, ip), gt(signInFailures.lockedUntil, sql`now()`)));
  return Boolean(row);
}

/**
 * Numbers a try for the pair before its password is checked, in one atomic statement, so that
 * concurrent guesses on any process are numbered one after the other: only the first `lockAfter` of
 * a window are ever checked. A passed window or lock starts the count again. Undefined: locked.
 */
export async function claimTry(db: DbOrTx, key: string, ip: string, policy: SignInPolicy): Promise<number | undefined> {
  const stale = sql`(${signInFailures.windowStart} <= ${windowStartsAfter(policy)} or ${signInFailures.lockedUntil} <= now())`;
  const [row] = await db
    .insert(signInFailures)
    .values({ accountKey: key, ip, failures: 1 })
    .onConflictDoUpdate({
      target: [signInFailures.accountKey, signInFailures.ip],
      set: {
        failures: sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`,
        windowStart: sql`case when ${stale} then now() else ${signInFailures.windowStart} end`,
        lockedUntil: sql`case when ${stale} then null else ${signInFailures.lockedUntil} end`,
      },
      setWhere: or(isNull(signInFailures.lockedUntil), lte(signInFailures.lockedUntil, sql`now()`)),
    })
    .returning({ failures: signInFailures.failures });
  return row?.failures;
}

/** Locks the pair for the window; its failures keep counting towards the name's captcha meanwhile. */
export async function lockPair(db: DbOrTx, key: string, ip: string, policy: SignInPolicy): Promise<void> {
  await db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${policy.windowMinutes})` })
    .where(pair(key, ip));
}

/** The right password from this address: its count starts again (other addresses' stay). */
export async function clearPair(db: DbOrTx, key: string, ip: string): Promise<void> {
  await db.delete(signInFailures).where(pair(key, ip));
}

/** An admin's unlock or password reset: every address's count and lock for this name go. */
export async function clearAccount(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, key));
}

/** Counts older than the window, for the hourly purge. */
export async function purgeOldFailures(db: DbOrTx, policy: SignInPolicy): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        lte(signInFailures.windowStart, windowStartsAfter(policy)),
        or(isNull(signInFailures.lockedUntil), lte(signInFailures.lockedUntil, sql`now()`)),
      ),
    );
}

export const policyOf = (config: { loginCaptchaAfter: number; loginLockAfter: number; loginWindowMinutes: number }): SignInPolicy => ({
  captchaAfter: config.loginCaptchaAfter,
  lockAfter: config.loginLockAfter,
  windowMinutes: config.loginWindowMinutes,
});
