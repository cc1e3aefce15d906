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
import {
  categoryLabel,
  imageRuleLabel,
  SUBMISSION_STATUS_LABELS,
  TASK_STATUS_LABELS,
  type TaskStatus,
  templateLabel,
} from '../../common/constants';
import { areas, tasks } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import { isBlankRichText, sanitizeRichText } from '../lib/sanitize';
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

const taskColumns = (areaName: (id: number) => string): Array<XlsxColumn<TaskItem>> => [
  { header: '编号', width: 8, value: (t) => t.id },
  { header: '任务标题', width: 30, value: (t) => t.title },
  { header: '状态', width: 8, value: (t) => TASK_STATUS_LABELS[t.status] },
  { header: '工作类别', width: 12, value: (t) => categoryLabel(t.category) },
  { header: '提交模板', width: 12, value: (t) => templateLabel(t.template) },
  { header: '图片数量', width: 10, value: (t) => imageRuleLabel(t.imageNum) },
  { header: '积分', width: 6, value: (t) => t.points },
  { header: '目标区域', width: 24, value: (t) => t.areas.map(areaName).join('、') },
  { header: '截止时间', width: 18, value: (t) => exportTime(t.deadline) },
  { header: '发布人', width: 10, value: (t) => t.publisherName },
  { header: '发布时间', width: 18, value: (t) => exportTime(t.publishedAt) },
  { header: '待审核', width: 8, value: (t) => t.pendingCount },
  { header: '已通过', width: 8, value: (t) => t.approvedCount },
];

const COMPLETION_COLUMNS: Array<XlsxColumn<CompletionPerson>> = [
  { header: '姓名', width: 10, value: (p) => p.name },
  { header: '账号', width: 14, value: (p) => p.account },
  { header: '手机号', width: 14, value: (p) => p.phone },
  { header: '所属区域', width: 14, value: (p) => p.areaName },
  { header: '完成状态', width: 10, value: (p) => (p.status ? SUBMISSION_STATUS_LABELS[p.status] : '未提交') },
  { header: '是否逾期', width: 8, value: (p) => (p.late ? '逾期' : '') },
  { header: '提交时间', width: 18, value: (p) => exportTime(p.submittedAt) },
];

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

  app.get(
    '/tasks/export',
    { config: access, schema: { tags, summary: '导出任务列表（Excel，筛选条件同列表）', querystring: TaskListQuery, ...EXPORT_REPLIES } },
    async (request, reply) => {
      const caller = requireUser(request);
      // Org units are a few dozen rows: their names once, for the target areas of every task.
      const names = new Map((await db.select({ id: areas.id, name: areas.name }).from(areas)).map((a) => [a.id, a.name]));
      return sendListExport(reply, {
        sheet: '任务列表',
        fileName: '任务列表.xlsx',
        asciiName: 'tasks.xlsx',
        columns: taskColumns((id) => names.get(id) ?? String(id)),
        page: (current, pageSize) => listTasks(db, caller, { ...request.query, current, pageSize }),
      });
    },
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

  app.get(
    '/tasks/:id/completion/export',
    {
      config: access,
      schema: {
        tags,
        summary: '导出任务完成情况人员明细（Excel，筛选条件同明细）',
        params: IdParams,
        querystring: CompletionPeopleQuery,
        ...EXPORT_REPLIES,
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const task = await taskDetailOrFail(db, request.params.id, caller);
      return sendListExport(reply, {
        sheet: '完成情况',
        fileName: `完成情况-${task.title.slice(0, 40).replace(/[\\/:*?"<>|]/g, '_')}.xlsx`,
        asciiName: `task-${task.id}-completion.xlsx`,
        columns: COMPLETION_COLUMNS,
        page: (current, pageSize) => completionPeople(db, caller, request.params.id, { ...request.query, current, pageSize }),
      });
    },
  );
};

export default taskRoutes;
