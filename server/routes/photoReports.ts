import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BatchResult, IdParams, Page } from '../../common/contracts/base';
import {
  AppealDispatchBody,
  AppealRecallBody,
  BatchDispatchBody,
  PhotoReportApproveBody,
  PhotoReportBatchInvalidBody,
  PhotoReportBody,
  PhotoReportCounts,
  PhotoReportCountsQuery,
  PhotoReportDetail,
  PhotoReportHandleBody,
  PhotoReportInvalidBody,
  PhotoReportItem,
  PhotoReportListQuery,
  PhotoReportReturnBody,
} from '../../common/contracts/people';
import { PHOTO_REPORT_STEPS } from '../../common/workflow';
import { PEOPLE_MESSAGES, PHOTO_REPORT_STATUS_LABELS, photoReportTypeLabel } from '../../common/constants';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import {
  batchPhotoReports,
  createPhotoReport,
  dispatchPhotoReport,
  listPhotoReports,
  movePhotoReport,
  photoReportCounts,
  photoReportOrFail,
  recallPhotoReport,
} from '../services/people/photoReports';

const PHOTO_REPORT_COLUMNS: Array<XlsxColumn<PhotoReportItem>> = [
  { header: '编号', width: 8, value: (r) => r.id },
  { header: '类型', width: 12, value: (r) => photoReportTypeLabel(r.type) },
  { header: '描述', width: 40, value: (r) => r.excerpt },
  { header: '所在村（社区）', width: 14, value: (r) => r.areaName },
  { header: '位置', width: 20, value: (r) => r.location },
  { header: '照片数', width: 8, value: (r) => r.imageCount },
  { header: '状态', width: 8, value: (r) => PHOTO_REPORT_STATUS_LABELS[r.status] },
  { header: '提交人', width: 10, value: (r) => r.submitterName },
  { header: '提交时间', width: 18, value: (r) => exportTime(r.createdAt) },
  { header: '处理人', width: 10, value: (r) => r.handlerName ?? '' },
  { header: '处理时间', width: 18, value: (r) => exportTime(r.handledAt) },
  { header: '转派至', width: 14, value: (r) => r.dispatchedAreaName ?? '' },
];

/** 随手拍: anyone signed in reports with photos; staff with peopleService handle within their scope. */
const photoReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const handle = { access: 'peopleService' as const };
  const tags = ['photo-reports'];

  app.post(
    '/photo-reports',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: '提交随手拍（同一提交标识重复提交只记一次）', body: PhotoReportBody, response: replies(PhotoReportItem) },
    },
    async (request) => {
      const { id, created } = await createPhotoReport(db, requireUser(request), request.body);
      if (created) request.createdId = String(id);
      return {
        ...ok(await photoReportOrFail(db, id)),
        message: created ? PEOPLE_MESSAGES.reportSubmitted : PEOPLE_MESSAGES.reportReplayed,
      };
    },
  );

  app.get(
    '/photo-reports',
    {
      config: handle,
      schema: { tags, summary: '随手拍列表', querystring: PhotoReportListQuery, response: replies(Page(PhotoReportItem)) },
    },
    async (request) => ok(await listPhotoReports(db, requireUser(request), request.query)),
  );

  app.get(
    '/photo-reports/export',
    {
      config: handle,
      schema: { tags, summary: '导出随手拍（Excel，筛选条件同列表）', querystring: PhotoReportListQuery, ...EXPORT_REPLIES },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      return sendListExport(reply, {
        sheet: '随手拍',
        fileName: '随手拍.xlsx',
        asciiName: 'photo-reports.xlsx',
        columns: PHOTO_REPORT_COLUMNS,
        page: (current, pageSize) => listPhotoReports(db, caller, { ...request.query, current, pageSize }),
      });
    },
  );

  app.get(
    '/photo-reports/counts',
    {
      config: handle,
      schema: { tags, summary: '随手拍各状态数量', querystring: PhotoReportCountsQuery, response: replies(PhotoReportCounts) },
    },
    async (request) => ok(await photoReportCounts(db, requireUser(request), request.query)),
  );

  app.get(
    '/photo-reports/:id',
    {
      // The submitter reads their own; a handler what their scope covers. Anything else is 404.
      config: { access: 'signedIn' },
      schema: { tags, summary: '随手拍详情（含处理记录）', params: IdParams, response: replies(PhotoReportDetail) },
    },
    async (request) => ok(await photoReportOrFail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/photo-reports/:id/handle',
    {
      config: handle,
      schema: {
        tags,
        summary: '处理随手拍（待处理或处理中 → 已处理，填写处理结果）',
        params: IdParams,
        body: PhotoReportHandleBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      const { result, imageIds } = request.body;
      await movePhotoReport(db, requireUser(request), request.params.id, 'handle', { text: result, imageIds });
      return { ...ok(await photoReportOrFail(db, request.params.id)), message: PHOTO_REPORT_STEPS.handle.done };
    },
  );

  app.post(
    '/photo-reports/:id/invalid',
    {
      config: handle,
      schema: {
        tags,
        summary: '标为无效（待处理或处理中 → 无效，须填原因）',
        params: IdParams,
        body: PhotoReportInvalidBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      await movePhotoReport(db, requireUser(request), request.params.id, 'invalid', { text: request.body.reason });
      return { ...ok(await photoReportOrFail(db, request.params.id)), message: '已标为无效' };
    },
  );

  // The centre's review of a village's answer (ADR 0064): only a handler of the whole town.
  app.post(
    '/photo-reports/:id/approve',
    {
      config: handle,
      schema: {
        tags,
        summary: '审核通过村里的处置（待审核 → 已处理；仅全部数据范围）',
        params: IdParams,
        body: PhotoReportApproveBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      await movePhotoReport(db, requireUser(request), request.params.id, 'approve', { text: request.body.note ?? '' });
      return { ...ok(await photoReportOrFail(db, request.params.id)), message: PHOTO_REPORT_STEPS.approve.done };
    },
  );

  app.post(
    '/photo-reports/:id/return',
    {
      config: handle,
      schema: {
        tags,
        summary: '退回村里重新处置（待审核 → 处理中，须填原因；仅全部数据范围）',
        params: IdParams,
        body: PhotoReportReturnBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      await movePhotoReport(db, requireUser(request), request.params.id, 'return', { text: request.body.reason });
      return { ...ok(await photoReportOrFail(db, request.params.id)), message: PHOTO_REPORT_STEPS.return.done };
    },
  );

  app.post(
    '/photo-reports/:id/dispatch',
    {
      config: handle,
      schema: {
        tags,
        summary: '转派随手拍到村（待处理或处理中；仅全部数据范围）',
        params: IdParams,
        body: AppealDispatchBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      await dispatchPhotoReport(db, requireUser(request), request.params.id, request.body);
      const report = await photoReportOrFail(db, request.params.id);
      return { ...ok(report), message: `已转派至${report.dispatchedAreaName ?? '村'}` };
    },
  );

  // Bulk steps (ADR 0063): all or nothing, one operation-log entry per report.
  const batch = { ...handle, auditEach: true };
  app.post(
    '/photo-reports/batch/dispatch',
    { config: batch, schema: { tags, summary: '批量转派随手拍到村', body: BatchDispatchBody, response: replies(BatchResult) } },
    async (request) => {
      const caller = requireUser(request);
      const { ids, ...body } = request.body;
      const done = await batchPhotoReports(db, ids, (tx, id) => dispatchPhotoReport(tx, caller, id, body));
      return { ...ok(done), message: `已将 ${done.count} 条随手拍转派到村` };
    },
  );
  app.post(
    '/photo-reports/batch/invalid',
    {
      config: batch,
      schema: { tags, summary: '批量标为无效（同一原因）', body: PhotoReportBatchInvalidBody, response: replies(BatchResult) },
    },
    async (request) => {
      const caller = requireUser(request);
      const text = request.body.reason.trim();
      const done = await batchPhotoReports(db, request.body.ids, (tx, id) => movePhotoReport(tx, caller, id, 'invalid', { text }));
      return { ...ok(done), message: `已将 ${done.count} 条随手拍标为无效` };
    },
  );

  app.post(
    '/photo-reports/:id/recall',
    {
      config: handle,
      schema: {
        tags,
        summary: '撤回转派的随手拍（收回镇里处理；仅全部数据范围）',
        params: IdParams,
        body: AppealRecallBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      await recallPhotoReport(db, requireUser(request), request.params.id, request.body.note?.trim() ?? '');
      return { ...ok(await photoReportOrFail(db, request.params.id)), message: '已撤回，由镇里处理' };
    },
  );
};

export default photoReportRoutes;
