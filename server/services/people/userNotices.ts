import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { UserNotice, UserNoticeCount, UserNoticeQuery } from '../../../common/contracts/people';
import { PEOPLE_MESSAGES, USER_NOTICE_TEXTS, type UserNoticeKind } from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { userNotices } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthUser } from '../accounts/sessions';

// A villager's own notices about their appeals (the bell on /app, ADR 0031). Unlike the back
// office's bell (services/system/notices.ts), which counts pending work live, these are kept rows: a
// villager wants to read "your appeal was answered" after the fact, and mark it read.

type AppealRef = { id: number; title: string; submitterId: number | null };

/**
 * Tells the submitter of an appeal what happened to it, in the transaction of the step itself.
 * Nothing when the one acting is the submitter (a staff member's own appeal), or when it has no
 * account to tell (registered at the window for someone without one).
 */
export async function notifySubmitter(tx: DbOrTx, appeal: AppealRef, kind: UserNoticeKind, actorId: number, detail = ''): Promise<void> {
  if (appeal.submitterId === null || appeal.submitterId === actorId) return;
  await tx
    .insert(userNotices)
    .values({ userId: appeal.submitterId, kind, appealId: appeal.id, ...USER_NOTICE_TEXTS[kind](appeal.title, detail) });
}

export async function listUserNotices(db: DbOrTx, caller: AuthUser, query: UserNoticeQuery): Promise<PageResult<UserNotice>> {
  const where = and(eq(userNotices.userId, caller.id), query.unread ? isNull(userNotices.readAt) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: userNotices.id,
        kind: userNotices.kind,
        title: userNotices.title,
        body: userNotices.body,
        appealId: userNotices.appealId,
        read: sql<boolean>`${userNotices.readAt} is not null`,
        createdAt: userNotices.createdAt,
      })
      .from(userNotices)
      .where(where)
      .orderBy(desc(userNotices.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(userNotices).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      kind: row.kind,
      read: Boolean(row.read),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

export async function unreadNoticeCount(db: DbOrTx, caller: AuthUser): Promise<UserNoticeCount> {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(userNotices)
    .where(and(eq(userNotices.userId, caller.id), isNull(userNotices.readAt)));
  return { unread };
}

/** Marks one of the caller's notices read (reading it twice is harmless); another's is 404. */
export async function markNoticeRead(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .update(userNotices)
    .set({ readAt: sql`coalesce(${userNotices.readAt}, now())` })
    .where(and(eq(userNotices.id, id), eq(userNotices.userId, caller.id)))
    .returning({ id: userNotices.id });
  if (!row) throw new AppError(404, PEOPLE_MESSAGES.noticeNotFound);
}

/** Marks all the caller's unread notices read; answers how many it marked. */
export async function markAllNoticesRead(db: DbOrTx, caller: AuthUser): Promise<number> {
  const rows = await db
    .update(userNotices)
    .set({ readAt: sql`now()` })
    .where(and(eq(userNotices.userId, caller.id), isNull(userNotices.readAt)))
    .returning({ id: userNotices.id });
  return rows.length;
}
