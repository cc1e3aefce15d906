/**
 * /api/opinions and /api/opinion-keywords (server/routes/opinions.ts), on the records of
 * mock/peopleDb.ts: the 30-day trend, the list and its export, adding, changing, deleting,
 * 处置 and 重新监测, and the watch keywords; and GET /api/notices, the admin header's bell, counted
 * from the records (or `peopleDb.notices` when a test sets it).
 */
import { PEOPLE_MESSAGES } from '@common/constants';
import {
  OpinionBody,
  OpinionKeywordBody,
  type AppealDetail,
  type NoticeGroup,
  type Notices,
  type OpinionItem,
  type OpinionKeyword,
  type OpinionTrendDay,
} from '@common/contracts/people';
import { adminUser, areaLabel } from './fixtures';
import { admin, apiError, exportHandler, invalid, ok, okEmpty, okPage, signedIn } from './http';
import { unreadNoticesOf } from './my';
import { opinion, peopleDb, withOverdue } from './peopleDb';
import { anyContains, inPeriod, newestFirst, numberParam } from './query';
import { bodyErrors } from './validate';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function filterOpinions(q: URLSearchParams): OpinionItem[] {
  const level = numberParam(q, 'level');
  const source = numberParam(q, 'source');
  const area = numberParam(q, 'area');
  return peopleDb.opinions
    .filter(
      (o) =>
        (!q.get('status') || o.status === q.get('status')) &&
        (!q.get('sentiment') || o.sentiment === q.get('sentiment')) &&
        (level === undefined || o.level === level) &&
        (source === undefined || o.source === source) &&
        (area === undefined || o.area === area) &&
        anyContains([o.title, o.summary, o.keyword ?? ''], q.get('keyword')) &&
        inPeriod(o.createdAt, q),
    )
    .sort(newestFirst);
}

/** 30 days, today last: a steady background of items plus the ones in the db. */
function trend(): OpinionTrendDay[] {
  const days: OpinionTrendDay[] = [];
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  for (let i = 29; i >= 0; i--) {
    const day = new Date(today.getTime() - i * DAY);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const n = 30 - i;
    const row = {
      date,
      positive: (n * 7) % 4 === 0 ? 2 : (n * 7) % 3,
      neutral: (n * 5) % 4,
      negative: n % 6 === 0 ? 3 : n % 4 === 0 ? 1 : 0,
    };
    for (const o of peopleDb.opinions) {
      const t = Date.parse(o.createdAt);
      if (t >= day.getTime() && t < day.getTime() + DAY) row[o.sentiment] += 1;
    }
    days.push(row);
  }
  return days;
}

/** The notice bell's task-review group (owned by the task module): fixed here. */
const SUBMISSIONS_GROUP = (now: number): NoticeGroup => ({
  kind: 'submissions',
  title: '待审核提交',
  count: 2,
  link: '/taskManage/audit',
  items: [
    { id: 1, title: '春季人居环境整治', subtitle: '王村干 · 第一村', time: new Date(now - 20 * MINUTE).toISOString() },
    { id: 2, title: '春季人居环境整治', subtitle: '刘网格 · 第二村', time: new Date(now - 3 * HOUR).toISOString() },
  ],
});

function notices(): Omit<Notices, 'mine'> {
  if (peopleDb.notices) return peopleDb.notices;
  const now = Date.now();
  const appeals = peopleDb.appeals.map(withOverdue).sort(newestFirst);
  const entry = (a: AppealDetail) => ({ id: a.id, title: a.title, subtitle: `${a.submitterName} · ${a.areaName}`, time: a.createdAt });
  const pending = appeals.filter((a) => a.status === 'pending');
  const overdue = appeals.filter((a) => a.overdue);
  const reports = peopleDb.reports.filter((r) => r.status === 'pending').sort(newestFirst);
  const groups: NoticeGroup[] = [
    SUBMISSIONS_GROUP(now),
    {
      kind: 'appeals',
      title: '新的群众诉求',
      count: pending.length,
      link: '/peopleService/appeal?status=pending',
      items: pending.slice(0, 5).map(entry),
    },
    {
      kind: 'photoReports',
      title: '新的随手拍',
      count: reports.length,
      link: '/peopleService/shot?status=pending',
      items: reports
        .slice(0, 5)
        .map((r) => ({ id: r.id, title: r.excerpt, subtitle: `${r.submitterName} · ${r.areaName}`, time: r.createdAt })),
    },
    {
      kind: 'overdueAppeals',
      title: '超期诉求',
      count: overdue.length,
      link: '/peopleService/appeal?status=overdue',
      items: overdue.slice(0, 5).map(entry),
    },
  ];
  return { total: groups.reduce((sum, g) => sum + g.count, 0), groups };
}

function applyOpinionBody(item: OpinionItem, body: OpinionBody) {
  Object.assign(item, {
    source: body.source,
    title: body.title.trim(),
    summary: body.summary ?? '',
    link: body.link ?? '',
    sentiment: body.sentiment,
    level: body.level,
    area: body.area ?? null,
    areaName: areaLabel(body.area ?? null),
  });
}

const findOpinion = (id: unknown) => peopleDb.opinions.find((o) => o.id === Number(id));
const opinionNotFound = () => apiError(404, PEOPLE_MESSAGES.opinionNotFound);

/** The body as the server reads it, or its 400. */
async function opinionBody(request: Request): Promise<OpinionBody | Response> {
  const body = (await request.json()) as OpinionBody;
  const errors = bodyErrors(OpinionBody, body);
  return errors.length ? invalid(errors) : body;
}

export const opinionHandlers = [
  exportHandler('/opinions/export', '舆情监测.xlsx'),
  admin.get('/opinions/trend', () => ok({ days: trend() })),
  admin.get('/opinions', ({ request }) => {
    const url = new URL(request.url);
    return okPage(filterOpinions(url.searchParams), url);
  }),
  admin.post('/opinions', async ({ request }) => {
    const body = await opinionBody(request);
    if (body instanceof Response) return body;
    const item = opinion(
      { id: peopleDb.nextId++, title: '', source: 1, sentiment: 'neutral', createdByName: adminUser.name },
      Date.now(),
      0,
    );
    applyOpinionBody(item, body);
    peopleDb.opinions.push(item);
    return ok(item);
  }),
  admin.put('/opinions/:id', async ({ request, params }) => {
    const found = findOpinion(params.id);
    if (!found) return opinionNotFound();
    const body = await opinionBody(request);
    if (body instanceof Response) return body;
    applyOpinionBody(found, body);
    return ok(found);
  }),
  admin.delete('/opinions/:id', ({ params }) => {
    const found = findOpinion(params.id);
    if (!found) return opinionNotFound();
    peopleDb.opinions = peopleDb.opinions.filter((o) => o.id !== found.id);
    return okEmpty('已删除');
  }),
  admin.post('/opinions/:id/handle', ({ params }) => {
    const found = findOpinion(params.id);
    if (!found) return opinionNotFound();
    if (found.status === 'handled') return apiError(409, PEOPLE_MESSAGES.opinionHandled);
    found.status = 'handled';
    found.handledAt = new Date().toISOString();
    return ok(found);
  }),
  admin.post('/opinions/:id/reopen', ({ params }) => {
    const found = findOpinion(params.id);
    if (!found) return opinionNotFound();
    if (found.status === 'monitoring') return apiError(409, PEOPLE_MESSAGES.opinionMonitoring);
    found.status = 'monitoring';
    found.handledAt = null;
    return ok(found);
  }),

  // ---- watch keywords ----
  admin.get('/opinion-keywords', ({ request }) => {
    const url = new URL(request.url);
    const list = peopleDb.keywords.filter((k) => anyContains([k.keyword], url.searchParams.get('keyword'))).sort(newestFirst);
    return okPage(list, url);
  }),
  admin.post('/opinion-keywords', async ({ request }) => {
    const body = (await request.json()) as OpinionKeywordBody;
    const errors = bodyErrors(OpinionKeywordBody, body);
    if (errors.length) return invalid(errors);
    const keyword = body.keyword.trim();
    if (peopleDb.keywords.some((k) => k.keyword === keyword)) {
      return apiError(409, PEOPLE_MESSAGES.keywordTaken, [{ field: 'keyword', label: '关键词', message: PEOPLE_MESSAGES.keywordTaken }]);
    }
    const item: OpinionKeyword = {
      id: peopleDb.nextId++,
      keyword,
      matches: 0,
      createdByName: adminUser.name,
      createdAt: new Date().toISOString(),
    };
    peopleDb.keywords.push(item);
    return ok(item);
  }),
  admin.delete('/opinion-keywords/:id', ({ params }) => {
    if (!peopleDb.keywords.some((k) => k.id === Number(params.id))) return apiError(404, PEOPLE_MESSAGES.keywordNotFound);
    peopleDb.keywords = peopleDb.keywords.filter((k) => k.id !== Number(params.id));
    return okEmpty('已删除');
  }),
];

/** The bell counted from the records: what people-service pages' tests see. */
export const noticeBellHandlers = [
  signedIn.get('/notices', ({ request }) => ok({ ...notices(), mine: unreadNoticesOf(request.headers.get('authorization')) })),
];
/** The bell with nothing in it: every other admin page's (the header asks on each). */
export const emptyNoticeBellHandlers = [signedIn.get('/notices', () => ok({ total: 0, groups: [], mine: { unread: 0, items: [] } }))];
