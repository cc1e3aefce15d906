import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { MyScore } from '../../common/contracts/scores';
import { MyTaskCounts, MyTaskDetail, MyTaskItem, MyTaskQuery } from '../../common/contracts/tasks';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { listMyTasks, myTask, myTaskCounts } from '../services/myTasks';
import { myScore } from '../services/scores';

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
};

export default myRoutes;
