import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { PageResult } from '../../../common/contracts/base';
import type {
  MyPhotoReportItem,
  MyPhotoReportQuery,
  PhotoReportBody,
  PhotoReportCounts,
  PhotoReportCountsQuery,
  PhotoReportDetail,
  PhotoReportHandleBody,
  PhotoReportItem,
  PhotoReportListQuery,
} from '../../../common/contracts/people';
import {
  OPINION_SOURCE_PHOTO,
  PEOPLE_MESSAGES,
  PHOTO_REPORT_TYPES,
  type PhotoReportStatus,
  photoReportTypeLabel,
} from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { photoReportImages, photoReports, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { raiseWatchedOpinion } from './opinions';
import { addEvent, dbNow, handlerScope, history, imagesByOwner, iso, readerScope, withPhotoChecks } from './peopleCommon';
import { recordPhotoMatches } from '../uploads/photoMatches';
import { periodCondition } from '../scope';
import { photoReportDocument } from '../../db/searchText';
import { keywordOrSubmitterHolds } from '../search/textMatch';
import type { AuthUser } from '../accounts/sessions';
import { countedArea, countedTotal } from '../reports/rowCounts';
import { assertAttachableImages, markUploadsUsed } from '../uploads/uploadRefs';
import { areaNameOf, userNameOf } from '../names';
import { assertActiveAreas } from '../system/areas';

const columns = { area: photoReports.area, submitter: photoReports.submitterId, handler: photoReports.handlerId };
/** The photo reports a handler works on (the people services' rule, ADR 0008). */
export const photoReportHandlerScope = (caller: AuthUser) => handlerScope(caller, columns);
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
  }));
}

function baseConditions(caller: AuthUser, query: PhotoReportCountsQuery): Array<SQL | undefined> {
  const conditions: Array<SQL | undefined> = [handlerScope(caller, columns)];
  if (query.area) conditions.push(eq(photoReports.area, query.area));
  if (query.type) conditions.push(eq(photoReports.type, query.type));
  conditions.push(periodCondition(photoReports.createdAt, query.from, query.to));
  conditions.push(keywordOrSubmitterHolds(photoReportDocument(photoReports), photoReports.submitterId, query.keyword));
  return conditions;
}

export async function listPhotoReports(db: DbOrTx, caller: AuthUser, query: PhotoReportListQuery): Promise<PageResult<PhotoReportItem>> {
  const where = and(...baseConditions(caller, query), query.status ? eq(photoReports.status, query.status) : undefined);
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
  const area = countedArea(caller, query.area);
  const plain = !query.type && !query.from && !query.to && !query.keyword?.trim();
  if (area !== false && plain) return [{ total: await countedTotal(db, 'photo_reports', { status: query.status, area }) }];
  return db.select({ total: count() }).from(photoReports).where(where);
}

export async function photoReportCounts(db: DbOrTx, caller: AuthUser, query: PhotoReportCountsQuery): Promise<PhotoReportCounts> {
  const of = (status: PhotoReportStatus) => sql<number>`count(*) filter (where ${photoReports.status} = ${status})::int`;
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, pending: of('pending'), handled: of('handled'), invalid: of('invalid') })
    .from(photoReports)
    .where(and(...baseConditions(caller, query)));
  return row;
}

export async function listMyPhotoReports(db: DbOrTx, caller: AuthUser, query: MyPhotoReportQuery): Promise<PageResult<MyPhotoReportItem>> {
  const where = and(eq(photoReports.submitterId, caller.id), query.status ? eq(photoReports.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db, { result: photoReports.result, invalidReason: photoReports.invalidReason })
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
  }).where(and(eq(photoReports.id, id), caller ? readerScope(caller, columns) : undefined));
  if (!row) throw notFound('随手拍');
  const [[item], images, results, events] = await Promise.all([
    toItems(db, [row]),
    reportImages(db, [id], 'report'),
    reportImages(db, [id], 'result'),
    history(db, { photoReportId: id }),
  ]);
  const checked = await withPhotoChecks(db, caller, 'photoReport', id, images.get(id) ?? []);
  return { ...item, images: checked, resultImages: results.get(id) ?? [], history: events };
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

/**
 * pending → handled (with the result and optional photos) or invalid (with a reason). The UPDATE
 * ... WHERE status = 'pending' lets one handler win; the other gets 409.
 */
export async function finishPhotoReport(
  db: Db,
  caller: AuthUser,
  id: number,
  outcome: { handled: PhotoReportHandleBody } | { invalid: string },
): Promise<void> {
  const scope = handlerScope(caller, columns);
  const resultImages = 'handled' in outcome ? outcome.handled.imageIds : [];
  if (resultImages.length) await assertAttachableImages(db, caller, resultImages, [], 'imageIds', '处理照片');
  await db.transaction(async (tx) => {
    const note = 'handled' in outcome ? outcome.handled.result.trim() : outcome.invalid.trim();
    const [row] = await tx
      .update(photoReports)
      .set({
        status: 'handled' in outcome ? 'handled' : 'invalid',
        handlerId: caller.id,
        handledAt: dbNow,
        ...('handled' in outcome ? { result: note } : { invalidReason: note }),
        updatedAt: dbNow,
      })
      .where(and(eq(photoReports.id, id), eq(photoReports.status, 'pending'), scope))
      .returning({ id: photoReports.id });
    if (!row) {
      const [current] = await tx
        .select({ id: photoReports.id })
        .from(photoReports)
        .where(and(eq(photoReports.id, id), scope));
      if (!current) throw notFound('随手拍');
      throw new AppError(409, PEOPLE_MESSAGES.reportDone);
    }
    if (resultImages.length) {
      await tx
        .insert(photoReportImages)
        .values(resultImages.map((uploadId, position) => ({ reportId: id, kind: 'result', uploadId, position })));
      await markUploadsUsed(tx, { ids: resultImages }, 'private');
    }
    await addEvent(tx, { photoReportId: id }, 'handled' in outcome ? 'handle' : 'invalid', caller.id, note);
  });
}
