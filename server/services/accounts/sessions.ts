import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { DataScope, PermissionKey } from '../../../common/constants';
import { ADMIN_ROLE_CODE, PERMISSION_KEYS } from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { areas, roles, sessions, users } from '../../db/schema';

export interface AuthUser {
  id: number;
  account: string;
  name: string;
  phone: string;
  roleId: number;
  roleCode: string;
  roleName: string;
  permissions: PermissionKey[];
  dataScope: DataScope;
  area: number | null;
  areaName: string | null;
  /** The generated first password is still in use (plugins/auth.ts lets only the change through). */
  mustChangePassword: boolean;
  sessionId: number;
}

export const isAdmin = (user: Pick<AuthUser, 'roleCode'>) => user.roleCode === ADMIN_ROLE_CODE;

/** Admins hold every key whatever their stored list says. */
export function effectivePermissions(roleCode: string, stored: string[]): PermissionKey[] {
  if (roleCode === ADMIN_ROLE_CODE) return [...PERMISSION_KEYS];
  return PERMISSION_KEYS.filter((key) => stored.includes(key));
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Accepts a bare token or `Bearer <token>`. */
export function parseAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : undefined;
}

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export async function createSession(
  db: DbOrTx,
  userId: number,
  policy: SessionPolicy,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    expiresAt: new Date(Date.now() + policy.absoluteHours * 3600_000),
  });
  return token;
}

/** How stale lastSeenAt may get before we write it again: saves a write per request. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The exact time of each session's latest request that was not written (it came within a minute of
 * the last write), so the idle limit counts from it: a session ends exactly `idleMinutes` after its
 * last request, not up to a minute sooner. Kept per process; an entry goes with the next write.
 * Across several processes a request another process saw but did not write can still end a
 * session up to a minute early.
 */
const unwrittenSeen = new Map<number, number>();
/** Past this many entries, those older than any idle limit go (their sessions have ended anyway). */
const UNWRITTEN_MAX = 50_000;

function rememberSeen(sessionId: number, at: number, idleMs: number) {
  if (unwrittenSeen.size >= UNWRITTEN_MAX) {
    for (const [id, seen] of unwrittenSeen) if (at - seen > idleMs) unwrittenSeen.delete(id);
  }
  unwrittenSeen.set(sessionId, at);
}

/**
 * Every authenticated request runs this lookup: as a named prepared statement PostgreSQL plans it
 * once per connection instead of on every request. One per database handle.
 */
const resolveStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareResolve>>();
const prepareResolve = (db: DbOrTx) =>
  db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: users.id,
      account: users.account,
      name: users.name,
      phone: users.phone,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      area: users.area,
      areaName: areas.name,
      roleId: roles.id,
      roleCode: roles.code,
      roleName: roles.name,
      permissions: roles.permissions,
      dataScope: roles.dataScope,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(areas, eq(areas.id, users.area))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_session');

export async function resolveSession(db: DbOrTx, token: string, policy: SessionPolicy): Promise<AuthUser | null> {
  let statement = resolveStatements.get(db);
  if (!statement) {
    statement = prepareResolve(db);
    resolveStatements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const now = Date.now();
  const idleMs = policy.idleMinutes * 60_000;
  const written = row.lastSeenAt.getTime();
  const lastSeen = Math.max(written, unwrittenSeen.get(row.sessionId) ?? 0);
  if (row.status !== 'active' || row.expiresAt.getTime() <= now || now - lastSeen >= idleMs) {
    unwrittenSeen.delete(row.sessionId);
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (now - written > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
    unwrittenSeen.delete(row.sessionId);
  } else {
    rememberSeen(row.sessionId, now, idleMs);
  }
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: row.phone,
    roleId: row.roleId,
    roleCode: row.roleCode,
    roleName: row.roleName,
    permissions: effectivePermissions(row.roleCode, row.permissions),
    dataScope: row.dataScope,
    area: row.area,
    areaName: row.areaName,
    mustChangePassword: row.mustChangePassword,
    sessionId: row.sessionId,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  await db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}

/**
 * Removes sessions past their absolute or idle limits; run at start and periodically. A minute of
 * margin on the idle one: a request not written (unwrittenSeen) may have come a minute after lastSeenAt.
 */
export async function purgeExpiredSessions(db: DbOrTx, policy: SessionPolicy): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`now()`),
        lt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${policy.idleMinutes}, secs => ${TOUCH_AFTER_MS / 1000})`),
      ),
    );
}
