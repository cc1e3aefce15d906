import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { NewDisplayLink, StatsOverview } from '../../common/contracts/stats';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews, publishedNews } from '../../tests/helpers/content';
import { appealStep, createAppeal, createPhotoReport } from '../../tests/helpers/people';
import {
  audit,
  createAccount,
  expectError,
  expectOk,
  lookups,
  publishedTask,
  setDeadline,
  submitOk,
  uploadImages,
} from '../../tests/helpers/tasks';
import { appeals, news, users } from '../db/schema';
import { currentMonth, statsCache } from '../services/reports/stats';
import { localDate } from '../lib/workingDays';

// A known township, built without demo content, and every figure of the dashboard checked against it.
let t: TestContext;
let admin: string;
let staff: string;
let cadre2: string; // village, area 2
let cadre3: string; // village, area 3
let villager: string; // area 2
let areaViewer: string; // a role with dashboard and scope area, area 2
const ids: Record<string, number> = {};

const DAY = 86400_000;

/** This month's first and last day on the township's clock, as the overview reports them. */
function currentMonthDays() {
  const today = localDate(new Date());
  const [year, month] = today.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${today.slice(0, 8)}01`, to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

before(async () => {
  t = await createTestContext({ demo: false, config: { statsCacheMs: 0 } });
  admin = await t.login('admin');
  const { roleIds } = await lookups(t, admin);
  staff = (await createAccount(t, admin, { account: 'st_staff', roleId: roleIds.staff, area: 1 })).token;
  cadre2 = (await createAccount(t, admin, { account: 'st_cadre2', roleId: roleIds.village, area: 2 })).token;
  cadre3 = (await createAccount(t, admin, { account: 'st_cadre3', roleId: roleIds.village, area: 3 })).token;
  villager = (await createAccount(t, admin, { account: 'st_villager', roleId: roleIds.villager, area: 2 })).token;
  const viewerRole = expectOk(
    await t.call(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: '村数据查看', code: 'area_viewer', permissions: ['dashboard'], dataScope: 'area' },
    }),
  );
  areaViewer = (await createAccount(t, admin, { account: 'st_viewer', roleId: viewerRole.id, area: 2 })).token;

  // Tasks: T1 (人居环境, villages 2 and 3, open), T2 (党建, village 2, past its deadline), T3 a draft, T4 (综合执法, village 3, closed).
  const t1 = await publishedTask(t, staff, { title: 'T1', category: 14, template: '1', imageNum: 0, points: 5, areas: [2, 3] });
  const t2 = await publishedTask(t, staff, { title: 'T2', category: 2, template: '1', imageNum: 0, points: 2, areas: [2] });
  expectOk(
    await t.call(staff, {
      method: 'POST',
      url: '/api/tasks',
      payload: {
        title: 'T3',
        category: 14,
        content: '<p>x</p>',
        template: '1',
        imageNum: 0,
        points: 1,
        areas: [3],
        groupIds: [],
        deadline: new Date(Date.now() + 7 * DAY).toISOString(),
      },
    }),
  );
  const t4 = await publishedTask(t, staff, { title: 'T4', category: 1, template: '1', imageNum: 0, points: 3, areas: [3] });
  const s1 = await submitOk(t, cadre2, t1.id, { text: '完成' });
  await submitOk(t, cadre3, t1.id, { text: '完成' });
  const s3 = await submitOk(t, cadre2, t2.id, { text: '完成' });
  const s4 = await submitOk(t, cadre3, t4.id, { text: '完成' });
  expectOk(await audit(t, staff, s1.id, 'approved'));
  expectOk(await audit(t, staff, s3.id, 'rejected', '照片不清楚'));
  expectOk(await audit(t, staff, s4.id, 'approved'));
  expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${t4.id}/close` }));
  await setDeadline(t, t2.id, new Date(Date.now() - DAY).toISOString());
  ids.s1 = s1.id;
  ids.s4 = s4.id;

  // Appeals: A1 pending; A2 answered and rated 4 (closed); A3 overdue; A4 refused, three days ago.
  const a1 = await createAppeal(t, villager, { title: 'A1', area: 2 });
  const a2 = await createAppeal(t, villager, { title: 'A2', area: 2 });
  expectOk(await appealStep(t, staff, a2.id, 'accept'));
  expectOk(await appealStep(t, staff, a2.id, 'reply', { reply: '已处理' }));
  expectOk(await t.call(villager, { method: 'POST', url: `/api/my/appeals/${a2.id}/rate`, payload: { score: 4 } }));
  const a3 = await createAppeal(t, villager, { title: 'A3', area: 3 });
  await t.database.db
    .update(appeals)
    .set({ dueAt: new Date(Date.now() - 60_000) })
    .where(eq(appeals.id, a3.id));
  const a4 = await createAppeal(t, villager, { title: 'A4', area: 3 });
  expectOk(await appealStep(t, staff, a4.id, 'reject', { reason: '不受理' }));
  await t.database.db
    .update(appeals)
    .set({ createdAt: new Date(Date.now() - 3 * DAY) })
    .where(eq(appeals.id, a4.id));
  Object.assign(ids, { a1: a1.id, a2: a2.id, a3: a3.id, a4: a4.id });

  // Photo reports: one waiting in village 2, one handled in village 3.
  const [p1, p2] = await uploadImages(t, villager, 2);
  await createPhotoReport(t, villager, [p1], { area: 2 });
  const handled = await createPhotoReport(t, villager, [p2], { area: 3 });
  expectOk(
    await t.call(staff, { method: 'POST', url: `/api/photo-reports/${handled.id}/handle`, payload: { result: '已清理', imageIds: [] } }),
  );

  // News: two published this month (town-wide and village 2), one draft.
  await publishedNews(t, staff, { title: '全镇新闻' });
  await publishedNews(t, staff, { title: '村新闻', area: 2 });
  await createNews(t, staff, { title: '草稿' });
});
after(async () => {
  await t.close();
});

const overview = async (token: string) => expectOk(await t.call(token, { method: 'GET', url: '/api/stats/overview' })) as StatsOverview;

describe('the township overview', () => {
  let o: StatsOverview;
  before(async () => {
    o = await overview(admin);
  });

  test('users by role and by area (active accounts)', () => {
    assert.equal(o.area, null);
    assert.equal(o.areaName, '全镇');
    assert.equal(o.users.total, 6);
    assert.deepEqual(
      o.users.byRole.map((r) => [r.code, r.count]),
      [
        ['admin', 1],
        ['staff', 1],
        ['village', 2],
        ['villager', 1],
        ['area_viewer', 1],
      ],
    );
    assert.equal(o.users.byArea.length, 12);
    assert.deepEqual(
      o.users.byArea.slice(0, 4).map((a) => [a.area, a.name, a.count]),
      [
        [1, '镇社区', 2],
        [2, '第一村', 3],
        [3, '第二村', 1],
        [4, '第三村', 0],
      ],
    );
  });

  test('tasks by state and reports by review state', () => {
    assert.deepEqual(o.tasks, { published: 2, overdue: 1, closed: 1, draft: 1 });
    assert.deepEqual(o.submissions, { pending: 1, approved: 2, rejected: 1 });
  });

  test('completion by area: (task, area) pairs of published and closed tasks, completed by an approval', () => {
    const [area1, area2, area3, area4] = o.completionByArea;
    assert.deepEqual(area1, { area: 1, name: '镇社区', targets: 0, completed: 0, rate: 0, pending: 0, approved: 0 });
    assert.deepEqual(area2, { area: 2, name: '第一村', targets: 2, completed: 1, rate: 0.5, pending: 0, approved: 1 });
    assert.deepEqual(area3, { area: 3, name: '第二村', targets: 2, completed: 1, rate: 0.5, pending: 1, approved: 1 });
    assert.equal(area4.targets, 0);
    assert.equal(o.completionByArea.length, 12);
  });

  test('completion by category, every category listed', () => {
    assert.equal(o.completionByCategory.length, 15);
    const of = (id: number) => o.completionByCategory.find((c) => c.category === id);
    assert.deepEqual(of(14), { category: 14, label: '人居环境', tasks: 1, targets: 2, completed: 1, rate: 0.5 });
    assert.deepEqual(of(2), { category: 2, label: '党建工作', tasks: 1, targets: 1, completed: 0, rate: 0 });
    assert.deepEqual(of(1), { category: 1, label: '综合执法', tasks: 1, targets: 1, completed: 1, rate: 1 });
    assert.deepEqual(of(5), { category: 5, label: '日常工作', tasks: 0, targets: 0, completed: 0, rate: 0 });
  });

  test('appeals and photo reports by state, overdue and satisfaction', () => {
    assert.deepEqual(o.appeals, {
      total: 4,
      byStatus: { pending: 2, processing: 0, replied: 0, closed: 1, rejected: 1 },
      overdue: 1,
      satisfaction: 4,
      rated: 1,
      ratedByCallback: 0,
      bySource: [
        { source: 'online', label: '网上', count: 4 },
        { source: 'window', label: '窗口', count: 0 },
        { source: 'phone', label: '电话', count: 0 },
        { source: 'letter', label: '来信', count: 0 },
        { source: 'other', label: '其他', count: 0 },
      ],
    });
    assert.deepEqual(o.photoReports, { total: 2, byStatus: { pending: 1, processing: 0, reviewing: 0, handled: 1, invalid: 0 } });
  });

  test('per day for 30 days on the township clock, today last', () => {
    assert.equal(o.perDay.length, 30);
    const today = localDate(new Date());
    assert.equal(o.perDay[29].date, today);
    assert.deepEqual(o.perDay[29], { date: today, appeals: 3, photoReports: 2 });
    const threeDaysAgo = localDate(new Date(Date.now() - 3 * DAY));
    assert.deepEqual(
      o.perDay.find((d) => d.date === threeDaysAgo),
      { date: threeDaysAgo, appeals: 1, photoReports: 0 },
    );
    assert.equal(
      o.perDay.reduce((sum, d) => sum + d.appeals, 0),
      4,
    );
  });

  test('points top, news this month and the rolling lists', () => {
    assert.deepEqual(
      o.pointsTop.map((p) => [p.name, p.areaName, p.points]),
      [
        ['测试st_cadre2', '第一村', 5],
        ['测试st_cadre3', '第二村', 3],
      ],
    );
    assert.deepEqual(o.news, { publishedThisMonth: 2, month: currentMonthDays() });
    assert.deepEqual(
      o.latestAppeals.map((a) => [a.id, a.areaName, a.status, a.overdue]),
      [
        [ids.a3, '第二村', 'pending', true],
        [ids.a2, '第一村', 'closed', false],
        [ids.a1, '第一村', 'pending', false],
        [ids.a4, '第二村', 'rejected', false],
      ],
    );
    assert.deepEqual(
      o.latestApprovals.map((s) => [s.id, s.taskTitle, s.areaName, s.points]),
      [
        [ids.s4, 'T4', '第二村', 3],
        [ids.s1, 'T1', '第一村', 5],
      ],
    );
    // The wall display shows no one's name, phone number or appeal text.
    assert.deepEqual(Object.keys(o.latestAppeals[0]).sort(), ['areaName', 'createdAt', 'id', 'overdue', 'status', 'title']);
  });
});

describe('scope', () => {
  test('a viewer of scope area sees their area only', async () => {
    const o = await overview(areaViewer);
    assert.equal(o.area, 2);
    assert.equal(o.areaName, '第一村');
    assert.equal(o.users.total, 3);
    assert.deepEqual(
      o.users.byArea.map((a) => [a.area, a.count]),
      [[2, 3]],
    );
    assert.deepEqual(o.tasks, { published: 2, overdue: 1, closed: 0, draft: 0 });
    assert.deepEqual(o.submissions, { pending: 0, approved: 1, rejected: 1 });
    assert.deepEqual(o.completionByArea, [{ area: 2, name: '第一村', targets: 2, completed: 1, rate: 0.5, pending: 0, approved: 1 }]);
    assert.equal(o.appeals.total, 2);
    assert.equal(o.appeals.overdue, 0);
    assert.equal(o.photoReports.total, 1);
    assert.deepEqual(o.news, { publishedThisMonth: 1, month: currentMonthDays() });
    assert.deepEqual(
      o.latestAppeals.map((a) => a.id),
      [ids.a2, ids.a1],
    );
    assert.deepEqual(
      o.pointsTop.map((p) => p.points),
      [5],
    );
  });

  test('the overview needs the dashboard key', async () => {
    expectError(await t.call(undefined, { method: 'GET', url: '/api/stats/overview' }), 401);
    for (const token of [villager, cadre2]) expectError(await t.call(token, { method: 'GET', url: '/api/stats/overview' }), 403);
    assert.equal((await overview(staff)).appeals.total, 4);
  });
});

describe('the wall display and its links', () => {
  const screen = (token: string | undefined, key?: string) =>
    t.call(token, { method: 'GET', url: `/api/stats/screen${key ? `?key=${encodeURIComponent(key)}` : ''}` });

  test('signed-in holders of screen see the township; others are refused', async () => {
    const o = expectOk(await screen(staff)) as StatsOverview;
    assert.equal(o.area, null);
    assert.equal(o.appeals.total, 4);
    // The dashboard key alone does not open the wall display.
    expectError(await screen(areaViewer), 403);
  });

  test('a display link opens the figures without a session, reads nothing else, and stops when revoked', async () => {
    expectError(await screen(undefined), 401);
    expectError(await screen(villager), 403);
    const res = await t.call(admin, { method: 'POST', url: '/api/display-links', payload: { name: ' 大厅东墙 ' } });
    const link = expectOk(res) as NewDisplayLink;
    assert.equal(res.json().message, '大屏链接已生成');
    assert.equal(link.name, '大厅东墙');
    assert.ok(link.key.length >= 40);
    assert.equal(link.keyPrefix, link.key.slice(0, 6));
    assert.equal(link.revokedAt, null);

    const o = expectOk(await screen(undefined, link.key)) as StatsOverview;
    assert.equal(o.appeals.total, 4);
    // The key is not a session: not as a token, not for the dashboard, not for writing.
    expectError(await t.call(link.key, { method: 'GET', url: '/api/stats/overview' }), 401);
    expectError(await t.call(undefined, { method: 'GET', url: `/api/stats/overview?key=${link.key}` }), 401);
    expectError(await t.call(link.key, { method: 'POST', url: '/api/appeals', payload: {} }), 401);
    expectError(await screen(undefined, `${link.key}x`), 403, '大屏链接无效或已停用，请向管理员索取新的链接');

    const listed = expectOk(await t.call(admin, { method: 'GET', url: '/api/display-links' }));
    const row = listed.list.find((l: { id: number }) => l.id === link.id);
    assert.ok(row.lastUsedAt, 'the use is noted');
    assert.equal(row.key, undefined, 'the key is never listed');

    const revoked = expectOk(await t.call(admin, { method: 'POST', url: `/api/display-links/${link.id}/revoke` }));
    assert.ok(revoked.revokedAt);
    expectError(await screen(undefined, link.key), 403, '大屏链接无效或已停用，请向管理员索取新的链接');
    expectError(await t.call(admin, { method: 'POST', url: `/api/display-links/${link.id}/revoke` }), 409, '该大屏链接已停用');
    expectError(await t.call(admin, { method: 'POST', url: '/api/display-links/99999/revoke' }), 404);
  });

  test('only admin manages display links; a name is required', async () => {
    for (const token of [staff, villager]) {
      expectError(await t.call(token, { method: 'GET', url: '/api/display-links' }), 403);
      expectError(await t.call(token, { method: 'POST', url: '/api/display-links', payload: { name: '越权' } }), 403);
    }
    expectError(await t.call(admin, { method: 'POST', url: '/api/display-links', payload: { name: ' ' } }), 400, undefined, 'name');
    expectError(await screen(undefined, 'x'.repeat(129)), 400, undefined, 'key');
  });
});

describe('the short cache', () => {
  test('within its time an answer is shared; after it the figures are counted again', async () => {
    const cached = statsCache(60_000);
    const first = await cached(t.database.db, null);
    await createAppeal(t, villager, { title: '缓存期间' });
    assert.equal((await cached(t.database.db, null)).appeals.total, first.appeals.total);
    const fresh = statsCache(0);
    assert.equal((await fresh(t.database.db, null)).appeals.total, first.appeals.total + 1);
  });
});

// Each figure of /dashboard opens a list (src/pages/dashboard/components/drillDown.ts); these are
// the API queries those lists send for the drill-down's URL. The list's total must be the figure.
describe('every figure is the total of the list it opens', () => {
  const total = async (token: string, url: string) => (expectOk(await t.call(token, { method: 'GET', url })) as { total: number }).total;
  /** A township day (YYYY-MM-DD) as the lists send it: its first and last instant in UTC+8. */
  const day = (from: string, to = from) =>
    `from=${encodeURIComponent(new Date(`${from}T00:00:00+08:00`).toISOString())}&to=${encodeURIComponent(
      new Date(new Date(`${to}T00:00:00+08:00`).getTime() + DAY - 1).toISOString(),
    )}`;

  before(async () => {
    // What the figures leave out: news of last month, accounts not active.
    const old = await publishedNews(t, staff, { title: '上月新闻' });
    const month = currentMonth(new Date());
    await t.database.db
      .update(news)
      .set({ publishedAt: new Date(month.start.getTime() - DAY) })
      .where(eq(news.id, old.id));
    const { roleIds } = await lookups(t, admin);
    const pending = await createAccount(t, admin, { account: 'st_pending', roleId: roleIds.villager, area: 2 });
    await t.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, pending.id));
    const disabled = await createAccount(t, admin, { account: 'st_disabled', roleId: roleIds.villager, area: 3 });
    expectOk(await t.call(admin, { method: 'POST', url: `/api/users/${disabled.id}/disable` }));
  });

  for (const who of ['admin', 'staff'] as const) {
    test(`as ${who}: tasks, reviews, appeals, photo reports, news`, async () => {
      const token = who === 'admin' ? admin : staff;
      const o = await overview(token);
      assert.equal(await total(token, '/api/tasks?status=published'), o.tasks.published);
      assert.equal(await total(token, '/api/submissions?status=pending'), o.submissions.pending);
      assert.equal(await total(token, '/api/appeals?status=pending'), o.appeals.byStatus.pending);
      assert.equal(await total(token, '/api/appeals?overdue=true'), o.appeals.overdue);
      assert.equal(await total(token, '/api/appeals?rated=true'), o.appeals.rated);
      assert.equal(await total(token, '/api/photo-reports?status=pending'), o.photoReports.byStatus.pending);
      const month = o.news.month;
      assert.equal(await total(token, `/api/news?status=published&${day(month.from, month.to)}`), o.news.publishedThisMonth);
      // Not vacuous: the lists hold more than the figures count.
      assert.ok((await total(token, '/api/news?status=published')) > o.news.publishedThisMonth);
      assert.ok((await total(token, '/api/appeals')) > o.appeals.rated);
    });

    test(`as ${who}: every category's bar, every village's bar and every day of the trend`, async () => {
      const token = who === 'admin' ? admin : staff;
      const o = await overview(token);
      for (const category of o.completionByCategory.filter((c) => c.tasks > 0)) {
        assert.equal(await total(token, `/api/tasks?category=${category.category}&status=issued`), category.tasks, category.label);
      }
      for (const area of o.completionByArea.filter((a) => a.targets > 0)) {
        assert.equal(await total(token, `/api/submissions?area=${area.area}&status=approved`), area.approved, area.name);
      }
      for (const { date, appeals: appealCount, photoReports } of o.perDay.filter((d) => d.appeals || d.photoReports)) {
        assert.equal(await total(token, `/api/appeals?${day(date)}`), appealCount, date);
        assert.equal(await total(token, `/api/photo-reports?${day(date)}`), photoReports, date);
      }
    });
  }

  test('users: the active accounts (admin only: staff see the figure without a link)', async () => {
    const o = await overview(admin);
    assert.equal(await total(admin, '/api/users?status=active'), o.users.total);
    assert.ok((await total(admin, '/api/users')) > o.users.total);
  });

  test("the lists' new filters refuse bad input, naming the field", async () => {
    expectError(await t.call(admin, { method: 'GET', url: '/api/appeals?rated=maybe' }), 400, undefined, 'rated');
    expectError(await t.call(admin, { method: 'GET', url: '/api/news?from=2026-13-01' }), 400, undefined, 'from');
    expectError(await t.call(admin, { method: 'GET', url: '/api/tasks?status=finished' }), 400, undefined, 'status');
    assert.equal(
      await total(admin, '/api/appeals?rated=false'),
      (await total(admin, '/api/appeals')) - (await overview(admin)).appeals.rated,
    );
  });
});
