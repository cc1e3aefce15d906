import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuery, SearchResult } from '../../common/contracts/search';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { search } from '../services/search/search';

/**
 * The admin header's search (ADR 0059). Any signed-in caller may ask; each kind answers only to
 * holders of its own key (群众服务, 任务管理, 新闻管理, 用户管理), within its service's data scope.
 */
const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  app.get(
    '/search',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['search'], summary: '全局搜索', querystring: SearchQuery, response: replies(SearchResult) },
    },
    async (request) => ok(await search(db, requireUser(request), request.query)),
  );
};

export default searchRoutes;
