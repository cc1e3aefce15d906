import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { DisplayLink, NewDisplayLink } from '../../../common/contracts/stats';
import type { DbOrTx } from '../../db/client';
import { displayLinks, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { iso } from '../people/peopleCommon';
import { hashToken } from '../accounts/sessions';

// The wall display's links: a long random key in /screen?key=…, good for the figures and nothing
// else. Like session tokens, only the key's hash is stored; the key is shown once, when made.

const select = (db: DbOrTx) =>
  db
    .select({
      id: displayLinks.id,
      name: displayLinks.name,
      keyPrefix: displayLinks.keyPrefix,
      createdByName: users.name,
      createdAt: displayLinks.createdAt,
      lastUsedAt: displayLinks.lastUsedAt,
      revokedAt: displayLinks.revokedAt,
    })
    .from(displayLinks)
    .leftJoin(users, eq(users.id, displayLinks.createdById));
type Row = Awaited<ReturnType<typeof select>>[number];
const toLink = (row: Row): DisplayLink => ({
  ...row,
  createdByName: row.createdByName ?? '已删除用户',
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
});

export async function listDisplayLinks(db: DbOrTx, page: { current: number; pageSize: number }): Promise<PageResult<DisplayLink>> {
  const [rows, [{ total }]] = await Promise.all([
    select(db)
      .orderBy(desc(displayLinks.createdAt), desc(displayLinks.id))
      .limit(page.pageSize)
      .offset((page.current - 1) * page.pageSize),
    db.select({ total: count() }).from(displayLinks),
  ]);
  return { list: rows.map(toLink), total, ...page };
}

export async function createDisplayLink(db: DbOrTx, creatorId: number, name: string): Promise<NewDisplayLink> {
  const key = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(displayLinks)
    .values({ name: name.trim(), keyHash: hashToken(key), keyPrefix: key.slice(0, 6), createdById: creatorId })
    .returning({ id: displayLinks.id });
  const [link] = await select(db).where(eq(displayLinks.id, row.id));
  return { ...toLink(link), key };
}

export async function revokeDisplayLink(db: DbOrTx, id: number): Promise<DisplayLink> {
  const [row] = await db
    .update(displayLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt)))
    .returning({ id: displayLinks.id });
  if (!row) {
    const [existing] = await db.select({ id: displayLinks.id }).from(displayLinks).where(eq(displayLinks.id, id));
    if (!existing) throw notFound('大屏链接');
    throw new AppError(409, '该大屏链接已停用');
  }
  const [link] = await select(db).where(eq(displayLinks.id, id));
  return toLink(link);
}

/**
 * Whether a key opens the wall display: it exists and was not revoked. Notes the use at most once
 * a minute, so a screen refreshing all day does not write on every refresh.
 */
export async function displayKeyValid(db: DbOrTx, key: string): Promise<boolean> {
  const hash = hashToken(key);
  const [used] = await db
    .update(displayLinks)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(displayLinks.keyHash, hash),
        isNull(displayLinks.revokedAt),
        or(isNull(displayLinks.lastUsedAt), lt(displayLinks.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    )
    .returning({ id: displayLinks.id });
  if (used) return true;
  const [found] = await db
    .select({ id: displayLinks.id })
    .from(displayLinks)
    .where(and(eq(displayLinks.keyHash, hash), isNull(displayLinks.revokedAt)));
  return Boolean(found);
}
