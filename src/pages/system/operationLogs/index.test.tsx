/**
 * 系统设置 › 操作日志 and 登录日志 inside the real app against the mock server (mock/system.ts): the
 * changes of an operation open under its row, a filter goes into the URL and the query, and the
 * export carries the list's filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { logHandlers } from '@mock/system';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
  server.use(...logHandlers);
  URL.createObjectURL = jest.fn(() => 'blob:logs');
  URL.revokeObjectURL = jest.fn();
});

test('an operation shows what it changed, before and after, under its row', async () => {
  const app = renderApp('/system/operation-logs');
  const row = (await screen.findByText('修改用户', {}, { timeout: 30000 })).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('admin');
  expect(row).toHaveTextContent('192.168.1.20');
  expect(row).toHaveTextContent('2 项');
  const failed = screen.getByText('不予受理').closest('tr') as HTMLElement;
  expect(failed).toHaveTextContent('失败 409');
  await app.user.click(within(row).getByRole('button', { name: /展开行/ }));
  const changes = (await screen.findByText('孙丽华')).closest('table') as HTMLElement;
  expect(within(changes).getByText('姓名')).toBeInTheDocument();
  expect(within(changes).getByText('孙丽')).toBeInTheDocument();
  expect(within(changes).getByText('13900000399')).toBeInTheDocument();
});

test('filtering by result and address goes into the URL and the export', async () => {
  const calls = recordRequests();
  const app = renderApp('/system/operation-logs');
  await screen.findByText('修改用户', {}, { timeout: 30000 });
  await app.user.type(screen.getByPlaceholderText('完整地址或开头，如 192.168.1.'), '10.0.');
  await app.user.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(screen.queryByText('修改用户')).not.toBeInTheDocument());
  expect(screen.getByText('不予受理')).toBeInTheDocument();
  expect(window.location.search).toContain('ip=10.0.');
  await app.user.click(screen.getByRole('button', { name: /导出Excel/ }));
  expect(await screen.findByText('已导出：操作日志.xlsx')).toBeInTheDocument();
  const [exported] = callsTo(calls, 'GET', '/operation-logs/export');
  expect(exported.url.searchParams.get('ip')).toBe('10.0.');
});

test('a deep link keeps its filter after a reload', async () => {
  // A reload: the address bar (which the table's search form reads) and the router both hold the filter.
  setPagePath('/system/login-logs?success=false');
  renderApp('/system/login-logs?success=false');
  const row = (await screen.findByText('cadre03', {}, { timeout: 30000 })).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('密码错误');
  expect(row).toHaveTextContent('10.20.30.40');
  expect(screen.queryByText('登录成功')).not.toBeInTheDocument();
});
