import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  CompletionArea,
  CompletionPeopleQuery,
  CompletionPerson,
  TaskBody,
  TaskCompletion,
  TaskDetail,
  TaskItem,
  TaskListQuery,
  TaskFormOptions,
  TaskFormOptionsQuery,
} from '../../../common/contracts/tasks';
import type { PageResult } from '../../../common/contracts/base';
import {
  type SubmissionStatus,
  TASK_ISSUED_STATES,
  TASK_ROLE_CODES,
  TASK_STATUS_ISSUED,
  type TaskStatus,
  USER_NOTICE_TEXTS,
} from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { areas, groups, roles, submissions, taskAreas, taskGroups, tasks, userGroups, users } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { isBlankRichText, sanitizeRichText } from '../../lib/sanitize';
import { containsPattern, inScope, reachesTown, scopeCondition } from '../scope';
import { taskDocument } from '../../db/searchText';
import { keywordHolds } from '../search/textMatch';
import type { AuthUser } from '../accounts/sessions';
import { countedTotal } from '../reports/rowCounts';
import { markUploadsUsed } from '../uploads/uploadRefs';
import { assertActiveAreas, listAreas } from '../system/areas';
import { notifyUsers, townshipTime } from '../people/userNotices';
import { fieldDefinitionProblem, roundFigure, type TaskField } from '../../../common/taskFields';

// ---- Who a task targets (docs/decisions/0006-who-a-task-targets.md) ----

export const isTaskRole = (roleCode: string) => (TASK_ROLE_CODES as readonly string[]).includes(roleCode);

/** "tasks"."id" written out: drizzle writes a bare "id" for a column of a single-table select. */
export const TASK_ID = sql`${tasks}.${sql.identifier(tasks.id.name)}`;
const USER_ID = sql`${users}.${sql.identifier(users.id.name)}`;

/** Condition on "tasks": the task targets this area. */
export const targetsArea = (area: number) =>
  sql`exists (select 1 from ${taskAreas} where ${taskAreas.taskId} = ${TASK_ID} and ${taskAreas.area} = ${area})`;

/**
 * Condition on "users": targeted by the task whose id is `taskId` (a value or the outer column).
 * Active, a task role, living in one of its areas, and in one of its groups when it has any.
 */
export function userTargetedBy(taskId: number | SQL): SQL {
  return sql`(${users.status} = 'active'
    and exists (select 1 from ${roles} where ${roles.id} = ${users.roleId} and ${inArray(roles.code, [...TASK_ROLE_CODES])})
    and exists (select 1 from ${taskAreas} where ${taskAreas.taskId} = ${taskId} and ${taskAreas.area} = ${users.area})
    and (not exists (select 1 from ${taskGroups} where ${taskGroups.taskId} = ${taskId})
      or exists (select 1 from ${taskGroups} inner join ${userGroups} on ${userGroups.groupId} = ${taskGroups.groupId}
        where ${taskGroups.taskId} = ${taskId} and ${userGroups.userId} = ${USER_ID})))`;
}

interface Targetable {
  id: number;
  area: number | null;
  roleCode: string;
}

/** Condition on "tasks": the task targets this (signed-in, hence active) user. */
export function taskTargets(user: Targetable): SQL {
  if (!isTaskRole(user.roleCode) || user.area === null) return sql`false`;
  return sql`(${targetsArea(user.area)}
    and (not exists (select 1 from ${taskGroups} where ${taskGroups.taskId} = ${TASK_ID})
      or exists (select 1 from ${taskGroups} inner join ${userGroups} on ${userGroups.groupId} = ${taskGroups.groupId}
        where ${taskGroups.taskId} = ${TASK_ID} and ${userGroups.userId} = ${user.id})))`;
}

export async function isTargeted(db: DbOrTx, taskId: number, user: Targetable): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), taskTargets(user)));
  return !!row;
}

// ---- Data scope of task managers ----

/** Which tasks a manager sees: all, those targeting their area, or those they published. */
export const taskReadScope = (caller: AuthUser): SQL | undefined => scopeCondition(caller, { area: targetsArea, owner: tasks.publisherId });

/** An area-scoped manager changes only tasks aimed at their own area alone, so a town-wide task stays the centre's. */
const canWriteTask = (caller: AuthUser, task: { areas: number[]; publisherId: number }): boolean =>
  inScope(caller, { area: (area) => task.areas.every((a) => a === area), owner: task.publisherId });

// ---- Reading tasks ----

/**
 * A user's latest submission to a task, for a lateral join: the task or the user is the outer row's
 * (a task list beside one user, or the targeted users beside one task).
 */
export function latestSubmission(db: DbOrTx, taskId: number | SQL, userId: number | SQL) {
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      late: submissions.late,
      comment: submissions.comment,
      createdAt: submissions.createdAt,
      reviewedAt: submissions.reviewedAt,
    })
    .from(submissions)
    .where(and(eq(submissions.taskId, taskId), eq(submissions.userId, userId)))
    .orderBy(desc(submissions.id))
    .limit(1)
    .as('latest');
}

const sub = (query: SQL) => sql`(${query})`;
/** The task's target areas, in order (a column of a select from "tasks"). */
const areasOfTask = sql<number[]>`${sub(
  sql`select coalesce(array_agg(${taskAreas.area}::int order by ${taskAreas.area}), '{}'::int[]) from ${taskAreas} where ${taskAreas.taskId} = ${TASK_ID}`,
)}`;
const groupIdsOfTask = sql<number[]>`${sub(
  sql`select coalesce(array_agg(${taskGroups.groupId} order by ${taskGroups.groupId}), '{}'::int[]) from ${taskGroups} where ${taskGroups.taskId} = ${TASK_ID}`,
)}`;
const submissionCount = (status: SubmissionStatus) =>
  sql<number>`${sub(
    sql`select count(*)::int from ${submissions} where ${submissions.taskId} = ${TASK_ID} and ${submissions.status} = ${status}`,
  )}`.mapWith(Number);

/** What every list of tasks shows of one (admin, public and my tasks). */
export const taskBasics = {
  id: tasks.id,
  title: tasks.title,
  category: tasks.category,
  template: tasks.template,
  imageNum: tasks.imageNum,
  points: tasks.points,
  areas: areasOfTask,
};

const taskItemColumns = {
  ...taskBasics,
  groupIds: groupIdsOfTask,
  deadline: tasks.deadline,
  status: tasks.status,
  publisherId: tasks.publisherId,
  publisherName: users.name,
  publishedAt: tasks.publishedAt,
  closedAt: tasks.closedAt,
  createdAt: tasks.createdAt,
  pendingCount: submissionCount('pending'),
  approvedCount: submissionCount('approved'),
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type TaskItemRow = {
  deadline: Date;
  status: TaskStatus;
  publishedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  areas: number[];
  groupIds: number[];
};
const toTaskItem = <T extends TaskItemRow>(row: T) => ({
  ...row,
  areas: row.areas.map(Number),
  groupIds: row.groupIds.map(Number),
  status: row.status,
  deadline: row.deadline.toISOString(),
  publishedAt: iso(row.publishedAt),
  closedAt: iso(row.closedAt),
  createdAt: row.createdAt.toISOString(),
});

const selectTaskItems = (db: DbOrTx) => db.select(taskItemColumns).from(tasks).innerJoin(users, eq(users.id, tasks.publisherId));

const SORT_COLUMNS: Record<NonNullable<TaskListQuery['sortField']>, PgColumn> = {
  createdAt: tasks.createdAt,
  deadline: tasks.deadline,
  publishedAt: tasks.publishedAt,
};

/** The town-wide list filtered by status and category at most takes its total from row_counts; others count. */
async function taskTotal(db: DbOrTx, caller: AuthUser, query: TaskListQuery, where: SQL | undefined): Promise<[{ total: number }]> {
  const plain = !query.title?.trim() && !query.area && !query.from && !query.to;
  if (plain && reachesTown(caller)) {
    const statuses = query.status === TASK_STATUS_ISSUED ? TASK_ISSUED_STATES : [query.status];
    let total = 0;
    for (const status of statuses) total += await countedTotal(db, 'tasks', { status, category: query.category });
    return [{ total }];
  }
  const [row] = await db.select({ total: count() }).from(tasks).where(where);
  return [row];
}

export async function listTasks(db: DbOrTx, caller: AuthUser, query: TaskListQuery): Promise<PageResult<TaskItem>> {
  const conditions: Array<SQL | undefined> = [taskReadScope(caller)];
  conditions.push(keywordHolds(taskDocument(tasks), query.title, sql`${tasks.title}`));
  if (query.category) conditions.push(eq(tasks.category, query.category));
  if (query.status === TASK_STATUS_ISSUED) conditions.push(inArray(tasks.status, [...TASK_ISSUED_STATES]));
  else if (query.status) conditions.push(eq(tasks.status, query.status));
  if (query.area) conditions.push(targetsArea(query.area));
  if (query.from) conditions.push(gte(tasks.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(tasks.createdAt, new Date(query.to)));
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sortField ?? 'createdAt'];
  // Drafts have no publishedAt: they go last whichever way the list is sorted. Only that column
  // says `nulls last`: on the not-null ones it would stop PostgreSQL walking the index backwards.
  const nulls = query.sortField === 'publishedAt' ? sql` nulls last` : sql``;
  const order = query.sortOrder === 'ascend' ? sql`${column} asc${nulls}` : sql`${column} desc${nulls}`;
  const [rows, [{ total }]] = await Promise.all([
    // The page's ids first, then their columns: the per-task subqueries run for 10 rows, not for every skipped one.
    selectTaskItems(db)
      .where(
        inArray(
          tasks.id,
          db
            .select({ id: tasks.id })
            .from(tasks)
            .where(where)
            .orderBy(order, desc(tasks.id))
            .limit(query.pageSize)
            .offset((query.current - 1) * query.pageSize),
        ),
      )
      .orderBy(order, desc(tasks.id)),
    taskTotal(db, caller, query, where),
  ]);
  return { list: rows.map(toTaskItem), total, current: query.current, pageSize: query.pageSize };
}

/** The task with its content and groups, or undefined when absent or outside the caller's scope. */
async function getTaskDetail(db: DbOrTx, id: number, caller?: AuthUser): Promise<TaskDetail | undefined> {
  const [row] = await db
    .select({ ...taskItemColumns, content: tasks.content, fields: tasks.fields })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.publisherId))
    .where(and(eq(tasks.id, id), caller ? taskReadScope(caller) : undefined));
  if (!row) return undefined;
  const taskGroupRows = await db
    .select({ id: groups.id, name: groups.name })
    .from(taskGroups)
    .innerJoin(groups, eq(groups.id, taskGroups.groupId))
    .where(eq(taskGroups.taskId, id))
    .orderBy(asc(groups.id));
  return { ...toTaskItem(row), groups: taskGroupRows };
}

export async function taskDetailOrFail(db: DbOrTx, id: number, caller?: AuthUser): Promise<TaskDetail> {
  const detail = await getTaskDetail(db, id, caller);
  if (!detail) throw notFound('任务');
  return detail;
}

/** A task the caller may change: 404 when they cannot see it, 403 when it reaches beyond their area. */
async function loadWritableTask(db: DbOrTx, caller: AuthUser, id: number) {
  const [row] = await db
    .select({ id: tasks.id, status: tasks.status, deadline: tasks.deadline, publisherId: tasks.publisherId, areas: areasOfTask })
    .from(tasks)
    .where(and(eq(tasks.id, id), taskReadScope(caller)));
  if (!row) throw notFound('任务');
  const task = { ...row, areas: row.areas.map(Number), status: row.status };
  if (!canWriteTask(caller, task)) throw forbidden('只能管理仅派发到本村（社区）的任务');
  return task;
}

/** How many recent tasks with images the task form's suggested image rule is taken from. */
/** The task form's choices: the groups a task can target (by name, with member counts). */
export async function taskFormOptions(db: DbOrTx, query: TaskFormOptionsQuery): Promise<TaskFormOptions> {
  const where = query.groupName?.trim() ? ilike(groups.name, containsPattern(query.groupName.trim())) : undefined;
  // The outer column is qualified by hand: drizzle writes ${groups.id} as a bare "id" in a subquery.
  const memberCount = sql<number>`(select count(*)::int from ${userGroups} where ${userGroups.groupId} = ${groups}.${sql.identifier(groups.id.name)})`;
  const groupRows = await db
    .select({ id: groups.id, name: groups.name, memberCount })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(query.groupLimit);
  const [{ total }] = await db.select({ total: count() }).from(groups).where(where);
  return { groups: groupRows, groupTotal: total };
}

// ---- Writing tasks ----

async function assertTaskGroupsExist(db: DbOrTx, groupIds: number[]) {
  if (!groupIds.length) return;
  const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
  if (found.length !== new Set(groupIds).size) throw badRequest('groupIds', '目标分组', '所选分组不存在，请刷新后重新选择');
}

function assertTaskAreasAllowed(caller: AuthUser, targetAreas: number[]) {
  if (!canWriteTask(caller, { areas: targetAreas, publisherId: caller.id })) {
    throw badRequest('areas', '目标区域', '只能向本村（社区）派发任务');
  }
}

async function setTaskTargets(db: DbOrTx, taskId: number, targetAreas: number[], groupIds: number[]) {
  await db.delete(taskAreas).where(eq(taskAreas.taskId, taskId));
  await db.delete(taskGroups).where(eq(taskGroups.taskId, taskId));
  await db.insert(taskAreas).values([...new Set(targetAreas)].map((area) => ({ taskId, area })));
  const uniqueGroups = [...new Set(groupIds)];
  if (uniqueGroups.length) await db.insert(taskGroups).values(uniqueGroups.map((groupId) => ({ taskId, groupId })));
}

/**
 * The form fields as kept: trimmed, with only what their type uses, each checked against those
 * before it (common/taskFields.ts); a wrong one is a 400 naming it (fields.N.…).
 */
function taskFields(fields: TaskBody['fields']): TaskField[] {
  const kept: TaskField[] = [];
  (fields ?? []).forEach((field, index) => {
    const base = { key: field.key, label: field.label.trim(), type: field.type, required: field.required ?? true };
    const clean: TaskField =
      field.type === 'number'
        ? { ...base, unit: field.unit?.trim() ?? '', min: field.min ?? null, max: field.max ?? null, decimals: field.decimals ?? 0 }
        : field.type === 'choice'
          ? { ...base, options: (field.options ?? []).map((o) => o.trim()) }
          : base;
    const problem = fieldDefinitionProblem(clean, kept);
    if (problem) throw badRequest(`fields.${index}.${problem.part}`, `填报字段第${index + 1}项`, problem.message);
    kept.push(clean);
  });
  return kept;
}

/** The checked values of a task form: targets the caller may reach, groups that exist, sanitised content. */
async function taskValues(db: DbOrTx, caller: AuthUser, body: TaskBody) {
  const fields = taskFields(body.fields);
  assertTaskAreasAllowed(caller, body.areas);
  await assertActiveAreas(db, body.areas, 'areas', '目标区域');
  await assertTaskGroupsExist(db, body.groupIds ?? []);
  const content = sanitizeRichText(body.content);
  // Refused when nothing visible is left of it.
  if (isBlankRichText(content)) throw badRequest('content', '任务内容', '不能为空');
  await markUploadsUsed(db, { html: content }, 'public');
  return {
    title: body.title.trim(),
    category: body.category,
    content,
    template: body.template,
    imageNum: body.imageNum,
    points: body.points,
    deadline: new Date(body.deadline),
    fields,
  };
}

// What each state answers to a change it does not allow.
const REFUSALS: Record<'edit' | 'delete' | 'publish' | 'close', Partial<Record<TaskStatus, string>>> = {
  edit: { published: '任务已发布，不能再修改', closed: '任务已关闭，不能再修改' },
  delete: { published: '任务已发布，不能删除，请改为关闭', closed: '任务已关闭，不能删除' },
  publish: { published: '任务已发布，请勿重复发布', closed: '任务已关闭，不能再发布' },
  close: { draft: '草稿任务不能关闭，请直接删除或先发布', closed: '任务已关闭，请勿重复操作' },
};
const refusal = (action: keyof typeof REFUSALS, status: TaskStatus) =>
  new AppError(409, REFUSALS[action][status] ?? '任务状态已变化，请刷新后重试');

const DEADLINE_PASSED = '截止时间已过，请改为晚于当前的时间';

/** Re-reads the state after a conditional update found nothing to change: someone else moved it. */
async function currentStatus(db: DbOrTx, id: number): Promise<TaskStatus | undefined> {
  const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
  return row?.status;
}

/** Creates a draft; answers its id. */
export async function createTask(db: Db, caller: AuthUser, body: TaskBody): Promise<number> {
  const values = await taskValues(db, caller, body);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({ ...values, status: 'draft', publisherId: caller.id })
      .returning({ id: tasks.id });
    await setTaskTargets(tx, created.id, body.areas, body.groupIds ?? []);
    return created.id;
  });
}

/** Changes a draft. */
export async function updateTask(db: Db, caller: AuthUser, id: number, body: TaskBody): Promise<void> {
  const task = await loadWritableTask(db, caller, id);
  if (task.status !== 'draft') throw refusal('edit', task.status);
  const values = await taskValues(db, caller, body);
  const changed = await db.transaction(async (tx) => {
    // Only while still a draft: a publish that slipped in between wins.
    const updated = await tx
      .update(tasks)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(tasks.id, id), eq(tasks.status, 'draft')))
      .returning({ id: tasks.id });
    if (!updated.length) return false;
    await setTaskTargets(tx, id, body.areas, body.groupIds ?? []);
    return true;
  });
  if (!changed) throw refusal('edit', (await currentStatus(db, id)) ?? 'draft');
}

/** Deletes a draft. */
export async function deleteTask(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  const task = await loadWritableTask(db, caller, id);
  if (task.status !== 'draft') throw refusal('delete', task.status);
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.status, 'draft')))
    .returning({ id: tasks.id });
  if (!deleted.length) throw refusal('delete', (await currentStatus(db, id)) ?? 'draft');
}

const WEEK_MS = 7 * 86400_000;

/**
 * 复制任务: a new draft of the caller's with everything the task asks (title, category, content,
 * template, points, form fields, villages still active, groups), never its reports or repetition.
 * A deadline already past moves on by whole weeks, keeping its weekday and time, to the first one
 * ahead. Answers the new draft's id.
 */
export async function copyTask(db: Db, caller: AuthUser, id: number, now = Date.now()): Promise<number> {
  await loadWritableTask(db, caller, id);
  const [source] = await db
    .select({
      title: tasks.title,
      category: tasks.category,
      content: tasks.content,
      template: tasks.template,
      imageNum: tasks.imageNum,
      points: tasks.points,
      deadline: tasks.deadline,
      fields: tasks.fields,
      areas: areasOfTask,
      groupIds: groupIdsOfTask,
    })
    .from(tasks)
    .where(eq(tasks.id, id));
  const active = new Set((await listAreas(db)).filter((a) => a.active).map((a) => a.id));
  const targetAreas = source.areas.map(Number).filter((area) => active.has(area));
  if (!targetAreas.length) throw new AppError(409, '原任务的目标区域都已撤销，请新建任务');
  let deadline = source.deadline.getTime();
  if (deadline <= now) deadline += Math.ceil((now - deadline + 1) / WEEK_MS) * WEEK_MS;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({
        title: source.title,
        category: source.category,
        content: source.content,
        template: source.template,
        imageNum: source.imageNum,
        points: source.points,
        fields: source.fields,
        deadline: new Date(deadline),
        status: 'draft',
        publisherId: caller.id,
      })
      .returning({ id: tasks.id });
    await setTaskTargets(tx, created.id, targetAreas, source.groupIds.map(Number));
    await markUploadsUsed(tx, { html: source.content }, 'public');
    return created.id;
  });
}

/** Publishes a draft whose deadline is still ahead; everyone it targets is told in the same transaction. */
export async function publishTask(db: Db, caller: AuthUser, id: number): Promise<void> {
  const task = await loadWritableTask(db, caller, id);
  if (task.status !== 'draft') throw refusal('publish', task.status);
  if (task.deadline.getTime() <= Date.now()) throw badRequest('deadline', '截止时间', DEADLINE_PASSED);
  await db.transaction(async (tx) => {
    const [published] = await tx
      .update(tasks)
      .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(tasks.id, id), eq(tasks.status, 'draft'), gt(tasks.deadline, sql`now()`)))
      .returning({ id: tasks.id, title: tasks.title, deadline: tasks.deadline });
    if (!published) {
      const status = await currentStatus(tx, id);
      if (status === 'draft') throw badRequest('deadline', '截止时间', DEADLINE_PASSED);
      throw refusal('publish', status ?? 'closed');
    }
    await notifyUsers(tx, userTargetedBy(id), {
      kind: 'taskPublished',
      taskId: id,
      ...USER_NOTICE_TEXTS.taskPublished(published.title, townshipTime(published.deadline)),
    });
  });
}

/** Closes a published task: it stops taking submissions. */
export async function closeTask(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  const task = await loadWritableTask(db, caller, id);
  if (task.status !== 'published') throw refusal('close', task.status);
  const closed = await db
    .update(tasks)
    .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'published')))
    .returning({ id: tasks.id });
  if (!closed.length) throw refusal('close', (await currentStatus(db, id)) ?? 'closed');
}

// ---- Completion ----

/**
 * A task's completion is counted whole for the town and for its publisher (the task is theirs);
 * an area reach counts its own area's part (docs/product.md §10).
 */
const completionAreas = (caller: AuthUser, task: { areas: number[]; publisherId: number }) =>
  task.areas.filter((area) => inScope(caller, { area, owner: task.publisherId }));

const rate = (approved: number, targeted: number) => (targeted ? Math.round((approved / targeted) * 10000) / 10000 : 0);

export async function taskCompletion(db: DbOrTx, caller: AuthUser, id: number): Promise<TaskCompletion> {
  const detail = await taskDetailOrFail(db, id, caller);
  const { content: _content, groups: _groups, ...task } = detail;
  const latest = latestSubmission(db, id, USER_ID);
  const shownAreas = completionAreas(caller, task);
  const figures = await db
    .select({
      area: users.area,
      targeted: sql<number>`count(*)::int`.mapWith(Number),
      submitted: sql<number>`count(${latest.id})::int`.mapWith(Number),
      approved: sql<number>`(count(*) filter (where ${latest.status} = 'approved'))::int`.mapWith(Number),
    })
    .from(users)
    .leftJoinLateral(latest, sql`true`)
    .where(and(userTargetedBy(id), inArray(users.area, shownAreas)))
    .groupBy(users.area);
  const byArea = new Map(figures.map((f) => [f.area, f]));
  const numberFields = detail.fields.filter((f) => f.type === 'number');
  const sums = await fieldSums(db, id, numberFields, shownAreas);
  const names = shownAreas.length
    ? await db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, shownAreas))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rows: CompletionArea[] = shownAreas.map((area) => {
    const f = byArea.get(area);
    const targeted = f?.targeted ?? 0;
    const approved = f?.approved ?? 0;
    return {
      area,
      areaName: nameOf.get(area) ?? '',
      targeted,
      submitted: f?.submitted ?? 0,
      approved,
      rate: rate(approved, targeted),
      values: numberFields.map((field) =>
        figureOf(
          field.key,
          sums.filter((r) => r.area === area && r.key === field.key),
        ),
      ),
    };
  });
  const sum = (key: 'targeted' | 'submitted' | 'approved') => rows.reduce((s, r) => s + r[key], 0);
  const total = {
    targeted: sum('targeted'),
    submitted: sum('submitted'),
    approved: sum('approved'),
    rate: rate(sum('approved'), sum('targeted')),
    values: numberFields.map((field) =>
      figureOf(
        field.key,
        sums.filter((r) => r.key === field.key),
      ),
    ),
  };
  return { task, fields: detail.fields, areas: rows, total };
}

type FieldSumRow = { area: number; key: string; count: number; sum: number };

/**
 * The number fields of one task's approved reports per village: how many gave each and their sum,
 * summed exactly in numeric. A task has at most a few hundred reports, read on (task, status).
 */
export async function fieldSums(db: DbOrTx, taskId: number | SQL, fields: TaskField[], inAreas: number[]): Promise<FieldSumRow[]> {
  if (!fields.length || !inAreas.length) return [];
  const keys = fields.map((f) => f.key);
  const rows = await db
    .select({
      area: submissions.area,
      key: sql<string>`k.key`,
      count: sql<number>`count(*)::int`.mapWith(Number),
      sum: sql<string>`sum((k.value #>> '{}')::numeric)::text`,
    })
    .from(submissions)
    .innerJoin(sql`jsonb_each(${submissions.values}) as k(key, value)`, sql`jsonb_typeof(k.value) = 'number'`)
    .where(
      and(
        eq(submissions.taskId, taskId),
        eq(submissions.status, 'approved'),
        inArray(submissions.area, inAreas),
        inArray(sql`k.key`, keys),
      ),
    )
    .groupBy(submissions.area, sql`k.key`);
  return rows.map((r) => ({ ...r, sum: Number(r.sum) }));
}

/** One field's figure from its per-village rows: the count, the sum and the average, two decimals at most. */
export function figureOf(key: string, rows: Array<{ count: number; sum: number }>) {
  const count = rows.reduce((n, r) => n + r.count, 0);
  const total = rows.reduce((n, r) => n + r.sum, 0);
  return { key, count, sum: roundFigure(total), average: count ? roundFigure(total / count) : null };
}

export async function completionPeople(
  db: DbOrTx,
  caller: AuthUser,
  id: number,
  query: CompletionPeopleQuery,
): Promise<PageResult<CompletionPerson>> {
  const task = await taskDetailOrFail(db, id, caller);
  const latest = latestSubmission(db, id, USER_ID);
  const conditions: Array<SQL | undefined> = [userTargetedBy(id), inArray(users.area, completionAreas(caller, task))];
  if (query.area) conditions.push(eq(users.area, query.area));
  if (query.state === 'not_submitted') conditions.push(sql`${latest.id} is null`);
  else if (query.state) conditions.push(eq(latest.status, query.state));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        account: users.account,
        phone: users.phone,
        area: users.area,
        areaName: areas.name,
        submissionId: latest.id,
        status: latest.status,
        late: latest.late,
        submittedAt: latest.createdAt,
      })
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .leftJoin(areas, eq(areas.id, users.area))
      .where(where)
      // Who has not submitted comes first: that is whom the centre needs to call.
      .orderBy(sql`${latest.id} is not null`, asc(users.area), asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(users)
      .leftJoinLateral(latest, sql`true`)
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      area: row.area ?? 0,
      areaName: row.areaName ?? '',
      status: row.status ?? null,
      late: row.late ?? false,
      submittedAt: iso(row.submittedAt),
    })),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}
