import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, BatchBody, BatchResult, IdParams, Page } from '../../common/contracts/base';
import {
  AppealAccount,
  AppealAccountQuery,
  AppealBatchRejectBody,
  AppealBody,
  AppealCallbackBody,
  AppealCounts,
  AppealCountsQuery,
  AppealDetail,
  AppealDispatchBody,
  AppealItem,
  AppealListQuery,
  AppealRecallBody,
  AppealRegisterBody,
  AppealRejectBody,
  AppealReplyBody,
  BatchDispatchBody,
} from '../../common/contracts/people';
import {
  APPEAL_SOURCE_LABELS,
  APPEAL_STATUS_LABELS,
  appealCategoryLabel,
  CALLBACK_ATTEMPTS_MAX,
  PEOPLE_MESSAGES,
  SATISFACTION_LABELS,
  SATISFACTION_SOURCE_LABELS,
} from '../../common/constants';
import { APPEAL_STEPS } from '../../common/workflow';
import { ok, replies, sendXlsx } from '../http';
import { requireUser } from '../plugins/auth';
import {
  appealCounts,
  appealExportRows,
  appealOrFail,
  callbackAppeal,
  createAppeal,
  batchAppeals,
  dispatchAppeal,
  findLinkableAccounts,
  listAppeals,
  moveAppeal,
  recallAppeal,
  registerAppeal,
} from '../services/people/appeals';
import { localDateTime } from '../lib/workingDays';
import { XLSX_TYPE, type XlsxColumn, xlsxStream } from '../lib/xlsx';

type ExportRow = Awaited<ReturnType<typeof appealExportRows>>[number];
const EXPORT_COLUMNS: Array<XlsxColumn<ExportRow>> = [
  { header: '编号', width: 8, value: (r) => r.id },
  { header: '诉求标题', width: 28, value: (r) => r.title },
  { header: '诉求类别', width: 12, value: (r) => appealCategoryLabel(r.category) },
  { header: '所在村（社区）', width: 14, value: (r) => r.areaName },
  { header: '提交人', width: 10, value: (r) => r.submitterName },
  { header: '联系电话', width: 14, value: (r) => r.phone },
  { header: '状态', width: 10, value: (r) => APPEAL_STATUS_LABELS[r.status] },
  { header: '是否超期', width: 10, value: (r) => (r.overdue ? '超期' : '') },
  { header: '提交时间', width: 18, value: (r) => localDateTime(r.createdAtDate) },
  { header: '办理期限', width: 18, value: (r) => localDateTime(r.dueAtDate) },
  { header: '处理人', width: 10, value: (r) => r.handlerName ?? '' },
  { header: '转派至', width: 14, value: (r) => r.dispatchedAreaName ?? '' },
  { header: '答复内容', width: 40, value: (r) => r.reply ?? r.rejectReason ?? '' },
  { header: '满意度', width: 12, value: (r) => (r.satisfaction ? SATISFACTION_LABELS[r.satisfaction - 1] : '') },
  { header: '来源', width: 8, value: (r) => APPEAL_SOURCE_LABELS[r.source] },
  { header: '评价方式', width: 10, value: (r) => (r.satisfactionSource ? SATISFACTION_SOURCE_LABELS[r.satisfactionSource] : '') },
  { header: '回访', width: 16, value: callbackText },
];

/** The call-back as the export says it: 待回访, 已回访, 未接通 (its attempts), or nothing. */
function callbackText(r: ExportRow): string {
  if (r.callbackDue) return r.callbackAttempts ? `待回访（未接通${r.callbackAttempts}次）` : '待回访';
  if (r.callbackReached) return `已回访 ${localDateTime(r.calledBackAtDate)}`;
  if (r.callbackReached === false) return `未接通（${r.callbackAttempts}次）`;
  return r.callbackAttempts ? `未接通${r.callbackAttempts}次` : '';
}

/** 群众诉求: villagers submit and rate; staff with peopleService handle them within their data scope. */
const appealRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const handle = { access: 'peopleService' as const };
  const tags = ['appeals'];

  app.post(
    '/appeals',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: '提交群众诉求（同一提交标识重复提交只记一次）', body: AppealBody, response: replies(AppealItem) },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id, created } = await createAppeal(db, caller, request.body);
      if (created) request.createdId = String(id);
      return { ...ok(await appealOrFail(db, id)), message: created ? PEOPLE_MESSAGES.appealSubmitted : PEOPLE_MESSAGES.appealReplayed };
    },
  );

  app.post(
    '/appeals/register',
    {
      config: handle,
      schema: {
        tags,
        summary: '窗口/电话/来信登记诉求（代群众登记；村级数据范围只能登记本村；同一提交标识只记一次）',
        body: AppealRegisterBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id, created } = await registerAppeal(db, caller, request.body);
      if (created) request.createdId = String(id);
      return { ...ok(await appealOrFail(db, id, caller)), message: created ? '诉求已登记' : PEOPLE_MESSAGES.appealReplayed };
    },
  );

  app.get(
    '/appeals/accounts',
    {
      config: handle,
      schema: {
        tags,
        summary: '按手机号查找可关联的群众账号（登记诉求时关联；按数据范围）',
        querystring: AppealAccountQuery,
        response: replies(Type.Array(AppealAccount)),
      },
    },
    async (request) => ok(await findLinkableAccounts(db, requireUser(request), request.query.phone)),
  );

  app.get(
    '/appeals',
    { config: handle, schema: { tags, summary: '群众诉求列表', querystring: AppealListQuery, response: replies(Page(AppealItem)) } },
    async (request) => ok(await listAppeals(db, requireUser(request), request.query)),
  );

  app.get(
    '/appeals/counts',
    {
      config: handle,
      schema: { tags, summary: '群众诉求各状态数量（状态标签页）', querystring: AppealCountsQuery, response: replies(AppealCounts) },
    },
    async (request) => ok(await appealCounts(db, requireUser(request), request.query)),
  );

  app.get(
    '/appeals/export',
    {
      config: handle,
      schema: {
        tags,
        summary: '导出群众诉求（Excel，筛选条件同列表）',
        querystring: AppealListQuery,
        produces: [XLSX_TYPE],
        response: { '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const { current: _current, pageSize: _pageSize, ...filters } = request.query;
      const stream = await xlsxStream({
        sheet: '群众诉求',
        columns: EXPORT_COLUMNS,
        batch: (limit, offset) => appealExportRows(db, caller, filters, limit, offset),
      });
      return sendXlsx(reply, stream, 'appeals.xlsx', '群众诉求.xlsx');
    },
  );

  app.get(
    '/appeals/:id',
    {
      // The submitter reads their own; a handler what their scope covers. Anything else is 404.
      config: { access: 'signedIn' },
      schema: { tags, summary: '诉求详情（含办理记录）', params: IdParams, response: replies(AppealDetail) },
    },
    async (request) => ok(await appealOrFail(db, request.params.id, requireUser(request))),
  );

  const step = (path: 'accept' | 'close', summary: string) =>
    app.post(
      `/appeals/:id/${path}`,
      { config: handle, schema: { tags, summary, params: IdParams, response: replies(AppealDetail) } },
      async (request) => {
        const caller = requireUser(request);
        await moveAppeal(db, caller, request.params.id, path);
        return { ...ok(await appealOrFail(db, request.params.id)), message: APPEAL_STEPS[path].done };
      },
    );
  step('accept', '受理诉求（待受理 → 处理中）');
  step('close', '办结诉求（已答复 → 已办结）');

  app.post(
    '/appeals/:id/reply',
    {
      config: handle,
      schema: {
        tags,
        summary: '答复诉求（处理中 → 已答复，可附照片）',
        params: IdParams,
        body: AppealReplyBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      const { reply, imageIds = [] } = request.body;
      await moveAppeal(db, requireUser(request), request.params.id, 'reply', reply.trim(), 'handler', imageIds);
      return { ...ok(await appealOrFail(db, request.params.id)), message: APPEAL_STEPS.reply.done };
    },
  );

  app.post(
    '/appeals/:id/reject',
    {
      config: handle,
      schema: {
        tags,
        summary: '不予受理（待受理或处理中 → 不予受理，须填原因）',
        params: IdParams,
        body: AppealRejectBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      await moveAppeal(db, requireUser(request), request.params.id, 'reject', request.body.reason.trim());
      return { ...ok(await appealOrFail(db, request.params.id)), message: APPEAL_STEPS.reject.done };
    },
  );

  app.post(
    '/appeals/:id/callback',
    {
      config: handle,
      schema: {
        tags,
        summary: '记录回访（已答复或已办结且未评价；接通须填满意度，计入群众满意度）',
        params: IdParams,
        body: AppealCallbackBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { reached } = await callbackAppeal(db, caller, request.params.id, request.body);
      const appeal = await appealOrFail(db, request.params.id, caller);
      const message = reached
        ? PEOPLE_MESSAGES.callbackDone
        : appeal.calledBackAt
          ? `${PEOPLE_MESSAGES.callbackMissed}，已回访${CALLBACK_ATTEMPTS_MAX}次，回访结束`
          : PEOPLE_MESSAGES.callbackMissed;
      return { ...ok(appeal), message };
    },
  );

  app.post(
    '/appeals/:id/dispatch',
    {
      config: handle,
      schema: {
        tags,
        summary: '转派诉求到村（待受理或处理中；办理时限不变；仅全部数据范围）',
        params: IdParams,
        body: AppealDispatchBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      await dispatchAppeal(db, requireUser(request), request.params.id, request.body);
      const appeal = await appealOrFail(db, request.params.id);
      return { ...ok(appeal), message: `已转派至${appeal.dispatchedAreaName ?? '村'}` };
    },
  );

  // Bulk steps (ADR 0063): all or nothing, one operation-log entry per appeal.
  const batch = { ...handle, auditEach: true };
  app.post(
    '/appeals/batch/accept',
    { config: batch, schema: { tags, summary: '批量受理诉求', body: BatchBody, response: replies(BatchResult) } },
    async (request) => {
      const caller = requireUser(request);
      const done = await batchAppeals(db, request.body.ids, (tx, id) => moveAppeal(tx, caller, id, 'accept'));
      return { ...ok(done), message: `已受理 ${done.count} 条诉求` };
    },
  );
  app.post(
    '/appeals/batch/dispatch',
    { config: batch, schema: { tags, summary: '批量转派诉求到村', body: BatchDispatchBody, response: replies(BatchResult) } },
    async (request) => {
      const caller = requireUser(request);
      const { ids, ...body } = request.body;
      const done = await batchAppeals(db, ids, (tx, id) => dispatchAppeal(tx, caller, id, body));
      return { ...ok(done), message: `已将 ${done.count} 条诉求转派到村` };
    },
  );
  app.post(
    '/appeals/batch/reject',
    {
      config: batch,
      schema: { tags, summary: '批量不予受理诉求（同一原因）', body: AppealBatchRejectBody, response: replies(BatchResult) },
    },
    async (request) => {
      const caller = requireUser(request);
      const reason = request.body.reason.trim();
      const done = await batchAppeals(db, request.body.ids, (tx, id) => moveAppeal(tx, caller, id, 'reject', reason));
      return { ...ok(done), message: `已将 ${done.count} 条诉求不予受理` };
    },
  );

  app.post(
    '/appeals/:id/recall',
    {
      config: handle,
      schema: {
        tags,
        summary: '撤回转派（收回镇里办理；仅全部数据范围）',
        params: IdParams,
        body: AppealRecallBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      await recallAppeal(db, requireUser(request), request.params.id, request.body.note?.trim() ?? '');
      return { ...ok(await appealOrFail(db, request.params.id)), message: '已撤回，由镇里办理' };
    },
  );
};

export default appealRoutes;
