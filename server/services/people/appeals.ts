import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { PageResult } from '../../../common/contracts/base';
import type {
  AppealAccount,
  AppealBody,
  AppealCallbackBody,
  AppealCounts,
  AppealCountsQuery,
  AppealDetail,
  AppealDispatchBody,
  AppealItem,
  AppealListQuery,
  AppealRateBody,
  AppealRegisterBody,
  DispatchedAppealQuery,
  MyAppealItem,
  MyAppealQuery,
} from '../../../common/contracts/people';
import {
  APPEAL_AUTO_CLOSE_NOTE,
  APPEAL_CALLBACK_CLOSE_NOTE,
  APPEAL_SOURCE_LABELS,
  type AppealSource,
  type AppealStatus,
  OPINION_SOURCE_APPEAL,
  PEOPLE_MESSAGES,
} from '../../../common/constants';
import { APPEAL_CALLBACK, APPEAL_STEPS, type AppealStep, callbackRefusal } from '../../../common/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { appealImages, appeals, areas, users } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { hasAccess } from '../accounts/access';
import { raiseWatchedOpinion } from './opinions';
import {
  addEvent,
  appealCallbackOpen,
  appealOpen,
  appealOverdue,
  dbNow,
  history,
  imagesByOwner,
  latestStepImages,
  iso,
  withPhotoChecks,
} from './peopleCommon';
import { recordPhotoMatches } from '../uploads/photoMatches';
import { inBatch } from '../batch';
import { periodCondition, reachesTown, scopeCondition } from '../scope';
import { appealDocument } from '../../db/searchText';
import { keywordOrSubmitterHolds } from '../search/textMatch';
import type { AuthUser } from '../accounts/sessions';
import { countedArea, countedTotal } from '../reports/rowCounts';
import { readSettings } from '../system/settings';
import { assertAttachableImages, markUploadsUsed } from '../uploads/uploadRefs';
import { loadWorkCalendar } from '../system/workCalendar';
import { addWorkingDays, workingDaysBefore } from '../../lib/workingDays';
import { areaNameOf, userNameOf } from '../names';
import { isTaskRole } from '../tasks/tasks';
import { notifySubmitter, notifyVillageCadres } from './userNotices';
import { assertActiveAreas } from '../system/areas';

const columns = { area: appeals.area, submitter: appeals.submitterId, handler: appeals.handlerId };

// ---- 待回访 (ADR 0062) ----

/**
 * The latest reply time that makes an unrated answer due a call-back now: the configured number of
 * working days back on the holiday calendar. One bound per request, compared with replied_at on the
 * partial index of open call-backs (appeals_callback_due_idx).
 */
export async function callbackBound(db: Db, now = new Date()): Promise<Date> {
  const [{ callbackDays }, calendar] = await Promise.all([readSettings(db), loadWorkCalendar(db)]);
  return workingDaysBefore(now, callbackDays, calendar);
}

/** 待回访: a call-back is open and the answer is old enough. */
const callbackDue = (bound: Date) => sql<boolean>`(${appealCallbackOpen} and ${appeals.repliedAt} <= ${bound})`;

const itemColumns = (bound: Date) => ({
  id: appeals.id,
  title: appeals.title,
  excerpt: sql<string>`left(${appeals.content}, 100)`,
  category: appeals.category,
  area: appeals.area,
  areaName: areaNameOf(appeals.area),
  phone: appeals.phone,
  status: appeals.status,
  source: appeals.source,
  submitterId: appeals.submitterId,
  // The name staff entered when registering, else the account's.
  submitterName: sql<string>`coalesce(${appeals.contactName}, ${users.name}, '')`,
  registeredByName: sql<string | null>`${userNameOf(appeals.registeredBy)}`,
  handlerId: appeals.handlerId,
  handlerName: userNameOf(appeals.handlerId),
  imageCount: sql<number>`(select count(*)::int from ${appealImages} where ${appealImages.appealId} = ${appeals.id})`,
  createdAt: appeals.createdAt,
  acceptedAt: appeals.acceptedAt,
  repliedAt: appeals.repliedAt,
  closedAt: appeals.closedAt,
  rejectedAt: appeals.rejectedAt,
  dueAt: appeals.dueAt,
  overdue: appealOverdue,
  satisfaction: appeals.satisfaction,
  satisfactionSource: appeals.satisfactionSource,
  calledBackAt: appeals.calledBackAt,
  callbackReached: appeals.callbackReached,
  callbackAttempts: appeals.callbackAttempts,
  calledBackByName: sql<string | null>`${userNameOf(appeals.calledBackBy)}`,
  callbackDue: callbackDue(bound),
  dispatchedArea: appeals.dispatchedArea,
  dispatchedAreaName: sql<string | null>`${areaNameOf(appeals.dispatchedArea)}`,
  dispatchedAt: appeals.dispatchedAt,
});

// ---- Who handles which (ADR 0008, and ADR 0031 for appeals handed to a village) ----

/**
 * A handler's appeals: as for every people service, plus, for a village-scoped handler, those the
 * town handed to their village, and for one limited to their own, those they registered.
 */
export function appealHandlerScope(caller: AuthUser): SQL | undefined {
  return scopeCondition(caller, {
    area: (area) => or(eq(appeals.area, area), eq(appeals.dispatchedArea, area)) as SQL,
    owner: [columns.submitter, columns.handler, appeals.registeredBy],
  });
}

/** A village cadre's appeals: those handed to their village; undefined for anyone who is not a cadre. */
function cadreScope(caller: AuthUser): SQL | undefined {
  if (!isTaskRole(caller.roleCode) || caller.area === null) return undefined;
  return eq(appeals.dispatchedArea, caller.area);
}

function requireCadre(caller: AuthUser): SQL {
  const scope = cadreScope(caller);
  if (!scope) throw forbidden(PEOPLE_MESSAGES.notVillageCadre);
  return scope;
}

/** Who may read one appeal: its submitter, a handler within their scope, a cadre of the village it was handed to. */
function appealReaderScope(caller: AuthUser): SQL | undefined {
  const readers: SQL[] = [eq(appeals.submitterId, caller.id)];
  if (hasAccess(caller, 'peopleService')) {
    const scope = appealHandlerScope(caller);
    if (!scope) return undefined;
    readers.push(scope);
  }
  const cadre = cadreScope(caller);
  if (cadre) readers.push(cadre);
  return or(...readers);
}

const selectItems = <T extends SelectedFields>(db: DbOrTx, bound: Date, extra: T) =>
  db
    .select({ ...itemColumns(bound), ...extra })
    .from(appeals)
    .leftJoin(users, eq(users.id, appeals.submitterId));

const selectBase = (db: DbOrTx, bound: Date) => selectItems(db, bound, {});
type ItemRow = Awaited<ReturnType<typeof selectBase>>[number];

function toItem(r: ItemRow): AppealItem {
  return {
    ...r,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    acceptedAt: iso(r.acceptedAt),
    repliedAt: iso(r.repliedAt),
    closedAt: iso(r.closedAt),
    rejectedAt: iso(r.rejectedAt),
    dueAt: r.dueAt.toISOString(),
    overdue: Boolean(r.overdue),
    callbackDue: Boolean(r.callbackDue),
    dispatchedAt: iso(r.dispatchedAt),
    calledBackAt: iso(r.calledBackAt),
  };
}

// ---- Lists ----

/** The list's filters other than state: the status tabs count under these. */
async function baseConditions(db: DbOrTx, caller: AuthUser, query: AppealCountsQuery): Promise<Array<SQL | undefined>> {
  const conditions: Array<SQL | undefined> = [appealHandlerScope(caller)];
  if (query.area) conditions.push(eq(appeals.area, query.area));
  if (query.category) conditions.push(eq(appeals.category, query.category));
  if (query.source) conditions.push(eq(appeals.source, query.source));
  if (query.rated !== undefined) conditions.push(query.rated ? isNotNull(appeals.satisfaction) : isNull(appeals.satisfaction));
  conditions.push(periodCondition(appeals.createdAt, query.from, query.to));
  conditions.push(await keywordOrSubmitterHolds(db, appealDocument(appeals), appeals.submitterId, query.keyword));
  return conditions;
}

async function listConditions(
  db: DbOrTx,
  caller: AuthUser,
  query: Omit<AppealListQuery, 'current' | 'pageSize'>,
  bound: Date,
): Promise<SQL | undefined> {
  const conditions = await baseConditions(db, caller, query);
  if (query.status) conditions.push(eq(appeals.status, query.status));
  if (query.overdue === true) conditions.push(appealOverdue);
  if (query.overdue === false) conditions.push(sql`not ${appealOverdue}`);
  if (query.callbackDue === true) conditions.push(callbackDue(bound));
  if (query.callbackDue === false) conditions.push(sql`not ${callbackDue(bound)}`);
  return and(...conditions);
}

function listOrder(query: Pick<AppealListQuery, 'sortField' | 'sortOrder'>) {
  const order = query.sortOrder === 'ascend' ? asc : desc;
  const column = query.sortField === 'dueAt' ? appeals.dueAt : appeals.createdAt;
  return [order(column), order(appeals.id)];
}

export async function listAppeals(db: Db, caller: AuthUser, query: AppealListQuery): Promise<PageResult<AppealItem>> {
  const bound = await callbackBound(db);
  const where = await listConditions(db, caller, query, bound);
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db, bound, {})
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    appealTotal(db, caller, query, where),
  ]);
  return { list: rows.map(toItem), total, current: query.current, pageSize: query.pageSize };
}

async function appealTotal(db: DbOrTx, caller: AuthUser, query: AppealListQuery, where: SQL | undefined) {
  // A village-scoped handler also sees appeals handed to the village from elsewhere: row_counts,
  // kept by the appeal's own area, cannot count those.
  const area = reachesTown(caller) ? countedArea(caller, query.area) : false;
  const plain =
    !query.category &&
    !query.source &&
    !query.from &&
    !query.to &&
    !query.keyword?.trim() &&
    query.overdue === undefined &&
    query.callbackDue === undefined &&
    query.rated === undefined;
  if (area !== false && plain) return [{ total: await countedTotal(db, 'appeals', { status: query.status, area }) }];
  return db.select({ total: count() }).from(appeals).where(where);
}

/** Rows for the export, a batch at a time, in the list's order. */
export async function appealExportRows(
  db: Db,
  caller: AuthUser,
  query: Omit<AppealListQuery, 'current' | 'pageSize'>,
  limit: number,
  offset: number,
) {
  const bound = await callbackBound(db);
  const rows = await selectItems(db, bound, { reply: appeals.reply, rejectReason: appeals.rejectReason })
    .where(await listConditions(db, caller, query, bound))
    .orderBy(...listOrder(query))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    ...toItem(row),
    reply: row.reply,
    rejectReason: row.rejectReason,
    dueAtDate: row.dueAt,
    createdAtDate: row.createdAt,
    calledBackAtDate: row.calledBackAt,
  }));
}

export async function appealCounts(db: Db, caller: AuthUser, query: AppealCountsQuery): Promise<AppealCounts> {
  const bound = await callbackBound(db);
  const of = (status: AppealStatus) => sql<number>`count(*) filter (where ${appeals.status} = ${status})::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      pending: of('pending'),
      processing: of('processing'),
      replied: of('replied'),
      closed: of('closed'),
      rejected: of('rejected'),
      overdue: sql<number>`count(*) filter (where ${appealOverdue})::int`,
      callback: sql<number>`count(*) filter (where ${callbackDue(bound)})::int`,
    })
    .from(appeals)
    .where(and(...(await baseConditions(db, caller, query))));
  return row;
}

export async function listMyAppeals(db: Db, caller: AuthUser, query: MyAppealQuery): Promise<PageResult<MyAppealItem>> {
  const where = and(eq(appeals.submitterId, caller.id), query.status ? eq(appeals.status, query.status) : undefined);
  const bound = await callbackBound(db);
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db, bound, { reply: appeals.reply, rejectReason: appeals.rejectReason })
      .where(where)
      .orderBy(desc(appeals.createdAt), desc(appeals.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(appeals).where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...toItem(row), reply: row.reply, rejectReason: row.rejectReason })),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

// ---- One appeal ----

/**
 * One appeal with its photos and history, or 404. `caller` limits it to what they may read: a
 * handler's scope, or their own appeal. The same 404 either way, so ids reveal nothing.
 */
export async function appealOrFail(db: Db, id: number, caller?: AuthUser): Promise<AppealDetail> {
  const [row] = await selectItems(db, await callbackBound(db), {
    content: appeals.content,
    reply: appeals.reply,
    rejectReason: appeals.rejectReason,
    satisfactionComment: appeals.satisfactionComment,
    ratedAt: appeals.ratedAt,
  }).where(and(eq(appeals.id, id), caller ? appealReaderScope(caller) : undefined));
  if (!row) throw notFound('诉求');
  const [images, events] = await Promise.all([
    imagesByOwner(db, { owner: appealImages.appealId, upload: appealImages.uploadId, position: appealImages.position }, [id]),
    history(db, { appealId: id }),
  ]);
  return {
    ...toItem(row),
    content: row.content,
    images: await withPhotoChecks(db, caller, 'appeal', id, images.get(id) ?? []),
    reply: row.reply,
    replyImages: latestStepImages(events, 'reply'),
    rejectReason: row.rejectReason,
    satisfactionComment: row.satisfactionComment,
    ratedAt: iso(row.ratedAt),
    history: events,
  };
}

// ---- Submitting ----

/** The keyword watch on a new appeal: an opinion item when its title or content holds a watch keyword. */
export const watchAppeal = (tx: DbOrTx, appeal: { id: number; title: string; content: string; area: number }) =>
  raiseWatchedOpinion(tx, `${appeal.title}\n${appeal.content}`, {
    source: OPINION_SOURCE_APPEAL,
    title: appeal.title,
    summary: appeal.content,
    area: appeal.area,
    appealId: appeal.id,
  });

/** What a new appeal holds, from the phone pages or a staff registration. */
interface NewAppeal {
  submitterId: number | null;
  contactName: string | null;
  source: AppealSource;
  registeredBy: number | null;
  body: Omit<AppealBody, 'imageIds'> & { imageIds?: number[] };
}

/**
 * Records an appeal, due in the configured number of working days; an appeal whose text holds a
 * watch keyword becomes an opinion item in the same transaction. A retry with a client key already
 * used (by the submitter on the phone, or by the staff member registering) answers the appeal that
 * key made.
 */
async function insertAppeal(db: Db, caller: AuthUser, appeal: NewAppeal): Promise<{ id: number; created: boolean }> {
  const { body } = appeal;
  const keyOwner = appeal.registeredBy !== null ? eq(appeals.registeredBy, appeal.registeredBy) : eq(appeals.submitterId, caller.id);
  const findByKey = async () =>
    (
      await db
        .select({ id: appeals.id })
        .from(appeals)
        .where(and(keyOwner, eq(appeals.clientKey, body.clientKey)))
    )[0];
  const replay = await findByKey();
  if (replay) return { id: replay.id, created: false };

  await assertActiveAreas(db, [body.area], 'area', '所在村（社区）');
  const imageIds = body.imageIds ?? [];
  await assertAttachableImages(db, caller, imageIds, [], 'imageIds', '图片');
  const [{ appealDueDays }, calendar] = await Promise.all([readSettings(db), loadWorkCalendar(db)]);
  const title = body.title.trim();
  const content = body.content.trim();
  // The due time counts from the recorded submission time, so both come from one clock reading.
  const submittedAt = new Date();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appeals)
      .values({
        submitterId: appeal.submitterId,
        contactName: appeal.contactName,
        source: appeal.source,
        registeredBy: appeal.registeredBy,
        title,
        content,
        category: body.category,
        area: body.area,
        phone: body.phone.trim(),
        dueAt: addWorkingDays(submittedAt, appealDueDays, calendar),
        clientKey: body.clientKey,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      })
      .onConflictDoNothing()
      .returning({ id: appeals.id });
    if (!row) return undefined; // the same key, a moment earlier
    if (imageIds.length) {
      await tx.insert(appealImages).values(imageIds.map((uploadId, position) => ({ appealId: row.id, uploadId, position })));
      await markUploadsUsed(tx, { ids: imageIds }, 'private');
      await recordPhotoMatches(tx, imageIds);
    }
    await addEvent(
      tx,
      { appealId: row.id },
      'submit',
      caller.id,
      appeal.registeredBy !== null ? `${APPEAL_SOURCE_LABELS[appeal.source]}登记` : '',
    );
    await watchAppeal(tx, { id: row.id, title, content, area: body.area });
    return row.id;
  });
  if (id !== undefined) return { id, created: true };
  const winner = await findByKey();
  if (!winner) throw new AppError(409, '提交冲突，请重试');
  return { id: winner.id, created: false };
}

/** A villager's appeal from the phone pages (网上). */
export const createAppeal = (db: Db, caller: AuthUser, body: AppealBody) =>
  insertAppeal(db, caller, { submitterId: caller.id, contactName: null, source: 'online', registeredBy: null, body });

/**
 * The accounts an appeal may be linked to: active ones with this phone number, within the
 * caller's data scope (a village-scoped handler links only their village's people).
 */
function linkableAccounts(caller: AuthUser): SQL | undefined {
  return and(eq(users.status, 'active'), caller.dataScope === 'all' ? undefined : eq(users.area, caller.area ?? -1));
}

export async function findLinkableAccounts(db: DbOrTx, caller: AuthUser, phone: string): Promise<AppealAccount[]> {
  return db
    .select({ id: users.id, name: users.name, areaName: sql<string | null>`${areaNameOf(users.area)}` })
    .from(users)
    .where(and(eq(users.phone, phone.trim()), linkableAccounts(caller)))
    .orderBy(asc(users.id))
    .limit(LINKABLE_ACCOUNTS_MAX);
}
const LINKABLE_ACCOUNTS_MAX = 10;

/**
 * Staff register an appeal for a villager at the window, on the phone or from a letter (ADR 0054):
 * a village-scoped handler only for their own village, and a linked account only one they could
 * find (active, in their village). The staff member is its registrar; the villager, when linked,
 * its submitter.
 */
export async function registerAppeal(db: Db, caller: AuthUser, body: AppealRegisterBody): Promise<{ id: number; created: boolean }> {
  if (caller.dataScope === 'area' && body.area !== caller.area) throw forbidden(PEOPLE_MESSAGES.registerOtherVillage);
  if (body.userId !== undefined) {
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.userId), linkableAccounts(caller)));
    if (!account) throw badRequest('userId', '关联群众账号', PEOPLE_MESSAGES.registerNoAccount);
  }
  const { name, source, userId, ...rest } = body;
  return insertAppeal(db, caller, {
    submitterId: userId ?? null,
    contactName: name.trim(),
    source,
    registeredBy: caller.id,
    body: rest,
  });
}

// ---- Handling ----

/**
 * The answer when a step does not fit: 404 outside the caller's scope, 409 in the wrong state (or
 * the reason `why` gives for the appeal as it is now, when it has one).
 */
async function refusal(
  tx: DbOrTx,
  id: number,
  scope: SQL | undefined,
  why?: (current: { status: AppealStatus; dispatchedArea: number | null }) => string | undefined,
): Promise<AppError> {
  const [current] = await tx
    .select({ status: appeals.status, dispatchedArea: appeals.dispatchedArea })
    .from(appeals)
    .where(and(eq(appeals.id, id), scope));
  if (!current) return notFound('诉求');
  return new AppError(409, why?.(current) ?? PEOPLE_MESSAGES.appealMoved(current.status));
}

/**
 * Moves an appeal one step along its arrows, as a handler (their data scope) or as a village cadre
 * (appeals handed to their village). The UPDATE ... WHERE status IN (from) decides when two act at
 * once: the second finds the state moved and gets 409. The submitter hears of an acceptance, a reply
 * or a rejection in the same transaction. A reply may carry the replier's own photos (ADR 0064).
 */
export async function moveAppeal(
  db: Db,
  caller: AuthUser,
  id: number,
  step: AppealStep,
  note = '',
  as: 'handler' | 'cadre' = 'handler',
  imageIds: number[] = [],
): Promise<void> {
  const { from, to, at, notice } = APPEAL_STEPS[step];
  const scope = as === 'cadre' ? requireCadre(caller) : appealHandlerScope(caller);
  if (imageIds.length) await assertAttachableImages(db, caller, imageIds, [], 'imageIds', '答复照片');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appeals)
      .set({
        status: to,
        handlerId: caller.id,
        [at]: dbNow,
        ...(step === 'reply' ? { reply: note } : {}),
        ...(step === 'reject' ? { rejectReason: note } : {}),
        updatedAt: dbNow,
      })
      .where(and(eq(appeals.id, id), inArray(appeals.status, [...from]), scope))
      .returning({ id: appeals.id, title: appeals.title, submitterId: appeals.submitterId });
    if (!row) throw await refusal(tx, id, scope);
    await addEvent(tx, { appealId: id }, step, caller.id, note, null, imageIds);
    if (notice) await notifySubmitter(tx, row, notice, caller.id, note);
  });
}

// ---- Handing down to a village (转派) and back (撤回), ADR 0031 ----

/** Only a handler of the whole town hands appeals down or takes them back. */
function assertDispatcher(caller: AuthUser): SQL | undefined {
  if (!reachesTown(caller)) throw forbidden(PEOPLE_MESSAGES.dispatchTownWide);
  return appealHandlerScope(caller);
}

/**
 * Hands an open appeal to a village (or from one village to another); its state and due time stay
 * as they are. Recorded as a 转派 step naming the village, and the submitter is told.
 */
export async function dispatchAppeal(db: Db, caller: AuthUser, id: number, body: AppealDispatchBody): Promise<void> {
  const scope = assertDispatcher(caller);
  await assertActiveAreas(db, [body.areaId], 'areaId', '转派村');
  const note = body.note?.trim() ?? '';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appeals)
      .set({ dispatchedArea: body.areaId, dispatchedAt: dbNow, updatedAt: dbNow })
      .where(and(eq(appeals.id, id), appealOpen, sql`${appeals.dispatchedArea} is distinct from ${body.areaId}`, scope))
      .returning({ id: appeals.id, title: appeals.title, submitterId: appeals.submitterId });
    if (!row) {
      throw await refusal(tx, id, scope, (current) =>
        current.dispatchedArea === body.areaId ? PEOPLE_MESSAGES.dispatchSameVillage : undefined,
      );
    }
    const [village] = await tx.select({ name: areas.name }).from(areas).where(eq(areas.id, body.areaId));
    await addEvent(tx, { appealId: id }, 'dispatch', caller.id, note, body.areaId);
    await notifySubmitter(tx, row, 'appealDispatched', caller.id, village?.name ?? '村里');
    await notifyVillageCadres(tx, { appealId: row.id, title: row.title }, { id: body.areaId, name: village?.name ?? '村里' }, caller.id);
  });
}

/** Takes a dispatched open appeal back to the town (撤回), recorded with its note. */
export async function recallAppeal(db: Db, caller: AuthUser, id: number, note: string): Promise<void> {
  const scope = assertDispatcher(caller);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appeals)
      .set({ dispatchedArea: null, dispatchedAt: null, updatedAt: dbNow })
      .where(and(eq(appeals.id, id), appealOpen, sql`${appeals.dispatchedArea} is not null`, scope))
      .returning({ id: appeals.id });
    if (!row) {
      throw await refusal(tx, id, scope, (current) =>
        current.dispatchedArea === null ? PEOPLE_MESSAGES.dispatchNotDispatched : undefined,
      );
    }
    await addEvent(tx, { appealId: id }, 'recall', caller.id, note);
  });
}

/**
 * A village cadre's appeals handed to their village: the open ones nearest their due time first,
 * or the done ones newest first. Anyone who is not a cadre is refused.
 */
export async function listDispatchedAppeals(db: Db, caller: AuthUser, query: DispatchedAppealQuery): Promise<PageResult<AppealItem>> {
  const scope = requireCadre(caller);
  const state = query.state === 'open' ? appealOpen : query.state === 'done' ? sql`not (${appealOpen})` : undefined;
  const where = and(scope, state);
  const order = query.state === 'open' ? [asc(appeals.dueAt), asc(appeals.id)] : [desc(appeals.createdAt), desc(appeals.id)];
  const bound = await callbackBound(db);
  const [rows, [{ total }]] = await Promise.all([
    selectBase(db, bound)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(appeals).where(where),
  ]);
  return { list: rows.map(toItem), total, current: query.current, pageSize: query.pageSize };
}

// ---- Call-backs (回访), ADR 0062 ----

/**
 * Records a call-back on an answered, unrated appeal within the handler's scope. Reached: the score
 * becomes the appeal's satisfaction (source `callback`, counted in 群众满意度 like a phone rating) and
 * a replied appeal closes, as after a rating. Not reached: the attempt is counted and kept in the
 * history; the CALLBACK_ATTEMPTS_MAX-th unreached attempt ends the call-back. One UPDATE decides a
 * race with another caller or with the villager's own rating: the second gets 409.
 */
export async function callbackAppeal(db: Db, caller: AuthUser, id: number, body: AppealCallbackBody): Promise<{ reached: boolean }> {
  if (body.reached && body.score === undefined) throw badRequest('score', '满意度', PEOPLE_MESSAGES.callbackScoreRequired);
  if (!body.reached && body.score !== undefined) throw badRequest('score', '满意度', PEOPLE_MESSAGES.callbackScoreUnreached);
  const note = body.note?.trim() ?? '';
  const scope = appealHandlerScope(caller);
  const { closes, to, attemptsMax } = APPEAL_CALLBACK;
  await db.transaction(async (tx) => {
    const ends = body.reached ? sql`now()` : sql`case when ${appeals.callbackAttempts} + 1 >= ${attemptsMax} then now() end`;
    const [row] = await tx
      .update(appeals)
      .set({
        callbackAttempts: sql`${appeals.callbackAttempts} + 1`,
        calledBackAt: ends,
        callbackReached: body.reached ? true : sql`case when ${appeals.callbackAttempts} + 1 >= ${attemptsMax} then false end`,
        calledBackBy: caller.id,
        ...(body.reached
          ? {
              satisfaction: body.score,
              satisfactionComment: note,
              satisfactionSource: 'callback' as const,
              ratedAt: dbNow,
              status: sql`case when ${appeals.status} = ${closes} then ${to} else ${appeals.status} end`,
              closedAt: sql`case when ${appeals.status} = ${closes} then now() else ${appeals.closedAt} end`,
            }
          : {}),
        updatedAt: dbNow,
      })
      .where(and(eq(appeals.id, id), appealCallbackOpen, scope))
      .returning({ closedNow: sql<boolean>`${appeals.closedAt} = now()` });
    if (!row) {
      const [current] = await tx
        .select({ status: appeals.status, satisfaction: appeals.satisfaction, calledBackAt: appeals.calledBackAt })
        .from(appeals)
        .where(and(eq(appeals.id, id), scope));
      if (!current) throw notFound('诉求');
      throw new AppError(409, callbackRefusal(current) ?? PEOPLE_MESSAGES.appealMoved(current.status));
    }
    await addEvent(tx, { appealId: id }, body.reached ? 'callback' : 'callbackMissed', caller.id, note);
    if (body.reached && row.closedNow) await addEvent(tx, { appealId: id }, 'close', null, APPEAL_CALLBACK_CLOSE_NOTE);
  });
  return { reached: body.reached };
}

/**
 * The submitter rates the answer, once, after the reply; rating a replied appeal closes it (the
 * villager is satisfied or not, either way the matter is answered).
 */
export async function rateAppeal(db: Db, caller: AuthUser, id: number, body: AppealRateBody): Promise<void> {
  const comment = body.comment?.trim() ?? '';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(appeals)
      .set({
        satisfaction: body.score,
        satisfactionComment: comment,
        satisfactionSource: 'phone',
        ratedAt: dbNow,
        status: sql`case when ${appeals.status} = 'replied' then 'closed' else ${appeals.status} end`,
        closedAt: sql`case when ${appeals.status} = 'replied' then now() else ${appeals.closedAt} end`,
        updatedAt: dbNow,
      })
      .where(
        and(
          eq(appeals.id, id),
          eq(appeals.submitterId, caller.id),
          sql`${appeals.satisfaction} is null`,
          sql`${appeals.repliedAt} is not null`,
          inArray(appeals.status, ['replied', 'closed']),
        ),
      )
      // now() is the transaction's start time: closed_at equals it only when this update closed it.
      .returning({ closedNow: sql<boolean>`${appeals.closedAt} = now()` });
    if (!row) {
      const [current] = await tx
        .select({ satisfaction: appeals.satisfaction })
        .from(appeals)
        .where(and(eq(appeals.id, id), eq(appeals.submitterId, caller.id)));
      if (!current) throw notFound('诉求');
      throw new AppError(409, current.satisfaction !== null ? PEOPLE_MESSAGES.appealRated : PEOPLE_MESSAGES.appealNotReplied);
    }
    await addEvent(tx, { appealId: id }, 'rate', caller.id, comment);
    if (row.closedNow) await addEvent(tx, { appealId: id }, 'close', null, APPEAL_AUTO_CLOSE_NOTE);
  });
}

/** A bulk step on 诉求: the given single step for each, all or nothing. */
export const batchAppeals = (db: Db, ids: readonly number[], step: (tx: Db, id: number) => Promise<void>) => inBatch(db, ids, '诉求', step);
