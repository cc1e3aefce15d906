import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { OutboxFilters, OutboxItem } from '../../../common/contracts/channels';
import {
  CHANNEL_KIND_LABELS,
  CHANNEL_MESSAGES,
  GROUP_CHANNEL_KINDS,
  NOTICE_KIND_LABELS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_STATUS_LABELS,
  outboxRetryDelay,
  type UserNoticeKind,
} from '../../../common/constants';
import { OUTBOX_STEPS } from '../../../common/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { noticeChannels, noticeOutbox, users } from '../../db/schema';
import { AppError } from '../../errors';
import { localDateTime } from '../../lib/workingDays';
import type { XlsxColumn } from '../../lib/xlsx';

// The outbox (ADR 0068): each message a channel is to carry is a row, written in the transaction
// of the notice that caused it, so a rolled-back event leaves none and a committed one cannot lose
// its messages. Senders in any number of processes claim due rows with FOR UPDATE SKIP LOCKED,
// send them, and settle each: sent, failed (tried again later, backing off), dead after
// OUTBOX_MAX_ATTEMPTS tries, held until quiet hours end, or cancelled.

const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const groupKinds = sql.join(
  GROUP_CHANNEL_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * The outbox rows for notices a statement just wrote, as more common table expressions of that
 * statement: `written` names the CTE that returned the notices' `id` and `user_id`, all of one kind
 * and text. Starts with a comma, to follow it. Only enabled channels that carry the kind get rows:
 *
 * - a group robot gets one row per event: the robot of each recipient's village, or the centre's
 *   robot for a recipient whose village has no enabled robot (or who has no village). The same
 *   message twice in one transaction is one row (`dedupe_key`: the transaction, kind and text).
 */
export function queueChannelMessages(written: string, notice: { kind: UserNoticeKind; title: string; body: string }): SQL {
  const w = sql.identifier(written);
  const dedupe = sql`pg_current_xact_id()::text || ':' || ${notice.kind}::text || ':' || md5(${notice.title}::text || E'\\n' || ${notice.body}::text)`;
  return sql`, queued_for_groups as (
    insert into ${noticeOutbox} (channel_id, kind, title, body, dedupe_key)
    select distinct c.id, ${notice.kind}::text, ${notice.title}::text, ${notice.body}::text, ${dedupe}
    from ${w} w
    join ${users} u on u.id = w.user_id
    join ${noticeChannels} c on c.enabled and c.kind in (${groupKinds}) and ${notice.kind}::text = any(c.notice_kinds)
      and (c.area = u.area or (c.area is null and not exists (
        select 1 from ${noticeChannels} v where v.enabled and v.kind in (${groupKinds}) and v.area = u.area)))
    on conflict do nothing
    returning 1)`;
}

// ---- Sending ----

export interface ClaimedMessage {
  id: number;
  channelId: number;
  userId: number | null;
  kind: UserNoticeKind;
  address: string | null;
  title: string;
  body: string;
  attempts: number;
  /** This claim's token: only it may settle the row. */
  token: string;
}

/** How long a claim holds a row: long past any send (10 s time-out), so only a sender that stopped loses it. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/**
 * Takes up to `limit` due rows for this sender: waiting ones whose time has come and claims that
 * lapsed. Rows another sender holds locked are skipped, so two senders never take the same row.
 */
export async function claimDue(db: Db, now: number, limit: number): Promise<ClaimedMessage[]> {
  const token = randomUUID();
  const at = new Date(now);
  const claimable = sql.join(
    OUTBOX_STEPS.claim.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{
    id: string | number;
    channel_id: number;
    user_id: number | null;
    kind: UserNoticeKind;
    address: string | null;
    title: string;
    body: string;
    attempts: number;
  }>(
    await db.execute(sql`
      update ${noticeOutbox} o set status = ${OUTBOX_STEPS.claim.to}, claim_token = ${token},
        next_attempt_at = ${new Date(now + CLAIM_LEASE_MS)}
      from (select id from ${noticeOutbox}
            where status in (${claimable}) and next_attempt_at <= ${at}
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked) due
      where o.id = due.id
      returning o.id, o.channel_id, o.user_id, o.kind, o.address, o.title, o.body, o.attempts`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channelId: r.channel_id,
    userId: r.user_id,
    kind: r.kind,
    address: r.address,
    title: r.title,
    body: r.body,
    attempts: Number(r.attempts),
    token,
  }));
}

const claimed = (message: ClaimedMessage) =>
  and(eq(noticeOutbox.id, message.id), eq(noticeOutbox.claimToken, message.token), eq(noticeOutbox.status, 'sending'));

/** The try went through. */
export async function settleSent(db: Db, message: ClaimedMessage, now: number): Promise<void> {
  await db
    .update(noticeOutbox)
    .set({
      status: OUTBOX_STEPS.send.to,
      attempts: message.attempts + 1,
      sentAt: new Date(now),
      nextAttemptAt: new Date(now),
      lastError: null,
      claimToken: null,
    })
    .where(claimed(message));
}

/** The try failed: again after the back-off, or dead after the last try. */
export async function settleFailed(db: Db, message: ClaimedMessage, now: number, error: string): Promise<void> {
  const attempts = message.attempts + 1;
  const dead = attempts >= OUTBOX_MAX_ATTEMPTS;
  await db
    .update(noticeOutbox)
    .set({
      status: dead ? OUTBOX_STEPS.giveUp.to : OUTBOX_STEPS.fail.to,
      attempts,
      nextAttemptAt: new Date(dead ? now : now + outboxRetryDelay(attempts)),
      lastError: error.slice(0, 500),
      claimToken: null,
    })
    .where(claimed(message));
}

/** Quiet hours: the row waits until `until`, without counting a try. */
export async function settleHeld(db: Db, message: ClaimedMessage, until: number): Promise<void> {
  await db
    .update(noticeOutbox)
    .set({ status: OUTBOX_STEPS.hold.to, nextAttemptAt: new Date(until), claimToken: null })
    .where(claimed(message));
}

/** Not to be sent: its channel is off or gone. */
export async function settleCancelled(db: Db, message: ClaimedMessage, now: number, reason: string): Promise<void> {
  await db
    .update(noticeOutbox)
    .set({ status: OUTBOX_STEPS.cancel.to, nextAttemptAt: new Date(now), lastError: reason, claimToken: null })
    .where(claimed(message));
}

/** Switching a channel off cancels what it has not sent yet (in the same transaction). */
export async function cancelWaiting(tx: DbOrTx, channelId: number, reason: string): Promise<number> {
  const rows = await tx
    .update(noticeOutbox)
    .set({ status: OUTBOX_STEPS.cancel.to, lastError: reason, claimToken: null })
    .where(and(eq(noticeOutbox.channelId, channelId), inArray(noticeOutbox.status, OUTBOX_STEPS.cancel.from)))
    .returning({ id: noticeOutbox.id });
  return rows.length;
}

/** 重试: a dead message goes back into the queue with all its tries again. */
export async function retryDead(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(noticeOutbox)
    .set({ status: OUTBOX_STEPS.retry.to, attempts: 0, nextAttemptAt: sql`now()`, claimToken: null })
    .where(and(eq(noticeOutbox.id, id), inArray(noticeOutbox.status, OUTBOX_STEPS.retry.from)))
    .returning({ id: noticeOutbox.id });
  if (row) return;
  const [exists] = await db.select({ id: noticeOutbox.id }).from(noticeOutbox).where(eq(noticeOutbox.id, id));
  throw exists ? new AppError(409, CHANNEL_MESSAGES.retryOnlyDead) : new AppError(404, CHANNEL_MESSAGES.outboxNotFound);
}

// ---- The admin's list (系统设置 › 发送记录) ----

function outboxWhere(f: OutboxFilters): SQL | undefined {
  return and(
    f.status ? eq(noticeOutbox.status, f.status) : undefined,
    f.channelId ? eq(noticeOutbox.channelId, f.channelId) : undefined,
    f.kind ? eq(noticeOutbox.kind, f.kind) : undefined,
    f.address ? eq(noticeOutbox.address, f.address.trim()) : undefined,
    f.from ? gte(noticeOutbox.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(noticeOutbox.createdAt, new Date(f.to)) : undefined,
  );
}

function outboxPage(db: Db, filters: OutboxFilters, limit: number, offset: number) {
  return db
    .select({
      id: noticeOutbox.id,
      channelId: noticeOutbox.channelId,
      channelName: noticeChannels.name,
      channelKind: noticeChannels.kind,
      kind: noticeOutbox.kind,
      userName: users.name,
      address: noticeOutbox.address,
      title: noticeOutbox.title,
      body: noticeOutbox.body,
      status: noticeOutbox.status,
      attempts: noticeOutbox.attempts,
      nextAttemptAt: noticeOutbox.nextAttemptAt,
      lastError: noticeOutbox.lastError,
      sentAt: noticeOutbox.sentAt,
      createdAt: noticeOutbox.createdAt,
    })
    .from(noticeOutbox)
    .innerJoin(noticeChannels, eq(noticeChannels.id, noticeOutbox.channelId))
    .leftJoin(users, eq(users.id, noticeOutbox.userId))
    .where(outboxWhere(filters))
    .orderBy(desc(noticeOutbox.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map((r): OutboxItem => ({
        ...r,
        nextAttemptAt: r.nextAttemptAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    );
}

/** Newest first, with the list's filters. */
export async function listOutbox(db: Db, query: OutboxFilters & { current: number; pageSize: number }): Promise<PageResult<OutboxItem>> {
  const { current, pageSize, ...filters } = query;
  const [list, [{ total }]] = await Promise.all([
    outboxPage(db, filters, pageSize, (current - 1) * pageSize),
    db.select({ total: count() }).from(noticeOutbox).where(outboxWhere(filters)),
  ]);
  return { list, total, current, pageSize };
}

/** The export read in batches, in the list's order. */
export const outboxBatch = (db: Db, filters: OutboxFilters) => (limit: number, offset: number) => outboxPage(db, filters, limit, offset);

const time = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : '');

export const OUTBOX_COLUMNS: Array<XlsxColumn<OutboxItem>> = [
  { header: '时间', width: 18, value: (r) => time(r.createdAt) },
  { header: '通道', width: 20, value: (r) => r.channelName },
  { header: '通道类型', width: 16, value: (r) => CHANNEL_KIND_LABELS[r.channelKind] ?? r.channelKind },
  { header: '消息类型', width: 14, value: (r) => NOTICE_KIND_LABELS[r.kind] ?? r.kind },
  { header: '接收人', width: 12, value: (r) => r.userName ?? '（群）' },
  { header: '手机号', width: 14, value: (r) => r.address ?? '' },
  { header: '标题', width: 16, value: (r) => r.title },
  { header: '内容', width: 50, value: (r) => r.body },
  { header: '状态', width: 12, value: (r) => OUTBOX_STATUS_LABELS[r.status] ?? r.status },
  { header: '尝试次数', width: 10, value: (r) => r.attempts },
  { header: '下次尝试', width: 18, value: (r) => (r.status === 'retrying' || r.status === 'held' ? time(r.nextAttemptAt) : '') },
  { header: '最后错误', width: 40, value: (r) => r.lastError ?? '' },
  { header: '发送时间', width: 18, value: (r) => time(r.sentAt) },
];
