import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import {
  ErrorShowType,
  OPINION_SENTIMENT_LABELS,
  OPINION_STATUS_LABELS,
  opinionLevelLabel,
  opinionSourceLabel,
} from '../../common/constants';
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
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import { noticesFor } from '../services/system/notices';
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
} from '../services/people/opinions';

/** Watch keywords read every village's appeals and reports: see assertTownWideWriter. */
const KEYWORDS_TOWN_WIDE = '添加或删除监测关键词（关键词全镇共用）';

const OPINION_COLUMNS: Array<XlsxColumn<OpinionItem>> = [
  { header: '编号', width: 8, value: (o) => o.id },
  { header: '标题', width: 30, value: (o) => o.title },
  { header: '来源', width: 10, value: (o) => opinionSourceLabel(o.source) },
  { header: '倾向', width: 8, value: (o) => OPINION_SENTIMENT_LABELS[o.sentiment] },
  { header: '等级', width: 8, value: (o) => opinionLevelLabel(o.level) },
  { header: '涉及区域', width: 14, value: (o) => o.areaName },
  { header: '状态', width: 8, value: (o) => OPINION_STATUS_LABELS[o.status] },
  { header: '监测关键词', width: 12, value: (o) => o.keyword ?? '' },
  { header: '摘要', width: 40, value: (o) => o.summary },
  { header: '链接', width: 30, value: (o) => o.link },
  { header: '登记人', width: 10, value: (o) => o.createdByName },
  { header: '登记时间', width: 18, value: (o) => exportTime(o.createdAt) },
  { header: '处置时间', width: 18, value: (o) => exportTime(o.handledAt) },
];

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
    '/opinions/export',
    {
      config: access,
      schema: { tags, summary: '导出舆情列表（Excel，筛选条件同列表）', querystring: OpinionListQuery, ...EXPORT_REPLIES },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      return sendListExport(reply, {
        sheet: '舆情监测',
        fileName: '舆情监测.xlsx',
        asciiName: 'opinions.xlsx',
        columns: OPINION_COLUMNS,
        page: (current, pageSize) => listOpinions(db, caller, { ...request.query, current, pageSize }),
      });
    },
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
