import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import {
  type CompletionArea,
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
import { categoryLabel, imageRuleLabel, SUBMISSION_STATUS_LABELS, TASK_STATUS_LABELS, templateLabel } from '../../common/constants';
import { notSubmitted, ratePercentText } from '../../common/figures';
import type { TaskField } from '../../common/taskFields';
import { ok, replies, sendXlsx } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import { type XlsxColumn, xlsxStream } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import { listAreas } from '../services/system/areas';
import {
  closeTask,
  completionPeople,
  copyTask,
  createTask,
  deleteTask,
  listTasks,
  publishTask,
  taskCompletion,
  taskDetailOrFail,
  taskFormOptions,
  updateTask,
} from '../services/tasks/tasks';

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

type AreaRow = Omit<CompletionArea, 'area'>;
/** The per-area table of 完成情况 as the page shows it, with its 合计 line and each number field's sum and average. */
const areaColumns = (fields: TaskField[]): Array<XlsxColumn<AreaRow>> => [
  { header: '区域', width: 16, value: (a) => a.areaName },
  { header: '目标人数', width: 10, value: (a) => a.targeted },
  { header: '已提交', width: 10, value: (a) => a.submitted },
  { header: '已通过', width: 10, value: (a) => a.approved },
  { header: '未提交', width: 10, value: notSubmitted },
  { header: '完成率', width: 10, value: (a) => ratePercentText(a.rate) },
  ...fields.flatMap((field, i): Array<XlsxColumn<AreaRow>> => {
    const unit = field.unit ? `（${field.unit}）` : '';
    return [
      { header: `${field.label}合计${unit}`, width: 14, value: (a) => a.values[i]?.sum ?? 0 },
      { header: `${field.label}平均${unit}`, width: 14, value: (a) => a.values[i]?.average ?? '' },
    ];
  }),
];

/** A task's title made safe for a file name. */
const fileTitle = (title: string) => title.slice(0, 40).replace(/[\\/:*?"<>|]/g, '_');

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'taskManage' as const };
  const tags = ['tasks'];

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
      const names = new Map((await listAreas(db)).map((a) => [a.id, a.name]));
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
      const id = await createTask(db, requireUser(request), request.body);
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
      const { id } = request.params;
      await updateTask(db, requireUser(request), id, request.body);
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.delete(
    '/tasks/:id',
    { config: access, schema: { tags, summary: '删除任务（仅草稿）', params: IdParams, response: replies() } },
    async (request) => {
      await deleteTask(db, requireUser(request), request.params.id);
      return { code: 200 as const, message: '任务已删除' };
    },
  );

  app.post(
    '/tasks/:id/publish',
    { config: access, schema: { tags, summary: '发布任务', params: IdParams, response: replies(TaskDetail) } },
    async (request) => {
      const { id } = request.params;
      await publishTask(db, requireUser(request), id);
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.post(
    '/tasks/:id/copy',
    { config: access, schema: { tags, summary: '复制任务（生成新草稿）', params: IdParams, response: replies(TaskDetail) } },
    async (request) => {
      const caller = requireUser(request);
      const id = await copyTask(db, caller, request.params.id);
      request.auditSummary = [{ field: '新草稿编号', before: null, after: String(id) }];
      return ok(await taskDetailOrFail(db, id));
    },
  );

  app.post(
    '/tasks/:id/close',
    { config: access, schema: { tags, summary: '关闭任务（停止接收提交）', params: IdParams, response: replies(TaskDetail) } },
    async (request) => {
      const { id } = request.params;
      await closeTask(db, requireUser(request), id);
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
        fileName: `完成情况-${fileTitle(task.title)}.xlsx`,
        asciiName: `task-${task.id}-completion.xlsx`,
        columns: COMPLETION_COLUMNS,
        page: (current, pageSize) => completionPeople(db, caller, request.params.id, { ...request.query, current, pageSize }),
      });
    },
  );

  app.get(
    '/tasks/:id/completion/areas/export',
    {
      config: access,
      schema: { tags, summary: '导出任务各区域完成情况（Excel，含合计）', params: IdParams, ...EXPORT_REPLIES },
    },
    async (request, reply) => {
      const { task, fields, areas, total } = await taskCompletion(db, requireUser(request), request.params.id);
      // One row per targeted area: a task reaches a few dozen at most, so the rows are at hand.
      const rows = areas.length > 1 ? [...areas, { areaName: '合计', ...total }] : areas;
      const columns = areaColumns(fields.filter((f) => f.type === 'number'));
      const stream = await xlsxStream({ sheet: '各区域完成情况', columns, batch: async (_, offset) => (offset ? [] : rows) });
      return sendXlsx(reply, stream, `task-${task.id}-areas.xlsx`, `各区域完成情况-${fileTitle(task.title)}.xlsx`);
    },
  );
};

export default taskRoutes;
