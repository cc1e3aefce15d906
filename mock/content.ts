/**
 * msw handlers for the content module (issue 4): news, introductions, org units and uploads, with
 * the shapes of common/contracts/content.ts. Add them per test file with
 * `server.use(...contentHandlers)` in a beforeEach and call `resetContentDb()` there too.
 */
import { http, HttpResponse } from 'msw';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { FieldError } from '@common/contracts/base';
import type {
  CenterIntroduction,
  CenterIntroductionBody,
  NewsBody,
  NewsDetail,
  NewsItem,
  OrgUnitBody,
  OrgUnitNode,
  VillageIntroduction,
  VillageIntroductionBody,
} from '@common/contracts/content';
import type { ImageRef } from '@common/contracts/tasks';
import { ADMIN_TOKEN, adminUser, areaName, areas } from './fixtures';
import { api, apiError, exportHandler, ok } from './handlers';

const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');
const past = (days: number) => new Date(Date.now() - days * 86400000).toISOString();

export const CONTENT_MESSAGES = {
  newsNotFound: '新闻不存在',
  deletePublished: '新闻已发布，不能删除，请先下线',
  orgHasChildren: '该单位下还有下级单位，请先删除或移走下级单位',
  orgUnderItself: '不能把单位移到它自己的下级单位之下',
} as const;

export const image = (id: number): ImageRef => ({ id, url: `/api/uploads/content-${id}.jpg`, width: 1200, height: 675 });

export function newsDetail(seed: Partial<NewsDetail> & Pick<NewsDetail, 'id' | 'title' | 'status'>): NewsDetail {
  const area = seed.area ?? null;
  return {
    summary: '',
    column: 1,
    area,
    areaName: area === null ? '全镇' : (areaName(area) ?? ''),
    cover: null,
    pinned: false,
    views: 0,
    authorId: adminUser.id,
    authorName: adminUser.name,
    publishedAt: seed.status === 'draft' ? null : past(2),
    createdAt: past(3),
    updatedAt: past(1),
    content: '<p>镇党委召开专题会议，部署下一阶段重点工作。</p>',
    ...seed,
  };
}

const initialNews = (): NewsDetail[] => [
  newsDetail({
    id: 1,
    title: '我镇召开人居环境整治推进会',
    status: 'published',
    summary: '会议通报了各村整治进展，部署下一阶段任务。',
    cover: image(901),
    pinned: true,
    views: 128,
    content:
      '<h2>会议要点</h2><p>各村要在月底前完成<strong>主干道</strong>清扫。</p><p><img src="/api/uploads/content-902.jpg" alt="会场"></p>',
  }),
  newsDetail({ id: 2, title: '关于开展秋季防火宣传的通知（草稿）', status: 'draft', column: 2, area: 3 }),
  newsDetail({ id: 3, title: '第一村村务公开：上半年财务收支', status: 'offline', column: 4, area: 2, views: 40 }),
];

function initialCenter(): CenterIntroduction {
  return {
    title: '某镇综合治理中心',
    content: '<p>中心统筹全镇综治、信访、网格化服务管理等工作。</p>',
    images: [image(801), image(802)],
    updatedAt: past(5),
    updatedByName: adminUser.name,
  };
}

function initialVillages(): VillageIntroduction[] {
  return areas.map((area) => ({
    area: area.id,
    name: area.name,
    summary: '',
    content: area.id === 2 ? '<p>第一村位于镇区东侧，以水稻种植为主。</p>' : '',
    cover: area.id === 2 ? image(700) : null,
    population: area.id === 2 ? 1860 : null,
    households: area.id === 2 ? 520 : null,
    landArea: area.id === 2 ? 3200.5 : null,
    partyMembers: area.id === 2 ? 46 : null,
    leader: area.id === 2 ? '王建国' : '',
    phone: area.id === 2 ? '0571-8888123' : '',
    updatedAt: area.id === 2 ? past(10) : null,
  }));
}

/** The org units as stored: a flat list with parent ids. */
type OrgUnitRow = Omit<OrgUnitNode, 'children'>;
const unit = (id: number, parentId: number | null, name: string, more: Partial<OrgUnitRow> = {}): OrgUnitRow => ({
  id,
  parentId,
  name,
  leader: '',
  position: '',
  phone: '',
  sort: 0,
  members: '',
  ...more,
});
const initialUnits = (): OrgUnitRow[] => [
  unit(1, null, '镇综合治理中心', { leader: '张明', position: '中心主任', phone: '0571-8888001', sort: 1 }),
  unit(2, 1, '综治办', { leader: '李华', position: '办公室主任', sort: 1, members: '王芳、赵强、刘洋' }),
  unit(3, 1, '网格管理站', { leader: '陈刚', position: '站长', sort: 2 }),
  unit(4, 3, '第一网格', { leader: '周丽', position: '网格长', sort: 1 }),
  unit(5, null, '村级工作站', { sort: 2 }),
];

export const contentDb = {
  news: initialNews(),
  center: initialCenter(),
  villages: initialVillages(),
  units: initialUnits(),
  nextId: 1000,
};

export function resetContentDb() {
  contentDb.news = initialNews();
  contentDb.center = initialCenter();
  contentDb.villages = initialVillages();
  contentDb.units = initialUnits();
  contentDb.nextId = 1000;
}

function page<T>(items: T[], url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

const toItem = ({ content: _content, ...item }: NewsDetail): NewsItem => item;
const findNews = (id: unknown) => contentDb.news.find((n) => n.id === Number(id));
const blankTitle = (title: string | undefined) => !title || !title.trim();
const titleError = (label = '标题'): FieldError[] => [{ field: 'title', label, message: '不能为空' }];

function applyNewsBody(news: NewsDetail, body: NewsBody) {
  Object.assign(news, {
    title: body.title,
    summary: body.summary ?? '',
    content: body.content,
    column: body.column,
    area: body.area,
    areaName: body.area === null ? '全镇' : (areaName(body.area) ?? ''),
    cover: body.coverId ? image(body.coverId) : null,
    pinned: body.pinned,
    updatedAt: new Date().toISOString(),
  });
}

function buildTree(rows: OrgUnitRow[], parentId: number | null = null): OrgUnitNode[] {
  return rows
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((r) => ({ ...r, children: buildTree(rows, r.id) }));
}

const descendantsOf = (id: number): number[] => {
  const children = contentDb.units.filter((u) => u.parentId === id).map((u) => u.id);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
};

export const contentHandlers = [
  exportHandler('/news/export', '新闻列表.xlsx'),
  // ---- News ----
  http.get(api('/news'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    const q = url.searchParams;
    const sortField = (q.get('sortField') ?? 'createdAt') as 'createdAt' | 'publishedAt' | 'views';
    const direction = q.get('sortOrder') === 'ascend' ? 1 : -1;
    const list = contentDb.news
      .filter(
        (n) =>
          (!q.get('title') || n.title.includes(q.get('title') as string)) &&
          (!q.get('column') || n.column === Number(q.get('column'))) &&
          (!q.get('status') || n.status === q.get('status')) &&
          (!q.get('area') || n.area === Number(q.get('area'))) &&
          (!q.get('pinned') || String(n.pinned) === q.get('pinned')),
      )
      .sort((a, b) => {
        const x = a[sortField] ?? '';
        const y = b[sortField] ?? '';
        return x === y ? b.id - a.id : (x < y ? -1 : 1) * direction;
      });
    return ok(page(list.map(toItem), url));
  }),

  http.get(api('/news/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const news = findNews(params.id);
    return news ? ok(news) : apiError(404, CONTENT_MESSAGES.newsNotFound);
  }),

  http.post(api('/news'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as NewsBody;
    if (blankTitle(body.title)) return apiError(400, '标题：不能为空', titleError());
    const news = newsDetail({ id: contentDb.nextId++, title: body.title, status: 'draft', createdAt: new Date().toISOString() });
    applyNewsBody(news, body);
    contentDb.news.push(news);
    return ok(news);
  }),

  http.put(api('/news/:id'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const news = findNews(params.id);
    if (!news) return apiError(404, CONTENT_MESSAGES.newsNotFound);
    const body = (await request.json()) as NewsBody;
    if (blankTitle(body.title)) return apiError(400, '标题：不能为空', titleError());
    applyNewsBody(news, body);
    return ok(news);
  }),

  http.delete(api('/news/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const news = findNews(params.id);
    if (!news) return apiError(404, CONTENT_MESSAGES.newsNotFound);
    if (news.status === 'published') return apiError(409, CONTENT_MESSAGES.deletePublished);
    contentDb.news = contentDb.news.filter((n) => n.id !== news.id);
    return HttpResponse.json({ code: 200, message: '已删除' });
  }),

  http.post(api('/news/:id/:action'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const news = findNews(params.id);
    if (!news) return apiError(404, CONTENT_MESSAGES.newsNotFound);
    switch (params.action) {
      case 'publish':
        if (news.status === 'published') return apiError(409, '新闻已发布，请勿重复发布');
        news.status = 'published';
        news.publishedAt = new Date().toISOString();
        break;
      case 'offline':
        if (news.status !== 'published') return apiError(409, '新闻已下线，请勿重复操作');
        news.status = 'offline';
        break;
      case 'pin':
        if (news.pinned) return apiError(409, '新闻已置顶，请勿重复操作');
        news.pinned = true;
        break;
      case 'unpin':
        if (!news.pinned) return apiError(409, '新闻未置顶，无需取消');
        news.pinned = false;
        break;
      default:
        return apiError(404, '请求地址出错');
    }
    return ok(toItem(news));
  }),

  // ---- Introductions ----
  http.get(api('/introductions/center'), ({ request }) => (signedIn(request) ? ok(contentDb.center) : unauthorized())),

  http.put(api('/introductions/center'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as CenterIntroductionBody;
    if (blankTitle(body.title)) return apiError(400, '标题：不能为空', titleError());
    contentDb.center = {
      title: body.title,
      content: body.content,
      images: body.imageIds.map(image),
      updatedAt: new Date().toISOString(),
      updatedByName: adminUser.name,
    };
    return ok(contentDb.center);
  }),

  http.get(api('/introductions/villages'), ({ request }) => (signedIn(request) ? ok(contentDb.villages) : unauthorized())),

  http.put(api('/introductions/villages/:area'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const index = contentDb.villages.findIndex((v) => v.area === Number(params.area));
    if (index < 0) return apiError(404, '区域不存在');
    const { coverId, ...body } = (await request.json()) as VillageIntroductionBody;
    if (blankTitle(body.name)) return apiError(400, '名称：不能为空', [{ field: 'name', label: '名称', message: '不能为空' }]);
    if (contentDb.villages.some((v, i) => i !== index && v.name === body.name.trim())) {
      const message = `名称“${body.name.trim()}”已被其他村（社区）使用`;
      return apiError(409, message, [{ field: 'name', label: '名称', message }]);
    }
    const village: VillageIntroduction = {
      ...contentDb.villages[index],
      ...body,
      name: body.name.trim(),
      summary: body.content.replace(/<[^>]*>/g, '').slice(0, 120),
      cover: coverId ? image(coverId) : null,
      updatedAt: new Date().toISOString(),
    };
    contentDb.villages[index] = village;
    return ok(village);
  }),

  // ---- Org units ----
  http.get(api('/org-units'), ({ request }) => (signedIn(request) ? ok(buildTree(contentDb.units)) : unauthorized())),

  http.post(api('/org-units'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as OrgUnitBody;
    if (blankTitle(body.name)) return apiError(400, '名称：不能为空', [{ field: 'name', label: '名称', message: '不能为空' }]);
    if (body.parentId !== null && !contentDb.units.some((u) => u.id === body.parentId)) {
      return apiError(400, '上级单位：不存在', [{ field: 'parentId', label: '上级单位', message: '不存在' }]);
    }
    const row = { ...body, id: contentDb.nextId++ };
    contentDb.units.push(row);
    return ok(row);
  }),

  http.put(api('/org-units/:id'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const row = contentDb.units.find((u) => u.id === Number(params.id));
    if (!row) return apiError(404, '单位不存在');
    const body = (await request.json()) as OrgUnitBody;
    if (body.parentId !== null && (body.parentId === row.id || descendantsOf(row.id).includes(body.parentId))) {
      return apiError(400, CONTENT_MESSAGES.orgUnderItself, [
        { field: 'parentId', label: '上级单位', message: CONTENT_MESSAGES.orgUnderItself },
      ]);
    }
    Object.assign(row, body);
    return ok({ ...row });
  }),

  http.delete(api('/org-units/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const id = Number(params.id);
    if (!contentDb.units.some((u) => u.id === id)) return apiError(404, '单位不存在');
    if (contentDb.units.some((u) => u.parentId === id)) return apiError(409, CONTENT_MESSAGES.orgHasChildren);
    contentDb.units = contentDb.units.filter((u) => u.id !== id);
    return HttpResponse.json({ code: 200, message: '已删除' });
  }),

  // ---- Uploads ----
  http.post(api('/uploads'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const form = await request.formData();
    const file = form.get('file');
    if (!file || typeof file === 'string') return apiError(400, '图片：请选择要上传的图片');
    const id = contentDb.nextId++;
    return ok({ id, url: `/api/uploads/content-${id}.jpg`, width: 1200, height: 675, size: file.size });
  }),
];
