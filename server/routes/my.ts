import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { UserNotice, UserNoticeCount, UserNoticeQuery } from '../../common/contracts/people';
import { MyScore } from '../../common/contracts/scores';
import { MyTaskCounts, MyTaskDetail, MyTaskItem, MyTaskQuery } from '../../common/contracts/tasks';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { listMyTasks, myTask, myTaskCounts } from '../services/myTasks';
import { myScore } from '../services/scores';
import { listUserNotices, markAllNoticesRead, markNoticeRead, unreadNoticeCount } from '../services/userNotices';
import { Type } from '@sinclair/typebox';

/** The signed-in user's own tasks and points (phone pages). */
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
      return { ...ok({ marked }), message: marked ? '已全部标为已读' : '没有未读消息' };
    },
  );
};

export default myRoutes;
