/**
 * msw handlers and fixtures for the data overview (GET /api/stats/overview) and the display links
 * (admin), in the shapes of common/contracts/stats.ts. Add them per test file with
 * `server.use(...overviewHandlers)` and call `resetOverviewDb()` in a beforeEach.
 */
import { http, HttpResponse } from 'msw';
import { WORK_CATEGORIES } from '@common/constants';
import type { DisplayLink, NewDisplayLink, StatsOverview } from '@common/contracts/stats';
import { ADMIN_TOKEN, adminUser, areas } from './fixtures';
import { api, apiError, ok } from './handlers';

const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');
const DAY = 86400_000;

/** A small township's figures: 30 days of appeals, three villages at work. */
export function overviewFixture(now = Date.now()): StatsOverview {
  const dates = Array.from({ length: 30 }, (_, i) => new Date(now - (29 - i) * DAY).toISOString().slice(0, 10));
  const completion = (area: number, targets: number, completed: number, pending: number) => ({
    area,
    name: areas.find((a) => a.id === area)?.name ?? '',
    targets,
    completed,
    rate: targets ? Math.round((completed / targets) * 1000) / 1000 : 0,
    pending,
    approved: completed,
  });
  return {
    generatedAt: new Date(now).toISOString(),
    area: null,
    areaName: '全镇',
    users: {
      total: 10,
      byRole: [
        { code: 'admin', name: '超级管理员', count: 1 },
        { code: 'staff', name: '中心工作人员', count: 2 },
        { code: 'village', name: '村干部/网格员', count: 4 },
        { code: 'villager', name: '村民', count: 3 },
      ],
      byArea: areas.map((a) => ({ area: a.id, name: a.name, count: a.id <= 4 ? 3 : 0 })),
    },
    tasks: { published: 7, overdue: 2, closed: 3, draft: 1 },
    submissions: { pending: 6, approved: 12, rejected: 2 },
    completionByArea: areas.map((a) =>
      a.id === 2
        ? completion(2, 8, 6, 1)
        : a.id === 3
          ? completion(3, 6, 3, 2)
          : a.id === 4
            ? completion(4, 4, 1, 3)
            : completion(a.id, 0, 0, 0),
    ),
    completionByCategory: WORK_CATEGORIES.map(({ id, label }) =>
      id === 14
        ? { category: 14, label, tasks: 3, targets: 9, completed: 6, rate: 0.667 }
        : id === 2
          ? { category: 2, label, tasks: 2, targets: 4, completed: 1, rate: 0.25 }
          : { category: id, label, tasks: 0, targets: 0, completed: 0, rate: 0 },
    ),
    appeals: {
      total: 10,
      byStatus: { pending: 3, processing: 2, replied: 1, closed: 3, rejected: 1 },
      overdue: 2,
      satisfaction: 4.5,
      rated: 2,
    },
    photoReports: { total: 6, byStatus: { pending: 3, handled: 2, invalid: 1 } },
    perDay: dates.map((date, i) => ({ date, appeals: i % 3, photoReports: i % 4 === 0 ? 1 : 0 })),
    pointsTop: [
      { userId: 4, name: '张红梅', areaName: '第一村', points: 25 },
      { userId: 5, name: '刘志强', areaName: '第一村', points: 12 },
    ],
    news: { publishedThisMonth: 4, month: { from: '2026-11-01', to: '2026-11-30' } },
    latestAppeals: [
      {
        id: 11,
        title: '村口路灯不亮',
        areaName: '第一村',
        status: 'pending',
        overdue: false,
        createdAt: new Date(now - 3600_000).toISOString(),
      },
      {
        id: 9,
        title: '自来水管漏水一直没人修',
        areaName: '第一村',
        status: 'pending',
        overdue: true,
        createdAt: new Date(now - 6 * DAY).toISOString(),
      },
    ],
    latestApprovals: [
      {
        id: 21,
        taskId: 3,
        taskTitle: '清洁村庄集中整治',
        userName: '张红梅',
        areaName: '第一村',
        points: 10,
        reviewedAt: new Date(now - 7200_000).toISOString(),
      },
    ],
  };
}

/** An overview with nothing in it yet: a township on its first day. */
export function emptyOverview(now = Date.now()): StatsOverview {
  const full = overviewFixture(now);
  const zero = <T extends Record<string, number>>(o: T) => Object.fromEntries(Object.keys(o).map((k) => [k, 0])) as T;
  return {
    ...full,
    tasks: zero(full.tasks),
    submissions: zero(full.submissions),
    completionByArea: full.completionByArea.map((a) => ({ ...a, targets: 0, completed: 0, rate: 0, pending: 0, approved: 0 })),
    completionByCategory: full.completionByCategory.map((c) => ({ ...c, tasks: 0, targets: 0, completed: 0, rate: 0 })),
    appeals: { total: 0, byStatus: zero(full.appeals.byStatus), overdue: 0, satisfaction: null, rated: 0 },
    photoReports: { total: 0, byStatus: zero(full.photoReports.byStatus) },
    perDay: full.perDay.map((d) => ({ ...d, appeals: 0, photoReports: 0 })),
    pointsTop: [],
    news: { publishedThisMonth: 0, month: { from: '2026-11-01', to: '2026-11-30' } },
    latestAppeals: [],
    latestApprovals: [],
  };
}

export const overviewDb = {
  overview: overviewFixture(),
  links: [] as DisplayLink[],
  nextId: 1,
  /** 系统设置 › 演示数据: a new installation has some until it is cleared. */
  demo: { present: true, accounts: 9, records: 180 },
};
resetOverviewDb();

export function resetOverviewDb() {
  overviewDb.overview = overviewFixture();
  overviewDb.links = [
    {
      id: 1,
      name: '一楼大厅',
      keyPrefix: 'Ab3dE9',
      createdByName: adminUser.name,
      createdAt: new Date(Date.now() - 5 * DAY).toISOString(),
      lastUsedAt: new Date(Date.now() - 60_000).toISOString(),
      revokedAt: null,
    },
  ];
  overviewDb.nextId = 2;
  overviewDb.demo = { present: true, accounts: 9, records: 180 };
}

export const overviewHandlers = [
  http.get(api('/stats/overview'), ({ request }) => (signedIn(request) ? ok(overviewDb.overview) : unauthorized())),
  http.get(api('/display-links'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    return ok({ list: [...overviewDb.links].reverse(), total: overviewDb.links.length, current: 1, pageSize: 10 });
  }),
  http.post(api('/display-links'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as { name?: string };
    if (!body.name?.trim()) return apiError(400, '名称：不能为空', [{ field: 'name', label: '名称', message: '不能为空' }]);
    const key = 'K'.repeat(10) + String(overviewDb.nextId).padStart(33, '0');
    const link: NewDisplayLink = {
      id: overviewDb.nextId++,
      name: body.name.trim(),
      keyPrefix: key.slice(0, 6),
      createdByName: adminUser.name,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      key,
    };
    const { key: _key, ...stored } = link;
    overviewDb.links.push(stored);
    return ok(link);
  }),
  http.get(api('/demo-data'), ({ request }) => (signedIn(request) ? ok(overviewDb.demo) : unauthorized())),
  http.delete(api('/demo-data'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const accounts = overviewDb.demo.accounts;
    overviewDb.demo = { present: false, accounts: 0, records: 0 };
    const none = { tasks: 0, submissions: 0, news: 0, appeals: 0, photoReports: 0, opinions: 0, keywords: 0, groups: 0, orgUnits: 0 };
    return HttpResponse.json({
      code: 200,
      message: '演示数据已清除',
      data: {
        removed: { ...none, accounts, tasks: 13, news: 9, appeals: 12, pictures: 30, introductions: 6 },
        kept: { tasks: 1, groups: 0, orgUnits: 0 },
      },
    });
  }),
  http.post(api('/display-links/:id/revoke'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const link = overviewDb.links.find((l) => l.id === Number(params.id));
    if (!link) return apiError(404, '大屏链接不存在');
    if (link.revokedAt) return apiError(409, '该大屏链接已停用');
    link.revokedAt = new Date().toISOString();
    return ok(link);
  }),
];
