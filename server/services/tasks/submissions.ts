import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { SubmissionBody, SubmissionItem, SubmissionListQuery } from '../../../common/contracts/tasks';
import {
  PEOPLE_MESSAGES,
  requiredImageCount,
  TASK_MESSAGES,
  templateHasImages,
  templateHasText,
  UPLOAD_MESSAGES,
} from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { scoreLedger, submissionImages, submissions, tasks, uploads, users } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors';
import { containsPattern, scopeCondition } from '../scope';
import type { AuthUser } from '../accounts/sessions';
import { countedArea, countedTotal } from '../reports/rowCounts';
import { signedImageRef } from '../uploads/uploadAccess';
import { markUploadsUsed } from '../uploads/uploadRefs';
import { photoChecks, recordPhotoMatches } from '../uploads/photoMatches';
import { isTargeted } from './tasks';
import { checkFieldValues } from '../../../common/taskFields';
import { notifyReportReviewed } from '../people/userNotices';
import { areaNameOf, userNameOf } from '../names';

// ---- Reading ----

const submissionColumns = {
  id: submissions.id,
  taskId: submissions.taskId,
  taskTitle: tasks.title,
  category: tasks.category,
  template: tasks.template,
  points: tasks.points,
  userId: submissions.userId,
  userName: users.name,
  area: submissions.area,
  areaName: areaNameOf(submissions.area),
  text: submissions.text,
  values: submissions.values,
  fields: tasks.fields,
  status: submissions.status,
  late: submissions.late,
  reviewerId: submissions.reviewerId,
  reviewerName: userNameOf(submissions.reviewerId),
  comment: submissions.comment,
  reviewedAt: submissions.reviewedAt,
  createdAt: submissions.createdAt,
  /** For the photo checks only (a photo taken before it); not in the answer. */
  taskPublishedAt: tasks.publishedAt,
  /**
   * The photos in their order, read with the row: one round trip fewer per page, which is most of
   * a page's time when the machine is busy (docs/benchmarks.md).
   */
  photos: sql<PhotoRow[]>`(select coalesce(json_agg(json_build_object('id', ${uploads.id}, 'storedName', ${uploads.storedName},
      'width', ${uploads.width}, 'height', ${uploads.height}, 'decodeStatus', ${uploads.decodeStatus}) order by ${submissionImages.position}), '[]')
    from ${submissionImages} inner join ${uploads} on ${uploads.id} = ${submissionImages.uploadId}
    where ${submissionImages.submissionId} = ${submissions.id})`,
};

interface PhotoRow {
  id: number;
  storedName: string;
  width: number | null;
  height: number | null;
  decodeStatus: string;
}

const selectSubmissions = (db: DbOrTx) =>
  db
    .select(submissionColumns)
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.taskId))
    .innerJoin(users, eq(users.id, submissions.userId));
type SubmissionRowJoined = Awaited<ReturnType<typeof selectSubmissions>>[number];

/**
 * Each submission with its images (read with its row, in their order); private, so
 * signed (ADR 0019). For a reviewer (`reviewer` given) each photo also carries its check: earlier
 * near-identical photos and its capture time (ADR 0027).
 */
async function withImages(db: DbOrTx, rows: SubmissionRowJoined[], reviewer?: AuthUser): Promise<SubmissionItem[]> {
  const images = rows.flatMap((row) => row.photos.map((photo) => ({ ...photo, submissionId: row.id })));
  const checks =
    reviewer && images.length
      ? await photoChecks(
          db,
          reviewer,
          'submission',
          rows.map((row) => ({
            id: row.id,
            uploadIds: images.filter((image) => image.submissionId === row.id).map((image) => image.id),
            publishedAt: row.taskPublishedAt,
          })),
        )
      : undefined;
  return rows.map(({ taskPublishedAt: _publishedAt, photos: _photos, ...row }) => ({
    ...row,
    status: row.status,
    images: images
      .filter((image) => image.submissionId === row.id)
      .map((image) => ({
        ...signedImageRef(image),
        ...(checks ? { check: checks.get(row.id)?.get(image.id) } : {}),
      })),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const reviewScope = (caller: AuthUser) => scopeCondition(caller, { area: submissions.area, owner: submissions.userId });

/** The total for a page; joins tasks and users only when the filter reads them, so it can stay on an index. */
function countSubmissions(db: DbOrTx, where: SQL | undefined, needsJoins: boolean) {
  const base = db.select({ total: count() }).from(submissions);
  if (!needsJoins) return base.where(where);
  return base.innerJoin(tasks, eq(tasks.id, submissions.taskId)).innerJoin(users, eq(users.id, submissions.userId)).where(where);
}

async function submissionTotal(db: DbOrTx, caller: AuthUser, query: SubmissionListQuery, where: SQL | undefined) {
  const area = countedArea(caller, query.area);
  if (area !== false && !query.taskId && !query.category && !query.keyword?.trim()) {
    return [{ total: await countedTotal(db, 'submissions', { status: query.status, area }) }];
  }
  return countSubmissions(db, where, Boolean(query.category || query.keyword?.trim()));
}

export async function listSubmissions(db: DbOrTx, caller: AuthUser, query: SubmissionListQuery): Promise<PageResult<SubmissionItem>> {
  const conditions: Array<SQL | undefined> = [reviewScope(caller)];
  if (query.taskId) conditions.push(eq(submissions.taskId, query.taskId));
  if (query.area) conditions.push(eq(submissions.area, query.area));
  if (query.status) conditions.push(eq(submissions.status, query.status));
  if (query.category) conditions.push(eq(tasks.category, query.category));
  if (query.keyword?.trim()) {
    const pattern = containsPattern(query.keyword.trim());
    conditions.push(or(ilike(users.name, pattern), ilike(tasks.title, pattern)));
  }
  const where = and(...conditions);
  const order = query.sortOrder === 'ascend' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectSubmissions(db)
      .where(where)
      .orderBy(order(submissions.createdAt), order(submissions.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    submissionTotal(db, caller, query, where),
  ]);
  return { list: await withImages(db, rows, caller), total, current: query.current, pageSize: query.pageSize };
}

/**
 * One submission, or undefined when absent or outside the caller's scope. A caller given is a
 * reviewer (the routes that pass one are taskManage's): their answer carries the photo checks.
 */
async function getSubmissionItem(db: DbOrTx, id: number, caller?: AuthUser): Promise<SubmissionItem | undefined> {
  const rows = await selectSubmissions(db).where(and(eq(submissions.id, id), caller ? reviewScope(caller) : undefined));
  const [item] = await withImages(db, rows, caller);
  return item;
}

export async function submissionOrFail(db: DbOrTx, id: number, caller?: AuthUser): Promise<SubmissionItem> {
  const item = await getSubmissionItem(db, id, caller);
  if (!item) throw notFound('提交记录');
  return item;
}

/** The user's own submissions to a task, newest first. */
export async function ownSubmissions(db: DbOrTx, taskId: number, userId: number): Promise<SubmissionItem[]> {
  const rows = await selectSubmissions(db)
    .where(and(eq(submissions.taskId, taskId), eq(submissions.userId, userId)))
    .orderBy(desc(submissions.id))
    .limit(50);
  return withImages(db, rows);
}

// ---- Submitting ----

async function findByClientKey(db: DbOrTx, userId: number, clientKey: string) {
  const [row] = await db
    .select({ id: submissions.id, taskId: submissions.taskId })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.clientKey, clientKey)));
  return row;
}

function replayOrRefuse(existing: { id: number; taskId: number }, taskId: number) {
  // The same key for another task is a client bug, not a retry.
  if (existing.taskId !== taskId) throw conflict(PEOPLE_MESSAGES.clientKeyUsed, 'clientKey', '提交标识');
  return existing.id;
}

/**
 * Records a completion report. Answers the submission and whether this call created it: a retry
 * with a client key already used gets the submission that key made.
 */
export async function createSubmission(
  db: Db,
  caller: AuthUser,
  taskId: number,
  body: SubmissionBody,
): Promise<{ id: number; created: boolean }> {
  const [task] = await db
    .select({
      id: tasks.id,
      status: tasks.status,
      template: tasks.template,
      imageNum: tasks.imageNum,
      fields: tasks.fields,
      late: sql<boolean>`${tasks.deadline} < now()`,
    })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  // Drafts do not exist for anyone outside task management.
  if (!task || task.status === 'draft') throw notFound('任务');
  if (!(await isTargeted(db, taskId, caller))) throw forbidden(TASK_MESSAGES.notTargeted);

  // A phone retrying after a lost answer gets what it made, even if the task closed since.
  const replay = await findByClientKey(db, caller.id, body.clientKey);
  if (replay) return { id: replayOrRefuse(replay, taskId), created: false };

  if (task.status !== 'published') throw new AppError(409, TASK_MESSAGES.taskClosed);

  const text = body.text?.trim() ?? '';
  if (templateHasText(task.template) && !text) throw badRequest('text', '完成情况说明', '请填写完成情况说明');
  const imageIds = body.imageIds ?? [];
  if (templateHasImages(task.template)) {
    const required = requiredImageCount(task.imageNum);
    if (imageIds.length !== required) {
      throw badRequest('imageIds', '图片', `需要上传${required}张图片，当前为${imageIds.length}张`);
    }
  } else if (imageIds.length) {
    throw badRequest('imageIds', '图片', '该任务不需要上传图片');
  }
  const checked = checkFieldValues(task.fields, body.values ?? {});
  if (!checked.ok) throw badRequest(`values.${checked.key}`, checked.field?.label ?? '填报内容', checked.message);
  if (imageIds.length) {
    const own = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(inArray(uploads.id, imageIds), eq(uploads.ownerId, caller.id)));
    if (own.length !== imageIds.length) throw badRequest('imageIds', '图片', UPLOAD_MESSAGES.imageNotOwn);
  }

  const [live] = await db
    .select({ status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.taskId, taskId), eq(submissions.userId, caller.id), inArray(submissions.status, ['pending', 'approved'])));
  if (live) {
    // The same key may have committed since the look above: a retry racing its first call.
    const winner = await findByClientKey(db, caller.id, body.clientKey);
    if (winner) return { id: replayOrRefuse(winner, taskId), created: false };
    throw conflict(live.status === 'approved' ? TASK_MESSAGES.approvedExists : TASK_MESSAGES.pendingExists);
  }

  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(submissions)
        .values({
          taskId,
          userId: caller.id,
          area: caller.area as number,
          text,
          values: checked.values,
          late: task.late,
          clientKey: body.clientKey,
        })
        .returning({ id: submissions.id });
      if (imageIds.length) {
        await tx.insert(submissionImages).values(imageIds.map((uploadId, position) => ({ submissionId: row.id, uploadId, position })));
        await markUploadsUsed(tx, { ids: imageIds }, 'private');
        // Never a reason to refuse: the reviewer is told and decides (ADR 0027).
        await recordPhotoMatches(tx, imageIds);
      }
      return row.id;
    });
    return { id, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two requests at once: the unique indexes let one in. Which index the other trips over is
    // the database's choice, so look for the key first.
    const winner = await findByClientKey(db, caller.id, body.clientKey);
    if (winner) return { id: replayOrRefuse(winner, taskId), created: false };
    throw conflict(TASK_MESSAGES.pendingExists);
  }
}

// ---- Reviewing ----

type AuditOutcome = 'done' | 'notFound' | 'reviewed' | 'own';

/**
 * Approves or rejects one pending submission. The UPDATE ... WHERE status = 'pending' decides who
 * wins when two reviewers act at once; the ledger's unique submission_id is the second guard.
 */
export async function auditSubmission(
  db: Db,
  caller: AuthUser,
  id: number,
  result: 'approved' | 'rejected',
  comment: string,
): Promise<AuditOutcome> {
  const [target] = await db
    .select({ userId: submissions.userId, status: submissions.status })
    .from(submissions)
    .where(and(eq(submissions.id, id), reviewScope(caller)));
  if (!target) return 'notFound';
  if (target.userId === caller.id) return 'own';
  if (target.status !== 'pending') return 'reviewed';
  let decided: boolean;
  try {
    decided = await approveOrReject(db, caller, id, result, comment);
  } catch (error) {
    if (isUniqueViolation(error)) return 'reviewed';
    throw error;
  }
  return decided ? 'done' : 'reviewed';
}

function approveOrReject(db: Db, caller: AuthUser, id: number, result: 'approved' | 'rejected', comment: string) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(submissions)
      .set({ status: result, reviewerId: caller.id, comment, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(submissions.id, id), eq(submissions.status, 'pending')))
      .returning({ userId: submissions.userId, taskId: submissions.taskId });
    if (!updated) return false;
    const [task] = await tx.select({ title: tasks.title, points: tasks.points }).from(tasks).where(eq(tasks.id, updated.taskId));
    await notifyReportReviewed(tx, { ...updated, taskTitle: task.title }, result, comment);
    if (result === 'approved') {
      // A task worth nothing leaves no entry: the ledger records points, not approvals.
      if (task.points !== 0) {
        await tx.insert(scoreLedger).values({
          userId: updated.userId,
          delta: task.points,
          reason: `完成任务「${task.title}」`,
          source: 'task',
          submissionId: id,
        });
        await tx
          .update(users)
          .set({ points: sql`${users.points} + ${task.points}` })
          .where(eq(users.id, updated.userId));
      }
    }
    return true;
  });
}

export function auditError(outcome: Exclude<AuditOutcome, 'done'>): AppError {
  if (outcome === 'notFound') return notFound('提交记录');
  if (outcome === 'own') return forbidden(TASK_MESSAGES.ownSubmission);
  return conflict(TASK_MESSAGES.alreadyReviewed);
}
