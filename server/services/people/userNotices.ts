import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { UserNotice, UserNoticeCount, UserNoticeQuery } from '../../../common/contracts/people';
import { PEOPLE_MESSAGES, TASK_ROLE_CODES, TIME_ZONE_OFFSET_MS, USER_NOTICE_TEXTS, type UserNoticeKind } from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { roles, userNotices, users } from '../../db/schema';
import { AppError } from '../../errors';
import { queueChannelMessages } from '../channels/outbox';
import type { AuthUser } from '../accounts/sessions';

// Kept notices (ADR 0031, 0055): one row per event per person, written in the transaction of the
// event, naming the appeal or task it is about. Unlike the back office's pending-work count
// (services/system/notices.ts), a notice stays after the work is done: "your report was rejected,
// because …" is worth reading later, and is marked read.

type AppealRef = { id: number; title: string; submitterId: number | null };

/**
 * Tells the submitter of an appeal what happened to it, in the transaction of the step itself.
 * Nothing when the one acting is the submitter (a staff member's own appeal), or when it has no
 * account to tell (registered at the window for someone without one).
 */
export async function notifySubmitter(tx: DbOrTx, appeal: AppealRef, kind: UserNoticeKind, actorId: number, detail = ''): Promise<void> {
  if (appeal.submitterId === null || appeal.submitterId === actorId) return;
  await notifyUsers(tx, eq(users.id, appeal.submitterId), { kind, appealId: appeal.id, ...USER_NOTICE_TEXTS[kind](appeal.title, detail) });
}

/** A deadline as the township reads it: 2026-11-30 18:00 (Beijing time). */
export function townshipTime(at: Date): string {
  return new Date(at.getTime() + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The same notice for every user the condition on "users" picks: one INSERT … SELECT. Every notice
 * is written here, and the same statement writes the messages the channels beyond the browser
 * carry for it (services/channels/outbox.ts, ADR 0068), so they commit or roll back together.
 * Answers how many notices it wrote.
 */
export async function notifyUsers(
  tx: DbOrTx,
  who: SQL,
  notice: { kind: UserNoticeKind; title: string; body: string; appealId?: number; taskId?: number; photoReportId?: number },
): Promise<number> {
  // Raw: drizzle's insert … select wants every column of the table, defaults included. Only the
  // deadline reminder's once-per-person index can conflict: a second run writes nothing.
  const result = await tx.execute(sql`
    with written as (
      insert into ${userNotices} (user_id, kind, title, body, appeal_id, task_id, photo_report_id)
      select ${users.id}, ${notice.kind}, ${notice.title}, ${notice.body}, ${notice.appealId ?? null}::integer,
        ${notice.taskId ?? null}::integer, ${notice.photoReportId ?? null}::integer
      from ${users} where ${who}
      on conflict do nothing
      returning id, user_id)
    ${queueChannelMessages('written', notice)}
    select count(*)::int as written from written`);
  const [row] = (result as unknown as { rows: Array<{ written: number }> }).rows;
  return Number(row?.written ?? 0);
}

/** A report was approved or rejected: its author hears of it, with the reviewer's comment. */
export async function notifyReportReviewed(
  tx: DbOrTx,
  report: { userId: number; taskId: number; taskTitle: string },
  result: 'approved' | 'rejected',
  comment: string,
): Promise<void> {
  const kind = result === 'approved' ? 'reportApproved' : 'reportRejected';
  await notifyUsers(tx, eq(users.id, report.userId), {
    kind,
    taskId: report.taskId,
    ...USER_NOTICE_TEXTS[kind](report.taskTitle, comment),
  });
}

/** The kinds a village's cadres get about a matter handed to the village. */
type VillageNoticeKind = 'appealHandedDown' | 'photoReportHandedDown' | 'photoReportReturned';

/**
 * A matter was handed to a village (an appeal, a photo report) or a village's answer sent back
 * (ADR 0064): its cadres (active, a task role, living there) hear of it, not the one acting.
 */
export async function notifyVillageCadres(
  tx: DbOrTx,
  record: { appealId: number; title: string } | { photoReportId: number; title: string },
  village: { id: number; name: string },
  actorId: number,
  kind: VillageNoticeKind = 'appealHandedDown',
  detail = village.name,
): Promise<number> {
  const cadres = sql`(${users.status} = 'active' and ${users.area} = ${village.id} and ${ne(users.id, actorId)}
    and exists (select 1 from ${roles} where ${roles.id} = ${users.roleId} and ${inArray(roles.code, [...TASK_ROLE_CODES])}))`;
  const { title, ...ref } = record;
  return notifyUsers(tx, cadres, { kind, ...ref, ...USER_NOTICE_TEXTS[kind](title, detail) });
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
        taskId: userNotices.taskId,
        photoReportId: userNotices.photoReportId,
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
