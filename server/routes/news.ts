import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { NewsBody, NewsDetail, NewsItem, NewsListQuery } from '../../common/contracts/content';
import { NEWS_STATUS_LABELS, newsColumnLabel } from '../../common/constants';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import {
  changeNewsStatus,
  createNews,
  deleteNews,
  listNews,
  newsDetailOrFail,
  newsItemOrFail,
  setNewsPinned,
  updateNews,
} from '../services/content/news';

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
      const id = await createNews(db, requireUser(request), request.body);
      request.createdId = String(id);
      return ok(await newsDetailOrFail(db, id));
    },
  );

  app.put(
    '/news/:id',
    {
      config: access,
      schema: { tags, summary: '修改新闻（已发布的修改后立即生效）', params: IdParams, body: NewsBody, response: replies(NewsDetail) },
    },
    async (request) => {
      const { id } = request.params;
      await updateNews(db, requireUser(request), id, request.body);
      return ok(await newsDetailOrFail(db, id));
    },
  );

  app.delete(
    '/news/:id',
    { config: access, schema: { tags, summary: '删除新闻（已发布的须先下线）', params: IdParams, response: replies() } },
    async (request) => {
      await deleteNews(db, requireUser(request), request.params.id);
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
        await changeNewsStatus(db, requireUser(request), request.params.id, action);
        return ok(await newsItemOrFail(db, request.params.id));
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
        await setNewsPinned(db, requireUser(request), request.params.id, pinned);
        return ok(await newsItemOrFail(db, request.params.id));
      },
    );
  }
};

export default newsRoutes;
