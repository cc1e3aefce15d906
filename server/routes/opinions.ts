import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { ErrorShowType } from '../../common/constants';
import {
  Notices,
  OpinionBody,
  OpinionItem,
  OpinionKeyword,
  OpinionKeywordBody,
  OpinionKeywordQuery,
  OpinionListQuery,
  OpinionTrend,
} from '../../common/contracts/people';
import { ok, okEmpty, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { noticesFor } from '../services/notices';
import { assertTownWideWriter } from '../services/scope';
import {
  createKeyword,
  createOpinion,
  deleteKeyword,
  deleteOpinion,
  listKeywords,
  listOpinions,
  opinionOrFail,
  opinionTrend,
  setOpinionStatus,
  updateOpinion,
} from '../services/opinions';

/** Watch keywords read every village's appeals and reports: see assertTownWideWriter. */
const KEYWORDS_TOWN_WIDE = '添加或删除监测关键词（关键词全镇共用）';

/** 舆情监测 (items and watch keywords, peopleService) and the header's notice bell (anyone signed in). */
const opinionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'peopleService' as const };
  const tags = ['opinions'];

  app.get(
    '/opinions',
    { config: access, schema: { tags, summary: '舆情列表', querystring: OpinionListQuery, response: replies(Page(OpinionItem)) } },
    async (request) => ok(await listOpinions(db, requireUser(request), request.query)),
  );

  app.get(
    '/opinions/trend',
    { config: access, schema: { tags, summary: '近30天舆情情感走势（按天）', response: replies(OpinionTrend) } },
    async (request) => ok({ days: await opinionTrend(db, requireUser(request)) }),
  );

  app.get(
    '/opinions/:id',
    { config: access, schema: { tags, summary: '舆情详情', params: IdParams, response: replies(OpinionItem) } },
    async (request) => ok(await opinionOrFail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/opinions',
    { config: access, schema: { tags, summary: '登记舆情', body: OpinionBody, response: replies(OpinionItem) } },
    async (request) => {
      const id = await createOpinion(db, requireUser(request), request.body);
      request.createdId = String(id);
      return { ...ok(await opinionOrFail(db, id)), message: '舆情已登记' };
    },
  );

  app.put(
    '/opinions/:id',
    { config: access, schema: { tags, summary: '修改舆情', params: IdParams, body: OpinionBody, response: replies(OpinionItem) } },
    async (request) => {
      await updateOpinion(db, requireUser(request), request.params.id, request.body);
      return { ...ok(await opinionOrFail(db, request.params.id)), message: '已保存' };
    },
  );

  app.delete(
    '/opinions/:id',
    { config: access, schema: { tags, summary: '删除舆情', params: IdParams, response: replies() } },
    async (request) => {
      await deleteOpinion(db, requireUser(request), request.params.id);
      return okEmpty('已删除');
    },
  );

  for (const [verb, to, summary, message] of [
    ['handle', 'handled', '标为已处置', '已标为已处置'],
    ['reopen', 'monitoring', '重新监测', '已重新监测'],
  ] as const) {
    app.post(
      `/opinions/:id/${verb}`,
      { config: access, schema: { tags, summary, params: IdParams, response: replies(OpinionItem) } },
      async (request) => {
        await setOpinionStatus(db, requireUser(request), request.params.id, to);
        return { ...ok(await opinionOrFail(db, request.params.id)), message };
      },
    );
  }

  app.get(
    '/opinion-keywords',
    { config: access, schema: { tags, summary: '监测关键词', querystring: OpinionKeywordQuery, response: replies(Page(OpinionKeyword)) } },
    async (request) => ok(await listKeywords(db, request.query)),
  );

  app.post(
    '/opinion-keywords',
    { config: access, schema: { tags, summary: '添加监测关键词', body: OpinionKeywordBody, response: replies(OpinionKeyword) } },
    async (request) => {
      const caller = requireUser(request);
      assertTownWideWriter(caller, KEYWORDS_TOWN_WIDE);
      const keyword = await createKeyword(db, caller, request.body.keyword);
      request.createdId = String(keyword.id);
      return { ...ok(keyword), message: '关键词已添加' };
    },
  );

  app.delete(
    '/opinion-keywords/:id',
    { config: access, schema: { tags, summary: '删除监测关键词（已生成的舆情保留）', params: IdParams, response: replies() } },
    async (request) => {
      assertTownWideWriter(requireUser(request), KEYWORDS_TOWN_WIDE);
      await deleteKeyword(db, request.params.id);
      return okEmpty('已删除');
    },
  );

  app.get(
    '/notices',
    {
      // The header's bell asks by itself every minute and marks a failed ask in its panel (ADR 0025).
      config: { access: 'signedIn', errorShowType: ErrorShowType.SILENT },
      schema: { tags: ['notices'], summary: '我的待办提醒（按权限与数据范围）', response: replies(Notices) },
    },
    async (request) => ok(await noticesFor(db, requireUser(request))),
  );
};

export default opinionRoutes;
