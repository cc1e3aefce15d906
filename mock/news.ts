/**
 * /api/news (server/routes/news.ts) for the admin pages: the list with its filters and sorting and
 * its export, one news, creating, changing, deleting, and publishing, taking offline, pinning and
 * unpinning, on the records of mock/contentDb.ts.
 */
import { CONTENT_MESSAGES, NEWS_PIN_REFUSALS, NEWS_REFUSALS } from '@common/constants';
import type { NewsBody, NewsDetail, NewsItem } from '@common/contracts/content';
import { NEWS_STEP_FROM } from '@common/workflow';
import { areaLabel } from './fixtures';
import { contentDb, image, newsDetail } from './contentDb';
import { admin, apiError, exportHandler, invalid, ok, okEmpty, okPage } from './http';

const toItem = ({ content: _content, ...item }: NewsDetail): NewsItem => item;
const findNews = (id: unknown) => contentDb.news.find((n) => n.id === Number(id));
const notFound = () => apiError(404, CONTENT_MESSAGES.newsNotFound);
export const blankTitle = (title: string | undefined) => !title || !title.trim();
export const titleRequired = (label = '标题') => invalid([{ field: 'title', label, message: '不能为空' }]);

function applyNewsBody(news: NewsDetail, body: NewsBody) {
  Object.assign(news, {
    title: body.title,
    summary: body.summary ?? '',
    content: body.content,
    column: body.column,
    area: body.area,
    areaName: areaLabel(body.area),
    cover: body.coverId ? image(body.coverId) : null,
    pinned: body.pinned,
    updatedAt: new Date().toISOString(),
  });
}

/** Why the item's state refuses the step (the server's words), or nothing when it allows it. */
function refusal(action: keyof typeof NEWS_STEP_FROM | keyof typeof NEWS_PIN_REFUSALS, news: NewsDetail): string | undefined {
  if (action === 'pin' || action === 'unpin') return news.pinned === (action === 'pin') ? NEWS_PIN_REFUSALS[action] : undefined;
  if (NEWS_STEP_FROM[action].includes(news.status)) return undefined;
  return NEWS_REFUSALS[action][news.status] ?? CONTENT_MESSAGES.newsMoved;
}

/** One news step: refused (409, its words) unless the news is in a state it starts from. */
const step = (action: 'publish' | 'offline' | 'pin' | 'unpin', apply: (news: NewsDetail) => void) =>
  admin.post(`/news/:id/${action}`, ({ params }) => {
    const news = findNews(params.id);
    if (!news) return notFound();
    const refused = refusal(action, news);
    if (refused) return apiError(409, refused);
    apply(news);
    return ok(toItem(news));
  });

export const newsHandlers = [
  exportHandler('/news/export', '新闻列表.xlsx'),
  admin.get('/news', ({ request }) => {
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
    return okPage(list.map(toItem), url);
  }),

  admin.get('/news/:id', ({ params }) => {
    const news = findNews(params.id);
    return news ? ok(news) : notFound();
  }),

  admin.post('/news', async ({ request }) => {
    const body = (await request.json()) as NewsBody;
    if (blankTitle(body.title)) return titleRequired();
    const news = newsDetail({ id: contentDb.nextId++, title: body.title, status: 'draft', createdAt: new Date().toISOString() });
    applyNewsBody(news, body);
    contentDb.news.push(news);
    return ok(news);
  }),

  admin.put('/news/:id', async ({ request, params }) => {
    const news = findNews(params.id);
    if (!news) return notFound();
    const body = (await request.json()) as NewsBody;
    if (blankTitle(body.title)) return titleRequired();
    applyNewsBody(news, body);
    return ok(news);
  }),

  admin.delete('/news/:id', ({ params }) => {
    const news = findNews(params.id);
    if (!news) return notFound();
    const refused = refusal('delete', news);
    if (refused) return apiError(409, refused);
    contentDb.news = contentDb.news.filter((n) => n.id !== news.id);
    return okEmpty('已删除');
  }),

  step('publish', (news) => {
    news.status = 'published';
    news.publishedAt = new Date().toISOString();
  }),
  step('offline', (news) => {
    news.status = 'offline';
  }),
  step('pin', (news) => {
    news.pinned = true;
  }),
  step('unpin', (news) => {
    news.pinned = false;
  }),
];
