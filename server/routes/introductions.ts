import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AreaParams,
  CenterIntroduction,
  CenterIntroductionBody,
  VillageIntroduction,
  VillageIntroductionBody,
} from '../../common/contracts/content';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import {
  getCentreIntroduction,
  listVillageIntroductions,
  saveCentreIntroduction,
  saveVillageIntroduction,
  villageIntroductionOrFail,
} from '../services/content/introductions';

/** 介绍管理: the centre's introduction and the twelve areas' introductions. */
const introductionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'introduction' as const };
  const tags = ['introductions'];

  app.get(
    '/introductions/center',
    { config: access, schema: { tags, summary: '中心介绍', response: replies(CenterIntroduction) } },
    async () => ok(await getCentreIntroduction(db)),
  );

  app.put(
    '/introductions/center',
    {
      config: access,
      schema: {
        tags,
        summary: '修改中心介绍（数据权限须为全部数据）',
        body: CenterIntroductionBody,
        response: replies(CenterIntroduction),
      },
    },
    async (request) => {
      await saveCentreIntroduction(db, requireUser(request), request.body);
      return ok(await getCentreIntroduction(db));
    },
  );

  app.get(
    '/introductions/villages',
    {
      config: access,
      schema: { tags, summary: '村情介绍（按区域排列；仅本村数据权限的只见本村）', response: replies(Type.Array(VillageIntroduction)) },
    },
    async (request) => ok(await listVillageIntroductions(db, requireUser(request))),
  );

  app.put(
    '/introductions/villages/:area',
    {
      config: access,
      schema: {
        tags,
        summary: '修改村情介绍与区域名称',
        params: AreaParams,
        body: VillageIntroductionBody,
        response: replies(VillageIntroduction),
      },
    },
    async (request) => {
      const { area } = request.params;
      await saveVillageIntroduction(db, requireUser(request), area, request.body);
      return ok(await villageIntroductionOrFail(db, area));
    },
  );
};

export default introductionRoutes;
