/**
 * /screen inside the real app against the mock server (mock/stats.ts): the figures, refreshing by
 * itself, riding out a lost connection, the refusals, and the charts drawn once and updated in place.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { charts as mockCharts } from '@mock/echarts';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { spyOnLocation } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { SCREEN_KEY, SCREEN_KEY_REFUSED, resetScreenDb, screenDb, screenHandlers } from '@mock/stats';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...screenHandlers);
  resetScreenDb();
  mockCharts.length = 0;
  sessionStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

const WITH_KEY = `/screen?key=${SCREEN_KEY}`;
const OFFLINE = '连接中断，正在重连…';

/** A headline counter's text after its label: value, unit and note. */
const counter = (label: string) =>
  Array.from(
    (screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement).querySelectorAll('dd'),
    (dd) => dd.textContent,
  ).join('');
const counterValue = (label: string) =>
  (screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement).querySelector('.screen-counter-value')?.textContent;

async function openScreen(path = WITH_KEY) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText('进行中任务', { selector: 'dt' }, { timeout: 30000 });
  return { ...app, calls };
}

const chart = (label: RegExp) => {
  const found = mockCharts.filter((c) => c.label && label.test(c.label));
  if (found.length !== 1) throw new Error(`expected one chart for ${label}, found ${found.length}`);
  return found[0];
};
const lastOption = (label: RegExp) => {
  const { options } = chart(label);
  return options[options.length - 1];
};

test('with a display key and nobody signed in: the title, the counters, the lists and the charts show the figures', async () => {
  const location = spyOnLocation();
  const { calls } = await openScreen();

  // The key from the URL is what the call carries; there is no token.
  const asked = callsTo(calls, 'GET', '/stats/screen');
  expect(asked[0].url.searchParams.get('key')).toBe(SCREEN_KEY);
  expect(asked[0].headers.get('authorization')).toBeNull();

  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('乡村两级治理中心联动平台');
  expect(counter('进行中任务')).toBe('7项其中已过截止 2 · 已关闭 3');
  expect(counter('待审核提交')).toBe('6份已通过 12 份');
  expect(counter('今日诉求')).toBe(`2件近30天 ${screenDb.stats.perDay.reduce((s, d) => s + d.appeals, 0)} 件`);
  expect(counter('在办诉求')).toBe('5件待受理 3 · 处理中 2');
  expect(counter('超期诉求')).toBe('2件已超过办理时限');
  expect(counter('随手拍待处理')).toBe('3条累计 6 条 · 已处理 2');
  expect(counter('群众满意度')).toBe('4.5分2 人评价 · 满分 5 分');
  expect(counter('本月发布新闻')).toBe('4篇按发布时间统计');
  expect(screen.getByText('超期诉求', { selector: 'dt' }).parentElement).toHaveClass('screen-tone-alert');

  // Lists: ten appeals roll (drawn twice, the copy hidden from assistive tech), the ranking holds ten.
  const appeals = screen.getByRole('list', { name: '最新群众诉求' });
  expect(within(appeals).getAllByRole('listitem')).toHaveLength(10);
  expect(within(appeals).getAllByRole('listitem')[1]).toHaveTextContent('河道里有人倾倒建筑垃圾已超期第二村');
  expect(within(screen.getByRole('list', { name: '最新审核通过' })).getAllByRole('listitem')[0]).toHaveTextContent(
    '秸秆禁烧巡查记录第1期+5 分张红梅 · 第一村',
  );
  const ranking = within(screen.getByRole('list', { name: '积分排行前十' })).getAllByRole('listitem');
  expect(ranking).toHaveLength(10);
  expect(ranking[0]).toHaveTextContent('1张红梅第一村30分');

  // The charts arrive on demand and draw the same figures.
  await waitFor(() => expect(mockCharts).toHaveLength(4));
  const area = lastOption(/任务完成率/);
  expect(area.yAxis[0].data).toEqual(screenDb.stats.completionByArea.map((a) => a.name));
  expect(area.series[0].data.slice(0, 4).map((d: { value: number }) => d.value)).toEqual([0, 75, 50, 25]);
  expect(lastOption(/工作类别/).series[0].data).toEqual([
    { name: '党建工作', value: 2 },
    { name: '人居环境', value: 3 },
  ]);
  const trend = lastOption(/折线图/);
  expect(trend.xAxis.data).toHaveLength(30);
  expect(trend.series[0].data).toEqual(screenDb.stats.perDay.map((d) => d.appeals));
  expect(trend.series[1].data).toEqual(screenDb.stats.perDay.map((d) => d.photoReports));
  // Every fifth day is labelled, counted back from today.
  expect([29, 28, 24, 0].map((i) => trend.xAxis.axisLabel.interval(i))).toEqual([true, false, true, false]);
  expect(lastOption(/满意度/).series[0].data).toEqual([{ value: 4.5, name: '2 人评价' }]);

  expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  expect(location.replace).not.toHaveBeenCalled();
});

test('a short ranking lists only the people who hold a place, no blank rows', async () => {
  screenDb.stats.pointsTop = screenDb.stats.pointsTop.slice(0, 3);
  await openScreen();
  const ranking = screen.getByRole('list', { name: '积分排行前十' });
  expect(within(ranking).getAllByRole('listitem')).toHaveLength(3);
  expect(ranking.children).toHaveLength(3);
  expect(screen.queryByText('虚位以待')).not.toBeInTheDocument();
});

test('refreshes by itself: new figures show without a reload and the charts are updated in place', async () => {
  const { calls } = await openScreen(`${WITH_KEY}&interval=1`);
  await waitFor(() => expect(mockCharts).toHaveLength(4));
  expect(counterValue('今日诉求')).toBe('2');

  const stats = screenDb.stats;
  stats.tasks.published = 11;
  stats.perDay[stats.perDay.length - 1].appeals = 3;
  stats.appeals.byStatus.pending = 4;
  stats.generatedAt = new Date(Date.now() + 1000).toISOString();

  await waitFor(() => expect(counterValue('今日诉求')).toBe('3'), { timeout: 5000 });
  expect(counterValue('进行中任务')).toBe('11');
  expect(counterValue('在办诉求')).toBe('6');

  // The same four chart instances: the trend got the new day, the unchanged charts were left alone.
  expect(mockCharts).toHaveLength(4);
  expect(mockCharts.every((c) => !c.disposed)).toBe(true);
  expect(lastOption(/折线图/).series[0].data.at(-1)).toBe(3);
  expect(chart(/折线图/).options).toHaveLength(2);
  expect(chart(/任务完成率/).options).toHaveLength(1);
  expect(callsTo(calls, 'GET', '/stats/screen').length).toBeGreaterThanOrEqual(2);
});

test('a failed refresh keeps the figures and shows the reconnecting mark; the screen recovers by itself', async () => {
  await openScreen(`${WITH_KEY}&interval=1`);
  expect(counterValue('进行中任务')).toBe('7');

  screenDb.offline = true;
  expect(await screen.findByText(OFFLINE, {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText(/^数据截至 \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
  expect(counterValue('进行中任务')).toBe('7');
  expect(within(screen.getByRole('list', { name: '最新群众诉求' })).getAllByRole('listitem')).toHaveLength(10);

  screenDb.stats.tasks.published = 8;
  screenDb.offline = false;
  await waitFor(() => expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument(), { timeout: 5000 });
  await waitFor(() => expect(counterValue('进行中任务')).toBe('8'));
  expect(screen.getByText(/^实时数据 · 更新于 \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
});

test('unreachable from the start: a loading state that says so, then the figures once the server answers', async () => {
  screenDb.offline = true;
  renderApp(`${WITH_KEY}&interval=1`);
  expect(await screen.findByText('暂时连不上服务器，正在重试…', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText(OFFLINE)).toBeInTheDocument();
  screenDb.offline = false;
  expect(await screen.findByText('进行中任务', { selector: 'dt' }, { timeout: 5000 })).toBeInTheDocument();
});

test('no key and nobody signed in: how to get a display link or sign in, with no redirect to the login page', async () => {
  const location = spyOnLocation();
  const calls = recordRequests();
  renderApp('/screen?interval=1');
  expect(await screen.findByRole('heading', { name: '请使用大屏链接打开，或登录后查看' }, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText(/在「系统设置」中生成大屏链接/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '登录后查看' })).toHaveAttribute('href', '/user/login?redirect=/screen');
  expect(location.replace).not.toHaveBeenCalled();
  expect(location.assign).not.toHaveBeenCalled();
  // A refusal is final: no more asking.
  await new Promise((r) => setTimeout(r, 1500));
  expect(callsTo(calls, 'GET', '/stats/screen')).toHaveLength(1);
});

test('signed in without the screen permission: told so, with a way to sign in with another account', async () => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  server.use(http.get(api('/stats/screen'), () => apiError(403, '拒绝访问：没有该操作的权限')));
  const calls = recordRequests();
  renderApp('/screen');
  expect(await screen.findByRole('heading', { name: '当前账号没有「数据大屏」权限' }, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('服务器答复：拒绝访问：没有该操作的权限')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '换个账号登录' })).toHaveAttribute('href', '/user/login?redirect=/screen');
  // Signed in and without a key, the call carries the token and no key.
  const asked = callsTo(calls, 'GET', '/stats/screen')[0];
  expect(asked.headers.get('authorization')).toBe(ADMIN_TOKEN);
  expect(asked.url.searchParams.has('key')).toBe(false);
});

test('signed in with the permission and no key: the figures', async () => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  await openScreen('/screen');
  expect(counterValue('待审核提交')).toBe('6');
});

test('a revoked or unknown key: the server says so and the screen explains where a new link comes from', async () => {
  const location = spyOnLocation();
  renderApp('/screen?key=revoked-key');
  expect(await screen.findByRole('heading', { name: '大屏链接无效或已停用' }, { timeout: 30000 })).toBeInTheDocument();
  // The server's words repeat the heading: not shown twice.
  expect(screen.queryByText(/服务器答复/)).not.toBeInTheDocument();
  expect(screen.getByText(/请管理员登录后台，在「系统设置」中生成大屏链接/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '登录后查看' })).toHaveAttribute('href', '/user/login?redirect=/screen');
  expect(location.replace).not.toHaveBeenCalled();
});

test('a key revoked while the screen runs: the board gives way to the explanation', async () => {
  await openScreen(`${WITH_KEY}&interval=1`);
  server.use(http.get(api('/stats/screen'), () => apiError(403, SCREEN_KEY_REFUSED)));
  expect(await screen.findByRole('heading', { name: '大屏链接无效或已停用' }, { timeout: 5000 })).toBeInTheDocument();
  await waitFor(() => expect(mockCharts.every((c) => c.disposed)).toBe(true));
});

test('leaving the page disposes the charts and stops asking', async () => {
  const { calls, unmount } = await openScreen(`${WITH_KEY}&interval=1`);
  await waitFor(() => expect(mockCharts).toHaveLength(4));
  unmount();
  expect(mockCharts.every((c) => c.disposed)).toBe(true);
  const asked = callsTo(calls, 'GET', '/stats/screen').length;
  await new Promise((r) => setTimeout(r, 1600));
  expect(callsTo(calls, 'GET', '/stats/screen')).toHaveLength(asked);
});

test('the clock shows the date, the weekday and the time', async () => {
  await openScreen();
  expect(screen.getByLabelText('当前时间')).toHaveTextContent(/^\d{2}:\d{2}:\d{2}$/);
  expect(screen.getByText(/^\d{4}年\d{2}月\d{2}日$/)).toBeInTheDocument();
  expect(screen.getByText(/^星期[日一二三四五六]$/)).toBeInTheDocument();
});
