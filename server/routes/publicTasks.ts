import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { PublicTaskDetail, PublicTaskItem, PublicTaskQuery } from '../../common/contracts/tasks';
import { ok, replies } from '../http';
import { listPublicTasks, publicTask } from '../services/tasks/myTasks';

/** Published (and closed) tasks for anyone, signed in or not; drafts do not exist here. */
const publicTaskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'public' as const };
  const tags = ['public'];

  app.get(
    '/public/tasks',
    { config: access, schema: { tags, summary: '公开任务列表', querystring: PublicTaskQuery, response: replies(Page(PublicTaskItem)) } },
    async (request) => ok(await listPublicTasks(db, request.query)),
  );

  app.get(
    '/public/tasks/:id',
    { config: access, schema: { tags, summary: '公开任务详情', params: IdParams, response: replies(PublicTaskDetail) } },
    async (request) => ok(await publicTask(db, request.params.id)),
  );
};

export default publicTaskRoutes;
