import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { IdParams, Page } from '../../common/contracts/base';
import {
  AppealDetail,
  AppealItem,
  AppealRateBody,
  AppealRejectBody,
  AppealReplyBody,
  DispatchedAppealQuery,
  MyAppealItem,
  MyAppealQuery,
  MyPhotoReportItem,
  MyPhotoReportQuery,
  PhotoReportDetail,
  PhotoReportItem,
  PhotoReportReplyBody,
  UserNotice,
  UserNoticeCount,
  UserNoticeQuery,
} from '../../common/contracts/people';
import { MyScore } from '../../common/contracts/scores';
import { MyTaskCounts, MyTaskDetail, MyTaskItem, MyTaskQuery } from '../../common/contracts/tasks';
import { APPEAL_STEPS } from '../../common/workflow';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { appealOrFail, listDispatchedAppeals, listMyAppeals, moveAppeal, rateAppeal } from '../services/people/appeals';
import { listMyTasks, myTask, myTaskCounts } from '../services/tasks/myTasks';
import {
  listDispatchedPhotoReports,
  listMyPhotoReports,
  movePhotoReport,
  photoReportOrFail,
  replyToPhotoReport,
} from '../services/people/photoReports';
import { PHOTO_REPORT_STEPS } from '../../common/workflow';
import { myScore } from '../services/tasks/scores';
import { listUserNotices, markAllNoticesRead, markNoticeRead, unreadNoticeCount } from '../services/people/userNotices';
import { Type } from '@sinclair/typebox';

/** Every /api/my/* route: the signed-in user's own tasks, points, notices, appeals and photo reports (phone pages). */
const myRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'signedIn' as const };
  const tags = ['my'];

  app.get(
    '/my/tasks',
    {
      config: access,
      schema: { tags, summary: '我的任务（派发给我的任务及我的提交状态）', querystring: MyTaskQuery, response: replies(Page(MyTaskItem)) },
    },
    async (request) => ok(await listMyTasks(db, requireUser(request), request.query)),
  );

  app.get(
    '/my/tasks/counts',
    { config: access, schema: { tags, summary: '我的任务各状态数量', response: replies(MyTaskCounts) } },
    async (request) => ok(await myTaskCounts(db, requireUser(request))),
  );

  app.get(
    '/my/tasks/:id',
    { config: access, schema: { tags, summary: '我的任务详情（含我的全部提交）', params: IdParams, response: replies(MyTaskDetail) } },
    async (request) => ok(await myTask(db, requireUser(request), request.params.id)),
  );

  app.get('/my/score', { config: access, schema: { tags, summary: '我的积分', response: replies(MyScore) } }, async (request) =>
    ok(await myScore(db, requireUser(request))),
  );

  // The caller's own notices about their appeals (the bell on /app, ADR 0031).
  app.get(
    '/my/notices',
    {
      config: access,
      schema: { tags, summary: '我的消息（诉求受理、答复、转派等）', querystring: UserNoticeQuery, response: replies(Page(UserNotice)) },
    },
    async (request) => ok(await listUserNotices(db, requireUser(request), request.query)),
  );

  app.get(
    '/my/notices/count',
    { config: access, schema: { tags, summary: '我的未读消息数', response: replies(UserNoticeCount) } },
    async (request) => ok(await unreadNoticeCount(db, requireUser(request))),
  );

  app.post(
    '/my/notices/:id/read',
    { config: access, schema: { tags, summary: '标记消息已读', params: IdParams, response: replies(UserNoticeCount) } },
    async (request) => {
      const caller = requireUser(request);
      await markNoticeRead(db, caller, request.params.id);
      return ok(await unreadNoticeCount(db, caller));
    },
  );

  app.post(
    '/my/notices/read-all',
    { config: access, schema: { tags, summary: '全部消息标为已读', response: replies(Type.Object({ marked: Type.Integer() })) } },
    async (request) => {
      const marked = await markAllNoticesRead(db, requireUser(request));
      return { ...ok({ marked }), message: marked ? PEOPLE_MESSAGES.noticesAllRead : PEOPLE_MESSAGES.noticesNoneUnread };
    },
  );

  // A village cadre's appeals handed to their village (phone). The detail is GET /appeals/:id.
  app.get(
    '/my/dispatched-appeals',
    {
      config: access,
      schema: {
        tags,
        summary: '转派到本村的诉求（村干部、网格员）',
        querystring: DispatchedAppealQuery,
        response: replies(Page(AppealItem)),
      },
    },
    async (request) => ok(await listDispatchedAppeals(db, requireUser(request), request.query)),
  );

  const cadreStep = (
    path: 'accept' | 'reply' | 'reject',
    summary: string,
    noteOf: (body: unknown) => string,
    imagesOf: (body: unknown) => number[] = () => [],
  ) =>
    app.post(
      `/my/dispatched-appeals/:id/${path}`,
      {
        config: access,
        schema: {
          tags,
          summary,
          params: IdParams,
          ...(path === 'reply' ? { body: AppealReplyBody } : path === 'reject' ? { body: AppealRejectBody } : {}),
          response: replies(AppealDetail),
        },
      },
      async (request) => {
        const caller = requireUser(request);
        await moveAppeal(db, caller, request.params.id, path, noteOf(request.body), 'cadre', imagesOf(request.body));
        return { ...ok(await appealOrFail(db, request.params.id, caller)), message: APPEAL_STEPS[path].done };
      },
    );
  cadreStep('accept', '村里受理转派的诉求（待受理 → 处理中）', () => '');
  cadreStep(
    'reply',
    '村里答复转派的诉求（处理中 → 已答复，可附照片）',
    (body) => (body as AppealReplyBody).reply.trim(),
    (body) => (body as AppealReplyBody).imageIds ?? [],
  );
  cadreStep('reject', '村里不予受理转派的诉求（须填原因）', (body) => (body as AppealRejectBody).reason.trim());

  // A village cadre's photo reports handed to their village (ADR 0064). The detail is GET /photo-reports/:id.
  app.get(
    '/my/dispatched-photo-reports',
    {
      config: access,
      schema: {
        tags,
        summary: '转派到本村的随手拍（村干部、网格员）',
        querystring: DispatchedAppealQuery,
        response: replies(Page(PhotoReportItem)),
      },
    },
    async (request) => ok(await listDispatchedPhotoReports(db, requireUser(request), request.query)),
  );

  app.post(
    '/my/dispatched-photo-reports/:id/accept',
    {
      config: access,
      schema: { tags, summary: '村里受理转派的随手拍（待处理 → 处理中）', params: IdParams, response: replies(PhotoReportDetail) },
    },
    async (request) => {
      const caller = requireUser(request);
      await movePhotoReport(db, caller, request.params.id, 'accept');
      return { ...ok(await photoReportOrFail(db, request.params.id, caller)), message: PHOTO_REPORT_STEPS.accept.done };
    },
  );

  app.post(
    '/my/dispatched-photo-reports/:id/reply',
    {
      config: access,
      schema: {
        tags,
        summary: '村里回复处置情况（处理中 → 待审核，附1至9张处置后照片）',
        params: IdParams,
        body: PhotoReportReplyBody,
        response: replies(PhotoReportDetail),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      await replyToPhotoReport(db, caller, request.params.id, request.body);
      return { ...ok(await photoReportOrFail(db, request.params.id, caller)), message: PHOTO_REPORT_STEPS.reply.done };
    },
  );

  app.get(
    '/my/appeals',
    {
      config: access,
      schema: { tags, summary: '我的诉求', querystring: MyAppealQuery, response: replies(Page(MyAppealItem)) },
    },
    async (request) => ok(await listMyAppeals(db, requireUser(request), request.query)),
  );

  app.post(
    '/my/appeals/:id/rate',
    {
      config: access,
      schema: {
        tags,
        summary: '评价诉求答复（提交人答复后评价一次；已答复的随之办结）',
        params: IdParams,
        body: AppealRateBody,
        response: replies(AppealDetail),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      await rateAppeal(db, caller, request.params.id, request.body);
      return { ...ok(await appealOrFail(db, request.params.id, caller)), message: PEOPLE_MESSAGES.rated };
    },
  );

  app.get(
    '/my/photo-reports',
    {
      config: access,
      schema: { tags, summary: '我的随手拍', querystring: MyPhotoReportQuery, response: replies(Page(MyPhotoReportItem)) },
    },
    async (request) => ok(await listMyPhotoReports(db, requireUser(request), request.query)),
  );
};

export default myRoutes;
