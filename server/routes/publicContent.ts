import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams, Page } from '../../common/contracts/base';
import {
  AreaParams,
  CenterIntroduction,
  OrgUnitNode,
  PublicNewsDetail,
  PublicNewsItem,
  PublicNewsQuery,
  VillageIntroduction,
} from '../../common/contracts/content';
import { ok, replies } from '../http';
import {
  forPublicCentre,
  forPublicVillage,
  getCentreIntroduction,
  listVillageIntroductions,
  villageIntroductionOrFail,
} from '../services/content/introductions';
import { listPublicNews, readPublicNews } from '../services/content/news';
import { orgTree } from '../services/content/orgUnits';

/**
 * What anyone may read without signing in: published news, the introductions (without the seeded
 * notes for the admin), the organisation chart.
 */
const publicContentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'public' as const };
  const tags = ['public'];

  app.get(
    '/public/news',
    {
      config: access,
      schema: {
        tags,
        summary: '公开新闻列表（仅已发布；置顶在前，再按发布时间从新到旧；按区域筛选时含全镇新闻）',
        querystring: PublicNewsQuery,
        response: replies(Page(PublicNewsItem)),
      },
    },
    async (request) => ok(await listPublicNews(db, request.query)),
  );

  app.get(
    '/public/news/:id',
    {
      config: access,
      schema: { tags, summary: '公开新闻详情（每次读取计一次浏览）', params: IdParams, response: replies(PublicNewsDetail) },
    },
    async (request) => ok(await readPublicNews(db, request.params.id)),
  );

  app.get(
    '/public/introductions/center',
    { config: access, schema: { tags, summary: '中心介绍', response: replies(CenterIntroduction) } },
    async () => ok(forPublicCentre(await getCentreIntroduction(db))),
  );

  app.get(
    '/public/introductions/villages',
    { config: access, schema: { tags, summary: '村情介绍（全部区域，按区域排列）', response: replies(Type.Array(VillageIntroduction)) } },
    async () => ok((await listVillageIntroductions(db)).map(forPublicVillage)),
  );

  app.get(
    '/public/introductions/villages/:area',
    { config: access, schema: { tags, summary: '一个村（社区）的介绍', params: AreaParams, response: replies(VillageIntroduction) } },
    async (request) => ok(forPublicVillage(await villageIntroductionOrFail(db, request.params.area))),
  );

  app.get(
    '/public/org-units',
    { config: access, schema: { tags, summary: '组织架构（整棵树）', response: replies(Type.Array(OrgUnitNode)) } },
    async () => ok(await orgTree(db)),
  );
};

export default publicContentRoutes;
