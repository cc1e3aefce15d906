import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PHOTO_DUPLICATE_MAX_DISTANCE,
  PHOTO_RECORD_KIND_LABELS,
  PHOTO_STALE_REASONS,
  type PhotoRecordKind,
} from '../../../common/constants';
import { PHOTO_DUPLICATES_SHOWN, type PhotoCheck, type PhotoDuplicate } from '../../../common/contracts/photoChecks';
import type { DbOrTx } from '../../db/client';
import {
  appealImages,
  appeals,
  PHASH_BAND_SQL,
  photoMatches,
  photoReportImages,
  photoReports,
  submissionImages,
  submissions,
  tasks,
  uploads,
  users,
} from '../../db/schema';
import { hasAccess } from '../accounts/access';
import { BANDS, bandProbes, isInformative } from '../../lib/photoHash';
import { inScope } from '../scope';
import type { AuthUser } from '../accounts/sessions';
import { readSettings } from '../system/settings';

// Near-identical photos across task submissions, appeals and photo reports (ADR 0027). When a
// photo is attached (or hashed later by the background job), the band indexes find the uploads
// within PHOTO_DUPLICATE_MAX_DISTANCE bits; every pair of records showing them is stored once in
// photo_matches, on the later record. Reading a record then costs one indexed read, whatever the
// number of photos.

/** Near uploads kept per photo: a picture shared by hundreds of records names the closest fifty. */
const NEAR_LIMIT = 50;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Uploads whose hash is within PHOTO_DUPLICATE_MAX_DISTANCE of `hash` (the photo itself included),
 * closest first. One index-only scan per band, each probing the band's own value and its 16
 * one-bit neighbours, and the distance checked on the hash the index carries.
 */
export function nearUploadsQuery(hash: bigint, limit = NEAR_LIMIT) {
  const value = sql`${hash.toString()}::int8`;
  const distance = sql`bit_count((${uploads.phash} # ${value})::bit(64))`;
  // The probes are integers this module computed; as literals they give the planner an IN list.
  const branches = Array.from(
    { length: BANDS },
    (_, k) => sql`select ${uploads.id} as id, ${distance}::int as distance from ${uploads}
      where ${uploads.phash} is not null and ${PHASH_BAND_SQL[k]} in (${sql.raw(bandProbes(hash, k).join(', '))})
        and ${distance} <= ${sql.raw(String(PHOTO_DUPLICATE_MAX_DISTANCE))}`,
  );
  return sql`select id, distance from (${sql.join(branches, sql` union `)}) near order by distance, id desc limit ${limit}`;
}

export async function nearUploads(db: DbOrTx, hash: bigint, limit = NEAR_LIMIT): Promise<Array<{ id: number; distance: number }>> {
  const result = await db.execute(nearUploadsQuery(hash, limit));
  return rowsOf<{ id: number; distance: number }>(result).map((row) => ({ id: Number(row.id), distance: Number(row.distance) }));
}

interface Attachment {
  kind: PhotoRecordKind;
  recordId: number;
  uploadId: number;
  /** The record's creation, in milliseconds. */
  createdAt: number;
}

/** The records that show these uploads (a photo report's own photos, not its result photos). */
async function attachmentsOf(db: DbOrTx, uploadIds: number[]): Promise<Attachment[]> {
  if (!uploadIds.length) return [];
  const ids = sql.raw(uploadIds.map((id) => String(Math.trunc(id))).join(', '));
  const result = await db.execute(sql`
    select 'submission' as kind, ${submissions.id} as record_id, ${submissionImages.uploadId} as upload_id,
      extract(epoch from ${submissions.createdAt}) * 1000 as created_ms
    from ${submissionImages} join ${submissions} on ${submissions.id} = ${submissionImages.submissionId}
    where ${submissionImages.uploadId} in (${ids})
    union all
    select 'appeal', ${appeals.id}, ${appealImages.uploadId}, extract(epoch from ${appeals.createdAt}) * 1000
    from ${appealImages} join ${appeals} on ${appeals.id} = ${appealImages.appealId}
    where ${appealImages.uploadId} in (${ids})
    union all
    select 'photoReport', ${photoReports.id}, ${photoReportImages.uploadId}, extract(epoch from ${photoReports.createdAt}) * 1000
    from ${photoReportImages} join ${photoReports} on ${photoReports.id} = ${photoReportImages.reportId}
    where ${photoReportImages.uploadId} in (${ids}) and ${photoReportImages.kind} = 'report'`);
  return rowsOf<{ kind: PhotoRecordKind; record_id: number; upload_id: number; created_ms: number | string }>(result).map((row) => ({
    kind: row.kind,
    recordId: Number(row.record_id),
    uploadId: Number(row.upload_id),
    createdAt: Number(row.created_ms),
  }));
}

const KIND_ORDER: Record<PhotoRecordKind, number> = { submission: 0, appeal: 1, photoReport: 2 };

/** Whether record a came before record b (by creation; ties broken by kind and id, so always one way). */
function before(a: Attachment, b: Attachment): boolean {
  const time = a.createdAt - b.createdAt;
  if (time) return time < 0;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] < KIND_ORDER[b.kind];
  return a.recordId < b.recordId;
}

/**
 * Finds the near-identical photos of these uploads in other records and stores each pair on the
 * later record. Called inside the write that attaches the photos (the new record is the latest, so
 * it gets the flags) and by the background job after hashing an old upload (then either side may
 * be the later one). Uploads without a hash, or too uniform to compare, are left out.
 */
export async function recordPhotoMatches(db: DbOrTx, uploadIds: number[]): Promise<number> {
  if (!uploadIds.length) return 0;
  const hashed = await db
    .select({ id: uploads.id, phash: uploads.phash })
    .from(uploads)
    .where(and(inArray(uploads.id, [...new Set(uploadIds)]), isNotNull(uploads.phash)));
  const pairs = new Map<string, typeof photoMatches.$inferInsert>();
  for (const { id, phash } of hashed) {
    if (phash === null || !isInformative(phash)) continue;
    const distanceTo = new Map((await nearUploads(db, phash)).map((near) => [near.id, near.distance]));
    distanceTo.set(id, 0);
    const shown = await attachmentsOf(db, [...distanceTo.keys()]);
    for (const mine of shown.filter((a) => a.uploadId === id)) {
      for (const other of shown) {
        if (other.kind === mine.kind && other.recordId === mine.recordId) continue; // a record's own photos
        const [later, earlier] = before(mine, other) ? [other, mine] : [mine, other];
        const row = {
          kind: later.kind,
          recordId: later.recordId,
          uploadId: later.uploadId,
          otherKind: earlier.kind,
          otherRecordId: earlier.recordId,
          otherUploadId: earlier.uploadId,
          distance: distanceTo.get(other.uploadId) ?? 0,
        };
        pairs.set(`${row.kind}:${row.recordId}:${row.uploadId}:${row.otherKind}:${row.otherRecordId}:${row.otherUploadId}`, row);
      }
    }
  }
  if (pairs.size)
    await db
      .insert(photoMatches)
      .values([...pairs.values()])
      .onConflictDoNothing();
  return pairs.size;
}

// ---- Reading ----

interface OtherRecord {
  area: number;
  /** Who may read it besides a handler in scope: its submitter (and, for people services, its handler). */
  ownerId: number;
  handlerId: number | null;
  /** An appeal handed down to a village (ADR 0031): that village's handlers see it too. */
  dispatchedArea: number | null;
  label: string;
}

const excerpt = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** The earlier records the matches name, with what it takes to decide whether the reader may open them. */
async function otherRecords(db: DbOrTx, ids: Record<PhotoRecordKind, number[]>): Promise<Map<string, OtherRecord>> {
  const found = new Map<string, OtherRecord>();
  const [submissionRows, appealRows, reportRows] = await Promise.all([
    ids.submission.length
      ? db
          .select({ id: submissions.id, area: submissions.area, ownerId: submissions.userId, name: users.name, title: tasks.title })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.userId))
          .innerJoin(tasks, eq(tasks.id, submissions.taskId))
          .where(inArray(submissions.id, ids.submission))
      : [],
    ids.appeal.length
      ? db
          .select({
            id: appeals.id,
            area: appeals.area,
            // An appeal staff registered for someone without an account is the registering staff member's.
            ownerId: sql<number>`coalesce(${appeals.submitterId}, ${appeals.registeredBy})`,
            handlerId: appeals.handlerId,
            dispatchedArea: appeals.dispatchedArea,
            name: sql<string>`coalesce(${appeals.contactName}, ${users.name}, '')`,
            title: appeals.title,
          })
          .from(appeals)
          .leftJoin(users, eq(users.id, appeals.submitterId))
          .where(inArray(appeals.id, ids.appeal))
      : [],
    ids.photoReport.length
      ? db
          .select({
            id: photoReports.id,
            area: photoReports.area,
            ownerId: photoReports.submitterId,
            handlerId: photoReports.handlerId,
            name: users.name,
            description: photoReports.description,
          })
          .from(photoReports)
          .innerJoin(users, eq(users.id, photoReports.submitterId))
          .where(inArray(photoReports.id, ids.photoReport))
      : [],
  ]);
  for (const row of submissionRows) {
    found.set(`submission:${row.id}`, {
      area: row.area,
      ownerId: row.ownerId,
      handlerId: null,
      dispatchedArea: null,
      label: `${row.name}提交的「${row.title}」`,
    });
  }
  for (const row of appealRows) {
    found.set(`appeal:${row.id}`, {
      area: row.area,
      ownerId: row.ownerId,
      handlerId: row.handlerId,
      dispatchedArea: row.dispatchedArea,
      label: `${row.name}的诉求「${row.title}」`,
    });
  }
  for (const row of reportRows) {
    found.set(`photoReport:${row.id}`, {
      area: row.area,
      ownerId: row.ownerId,
      handlerId: row.handlerId,
      dispatchedArea: null,
      label: `${row.name}的随手拍「${excerpt(row.description, 20)}」`,
    });
  }
  return found;
}

/**
 * Whether the reader may open that record on its own page: the same rules as its list and detail
 * (task submissions: taskManage within the data scope; appeals and photo reports: the submitter, or
 * peopleService with the handler's scope, as peopleCommon.readerScope).
 */
function mayOpen(caller: AuthUser, kind: PhotoRecordKind, record: OtherRecord): boolean {
  if (kind === 'submission') return hasAccess(caller, 'taskManage') && inScope(caller, { area: record.area, owner: record.ownerId });
  if (record.ownerId === caller.id) return true;
  if (!hasAccess(caller, 'peopleService')) return false;
  const inArea = (area: number) => record.area === area || record.dispatchedArea === area;
  return inScope(caller, { area: inArea, owner: [record.ownerId, record.handlerId] });
}

/** What a reader outside the record's scope is told: that it exists, and whose village, no more. */
function hiddenLabel(caller: AuthUser, kind: PhotoRecordKind, record: OtherRecord): string {
  const what = PHOTO_RECORD_KIND_LABELS[kind];
  return caller.area !== null && record.area === caller.area ? `本村的另一条${what}` : `另一村的${what}`;
}

const DAY_MS = 86400_000;

interface CheckedRecord {
  id: number;
  uploadIds: number[];
  /** A submission's task publication: a photo taken before it cannot show the task done. */
  publishedAt?: Date | null;
}

/**
 * The check of every photo of these records of one kind, for a reader who reviews them: by record
 * id, then upload id. Two reads whatever the number of records (the photos with their matches, the
 * setting), and one more for the earlier records when there are matches.
 */
export async function photoChecks(
  db: DbOrTx,
  caller: AuthUser,
  kind: PhotoRecordKind,
  records: CheckedRecord[],
): Promise<Map<number, Map<number, PhotoCheck>>> {
  const result = new Map<number, Map<number, PhotoCheck>>();
  const uploadIds = [...new Set(records.flatMap((r) => r.uploadIds))];
  if (!uploadIds.length) return result;
  const recordIds = records.map((r) => r.id);
  // The photos' own facts and the matches stored on them, in one read.
  const earlier = alias(uploads, 'earlier');
  const [rows, { photoStaleDays }] = await Promise.all([
    db
      .select({
        id: uploads.id,
        takenAt: uploads.takenAt,
        createdAt: uploads.createdAt,
        phash: uploads.phash,
        recordId: photoMatches.recordId,
        otherKind: photoMatches.otherKind,
        otherRecordId: photoMatches.otherRecordId,
        distance: photoMatches.distance,
        uploadedAt: earlier.createdAt,
      })
      .from(uploads)
      .leftJoin(
        photoMatches,
        and(eq(photoMatches.kind, kind), inArray(photoMatches.recordId, recordIds), eq(photoMatches.uploadId, uploads.id)),
      )
      .leftJoin(earlier, eq(earlier.id, photoMatches.otherUploadId))
      .where(inArray(uploads.id, uploadIds)),
    readSettings(db),
  ]);
  const matches = rows.flatMap((row) =>
    row.recordId !== null && row.otherKind !== null && row.otherRecordId !== null && row.distance !== null && row.uploadedAt !== null
      ? [
          {
            ...row,
            recordId: row.recordId,
            otherKind: row.otherKind,
            otherRecordId: row.otherRecordId,
            distance: row.distance,
            uploadedAt: row.uploadedAt,
            uploadId: row.id,
          },
        ]
      : [],
  );
  const idsOf = (k: PhotoRecordKind) => [...new Set(matches.filter((m) => m.otherKind === k).map((m) => m.otherRecordId))];
  const others = matches.length
    ? await otherRecords(db, { submission: idsOf('submission'), appeal: idsOf('appeal'), photoReport: idsOf('photoReport') })
    : new Map<string, OtherRecord>();
  const factsById = new Map(rows.map((f) => [f.id, f]));

  for (const record of records) {
    const checks = new Map<number, PhotoCheck>();
    for (const uploadId of record.uploadIds) {
      const fact = factsById.get(uploadId);
      if (!fact) continue;
      // One entry per earlier record: its closest photo, then the most recent record first.
      const byRecord = new Map<string, PhotoDuplicate & { at: number }>();
      for (const match of matches) {
        if (match.recordId !== record.id || match.uploadId !== uploadId) continue;
        const { otherKind } = match;
        const other = others.get(`${otherKind}:${match.otherRecordId}`);
        if (!other) continue;
        const key = `${otherKind}:${match.otherRecordId}`;
        const seen = byRecord.get(key);
        if (seen && seen.distance <= match.distance) continue;
        const open = mayOpen(caller, otherKind, other);
        byRecord.set(key, {
          kind: otherKind,
          id: open ? match.otherRecordId : null,
          label: open ? other.label : hiddenLabel(caller, otherKind, other),
          uploadedAt: match.uploadedAt.toISOString(),
          distance: match.distance,
          at: match.uploadedAt.getTime(),
        });
      }
      const duplicates = [...byRecord.values()].sort((a, b) => a.distance - b.distance || b.at - a.at);
      checks.set(uploadId, {
        duplicateOf: duplicates.slice(0, PHOTO_DUPLICATES_SHOWN).map(({ at: _at, ...duplicate }) => duplicate),
        duplicateCount: duplicates.length,
        compared: fact.phash !== null && isInformative(fact.phash),
        takenAt: fact.takenAt ? fact.takenAt.toISOString() : null,
        uploadedAt: fact.createdAt.toISOString(),
        ...staleness(fact.takenAt, fact.createdAt, record.publishedAt ?? null, photoStaleDays),
      });
    }
    result.set(record.id, checks);
  }
  return result;
}

/** Taken before the task was published, or more than `days` days before the upload; never without a capture time. */
export function staleness(takenAt: Date | null, uploadedAt: Date, publishedAt: Date | null, days: number) {
  if (!takenAt) return { stale: false, staleReason: null };
  if (publishedAt && takenAt < publishedAt) return { stale: true, staleReason: PHOTO_STALE_REASONS.beforeTask };
  if (uploadedAt.getTime() - takenAt.getTime() > days * DAY_MS) return { stale: true, staleReason: PHOTO_STALE_REASONS.olderThan(days) };
  return { stale: false, staleReason: null };
}
