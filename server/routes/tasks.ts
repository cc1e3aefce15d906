import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, gt, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import {
  CompletionPeopleQuery,
  CompletionPerson,
  TaskBody,
  TaskCompletion,
  TaskDetail,
  TaskItem,
  TaskListQuery,
  TaskFormOptions,
  TaskFormOptionsQuery,
} from '../../common/contracts/tasks';
import type { TaskStatus } from '../../common/constants';
import { tasks } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { isBlankRichText, sanitizeRichText } from '../services/sanitize';
import { markUploadsUsed } from '../services/uploadRefs';
import type { AuthUser } from '../services/sessions';
import {
  assertTaskAreasAllowed,
  assertTaskGroupsExist,
  completionPeople,
  listTasks,
  loadWritableTask,
  setTaskTargets,
  taskFormOptions,
  taskCompletion,
  taskDetailOrFail,
  taskValues,
} from '../services/tasks';

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

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'taskManage' as const };
  const tags = ['tasks'];

  /** The sanitised content, refused when nothing visible is left of it. */
  function cleanContent(html: string) {
    const content = sanitizeRichText(html);
    if (isBlankRichText(content)) throw badRequest('content', '任务内容', '不能为空');
    return content;
  }

  async function prepare(caller: AuthUser, body: TaskBody) {
    assertTaskAreasAllowed(caller, body.areas);
    await assertTaskGroupsExist(db, body.groupIds ?? []);
    const content = cleanContent(body.content);
    await markUploadsUsed(db, { html: content }, 'public');
    return taskValues(body, content);
  }

  /** Re-reads the state after a conditional update found nothing to change: someone else moved it. */
  async function currentStatus(id: number): Promise<TaskStatus | undefined> {
    const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id));
    return row?.status as TaskStatus | undefined;
  }

  app.get(
    '/tasks',
    { config: access, schema: { tags, summary: '任务列表', querystring: TaskListQuery, response: replies(Page(TaskItem)) } },
    async (request) => ok(await listTasks(db, requireUser(request), request.query)),
  );

  // Static, so it wins over /tasks/:id. The task form needs the groups without user management's rights.
  app.get(
    '/tasks/form-options',
    {
      config: access,
      schema: {
        tags,
        summary: '发布任务表单的选项（可派发的分组、常用图片数量）',
        querystring: TaskFormOptionsQuery,
        response: replies(TaskFormOptions),
      },
    },
    async (request) => ok(await taskFormOptions(db, request.query)),
  );

  app.get(
    '/tasks/:id',
    { config: access, schema: { tags, summary: '任务详情', params: IdParams, response: replies(TaskDetail) } },
    async (request) => ok(await taskDetailOrFail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/tasks',
    { config: access, schema: { tags, summary: '新建任务（草稿）', body: TaskBody, response: replies(TaskDetail) } },
    async (request) => {
      const caller = requireUser(request);
      const values = await prepare(caller, request.body);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(tasks)
          .values({ ...values, status: 'draft', publisherId: caller.id })
          .returning({ id: tasks.id });
        await setTaskTargets(tx, created.id, request.body.areas, request.body.groupIds ?? []);
        return created.id;
      });
      request.createdId = String(id);
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.put(
    '/tasks/:id',
    {
      config: access,
      schema: { tags, summary: '修改任务（仅草稿）', params: IdParams, body: TaskBody, response: replies(TaskDetail) },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      const task = await loadWritableTask(db, caller, id);
      if (task.status !== 'draft') throw refusal('edit', task.status);
      const values = await prepare(caller, request.body);
      const changed = await db.transaction(async (tx) => {
        // Only while still a draft: a publish that slipped in between wins.
        const updated = await tx
          .update(tasks)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(tasks.id, id), eq(tasks.status, 'draft')))
          .returning({ id: tasks.id });
        if (!updated.length) return false;
        await setTaskTargets(tx, id, request.body.areas, request.body.groupIds ?? []);
        return true;
      });
      if (!changed) throw refusal('edit', (await currentStatus(id)) ?? 'draft');
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.delete(
    '/tasks/:id',
    { config: access, schema: { tags, summary: '删除任务（仅草稿）', params: IdParams, response: replies() } },
    async (request) => {
      const { id } = request.params;
      const task = await loadWritableTask(db, requireUser(request), id);
      if (task.status !== 'draft') throw refusal('delete', task.status);
      const deleted = await db
        .delete(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.status, 'draft')))
        .returning({ id: tasks.id });
      if (!deleted.length) throw refusal('delete', (await currentStatus(id)) ?? 'draft');
      return { code: 200 as const, message: '任务已删除' };
    },
  );

  app.post(
    '/tasks/:id/publish',
    { config: access, schema: { tags, summary: '发布任务', params: IdParams, response: replies(TaskDetail) } },
    async (request) => {
      const { id } = request.params;
      const task = await loadWritableTask(db, requireUser(request), id);
      if (task.status !== 'draft') throw refusal('publish', task.status);
      if (task.deadline.getTime() <= Date.now()) throw badRequest('deadline', '截止时间', DEADLINE_PASSED);
      const published = await db
        .update(tasks)
        .set({ status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'draft'), gt(tasks.deadline, sql`now()`)))
        .returning({ id: tasks.id });
      if (!published.length) {
        const status = await currentStatus(id);
        if (status === 'draft') throw badRequest('deadline', '截止时间', DEADLINE_PASSED);
        throw refusal('publish', status ?? 'closed');
      }
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.post(
    '/tasks/:id/close',
    { config: access, schema: { tags, summary: '关闭任务（停止接收提交）', params: IdParams, response: replies(TaskDetail) } },
    async (request) => {
      const { id } = request.params;
      const task = await loadWritableTask(db, requireUser(request), id);
      if (task.status !== 'published') throw refusal('close', task.status);
      const closed = await db
        .update(tasks)
        .set({ status: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'published')))
        .returning({ id: tasks.id });
      if (!closed.length) throw refusal('close', (await currentStatus(id)) ?? 'closed');
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.get(
    '/tasks/:id/completion',
    {
      config: access,
      schema: { tags, summary: '任务完成情况（按区域统计）', params: IdParams, response: replies(TaskCompletion) },
    },
    async (request) => ok(await taskCompletion(db, requireUser(request), request.params.id)),
  );

  app.get(
    '/tasks/:id/completion/people',
    {
      config: access,
      schema: {
        tags,
        summary: '任务完成情况（人员明细）',
        params: IdParams,
        querystring: CompletionPeopleQuery,
        response: replies(Page(CompletionPerson)),
      },
    },
    async (request) => ok(await completionPeople(db, requireUser(request), request.params.id, request.query)),
  );
};

export default taskRoutes;
