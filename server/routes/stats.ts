import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams, Page, PageQuery } from '../../common/contracts/base';
import { ErrorShowType } from '../../common/constants';
import { DisplayLink, DisplayLinkBody, NewDisplayLink, ScreenQuery, StatsOverview } from '../../common/contracts/stats';
import { AppError, unauthorized } from '../errors';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { hasAccess } from '../services/accounts/access';
import { createDisplayLink, displayKeyValid, listDisplayLinks, revokeDisplayLink } from '../services/content/displayLinks';
import { statsArea, statsCache } from '../services/reports/stats';

const SCREEN_KEY_REFUSED = '大屏链接无效或已停用，请向管理员索取新的链接';

/** /dashboard's figures (by the caller's scope), the wall display's, and the display links (admin). */
const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const overview = statsCache(app.config.statsCacheMs);
  const tags = ['stats'];

  app.get(
    '/stats/overview',
    { config: { access: 'dashboard' }, schema: { tags, summary: '数据概览（按数据范围）', response: replies(StatsOverview) } },
    async (request) => ok(await overview(db, statsArea(requireUser(request)))),
  );

  app.get(
    '/stats/screen',
    {
      // Open to a display key (the wall screen holds no session) or to a signed-in holder of `screen`;
      // decided below, since the key travels in the query. Nobody reads a toast on a wall: the page
      // marks stale figures and refusals itself (ADR 0025).
      config: { access: 'public', errorShowType: ErrorShowType.SILENT },
      schema: {
        tags,
        summary: '数据大屏（全镇）：大屏链接密钥或具有“数据大屏”权限的登录用户',
        querystring: ScreenQuery,
        response: replies(StatsOverview),
      },
    },
    async (request) => {
      const { key } = request.query;
      if (key) {
        if (!(await displayKeyValid(db, key))) throw new AppError(403, SCREEN_KEY_REFUSED);
      } else if (!request.user) {
        throw unauthorized();
      } else if (!hasAccess(request.user, 'screen')) {
        throw new AppError(403, '拒绝访问：没有该操作的权限');
      }
      return ok(await overview(db, null));
    },
  );

  app.get(
    '/display-links',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: '大屏链接',
        querystring: Type.Object({ current: PageQuery.current, pageSize: PageQuery.pageSize }),
        response: replies(Page(DisplayLink)),
      },
    },
    async (request) => ok(await listDisplayLinks(db, request.query)),
  );

  app.post(
    '/display-links',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '生成大屏链接（密钥只显示这一次）', body: DisplayLinkBody, response: replies(NewDisplayLink) },
    },
    async (request) => {
      const link = await createDisplayLink(db, requireUser(request).id, request.body.name);
      request.createdId = String(link.id);
      return { ...ok(link), message: '大屏链接已生成' };
    },
  );

  app.post(
    '/display-links/:id/revoke',
    { config: { access: 'admin' }, schema: { tags, summary: '停用大屏链接', params: IdParams, response: replies(DisplayLink) } },
    async (request) => ({ ...ok(await revokeDisplayLink(db, request.params.id)), message: '大屏链接已停用' }),
  );
};

export default statsRoutes;
