import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import {
  AuditBody,
  BatchAuditBody,
  BatchAuditResult,
  SubmissionBody,
  SubmissionItem,
  SubmissionListQuery,
} from '../../common/contracts/tasks';
import { categoryLabel, SUBMISSION_STATUS_LABELS, TASK_MESSAGES } from '../../common/constants';
import { badRequest } from '../errors';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import { auditError, auditSubmission, createSubmission, listSubmissions, submissionOrFail } from '../services/tasks/submissions';
import { fieldValuesLine } from '../../common/taskFields';

const SUBMISSION_COLUMNS: Array<XlsxColumn<SubmissionItem>> = [
  { header: '编号', width: 8, value: (r) => r.id },
  { header: '任务标题', width: 28, value: (r) => r.taskTitle },
  { header: '工作类别', width: 12, value: (r) => categoryLabel(r.category) },
  { header: '提交人', width: 10, value: (r) => r.userName },
  { header: '所属区域', width: 14, value: (r) => r.areaName },
  { header: '提交内容', width: 40, value: (r) => r.text },
  { header: '填报内容', width: 30, value: (r) => fieldValuesLine(r.fields, r.values) },
  { header: '图片数', width: 8, value: (r) => r.images.length },
  { header: '状态', width: 8, value: (r) => SUBMISSION_STATUS_LABELS[r.status] },
  { header: '是否逾期', width: 8, value: (r) => (r.late ? '逾期' : '') },
  { header: '提交时间', width: 18, value: (r) => exportTime(r.createdAt) },
  { header: '审核人', width: 10, value: (r) => r.reviewerName ?? '' },
  { header: '审核意见', width: 30, value: (r) => r.comment },
  { header: '审核时间', width: 18, value: (r) => exportTime(r.reviewedAt) },
];

const submissionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const review = { access: 'taskManage' as const };
  const tags = ['submissions'];

  // Any signed-in user may call it; whether the task is theirs is decided per task (403 otherwise).
  app.post(
    '/tasks/:id/submissions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: '提交任务完成情况（同一提交标识重复提交只记一次）',
        params: IdParams,
        body: SubmissionBody,
        response: replies(SubmissionItem),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id, created } = await createSubmission(db, caller, request.params.id, request.body);
      if (created) request.createdId = String(id);
      return { ...ok(await submissionOrFail(db, id)), ...(created ? {} : { message: TASK_MESSAGES.alreadySubmitted }) };
    },
  );

  app.get(
    '/submissions',
    {
      config: review,
      schema: { tags, summary: '提交记录（审核队列）', querystring: SubmissionListQuery, response: replies(Page(SubmissionItem)) },
    },
    async (request) => ok(await listSubmissions(db, requireUser(request), request.query)),
  );

  app.get(
    '/submissions/export',
    {
      config: review,
      schema: { tags, summary: '导出提交记录（Excel，筛选条件同审核队列）', querystring: SubmissionListQuery, ...EXPORT_REPLIES },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      return sendListExport(reply, {
        sheet: '任务提交记录',
        fileName: '任务提交记录.xlsx',
        asciiName: 'submissions.xlsx',
        columns: SUBMISSION_COLUMNS,
        page: (current, pageSize) => listSubmissions(db, caller, { ...request.query, current, pageSize }),
      });
    },
  );

  app.get(
    '/submissions/:id',
    { config: review, schema: { tags, summary: '提交详情', params: IdParams, response: replies(SubmissionItem) } },
    async (request) => ok(await submissionOrFail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/submissions/:id/audit',
    {
      config: review,
      schema: { tags, summary: '审核提交（通过或驳回）', params: IdParams, body: AuditBody, response: replies(SubmissionItem) },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      const { result } = request.body;
      const comment = request.body.comment?.trim() ?? '';
      if (result === 'rejected' && !comment) throw badRequest('comment', '审核意见', '驳回时必须填写审核意见');
      const outcome = await auditSubmission(db, caller, id, result, comment);
      if (outcome !== 'done') throw auditError(outcome);
      return ok(await submissionOrFail(db, id));
    },
  );

  app.post(
    '/submissions/audit',
    {
      config: review,
      schema: { tags, summary: '批量审核通过', body: BatchAuditBody, response: replies(BatchAuditResult) },
    },
    async (request) => {
      const caller = requireUser(request);
      const comment = request.body.comment?.trim() ?? '';
      const approved: number[] = [];
      const skipped: number[] = [];
      // One transaction each: one submission already reviewed must not undo the others.
      for (const id of request.body.ids) {
        const outcome = await auditSubmission(db, caller, id, 'approved', comment);
        (outcome === 'done' ? approved : skipped).push(id);
      }
      return ok({ approved, skipped });
    },
  );
};

export default submissionRoutes;
