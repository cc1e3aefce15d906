/**
 * /dashboard inside the real app against the mock server (mock/overview.ts): the figures, where each
 * figure and chart segment leads (with its filters), and the loading, empty and error states.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ADMIN_TOKEN, adminUser } from '../../../mock/fixtures';
import { api, apiError, ok } from '../../../mock/handlers';
import { setPagePath } from '../../../mock/location';
import { emptyOverview, overviewDb } from '../../../mock/overview';
import { preloadApp, renderApp } from '../../../mock/renderApp';
import { server, useMockServer } from '../../../mock/server';
import { drillDown } from './components/drillDown';

// jsdom draws nothing: echarts is replaced by a recorder of the options and the click handler.
interface MockChart {
  options: Array<Record<string, unknown>>;
  click?: (params: { dataIndex: number; name: string }) => void;
  disposed: boolean;
}
const mockCharts: MockChart[] = [];
jest.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => {
    const chart: MockChart & Record<string, unknown> = {
      options: [],
      disposed: false,
      setOption(option: Record<string, unknown>) {
        chart.options.push(option);
      },
      resize: () => undefined,
      on(event: string, handler: MockChart['click']) {
        if (event === 'click') chart.click = handler;
      },
      dispose() {
        chart.disposed = true;
      },
    };
    mockCharts.push(chart);
    return chart;
  },
}));
jest.mock('echarts/charts', () => ({ BarChart: {}, LineChart: {} }));
jest.mock('echarts/components', () => ({ GridComponent: {}, LegendComponent: {}, TooltipComponent: {} }));
jest.mock('echarts/renderers', () => ({ SVGRenderer: {} }));

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

test('the drill-down links carry the filters of the list they open', () => {
  expect(drillDown.category(14)).toBe('/taskManage/list?category=14');
  expect(drillDown.area(3)).toBe('/taskManage/complete?area=3');
  expect(drillDown.appealsOn('2026-11-20')).toBe('/peopleService/appeal?from=2026-11-20&to=2026-11-20');
  expect(drillDown.overdueAppeals()).toBe('/peopleService/appeal?status=overdue');
  expect(drillDown.pendingPhotoReports()).toBe('/peopleService/shot?status=pending');
  expect(drillDown.appeal(9)).toBe('/peopleService/appeal?id=9');
});

test('figure cards show the figures and open their lists', async () => {
  const app = renderApp('/dashboard');
  const overdue = await screen.findByRole('link', { name: /^超期诉求 2 .*，查看详情$/ }, { timeout: 30000 });
  expect(overdue).toHaveAttribute('href', '/peopleService/appeal?status=overdue');
  expect(screen.getByRole('link', { name: /^进行中任务 7 / })).toHaveAttribute('href', '/taskManage/list?status=published');
  expect(screen.getByRole('link', { name: /^待审核提交 6 / })).toHaveAttribute('href', '/taskManage/audit');
  expect(screen.getByRole('link', { name: /^待受理诉求 3 / })).toHaveAttribute('href', '/peopleService/appeal?status=pending');
  expect(screen.getByRole('link', { name: /^随手拍待处理 3 / })).toHaveAttribute('href', '/peopleService/shot?status=pending');
  expect(screen.getByRole('link', { name: /^群众满意度 4\.5 分 / })).toBeInTheDocument();
  expect(screen.getByText('2 人评价，满分 5 分')).toBeInTheDocument();
  expect(screen.getByText(/全镇数据 · 更新于/)).toBeInTheDocument();
  await app.user.click(overdue);
  await waitFor(() => expect(app.location()).toBe('/peopleService/appeal?status=overdue'));
});

test('category bars show tasks and completion, and a bar opens that category’s tasks', async () => {
  const app = renderApp('/dashboard');
  const categories = await chart('各类别任务数与完成率');
  const option = categories.options.at(-1) as { xAxis: { data: string[] }; series: Array<{ data: number[] }> };
  expect(option.xAxis.data).toEqual(['党建工作', '人居环境']);
  expect(option.series[0].data).toEqual([2, 3]);
  expect(option.series[1].data).toEqual([25, 66.7]);
  act(() => categories.click?.({ dataIndex: 1, name: '人居环境' }));
  await waitFor(() => expect(app.location()).toBe('/taskManage/list?category=14'));
});

test('area bars show completion rates and open the completion page for that area', async () => {
  const app = renderApp('/dashboard');
  const areas = await chart('各村任务完成率');
  const option = areas.options.at(-1) as { xAxis: { data: string[] }; series: Array<{ data: number[] }> };
  expect(option.xAxis.data).toEqual(['第一村', '第二村', '第三村']);
  expect(option.series[0].data).toEqual([75, 50, 25]);
  act(() => areas.click?.({ dataIndex: 1, name: '第二村' }));
  await waitFor(() => expect(app.location()).toMatch(/^\/taskManage\/complete\?area=3/));
});

test('a day of the trend opens that day’s appeals', async () => {
  const app = renderApp('/dashboard');
  const trend = await chart('近30天群众诉求与随手拍数量');
  const day = overviewDb.overview.perDay[27].date;
  act(() => trend.click?.({ dataIndex: 27, name: day.slice(5) }));
  await waitFor(() => expect(app.location()).toBe(`/peopleService/appeal?from=${day}&to=${day}`));
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
  act(() => categories.click?.({ dataIndex: 0, name: '党建工作' }));
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
