/**
 * 数据概览 › 通报 inside the real app against the mock server (mock/reports.ts): the period in the URL
 * (default, deep link, stepping, week ↔ month, never the future), the report previewed as the
 * document, the download and print buttons, and the loading, empty and error states.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { delay, http } from 'msw';
import { addDays, lastCompletePeriod, periodOf, townshipToday } from '@common/reportPeriod';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { setPagePath } from '@mock/location';
import { reportFigures, setReportFigures } from '@mock/reports';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
});

const today = townshipToday();
const lastWeek = lastCompletePeriod('week', today);
const paper = () => screen.findByRole('article', { name: '通报预览' }, { timeout: 30000 });
/** The row of a table whose cells read `first` somewhere. */
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr');

test('without a period it shows last week’s report, written into the URL, as the document', async () => {
  const calls = recordRequests();
  const app = renderApp('/dashboard/report');
  const doc = await paper();
  expect(app.location()).toBe(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  const asked = callsTo(calls, 'GET', '/reports');
  expect(asked.at(-1)?.url.searchParams.get('kind')).toBe('week');
  expect(asked.at(-1)?.url.searchParams.get('date')).toBe(lastWeek.from);

  expect(within(doc).getByRole('heading', { level: 1, name: '示范镇综合治理中心工作通报' })).toBeInTheDocument();
  expect(within(doc).getByText(`（${lastWeek.label}）`)).toBeInTheDocument();
  for (const heading of ['一、任务完成情况', '二、积分情况', '三、群众诉求办理情况', '四、随手拍', '五、需要关注的逾期事项']) {
    expect(within(doc).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  }
  // 一: one row per village with tasks, ranked, and the total.
  const tasks = within(doc).getByRole('table', { name: '各村（社区）任务完成情况' });
  const rows = within(tasks)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows.slice(1)).toEqual([
    ['1', '第一村', '4', '4', '3', '75%'],
    ['2', '第三村', '2', '1', '1', '50%'],
    ['3', '第二村', '3', '2', '1', '33.3%'],
    ['', '合计', '9', '7', '5', '55.6%'],
  ]);
  expect(within(doc).getByText(/本期共下发任务4项，涉及村（社区）9个村次/)).toBeInTheDocument();
  // 二, 三, 四 and 五: the figures and the overdue items by name.
  expect(rowOf(within(doc).getByRole('table', { name: '本期积分前十名' }), '张红梅')).toHaveTextContent('1张红梅第一村18');
  expect(
    within(doc).getByText(
      /本期共收到群众诉求6件（网上4件、窗口1件、电话1件）；截至期末，已答复3件，不予受理1件，仍在办理2件，其中超期未答复1件/,
    ),
  ).toBeInTheDocument();
  expect(within(doc).getByText(/本期群众评价2件（其中回访评价1件），平均满意度4.5分/)).toBeInTheDocument();
  expect(within(doc).getByText(/随手拍反映问题3条（环境卫生2条、安全隐患1条）/)).toBeInTheDocument();
  const overdueAppeals = within(doc).getByRole('table', { name: '超期未办结的群众诉求' });
  expect(within(overdueAppeals).getByText('自来水管漏水一直没人修').closest('tr')).toHaveTextContent(/第一村.*3天.*待受理/);
  const overdueTasks = within(doc).getByRole('table', { name: '逾期未报的任务' });
  expect(within(overdueTasks).getByText('汛期安全隐患排查').closest('tr')).toHaveTextContent(/第三村.*2天/);
  // The menu shows where we are: 通报 selected under 数据概览, not the overview too.
  const menuItem = screen.getByRole('menuitem', { name: '通报' });
  expect(menuItem.closest('li')).toHaveClass('ant-menu-item-selected');
  // Both the group's title and its first page are called 数据概览: the page is the list item.
  const overview = screen.getAllByRole('menuitem', { name: '数据概览' }).find((item) => item.tagName === 'LI');
  expect(overview).toBeDefined();
  expect(overview).not.toHaveClass('ant-menu-item-selected');
});

test('stepping back, switching to months and back again moves the URL and the report', async () => {
  const app = renderApp(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  await paper();
  const before = addDays(lastWeek.from, -7);
  await app.user.click(screen.getByRole('button', { name: /^上一周/ }));
  await waitFor(() => expect(app.location()).toBe(`/dashboard/report?kind=week&date=${before}`));
  expect(await within(await paper()).findByText(`（${periodOf('week', before).label}）`)).toBeInTheDocument();

  await app.user.click(screen.getByText('月报'));
  const month = periodOf('month', before);
  await waitFor(() => expect(app.location()).toBe(`/dashboard/report?kind=month&date=${month.from}`));
  expect(await within(await paper()).findByText(`（${month.label}）`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^上一月/ })).toBeInTheDocument();

  // The back button returns to the week.
  act(() => history.back());
  await waitFor(() => expect(app.location()).toBe(`/dashboard/report?kind=week&date=${before}`));
});

test('the running week can be opened but not the one after it, and says it is unfinished', async () => {
  const thisWeek = periodOf('week', today);
  const app = renderApp(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  await paper();
  await app.user.click(screen.getByRole('button', { name: `下一周：${thisWeek.label}` }));
  await waitFor(() => expect(app.location()).toBe(`/dashboard/report?kind=week&date=${thisWeek.from}`));
  expect(await screen.findByText(/本周尚未结束，通报中的数据统计至/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '下一周（尚未开始）' })).toBeDisabled();
});

test('a deep link to any day shows its period; a day not yet come falls back to last week', async () => {
  const calls = recordRequests();
  const app = renderApp('/dashboard/report?kind=month&date=2026-01-15');
  expect(await within(await paper()).findByText('（2026年1月）')).toBeInTheDocument();
  expect(app.location()).toBe('/dashboard/report?kind=month&date=2026-01-01');
  app.unmount();

  const future = renderApp(`/dashboard/report?kind=week&date=${addDays(today, 8)}`);
  await paper();
  expect(future.location()).toBe(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  expect(callsTo(calls, 'GET', '/reports').every((c) => (c.url.searchParams.get('date') ?? '') <= today)).toBe(true);
});

test('a quiet period says there is nothing to report', async () => {
  const quiet = reportFigures();
  quiet.tasks = { ...quiet.tasks, published: 0, issued: 0, submitted: 0, approved: 0, rate: null, reportsReceived: 0, reportsApproved: 0 };
  quiet.tasks.byArea = quiet.tasks.byArea.map((a) => ({ ...a, issued: 0, submitted: 0, approved: 0, rate: null, rank: null }));
  quiet.points = { total: 0, earners: 0, top: [] };
  quiet.appeals = {
    ...quiet.appeals,
    received: 0,
    replied: 0,
    rejected: 0,
    open: 0,
    overdue: 0,
    rated: 0,
    satisfaction: null,
    overdueAtEnd: 0,
  };
  quiet.appeals.byArea = quiet.appeals.byArea.map((a) => ({ ...a, received: 0, replied: 0, overdue: 0 }));
  quiet.photoReports = {
    received: 0,
    handled: 0,
    invalid: 0,
    pending: 0,
    byType: quiet.photoReports.byType.map((t) => ({ ...t, count: 0 })),
  };
  quiet.overdue = { appeals: [], appealsTotal: 0, tasks: [], tasksTotal: 0 };
  setReportFigures(quiet);
  renderApp('/dashboard/report');
  const doc = await paper();
  expect(screen.getByText(/所选周期内没有任务、积分、诉求或随手拍数据/)).toBeInTheDocument();
  expect(within(doc).getByText(/本期未下发新任务/)).toBeInTheDocument();
  expect(within(doc).getByText('本期无积分变动。')).toBeInTheDocument();
  expect(within(doc).getByText('本期未收到群众随手拍。')).toBeInTheDocument();
  expect(within(doc).getByText('截至期末，无超期未办结的诉求和逾期未报的任务。')).toBeInTheDocument();
  expect(within(doc).queryByRole('table')).not.toBeInTheDocument();
});

test('while it loads the paper waits; a failed load says why and retries', async () => {
  server.use(
    http.get(api('/reports'), async () => {
      await delay(300);
      return apiError(500, '服务器内部错误');
    }),
  );
  const app = renderApp('/dashboard/report');
  expect(await screen.findByLabelText('通报生成中', {}, { timeout: 30000 })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('button', { name: /下载Word/ })).toBeDisabled();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('数据加载失败：服务器内部错误');
  server.resetHandlers();
  await app.user.click(within(alert).getByRole('button', { name: /重\s*试/ }));
  expect(await paper()).toBeInTheDocument();
});

test('下载Word fetches the period’s document and says what was saved; 打印 prints', async () => {
  const calls = recordRequests();
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  const app = renderApp(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  await paper();
  await app.user.click(screen.getByRole('button', { name: /下载Word/ }));
  expect(await screen.findByText(`已下载：示范镇综合治理中心工作通报（${lastWeek.label}）.docx`)).toBeInTheDocument();
  const download = callsTo(calls, 'GET', '/reports/docx').at(-1);
  expect(download?.url.searchParams.get('kind')).toBe('week');
  expect(download?.url.searchParams.get('date')).toBe(lastWeek.from);
  expect(download?.headers.get('authorization')).toBe(ADMIN_TOKEN);
  expect(URL.createObjectURL).toHaveBeenCalled();

  await app.user.click(screen.getByRole('button', { name: /打\s*印/ }));
  expect(print).toHaveBeenCalledTimes(1);
  // The printer's copy sits beside the app's root, hidden from screen readers.
  expect(document.body.querySelector(':scope > .report-print .report-title')).toHaveTextContent('示范镇综合治理中心工作通报');
  print.mockRestore();
});

test('a failed download says why', async () => {
  server.use(http.get(api('/reports/docx'), () => apiError(503, '服务暂不可用')));
  const app = renderApp(`/dashboard/report?kind=week&date=${lastWeek.from}`);
  await paper();
  await app.user.click(screen.getByRole('button', { name: /下载Word/ }));
  expect(await screen.findByText('下载失败：服务暂不可用')).toBeInTheDocument();
});
