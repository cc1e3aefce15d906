import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { HistoryAction, HistoryEvent } from '../../../common/contracts/people';
import { APPEAL_AUTO_CLOSE_NOTE, APPEAL_CALLBACK_CLOSE_NOTE, type PhotoRecordKind } from '../../../common/constants';
import { APPEAL_CALLBACK, APPEAL_OPEN_STATES } from '../../../common/workflow';
import type { CheckedImage, ImageRef } from '../../../common/contracts/tasks';
import type { DbOrTx } from '../../db/client';
import { appeals, areas, serviceEventImages, serviceEvents, uploads, users } from '../../db/schema';
import { hasAccess } from '../accounts/access';
import type { AuthUser } from '../accounts/sessions';
import { photoChecks } from '../uploads/photoMatches';
import { signedImageRef } from '../uploads/uploadAccess';
import { scopeCondition } from '../scope';
import { markUploadsUsed } from '../uploads/uploadRefs';

// What appeals and photo reports share: who sees which, their history, their photos and the
// client key that makes a phone's retry harmless.

interface PeopleColumns {
  area: PgColumn;
  submitter: PgColumn;
  handler: PgColumn;
}

/**
 * The records a people-service handler works on: everything (scope all), their own area's
 * (scope area), or what they submitted or handle (scope self, or area without an area).
 */
export function handlerScope(caller: AuthUser, columns: PeopleColumns): SQL | undefined {
  return scopeCondition(caller, { area: columns.area, owner: [columns.submitter, columns.handler] });
}

/** Who may read one record: its submitter always, a handler within their scope. */
export function readerScope(caller: AuthUser, columns: PeopleColumns): SQL | undefined {
  const own = eq(columns.submitter, caller.id);
  if (!hasAccess(caller, 'peopleService')) return own;
  const scope = handlerScope(caller, columns);
  return scope ? or(scope, own) : undefined;
}

/** `now()` as the database sees it; every "overdue" is decided by the same clock. */
export const dbNow = sql`now()`;

/**
 * An appeal whose handling is open (common/workflow.ts). The states are written into the SQL as
 * literals, the way the partial index on open appeals names them (server/db/schema.ts), so the
 * planner can use it whatever plan it keeps for a prepared statement.
 */
export const appealOpen = sql`${appeals.status} in (${sql.raw(APPEAL_OPEN_STATES.map((s) => `'${s}'`).join(', '))})`;
/** An open appeal past its due time. */
export const appealOverdue = sql<boolean>`(${appealOpen} and ${appeals.dueAt} < ${dbNow})`;

/**
 * A call-back (回访) may still be recorded (common/workflow.ts `callbackRefusal`): answered, unrated,
 * none ended. Written as the partial index appeals_callback_due_idx names it (ADR 0062).
 */
export const appealCallbackOpen = sql`(${appeals.status} in (${sql.raw(APPEAL_CALLBACK.from.map((s) => `'${s}'`).join(', '))}) and ${appeals.satisfaction} is null and ${appeals.calledBackAt} is null)`;

export async function addEvent(
  tx: DbOrTx,
  target: { appealId: number } | { photoReportId: number },
  action: HistoryAction,
  actorId: number | null,
  note = '',
  /** 转派: the village handed to. */
  area: number | null = null,
  /** The photos that went with the step (a reply, a result), already checked as the actor's own. */
  imageIds: number[] = [],
): Promise<void> {
  const [event] = await tx
    .insert(serviceEvents)
    .values({ ...target, action, actorId, note, area })
    .returning({ id: serviceEvents.id });
  if (imageIds.length) {
    await tx.insert(serviceEventImages).values(imageIds.map((uploadId, position) => ({ eventId: event.id, uploadId, position })));
    await markUploadsUsed(tx, { ids: imageIds }, 'private');
  }
}

export async function history(db: DbOrTx, target: { appealId: number } | { photoReportId: number }): Promise<HistoryEvent[]> {
  const where = 'appealId' in target ? eq(serviceEvents.appealId, target.appealId) : eq(serviceEvents.photoReportId, target.photoReportId);
  const rows = await db
    .select({
      id: serviceEvents.id,
      action: serviceEvents.action,
      actorId: serviceEvents.actorId,
      actorName: users.name,
      note: serviceEvents.note,
      areaName: areas.name,
      createdAt: serviceEvents.createdAt,
    })
    .from(serviceEvents)
    .leftJoin(users, eq(users.id, serviceEvents.actorId))
    .leftJoin(areas, eq(areas.id, serviceEvents.area))
    .where(where)
    .orderBy(asc(serviceEvents.id));
  const images = await imagesByOwner(
    db,
    { owner: serviceEventImages.eventId, upload: serviceEventImages.uploadId, position: serviceEventImages.position },
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    ...(images.has(row.id) ? { images: images.get(row.id) } : {}),
    action: row.action as HistoryAction,
    // No actor: the system's own step (closing after a rating or a call-back), or an account deleted since (a
    // demo account cleared away, ADR 0024).
    actorName:
      row.actorId === null
        ? row.action === 'close' && (row.note === APPEAL_AUTO_CLOSE_NOTE || row.note === APPEAL_CALLBACK_CLOSE_NOTE)
          ? '系统'
          : '已删除用户'
        : (row.actorName ?? '已删除用户'),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Images joined through a link table, grouped by owner id, in order, with signed addresses (ADR 0019). */
export async function imagesByOwner<K extends number>(
  db: DbOrTx,
  table: { owner: PgColumn; upload: PgColumn; position: PgColumn; extra?: SQL },
  ownerIds: K[],
): Promise<Map<number, ImageRef[]>> {
  const result = new Map<number, ImageRef[]>();
  if (!ownerIds.length) return result;
  const rows = await db
    .select({
      // Number: a bigint owner (a history step's id) comes back from pg as text.
      ownerId: sql<number>`${table.owner}`.mapWith(Number),
      id: uploads.id,
      storedName: uploads.storedName,
      width: uploads.width,
      height: uploads.height,
      decodeStatus: uploads.decodeStatus,
    })
    .from(table.owner.table)
    .innerJoin(uploads, eq(uploads.id, table.upload))
    .where(and(inArray(table.owner, ownerIds), table.extra))
    .orderBy(asc(table.owner), asc(table.position));
  for (const row of rows) {
    const list = result.get(row.ownerId) ?? [];
    list.push(signedImageRef(row));
    result.set(row.ownerId, list);
  }
  return result;
}

/**
 * A record's photos with their checks (ADR 0027) when the reader handles people services; the
 * submitter reading their own appeal or report gets the photos alone.
 */
export async function withPhotoChecks(
  db: DbOrTx,
  caller: AuthUser | undefined,
  kind: Exclude<PhotoRecordKind, 'submission'>,
  recordId: number,
  images: ImageRef[],
): Promise<CheckedImage[]> {
  if (!caller || !hasAccess(caller, 'peopleService') || !images.length) return images;
  const checks = (await photoChecks(db, caller, kind, [{ id: recordId, uploadIds: images.map((image) => image.id) }])).get(recordId);
  return images.map((image) => ({ ...image, check: checks?.get(image.id) }));
}

export const iso = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** The photos of the latest step of this kind in a history (the reply's, the result's), or none. */
export const latestStepImages = (events: HistoryEvent[], action: HistoryAction) =>
  events.findLast((event) => event.action === action)?.images ?? [];
