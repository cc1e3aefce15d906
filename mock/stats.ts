/**
 * msw handler and fixture for the wall display (GET /api/stats/screen), in the shape of
 * common/contracts/stats.ts. Add it per test file with `server.use(...screenHandlers)` and call
 * `resetScreenDb()` in a beforeEach. Like the server: a valid display key, or the admin's token
 * (admin holds `screen`); no key and no token is 401, an unknown key 403.
 */
import { http, HttpResponse } from 'msw';
import { STATS_LIST_SIZE } from '@common/constants';
import type { StatsOverview } from '@common/contracts/stats';
import { ADMIN_TOKEN } from './fixtures';
import { api, apiError, ok } from './handlers';
import { overviewFixture } from './overview';

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
export function screenFixture(now = Date.now()): StatsOverview {
  const base = overviewFixture(now);
  return {
    ...base,
    tasks: { published: 7, overdue: 2, closed: 3, draft: 1 },
    submissions: { pending: 6, approved: 12, rejected: 2 },
    appeals: {
      total: 10,
      byStatus: { pending: 3, processing: 2, replied: 1, closed: 3, rejected: 1 },
      overdue: 2,
      satisfaction: 4.5,
      rated: 2,
    },
    photoReports: { total: 6, byStatus: { pending: 3, handled: 2, invalid: 1 } },
    news: { publishedThisMonth: 4, month: { from: '2026-11-01', to: '2026-11-30' } },
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
      status: (['pending', 'processing', 'replied', 'closed', 'rejected'] as const)[i % 5],
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
  http.get(api('/stats/screen'), ({ request }) => {
    if (screenDb.offline) return HttpResponse.error();
    const key = new URL(request.url).searchParams.get('key');
    if (key) return key === SCREEN_KEY ? ok(screenDb.stats) : apiError(403, SCREEN_KEY_REFUSED);
    if (request.headers.get('authorization') !== ADMIN_TOKEN) return apiError(401, '未授权或授权已过期，请重新登录');
    return ok(screenDb.stats);
  }),
];
