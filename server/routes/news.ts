import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import { NewsBody, NewsDetail, NewsItem, NewsListQuery } from '../../common/contracts/content';
import { NEWS_STATUS_LABELS, newsColumnLabel } from '../../common/constants';
import { news } from '../db/schema';
import { AppError } from '../errors';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import {
  currentNewsState,
  FROM_STATES,
  inStates,
  listNews,
  loadWritableNews,
  newsDetailOrFail,
  newsItemOrFail,
  newsRefusal,
  newsValues,
  PIN_REFUSALS,
} from '../services/news';

/** News management (新闻管理): drafts, publishing, taking offline, pinning. */
const NEWS_COLUMNS: Array<XlsxColumn<NewsItem>> = [
  { header: '编号', width: 8, value: (n) => n.id },
  { header: '标题', width: 32, value: (n) => n.title },
  { header: '栏目', width: 12, value: (n) => newsColumnLabel(n.column) },
  { header: '发布范围', width: 12, value: (n) => n.areaName },
  { header: '状态', width: 8, value: (n) => NEWS_STATUS_LABELS[n.status] },
  { header: '置顶', width: 6, value: (n) => (n.pinned ? '是' : '') },
  { header: '浏览量', width: 8, value: (n) => n.views },
  { header: '作者', width: 10, value: (n) => n.authorName },
  { header: '发布时间', width: 18, value: (n) => exportTime(n.publishedAt) },
  { header: '摘要', width: 40, value: (n) => n.summary },
];

const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'newsManage' as const };
  const tags = ['news'];

  app.get(
    '/news',
    { config: access, schema: { tags, summary: '新闻列表', querystring: NewsListQuery, response: replies(Page(NewsItem)) } },
    async (request) => ok(await listNews(db, requireUser(request), request.query)),
  );

  app.get(
    '/news/export',
    { config: access, schema: { tags, summary: '导出新闻列表（Excel，筛选条件同列表）', querystring: NewsListQuery, ...EXPORT_REPLIES } },
    async (request, reply) => {
      const caller = requireUser(request);
      return sendListExport(reply, {
        sheet: '新闻列表',
        fileName: '新闻列表.xlsx',
        asciiName: 'news.xlsx',
        columns: NEWS_COLUMNS,
        page: (current, pageSize) => listNews(db, caller, { ...request.query, current, pageSize }),
      });
    },
  );

  app.get(
    '/news/:id',
    { config: access, schema: { tags, summary: '新闻详情', params: IdParams, response: replies(NewsDetail) } },
    async (request) => ok(await newsDetailOrFail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/news',
    { config: access, schema: { tags, summary: '新建新闻（草稿）', body: NewsBody, response: replies(NewsDetail) } },
    async (request) => {
      const caller = requireUser(request);
      const values = await newsValues(db, caller, request.body);
      const [created] = await db
        .insert(news)
        .values({ ...values, status: 'draft', authorId: caller.id })
        .returning({ id: news.id });
      request.createdId = String(created.id);
      return ok(await newsDetailOrFail(db, created.id));
    },
  );

  app.put(
    '/news/:id',
    {
      config: access,
      schema: { tags, summary: '修改新闻（已发布的修改后立即生效）', params: IdParams, body: NewsBody, response: replies(NewsDetail) },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      const current = await loadWritableNews(db, caller, id);
      const values = await newsValues(db, caller, request.body, current);
      const [updated] = await db
        .update(news)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(news.id, id))
        .returning({ id: news.id });
      if (!updated) throw new AppError(404, '新闻不存在');
      return ok(await newsDetailOrFail(db, id));
    },
  );

  app.delete(
    '/news/:id',
    { config: access, schema: { tags, summary: '删除新闻（已发布的须先下线）', params: IdParams, response: replies() } },
    async (request) => {
      const { id } = request.params;
      const current = await loadWritableNews(db, requireUser(request), id);
      if (!FROM_STATES.delete.includes(current.status)) throw newsRefusal('delete', current.status);
      // Only while not published: a publish that slipped in between wins.
      const deleted = await db
        .delete(news)
        .where(and(eq(news.id, id), inStates(FROM_STATES.delete)))
        .returning({ id: news.id });
      if (!deleted.length) {
        const state = await currentNewsState(db, id);
        if (!state) throw new AppError(404, '新闻不存在');
        throw newsRefusal('delete', state.status);
      }
      return { code: 200 as const, message: '新闻已删除' };
    },
  );

  for (const action of ['publish', 'offline'] as const) {
    app.post(
      `/news/:id/${action}`,
      {
        config: access,
        schema: {
          tags,
          summary: action === 'publish' ? '发布新闻（草稿或已下线的）' : '下线新闻（不再公开显示）',
          params: IdParams,
          response: replies(NewsItem),
        },
      },
      async (request) => {
        const { id } = request.params;
        const current = await loadWritableNews(db, requireUser(request), id);
        if (!FROM_STATES[action].includes(current.status)) throw newsRefusal(action, current.status);
        const changes =
          action === 'publish'
            ? // The first publication dates the item; going back online keeps that date.
              { status: 'published', publishedAt: sql`coalesce(${news.publishedAt}, now())`, updatedAt: sql`now()` }
            : { status: 'offline', updatedAt: sql`now()` };
        const changed = await db
          .update(news)
          .set(changes)
          .where(and(eq(news.id, id), inStates(FROM_STATES[action])))
          .returning({ id: news.id });
        if (!changed.length) {
          const state = await currentNewsState(db, id);
          if (!state) throw new AppError(404, '新闻不存在');
          throw newsRefusal(action, state.status);
        }
        return ok(await newsItemOrFail(db, id));
      },
    );
  }

  for (const action of ['pin', 'unpin'] as const) {
    const pinned = action === 'pin';
    app.post(
      `/news/:id/${action}`,
      {
        config: access,
        schema: { tags, summary: pinned ? '置顶新闻' : '取消置顶', params: IdParams, response: replies(NewsItem) },
      },
      async (request) => {
        const { id } = request.params;
        const current = await loadWritableNews(db, requireUser(request), id);
        if (current.pinned === pinned) throw new AppError(409, PIN_REFUSALS[action]);
        const changed = await db
          .update(news)
          .set({ pinned, updatedAt: sql`now()` })
          .where(and(eq(news.id, id), eq(news.pinned, !pinned)))
          .returning({ id: news.id });
        if (!changed.length) {
          const state = await currentNewsState(db, id);
          if (!state) throw new AppError(404, '新闻不存在');
          throw new AppError(409, PIN_REFUSALS[action]);
        }
        return ok(await newsItemOrFail(db, id));
      },
    );
  }
};

export default newsRoutes;
