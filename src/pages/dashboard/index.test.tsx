/**
 * /dashboard inside the real app against the mock server (mock/stats.ts): the figures, where each
 * figure and chart segment leads (with its filters), and the loading, empty and error states.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { charts as mockCharts } from '@mock/echarts';
import { ADMIN_TOKEN, adminUser } from '@mock/fixtures';
import { api, apiError, ok, unauthorized } from '@mock/http';
import { emptyOverview, overviewDb } from '@mock/stats';
import { setPagePath, spyOnLocation } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';
import { resetSignOut } from '@/utils/signOut';
import { drillDown } from './components/drillDown';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  mockCharts.length = 0;
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

/** The chart whose aria-label is given (charts are created in the page's order). */
async function chart(label: string) {
  const element = await screen.findByRole('img', { name: label }, { timeout: 20000 });
  const index = screen
    .getAllByRole('img')
    .filter((e) => e.classList.contains('dashboard-chart'))
    .indexOf(element);
  await waitFor(() => expect(mockCharts[index]?.options.length).toBeGreaterThan(0));
  return mockCharts[index];
}

test("the drill-down links carry the filters that make the list's total the figure", () => {
  expect(drillDown.activeTasks()).toBe('/taskManage/list?status=published');
  expect(drillDown.category(14)).toBe('/taskManage/list?category=14&status=issued');
  expect(drillDown.area(3)).toBe('/taskManage/audit?area=3&status=approved');
  expect(drillDown.appealsOn('2026-11-20')).toBe('/peopleService/appeal?from=2026-11-20&to=2026-11-20');
  expect(drillDown.photoReportsOn('2026-11-20')).toBe('/peopleService/shot?from=2026-11-20&to=2026-11-20');
  expect(drillDown.overdueAppeals()).toBe('/peopleService/appeal?status=overdue');
  expect(drillDown.ratedAppeals()).toBe('/peopleService/appeal?rated=true');
  expect(drillDown.pendingPhotoReports()).toBe('/peopleService/shot?status=pending');
  expect(drillDown.newsThisMonth({ from: '2026-11-01', to: '2026-11-30' })).toBe(
    '/newsManage/list?status=published&from=2026-11-01&to=2026-11-30',
  );
  expect(drillDown.users()).toBe('/userManage/list?status=active');
  expect(drillDown.appeal(9)).toBe('/peopleService/appeal?id=9');
});

test('figure cards show the figures and open their lists', async () => {
  const app = renderApp('/dashboard');
  const overdue = await screen.findByRole('link', { name: /^超期诉求 2 .*，查看详情$/ }, { timeout: 30000 });
  expect(overdue).toHaveAttribute('href', '/peopleService/appeal?status=overdue');
  expect(screen.getByRole('link', { name: /^进行中任务 7 / })).toHaveAttribute('href', '/taskManage/list?status=published');
  expect(screen.getByText('其中已过截止 2 · 已关闭 3')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^待审核提交 6 / })).toHaveAttribute('href', '/taskManage/audit?status=pending');
  expect(screen.getByRole('link', { name: /^待受理诉求 3 / })).toHaveAttribute('href', '/peopleService/appeal?status=pending');
  expect(screen.getByRole('link', { name: /^随手拍待处理 3 / })).toHaveAttribute('href', '/peopleService/shot?status=pending');
  expect(screen.getByRole('link', { name: /^群众满意度 4\.5 分 / })).toHaveAttribute('href', '/peopleService/appeal?rated=true');
  expect(screen.getByText('2 人评价（回访 1），满分 5 分')).toBeInTheDocument();
  expect(screen.getByText('诉求共 10 件 · 处理中 2 · 网上 6 · 窗口 2 · 电话 1 · 来信 1')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^本月发布新闻 4 / })).toHaveAttribute(
    'href',
    '/newsManage/list?status=published&from=2026-11-01&to=2026-11-30',
  );
  expect(screen.getByText('11月1日至30日发布')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^用户 10 / })).toHaveAttribute('href', '/userManage/list?status=active');
  expect(screen.getByText(/全镇数据 · 更新于/)).toBeInTheDocument();
  await app.user.click(overdue);
  await waitFor(() => expect(app.location()).toBe('/peopleService/appeal?status=overdue'));
});

test('category bars show tasks and completion; a click anywhere over a category opens the tasks that went out', async () => {
  const app = renderApp('/dashboard');
  const categories = await chart('各类别任务数与完成率');
  const option = categories.options.at(-1) as {
    xAxis: { data: string[] };
    yAxis: Array<{ max?: number }>;
    series: Array<{ data: number[] }>;
  };
  expect(option.xAxis.data).toEqual(['党建工作', '人居环境']);
  expect(option.series[0].data).toEqual([2, 3]);
  // The task axis stands above the tallest bar (3): the bars do not fill the plot.
  expect(option.yAxis[0].max).toBe(5);
  expect(option.series[1].data).toEqual([25, 66.7]);
  // High above the bar of 人居环境 (x 150), not on it.
  act(() => categories.clickAt?.(160, 20));
  await waitFor(() => expect(app.location()).toBe('/taskManage/list?category=14&status=issued'));
});

test("area bars show completion rates; a village's column opens its approved reports, which its tooltip counts", async () => {
  const app = renderApp('/dashboard');
  const areas = await chart('各村任务完成率');
  const option = areas.options.at(-1) as {
    xAxis: { data: string[] };
    series: Array<{ data: number[] }>;
    tooltip: { formatter: (items: Array<{ dataIndex: number }>) => string };
  };
  expect(option.xAxis.data).toEqual(['第一村', '第二村', '第三村']);
  expect(option.series[0].data).toEqual([75, 50, 25]);
  expect(option.tooltip.formatter([{ dataIndex: 1 }])).toContain('已通过提交 3 份 · 待审核 2 份');
  act(() => areas.clickAt?.(148, 290));
  await waitFor(() => expect(app.location()).toBe('/taskManage/audit?area=3&status=approved'));
});

/** A day whose two lines are apart, and a click 20 px right of its points at the height of one of them. */
function clickNearDay(which: 'appeals' | 'photoReports') {
  const days = overviewDb.overview.perDay;
  const index = days.findIndex((day) => Math.abs(day.appeals - day.photoReports) >= 2);
  const day = days[index];
  return { day, x: 100 + 50 * index + 20, y: 300 - 10 * day[which] };
}

test("a click anywhere over a day of the trend opens that day's appeals (larger points, whole column)", async () => {
  const app = renderApp('/dashboard');
  const trend = await chart('近30天群众诉求与随手拍数量');
  const option = trend.options.at(-1) as { series: Array<{ symbolSize: number }> };
  expect(option.series.every((line) => line.symbolSize >= 9)).toBe(true);
  const { day, x, y } = clickNearDay('appeals');
  act(() => trend.clickAt?.(x, y));
  await waitFor(() => expect(app.location()).toBe(`/peopleService/appeal?from=${day.date}&to=${day.date}`));
});

test("a click nearer the photo reports' line opens that day's photo reports", async () => {
  const app = renderApp('/dashboard');
  const trend = await chart('近30天群众诉求与随手拍数量');
  const { day, x, y } = clickNearDay('photoReports');
  act(() => trend.clickAt?.(x, y));
  await waitFor(() => expect(app.location()).toBe(`/peopleService/shot?from=${day.date}&to=${day.date}`));
});

test('a click outside the plot (on the axis labels) goes nowhere', async () => {
  const app = renderApp('/dashboard');
  const categories = await chart('各类别任务数与完成率');
  act(() => categories.clickAt?.(150, 320));
  await new Promise((r) => setTimeout(r, 50));
  expect(app.location()).toBe('/dashboard');
});

test('figures the user may not open are shown without a link', async () => {
  server.use(
    http.get(api('/currentUser'), () =>
      ok({
        ...adminUser,
        access: 'staff',
        roleName: '数据查看',
        permissions: ['dashboard'],
        dataScope: 'area',
        area: 2,
        areaName: '第一村',
      }),
    ),
  );
  overviewDb.overview = { ...overviewDb.overview, area: 2, areaName: '第一村' };
  const app = renderApp('/dashboard');
  expect(await screen.findByText('超期诉求', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /超期诉求/ })).not.toBeInTheDocument();
  expect(screen.getByText(/第一村数据 · 更新于/)).toBeInTheDocument();
  const categories = await chart('各类别任务数与完成率');
  // Clicking a chart of a list the user cannot open goes nowhere.
  act(() => categories.clickAt?.(100, 100));
  await new Promise((r) => setTimeout(r, 50));
  expect(app.location()).toBe('/dashboard');
});

test('a township on its first day: every chart says so instead of drawing nothing', async () => {
  overviewDb.overview = emptyOverview();
  renderApp('/dashboard');
  expect(await screen.findByText('还没有发布的任务', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('还没有派发到村（社区）的任务')).toBeInTheDocument();
  expect(screen.getByText('近30天没有新的诉求和随手拍')).toBeInTheDocument();
  expect(screen.getByText('还没有人获得积分')).toBeInTheDocument();
  expect(screen.getByText('还没有群众诉求')).toBeInTheDocument();
  expect(screen.getByText('还没有群众评价')).toBeInTheDocument();
});

test('a failed load says so and retries', async () => {
  let fail = true;
  server.use(http.get(api('/stats/overview'), () => (fail ? apiError(500, '服务器内部错误') : ok(overviewDb.overview))));
  const app = renderApp('/dashboard');
  const alert = await screen.findByRole('alert', {}, { timeout: 30000 });
  expect(alert).toHaveTextContent('数据加载失败：服务器内部错误');
  fail = false;
  await app.user.click(within(alert).getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('link', { name: /^超期诉求 2 / })).toBeInTheDocument();
});

test('刷新 after the session expired signs out as every call does, instead of keeping the old figures', async () => {
  resetSignOut();
  const location = spyOnLocation();
  setPagePath('/dashboard');
  let expired = false;
  server.use(http.get(api('/stats/overview'), () => (expired ? unauthorized() : ok(overviewDb.overview))));
  const app = renderApp('/dashboard');
  expect(await screen.findByRole('link', { name: /^超期诉求 2 / }, { timeout: 30000 })).toBeInTheDocument();
  expired = true;
  await app.user.click(screen.getByRole('button', { name: /刷\s*新/ }));
  await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(1));
  expect(location.replace).toHaveBeenCalledWith('/user/login?redirect=%2Fdashboard');
  expect(await screen.findByText('未授权或授权已过期，请重新登录')).toBeInTheDocument();
  expect(sessionStorage.getItem('token')).toBeNull();
  jest.restoreAllMocks();
});
