/**
 * 数据概览 and 数据大屏 (server/routes/stats.ts): the overview (every admin's landing page, so its
 * handlers are shared), the display links, and the wall display (GET /api/stats/screen, its own
 * test file's `screenHandlers`). Like the server, the display takes a valid display key or the
 * admin's token (admin holds `screen`); no key and no token is 401, an unknown key 403.
 * `resetOverviewDb()` runs after each test (mock/server.ts); call `resetScreenDb()` in a beforeEach.
 */
import { APPEAL_SOURCE_LABELS, APPEAL_SOURCES, APPEAL_STATUSES, STATS_LIST_SIZE, WHOLE_TOWNSHIP, WORK_CATEGORIES } from '@common/constants';
import type { DisplayLink, NewDisplayLink, StatsOverview } from '@common/contracts/stats';
import { adminUser, areas, roles } from './fixtures';
import { admin, apiError, forbidden, invalid, isAdmin, networkError, ok, okPage, route, unauthorized } from './http';

const DAY = 86400_000;

/** A small township's figures: 30 days of appeals, three villages at work. */
function overviewFixture(now = Date.now()): StatsOverview {
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
    areaName: WHOLE_TOWNSHIP,
    users: {
      total: 10,
      byRole: roles.map(({ code, name }, i) => ({ code, name, count: [1, 2, 4, 3][i] })),
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
      ratedByCallback: 1,
      bySource: APPEAL_SOURCES.map((source, i) => ({ source, label: APPEAL_SOURCE_LABELS[source], count: [6, 2, 1, 1, 0][i] })),
    },
    photoReports: { total: 6, byStatus: { pending: 2, processing: 1, reviewing: 0, handled: 2, invalid: 1 } },
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
    appeals: {
      total: 0,
      byStatus: zero(full.appeals.byStatus),
      overdue: 0,
      satisfaction: null,
      rated: 0,
      ratedByCallback: 0,
      bySource: full.appeals.bySource.map((s) => ({ ...s, count: 0 })),
    },
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
}

export const overviewHandlers = [
  admin.get('/stats/overview', () => ok(overviewDb.overview)),
  admin.get('/display-links', ({ request }) => okPage([...overviewDb.links].reverse(), new URL(request.url))),
  admin.post('/display-links', async ({ request }) => {
    const body = (await request.json()) as { name?: string };
    if (!body.name?.trim()) return invalid([{ field: 'name', label: '名称', message: '不能为空' }]);
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
  admin.post('/display-links/:id/revoke', ({ params }) => {
    const link = overviewDb.links.find((l) => l.id === Number(params.id));
    if (!link) return apiError(404, '大屏链接不存在');
    if (link.revokedAt) return apiError(409, '该大屏链接已停用');
    link.revokedAt = new Date().toISOString();
    return ok(link);
  }),
];

export const SCREEN_KEY = 'screen-key-0123456789abcdefghijklmnopqrstuvwxyz';
export const SCREEN_KEY_REFUSED = '大屏链接无效或已停用，请向管理员索取新的链接';

const HOUR = 3600_000;
const APPEAL_TITLES = [
  '村口路灯不亮',
  '河道里有人倾倒建筑垃圾',
  '咨询城乡居民医保缴费',
  '村道有坑洼影响通行',
  '邻居占用公共通道堆放柴草',
  '自来水管漏水一直没人修',
  '要求给我家修围墙',
  '希望增设快递代收点',
  '垃圾桶满了没人清运',
  '夜间有陌生车辆在村里转悠',
];
const PEOPLE = ['张红梅', '刘志强', '赵丽娟', '陈立新', '王建国', '李秀英', '周海涛', '吴春燕', '郑晓东', '孙桂兰'];

/** The whole township's figures with full lists (ten of each), so the rolling lists roll. */
function screenFixture(now = Date.now()): StatsOverview {
  const base = overviewFixture(now);
  // The overview's figures, with longer lists.
  return {
    ...base,
    // Today (the last day) had 2 appeals.
    perDay: base.perDay.map((day, i, all) => (i === all.length - 1 ? { ...day, appeals: 2, photoReports: 1 } : day)),
    pointsTop: PEOPLE.slice(0, STATS_LIST_SIZE).map((name, i) => ({
      userId: i + 4,
      name,
      areaName: i % 2 ? '第二村' : '第一村',
      points: 30 - i * 3,
    })),
    latestAppeals: APPEAL_TITLES.map((title, i) => ({
      id: 20 - i,
      title,
      areaName: i % 2 ? '第二村' : '第一村',
      status: APPEAL_STATUSES[i % APPEAL_STATUSES.length],
      overdue: i === 1,
      createdAt: new Date(now - (i + 1) * 5 * HOUR).toISOString(),
    })),
    latestApprovals: PEOPLE.map((userName, i) => ({
      id: 40 - i,
      taskId: i + 1,
      taskTitle: `秸秆禁烧巡查记录第${i + 1}期`,
      userName,
      areaName: i % 2 ? '第二村' : '第一村',
      points: 5 + i,
      reviewedAt: new Date(now - (i + 1) * 7 * HOUR).toISOString(),
    })),
  };
}

export const screenDb = {
  stats: screenFixture(),
  /** While set, the endpoint answers as an unreachable server would (a network error). */
  offline: false,
};

export function resetScreenDb() {
  screenDb.stats = screenFixture();
  screenDb.offline = false;
}

export const screenHandlers = [
  route.get('/stats/screen', ({ request }) => {
    if (screenDb.offline) return networkError();
    const key = new URL(request.url).searchParams.get('key');
    if (key) return key === SCREEN_KEY ? ok(screenDb.stats) : forbidden(SCREEN_KEY_REFUSED);
    return isAdmin(request) ? ok(screenDb.stats) : unauthorized();
  }),
];
