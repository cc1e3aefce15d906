import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type {
  MyTaskCounts,
  MyTaskDetail,
  MyTaskItem,
  MyTaskQuery,
  PublicTaskDetail,
  PublicTaskItem,
  PublicTaskQuery,
} from '../../../common/contracts/tasks';
import { type MyTaskState, type SubmissionStatus, TASK_ISSUED_STATES, TASK_MESSAGES, type TaskStatus } from '../../../common/constants';
import { MY_TASK_STATE_CASES, MY_TASK_STATE_OTHERWISE } from '../../../common/workflow';
import type { DbOrTx } from '../../db/client';
import { tasks } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { plainText } from '../../lib/sanitize';
import { containsPattern } from '../scope';
import type { AuthUser } from '../accounts/sessions';
import { ownSubmissions } from './submissions';
import { latestSubmission, TASK_ID, targetsArea, taskBasics, taskTargets } from './tasks';

/** Enough of the content to make a 120-character summary without reading whole documents. */
const CONTENT_HEAD = 4000;
const SUMMARY_LENGTH = 120;

const publicColumns = {
  ...taskBasics,
  deadline: tasks.deadline,
  status: tasks.status,
  publishedAt: tasks.publishedAt,
  contentHead: sql<string>`left(${tasks.content}, ${CONTENT_HEAD})`,
};

type PublicRow = {
  areas: number[];
  deadline: Date;
  status: TaskStatus;
  publishedAt: Date | null;
  contentHead: string;
};
function toPublicItem<T extends PublicRow>(row: T) {
  const { contentHead, ...rest } = row;
  return {
    ...rest,
    areas: row.areas.map(Number),
    status: row.status,
    deadline: row.deadline.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    summary: plainText(contentHead, SUMMARY_LENGTH),
  };
}

// Open tasks before closed ones (the public list then takes the latest published, my tasks the nearest deadline).
const OPEN_FIRST = sql`case when ${tasks.status} = 'published' then 0 else 1 end`;

// ---- Public reading ----

export async function listPublicTasks(db: DbOrTx, query: PublicTaskQuery): Promise<PageResult<PublicTaskItem>> {
  const conditions: Array<SQL | undefined> = [inArray(tasks.status, [...TASK_ISSUED_STATES])];
  if (query.category) conditions.push(eq(tasks.category, query.category));
  if (query.title?.trim()) conditions.push(ilike(tasks.title, containsPattern(query.title.trim())));
  if (query.area) conditions.push(targetsArea(query.area));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(publicColumns)
      .from(tasks)
      .where(where)
      .orderBy(OPEN_FIRST, desc(tasks.publishedAt), desc(tasks.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(tasks).where(where),
  ]);
  return { list: rows.map(toPublicItem), total, current: query.current, pageSize: query.pageSize };
}

export async function publicTask(db: DbOrTx, id: number): Promise<PublicTaskDetail> {
  const [row] = await db
    .select({ ...publicColumns, content: tasks.content })
    .from(tasks)
    .where(and(eq(tasks.id, id), inArray(tasks.status, [...TASK_ISSUED_STATES])));
  if (!row) throw notFound('任务');
  return { ...toPublicItem(row), content: row.content };
}

// ---- The caller's tasks ----

/** A state's name as an SQL literal (the names are common/'s constants, never input). */
const literal = (value: string) => sql.raw(`'${value}'`);

/** The caller's state for a task: common/workflow.ts's cases as one SQL case expression. */
function stateOf(latest: ReturnType<typeof latestSubmission>) {
  const cases = MY_TASK_STATE_CASES.map((c) => {
    const conditions: SQL[] = [];
    if (c.task) conditions.push(sql`${tasks.status} = ${literal(c.task)}`);
    if (c.latest) conditions.push(sql`${latest.status} = ${literal(c.latest)}`);
    return sql`when ${sql.join(conditions, sql` and `)} then ${literal(c.state)}`;
  });
  return sql<MyTaskState>`(case ${sql.join(cases, sql` `)} else ${literal(MY_TASK_STATE_OTHERWISE)} end)`;
}

function myTaskSource(db: DbOrTx, caller: AuthUser) {
  // The caller's latest submission to each task, beside the task.
  const latest = latestSubmission(db, TASK_ID, caller.id);
  const state = stateOf(latest);
  const base = and(inArray(tasks.status, [...TASK_ISSUED_STATES]), taskTargets(caller));
  return { latest, state, base };
}

type LatestRow = {
  id: number | null;
  status: SubmissionStatus | null;
  late: boolean | null;
  comment: string | null;
  createdAt: Date | null;
  reviewedAt: Date | null;
};
// drizzle answers a left-joined object whose fields are all null as null; a submission always has a status.
const toSubmissionSummary = (latest: LatestRow | null) =>
  !latest || latest.id === null || latest.status === null
    ? null
    : {
        id: latest.id,
        status: latest.status,
        late: latest.late ?? false,
        comment: latest.comment ?? '',
        createdAt: (latest.createdAt as Date).toISOString(),
        reviewedAt: latest.reviewedAt ? latest.reviewedAt.toISOString() : null,
      };

export async function listMyTasks(db: DbOrTx, caller: AuthUser, query: MyTaskQuery): Promise<PageResult<MyTaskItem>> {
  const { latest, state, base } = myTaskSource(db, caller);
  const stateFilter = query.state ? sql`${state} = ${query.state}` : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...publicColumns, state, latest: latestFields(latest) })
      .from(tasks)
      .leftJoinLateral(latest, sql`true`)
      .where(and(base, stateFilter))
      .orderBy(OPEN_FIRST, asc(tasks.deadline), desc(tasks.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(tasks)
      .leftJoinLateral(latest, sql`true`)
      .where(and(base, stateFilter)),
  ]);
  return {
    list: rows.map(({ latest: latestRow, state: rowState, ...row }) => ({
      ...toPublicItem(row),
      state: rowState,
      submission: toSubmissionSummary(latestRow),
    })),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

function latestFields(latest: ReturnType<typeof latestSubmission>) {
  return {
    id: latest.id,
    status: latest.status,
    late: latest.late,
    comment: latest.comment,
    createdAt: latest.createdAt,
    reviewedAt: latest.reviewedAt,
  };
}

export async function myTaskCounts(db: DbOrTx, caller: AuthUser): Promise<MyTaskCounts> {
  const { latest, state, base } = myTaskSource(db, caller);
  const countOf = (value: MyTaskState) => sql<number>`(count(*) filter (where ${state} = ${value}))::int`.mapWith(Number);
  const [row] = await db
    .select({
      todo: countOf('todo'),
      pending: countOf('pending'),
      approved: countOf('approved'),
      rejected: countOf('rejected'),
      missed: countOf('missed'),
    })
    .from(tasks)
    .leftJoinLateral(latest, sql`true`)
    .where(base);
  return row;
}

/** One of the caller's tasks with all their submissions: 404 for drafts and unknown ids, 403 when not theirs. */
export async function myTask(db: DbOrTx, caller: AuthUser, id: number): Promise<MyTaskDetail> {
  const [task] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
  if (!task || task.status === 'draft') throw notFound('任务');
  const { latest, state, base } = myTaskSource(db, caller);
  const [row] = await db
    .select({ ...publicColumns, content: tasks.content, fields: tasks.fields, state, latest: latestFields(latest) })
    .from(tasks)
    .leftJoinLateral(latest, sql`true`)
    .where(and(eq(tasks.id, id), base));
  if (!row) throw forbidden(TASK_MESSAGES.notYourTask);
  const { latest: latestRow, state: rowState, content, fields, ...rest } = row;
  return {
    ...toPublicItem(rest),
    content,
    fields,
    state: rowState,
    submission: toSubmissionSummary(latestRow),
    submissions: await ownSubmissions(db, id, caller.id),
  };
}
