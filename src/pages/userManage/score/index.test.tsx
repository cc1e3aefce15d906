/**
 * 积分统计 inside the real app against the mock server (mock/tasks.ts): the ranking, a user's ledger
 * with the admin's manual adjustment, and 导出Excel with the current filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb } from '@mock/taskDb';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
  // jsdom cannot save files: the download link is clicked into nothing.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

async function openRanking(path = '/userManage/score') {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText('王村干', {}, { timeout: 30000 });
  return { ...app, calls };
}

test('积分调整 needs a non-zero value and a reason, asks first, then adds a ledger entry', async () => {
  const { user, calls } = await openRanking();

  await user.click(within(rowOf('刘网格')).getByText('积分明细'));
  expect(await screen.findByText('积分明细：刘网格')).toBeInTheDocument();
  expect(await screen.findByText('还没有积分记录')).toBeInTheDocument();

  const delta = screen.getByPlaceholderText('正数增加，负数扣减');
  await user.type(delta, '0');
  await user.click(button('提交调整'));
  expect(await screen.findByText('调整分值不能为0')).toBeInTheDocument();
  expect(await screen.findByText('请填写调整原因')).toBeInTheDocument();

  await user.clear(delta);
  await user.type(delta, '-3');
  await user.type(screen.getByPlaceholderText('例如：补录线下活动积分'), '重复记分更正');
  await user.click(button('提交调整'));
  const [title] = await screen.findAllByText('为刘网格扣减 3 分？');
  await user.click(button('确认调整', title.closest('.ant-modal') as HTMLElement));

  expect(await screen.findByText('已为刘网格扣减 3 分')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/scores/adjust');
  expect(JSON.parse(await sent[0].body)).toEqual({ userId: 22, delta: -3, reason: '重复记分更正' });
  // The ledger refreshes with the new entry, coloured as a deduction, with its operator.
  expect(await screen.findByText('−3')).toBeInTheDocument();
  expect(screen.getByText('操作人：系统管理员')).toBeInTheDocument();
  expect(screen.getByText('人工调整')).toBeInTheDocument();
});

test('导出Excel sends the current filters and says when it is done or why it failed', async () => {
  // The table reads its filters from the page URL (window.location), not the router's memory history.
  setPagePath('/userManage/score?area=2');
  const { user, calls } = await openRanking('/userManage/score?area=2');

  await user.click(button('导出Excel'));
  expect(await screen.findByText('已导出：积分排行.xlsx')).toBeInTheDocument();
  const exports = callsTo(calls, 'GET', '/scores/export');
  expect(exports).toHaveLength(1);
  expect(exports[0].url.searchParams.get('area')).toBe('2');
  expect(exports[0].headers.get('authorization')).toBe(ADMIN_TOKEN);

  server.use(http.get(api('/scores/export'), () => apiError(500, '导出失败，请稍后重试')));
  await user.click(button('导出Excel'));
  expect(await screen.findByText('导出失败：导出失败，请稍后重试')).toBeInTheDocument();
  await waitFor(() => expect(button('导出Excel')).toBeEnabled());
});
