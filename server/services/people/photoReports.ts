import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { PageResult } from '../../../common/contracts/base';
import type {
  AppealDispatchBody,
  DispatchedAppealQuery,
  MyPhotoReportItem,
  MyPhotoReportQuery,
  PhotoReportBody,
  PhotoReportCounts,
  PhotoReportCountsQuery,
  PhotoReportDetail,
  PhotoReportItem,
  PhotoReportListQuery,
  PhotoReportReplyBody,
} from '../../../common/contracts/people';
import {
  OPINION_SOURCE_PHOTO,
  PEOPLE_MESSAGES,
  PHOTO_REPORT_TYPES,
  type PhotoReportStatus,
  photoReportTypeLabel,
} from '../../../common/constants';
import { PHOTO_REPORT_OPEN_STATES, PHOTO_REPORT_STEPS, type PhotoReportStep } from '../../../common/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { areas, photoReportImages, photoReports, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { hasAccess } from '../accounts/access';
import { raiseWatchedOpinion } from './opinions';
import { addEvent, dbNow, history, imagesByOwner, iso, withPhotoChecks } from './peopleCommon';
import { recordPhotoMatches } from '../uploads/photoMatches';
import { inBatch } from '../batch';
import { periodCondition, reachesTown, scopeCondition } from '../scope';
import { photoReportDocument } from '../../db/searchText';
import { keywordOrSubmitterHolds } from '../search/textMatch';
import type { AuthUser } from '../accounts/sessions';
import { countedArea, countedTotal } from '../reports/rowCounts';
import { assertAttachableImages, markUploadsUsed } from '../uploads/uploadRefs';
import { areaNameOf, userNameOf } from '../names';
import { assertActiveAreas } from '../system/areas';
import { isTaskRole } from '../tasks/tasks';
import { notifyVillageCadres } from './userNotices';

// ---- Who handles which (ADR 0008; ADR 0064 for reports handed to a village) ----

/**
 * The photo reports a handler works on: as for every people service, plus, for a village-scoped
 * handler, those the town handed to their village.
 */
export function photoReportHandlerScope(caller: AuthUser): SQL | undefined {
  return scopeCondition(caller, {
    area: (area) => or(eq(photoReports.area, area), eq(photoReports.dispatchedArea, area)) as SQL,
    owner: [photoReports.submitterId, photoReports.handlerId],
  });
}

/** A village cadre's reports: those handed to their village; undefined for anyone who is not a cadre. */
function cadreScope(caller: AuthUser): SQL | undefined {
  if (!isTaskRole(caller.roleCode) || caller.area === null) return undefined;
  return eq(photoReports.dispatchedArea, caller.area);
}

function requireCadre(caller: AuthUser): SQL {
  const scope = cadreScope(caller);
  if (!scope) throw forbidden(PEOPLE_MESSAGES.reportNotVillageCadre);
  return scope;
}

/** Only the centre (a handler of the whole town) hands reports down, takes them back and reviews the villages' answers. */
function requireCentre(caller: AuthUser): SQL | undefined {
  if (!reachesTown(caller)) throw forbidden(PEOPLE_MESSAGES.reportDispatchTownWide);
  return photoReportHandlerScope(caller);
}

/** Who may read one report: its submitter, a handler within their scope, a cadre of the village it was handed to. */
function photoReportReaderScope(caller: AuthUser): SQL | undefined {
  const readers: SQL[] = [eq(photoReports.submitterId, caller.id)];
  if (hasAccess(caller, 'peopleService')) {
    const scope = photoReportHandlerScope(caller);
    if (!scope) return undefined;
    readers.push(scope);
  }
  const cadre = cadreScope(caller);
  if (cadre) readers.push(cadre);
  return or(...readers);
}

const photoReportOpen = inArray(photoReports.status, [...PHOTO_REPORT_OPEN_STATES]);
const SAFETY_HAZARD = PHOTO_REPORT_TYPES.indexOf('安全隐患') + 1;

const selectItems = <T extends SelectedFields>(db: DbOrTx, extra: T) =>
  db
    .select({
      id: photoReports.id,
      type: photoReports.type,
      excerpt: sql<string>`left(${photoReports.description}, 100)`,
      area: photoReports.area,
      areaName: areaNameOf(photoReports.area),
      location: photoReports.location,
      lat: photoReports.lat,
      lng: photoReports.lng,
      status: photoReports.status,
      submitterId: photoReports.submitterId,
      submitterName: users.name,
      handlerId: photoReports.handlerId,
      handlerName: userNameOf(photoReports.handlerId),
      imageCount: sql<number>`(select count(*)::int from ${photoReportImages} where ${photoReportImages.reportId} = ${photoReports.id} and ${photoReportImages.kind} = 'report')`,
      createdAt: photoReports.createdAt,
      handledAt: photoReports.handledAt,
      dispatchedArea: photoReports.dispatchedArea,
      dispatchedAreaName: sql<string | null>`${areaNameOf(photoReports.dispatchedArea)}`,
      dispatchedAt: photoReports.dispatchedAt,
      ...extra,
    })
    .from(photoReports)
    .innerJoin(users, eq(users.id, photoReports.submitterId));
const selectBase = (db: DbOrTx) => selectItems(db, {});
type ItemRow = Awaited<ReturnType<typeof selectBase>>[number];

/** Report photos of these reports, for list covers and details. */
const reportImages = (db: DbOrTx, ids: number[], kind: 'report' | 'result') =>
  imagesByOwner(
    db,
    {
      owner: photoReportImages.reportId,
      upload: photoReportImages.uploadId,
      position: photoReportImages.position,
      extra: eq(photoReportImages.kind, kind),
    },
    ids,
  );

async function toItems<R extends ItemRow>(db: DbOrTx, rows: R[]): Promise<Array<PhotoReportItem & Omit<R, keyof ItemRow>>> {
  const images = await reportImages(
    db,
    rows.map((r) => r.id),
    'report',
  );
  return rows.map((r) => ({
    ...r,
    status: r.status,
    cover: images.get(r.id)?.[0] ?? null,
    createdAt: r.createdAt.toISOString(),
    handledAt: iso(r.handledAt),
    dispatchedAt: iso(r.dispatchedAt),
  }));
}

async function baseConditions(db: DbOrTx, caller: AuthUser, query: PhotoReportCountsQuery): Promise<Array<SQL | undefined>> {
  const conditions: Array<SQL | undefined> = [photoReportHandlerScope(caller)];
  if (query.area) conditions.push(eq(photoReports.area, query.area));
  if (query.type) conditions.push(eq(photoReports.type, query.type));
  conditions.push(periodCondition(photoReports.createdAt, query.from, query.to));
  conditions.push(await keywordOrSubmitterHolds(db, photoReportDocument(photoReports), photoReports.submitterId, query.keyword));
  return conditions;
}

export async function listPhotoReports(db: DbOrTx, caller: AuthUser, query: PhotoReportListQuery): Promise<PageResult<PhotoReportItem>> {
  const where = and(...(await baseConditions(db, caller, query)), query.status ? eq(photoReports.status, query.status) : undefined);
  const order = query.sortOrder === 'ascend' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectBase(db)
      .where(where)
      .orderBy(order(photoReports.createdAt), order(photoReports.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    photoReportTotal(db, caller, query, where),
  ]);
  return { list: await toItems(db, rows), total, current: query.current, pageSize: query.pageSize };
}

async function photoReportTotal(db: DbOrTx, caller: AuthUser, query: PhotoReportListQuery, where: SQL | undefined) {
  // A village-scoped handler also sees reports handed to the village from elsewhere: row_counts,
  // kept by the report's own area, cannot count those.
  const area = reachesTown(caller) ? countedArea(caller, query.area) : false;
  const plain = !query.type && !query.from && !query.to && !query.keyword?.trim();
  if (area !== false && plain) return [{ total: await countedTotal(db, 'photo_reports', { status: query.status, area }) }];
  return db.select({ total: count() }).from(photoReports).where(where);
}

export async function photoReportCounts(db: DbOrTx, caller: AuthUser, query: PhotoReportCountsQuery): Promise<PhotoReportCounts> {
  const of = (status: PhotoReportStatus) => sql<number>`count(*) filter (where ${photoReports.status} = ${status})::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      pending: of('pending'),
      processing: of('processing'),
      reviewing: of('reviewing'),
      handled: of('handled'),
      invalid: of('invalid'),
    })
    .from(photoReports)
    .where(and(...(await baseConditions(db, caller, query))));
  return row;
}

export async function listMyPhotoReports(db: DbOrTx, caller: AuthUser, query: MyPhotoReportQuery): Promise<PageResult<MyPhotoReportItem>> {
  const where = and(eq(photoReports.submitterId, caller.id), query.status ? eq(photoReports.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    // A village's answer reaches the submitter once the centre approved it (ADR 0064).
    selectItems(db, {
      result: sql<string | null>`case when ${photoReports.status} = 'handled' then ${photoReports.result} end`,
      invalidReason: photoReports.invalidReason,
    })
      .where(where)
      .orderBy(desc(photoReports.createdAt), desc(photoReports.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(photoReports).where(where),
  ]);
  return { list: await toItems(db, rows), total, current: query.current, pageSize: query.pageSize };
}

/** One report with its photos, the result and its history; 404 outside what the caller may read. */
export async function photoReportOrFail(db: DbOrTx, id: number, caller?: AuthUser): Promise<PhotoReportDetail> {
  const [row] = await selectItems(db, {
    description: photoReports.description,
    result: photoReports.result,
    invalidReason: photoReports.invalidReason,
  }).where(and(eq(photoReports.id, id), caller ? photoReportReaderScope(caller) : undefined));
  if (!row) throw notFound('随手拍');
  const [[item], images, results, events] = await Promise.all([
    toItems(db, [row]),
    reportImages(db, [id], 'report'),
    reportImages(db, [id], 'result'),
    history(db, { photoReportId: id }),
  ]);
  const checked = await withPhotoChecks(db, caller, 'photoReport', id, images.get(id) ?? []);
  // Sent back: the latest of the village's steps is the centre's 退回, until the village answers again.
  const lastVillageStep = events.findLast((event) => ['accept', 'reply', 'return'].includes(event.action));
  const returnReason = row.status === 'processing' && lastVillageStep?.action === 'return' ? lastVillageStep.note : null;
  const detail = { ...item, images: checked, resultImages: results.get(id) ?? [], returnReason, history: events };
  return !caller || handlesOrAnswers(caller, row) ? detail : submitterView(detail);
}

/** Whether the reader works on the report: a handler (their scope let them read it) or a cadre of its village. */
const handlesOrAnswers = (caller: AuthUser, row: { dispatchedArea: number | null }) =>
  hasAccess(caller, 'peopleService') || (isTaskRole(caller.roleCode) && caller.area !== null && row.dispatchedArea === caller.area);

/**
 * What the submitter reads (ADR 0064): a village's answer only once the centre approved it, as the
 * result; the answers and refusals exchanged on the way are the centre's and the village's.
 */
function submitterView(detail: PhotoReportDetail): PhotoReportDetail {
  const answered = detail.status === 'handled';
  return {
    ...detail,
    result: answered ? detail.result : null,
    resultImages: answered ? detail.resultImages : [],
    returnReason: null,
    history: detail.history
      .filter((event) => event.action !== 'return')
      .map((event) => (event.action === 'reply' ? { ...event, note: '', images: undefined } : event)),
  };
}

/** The keyword watch on a new photo report; a safety hazard it catches is 重要. */
export const watchPhotoReport = (tx: DbOrTx, report: { id: number; type: number; description: string; location: string; area: number }) =>
  raiseWatchedOpinion(tx, `${report.description}\n${report.location}`, {
    source: OPINION_SOURCE_PHOTO,
    title: `随手拍·${photoReportTypeLabel(report.type)}：${report.description}`,
    summary: report.location ? `${report.description}（位置：${report.location}）` : report.description,
    area: report.area,
    photoReportId: report.id,
    level: report.type === SAFETY_HAZARD ? 2 : 1,
  });

/**
 * Records a photo report; one whose text holds a watch keyword becomes an opinion item in the
 * same transaction (a safety hazard as 重要). A retry with a used client key answers what it made.
 */
export async function createPhotoReport(db: Db, caller: AuthUser, body: PhotoReportBody): Promise<{ id: number; created: boolean }> {
  const findByKey = async () =>
    (
      await db
        .select({ id: photoReports.id })
        .from(photoReports)
        .where(and(eq(photoReports.submitterId, caller.id), eq(photoReports.clientKey, body.clientKey)))
    )[0];
  const replay = await findByKey();
  if (replay) return { id: replay.id, created: false };

  await assertActiveAreas(db, [body.area], 'area', '所在村（社区）');
  await assertAttachableImages(db, caller, body.imageIds, [], 'imageIds', '照片');
  const description = body.description.trim();
  const location = body.location.trim();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(photoReports)
      .values({
        submitterId: caller.id,
        description,
        type: body.type,
        area: body.area,
        location,
        lat: body.lat,
        lng: body.lng,
        clientKey: body.clientKey,
      })
      .onConflictDoNothing()
      .returning({ id: photoReports.id });
    if (!row) return undefined;
    await tx
      .insert(photoReportImages)
      .values(body.imageIds.map((uploadId, position) => ({ reportId: row.id, kind: 'report', uploadId, position })));
    await markUploadsUsed(tx, { ids: body.imageIds }, 'private');
    await recordPhotoMatches(tx, body.imageIds);
    await addEvent(tx, { photoReportId: row.id }, 'submit', caller.id);
    await watchPhotoReport(tx, { id: row.id, type: body.type, description, location, area: body.area });
    return row.id;
  });
  if (id !== undefined) return { id, created: true };
  const winner = await findByKey();
  if (!winner) throw new AppError(409, '提交冲突，请重试');
  return { id: winner.id, created: false };
}

/** What a step carries: the result or the answer with its photos, or the reason or remark. */
type StepInput = { text: string; imageIds?: number[] };

/** The answer when a step does not fit: 404 outside the caller's scope, 409 naming the state otherwise. */
async function refusal(
  tx: DbOrTx,
  id: number,
  scope: SQL | undefined,
  why?: (current: { status: PhotoReportStatus; dispatchedArea: number | null }) => string | undefined,
): Promise<AppError> {
  const [current] = await tx
    .select({ status: photoReports.status, dispatchedArea: photoReports.dispatchedArea })
    .from(photoReports)
    .where(and(eq(photoReports.id, id), scope));
  if (!current) return notFound('随手拍');
  return new AppError(409, why?.(current) ?? PEOPLE_MESSAGES.reportMoved(current.status));
}

/**
 * Moves a report one step along its arrows (common/workflow.ts): a handler within their scope
 * handles it or finds it invalid; a cadre of the village it was handed to accepts it and answers
 * with photos; the centre approves the answer (it becomes the result) or sends it back. The
 * UPDATE ... WHERE status IN (from) lets one of two at once win; the other gets 409.
 */
export async function movePhotoReport(db: Db, caller: AuthUser, id: number, step: PhotoReportStep, input: StepInput = { text: '' }) {
  const { from, to, by } = PHOTO_REPORT_STEPS[step];
  const scope = by === 'cadre' ? requireCadre(caller) : by === 'centre' ? requireCentre(caller) : photoReportHandlerScope(caller);
  const imageIds = input.imageIds ?? [];
  const note = input.text.trim();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoReports)
      .set({
        status: to,
        // The one who answered stays its handler through the centre's review.
        ...(by === 'centre' ? {} : { handlerId: caller.id }),
        ...(to === 'handled' || to === 'invalid' ? { handledAt: dbNow } : {}),
        ...(step === 'handle' || step === 'reply' ? { result: note } : {}),
        ...(step === 'invalid' ? { invalidReason: note } : {}),
        ...(step === 'return' ? { result: null } : {}),
        updatedAt: dbNow,
      })
      .where(and(eq(photoReports.id, id), inArray(photoReports.status, [...from]), scope))
      .returning({ id: photoReports.id, excerpt: sql<string>`left(${photoReports.description}, 40)`, area: photoReports.dispatchedArea });
    if (!row) throw await refusal(tx, id, scope);
    // After the state check, so a report that is gone or has moved answers that first; a refusal rolls the step back.
    if (imageIds.length) await assertAttachableImages(tx, caller, imageIds, [], 'imageIds', step === 'reply' ? '处置后照片' : '处理照片');
    if (step === 'handle' || step === 'reply' || step === 'return') {
      // The current answer's photos; a returned answer keeps its photos in the history only.
      await tx.delete(photoReportImages).where(and(eq(photoReportImages.reportId, id), eq(photoReportImages.kind, 'result')));
    }
    if (imageIds.length) {
      await tx
        .insert(photoReportImages)
        .values(imageIds.map((uploadId, position) => ({ reportId: id, kind: 'result', uploadId, position })));
    }
    await addEvent(tx, { photoReportId: id }, step, caller.id, note, null, imageIds);
    if (step === 'return' && row.area !== null) {
      const village = await villageOf(tx, row.area);
      await notifyVillageCadres(tx, { photoReportId: id, title: row.excerpt }, village, caller.id, 'photoReportReturned', note);
    }
  });
}

const villageOf = async (tx: DbOrTx, id: number) => {
  const [village] = await tx.select({ name: areas.name }).from(areas).where(eq(areas.id, id));
  return { id, name: village?.name ?? '村里' };
};

// ---- Handing down to a village (转派) and back (撤回), ADR 0064 ----

/**
 * Hands an open report to a village (or from one village to another), recorded as a 转派 step
 * naming the village; the village's cadres are told.
 */
export async function dispatchPhotoReport(db: Db, caller: AuthUser, id: number, body: AppealDispatchBody): Promise<void> {
  const scope = requireCentre(caller);
  await assertActiveAreas(db, [body.areaId], 'areaId', '转派村');
  const note = body.note?.trim() ?? '';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoReports)
      .set({ dispatchedArea: body.areaId, dispatchedAt: dbNow, updatedAt: dbNow })
      .where(and(eq(photoReports.id, id), photoReportOpen, sql`${photoReports.dispatchedArea} is distinct from ${body.areaId}`, scope))
      .returning({ id: photoReports.id, excerpt: sql<string>`left(${photoReports.description}, 40)` });
    if (!row) {
      throw await refusal(tx, id, scope, (current) =>
        current.dispatchedArea === body.areaId ? PEOPLE_MESSAGES.dispatchSameVillage : undefined,
      );
    }
    const village = await villageOf(tx, body.areaId);
    await addEvent(tx, { photoReportId: id }, 'dispatch', caller.id, note, body.areaId);
    await notifyVillageCadres(tx, { photoReportId: id, title: row.excerpt }, village, caller.id, 'photoReportHandedDown');
  });
}

/** Takes a handed-down open report back to the town (撤回), recorded with its note. */
export async function recallPhotoReport(db: Db, caller: AuthUser, id: number, note: string): Promise<void> {
  const scope = requireCentre(caller);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(photoReports)
      .set({ dispatchedArea: null, dispatchedAt: null, updatedAt: dbNow })
      .where(and(eq(photoReports.id, id), photoReportOpen, sql`${photoReports.dispatchedArea} is not null`, scope))
      .returning({ id: photoReports.id });
    if (!row) {
      throw await refusal(tx, id, scope, (current) =>
        current.dispatchedArea === null ? PEOPLE_MESSAGES.dispatchNotDispatched : undefined,
      );
    }
    await addEvent(tx, { photoReportId: id }, 'recall', caller.id, note);
  });
}

/**
 * A village cadre's reports handed to their village: those to do (pending or sent back) nearest
 * first in, or those answered, approved or found invalid, newest first. Anyone else is refused.
 */
export async function listDispatchedPhotoReports(
  db: DbOrTx,
  caller: AuthUser,
  query: DispatchedAppealQuery,
): Promise<PageResult<PhotoReportItem>> {
  const scope = requireCadre(caller);
  const state = query.state === 'open' ? photoReportOpen : query.state === 'done' ? sql`not (${photoReportOpen})` : undefined;
  const where = and(scope, state);
  const order =
    query.state === 'open' ? [asc(photoReports.createdAt), asc(photoReports.id)] : [desc(photoReports.createdAt), desc(photoReports.id)];
  const [rows, [{ total }]] = await Promise.all([
    selectBase(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(photoReports).where(where),
  ]);
  return { list: await toItems(db, rows), total, current: query.current, pageSize: query.pageSize };
}

/** The village's answer as the cadre's route takes it. */
export const replyToPhotoReport = (db: Db, caller: AuthUser, id: number, body: PhotoReportReplyBody) =>
  movePhotoReport(db, caller, id, 'reply', { text: body.result, imageIds: body.imageIds });

/** A bulk step on 随手拍: the given single step for each, all or nothing. */
export const batchPhotoReports = (db: Db, ids: readonly number[], step: (tx: Db, id: number) => Promise<void>) =>
  inBatch(db, ids, '随手拍', step);
