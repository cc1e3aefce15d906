/**
 * Each person is offered only the phone entries they may open, in the tab bar and in the home
 * grid: no visitor or villager is led to 我的任务 and its 没有权限, and a cadre who opens /app/noauth
 * is not told their own role lacks permission.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN, CADRE_TOKEN, VILLAGER_TOKEN } from '@mock/fixtures';
import { useAppTaskHandlers, useDispatchHandlers, usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';
import { canOpenPhoneEntry, computeAccess } from '@/utils/routeAccess';

useMockServer();
usePublicContentHandlers();
useAppTaskHandlers();
useDispatchHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

async function offered(token?: string) {
  if (token) sessionStorage.setItem('token', token);
  const app = renderApp('/app/index');
  const grid = await screen.findByRole('navigation', { name: '功能入口' }, { timeout: 30000 });
  const tabBar = screen.getByRole('navigation', { name: '底部导航' });
  const result = {
    grid: within(grid)
      .getAllByRole('link')
      .map((a) => `${a.querySelector('.home-entry-title')?.textContent} ${a.getAttribute('href')}`),
    tabs: Array.from(tabBar.querySelectorAll('.adm-tab-bar-item-title'), (t) => t.textContent),
  };
  app.unmount();
  return result;
}

test('a visitor: the public entries and 登录, no 便民服务 or 我的任务', async () => {
  expect(await offered()).toEqual({
    grid: ['新闻动态 /app/newsList', '任务公开 /app/taskList', '村情介绍 /app/introductList', '登录 /user/login'],
    tabs: ['首页', '任务', '登录'],
  });
});

test('a villager: 便民服务, and no 我的任务', async () => {
  expect(await offered(VILLAGER_TOKEN)).toEqual({
    grid: ['新闻动态 /app/newsList', '任务公开 /app/taskList', '便民服务 /app/service', '村情介绍 /app/introductList'],
    tabs: ['首页', '任务', '服务'],
  });
});

test('a village cadre: everything, 我的任务 and 转派诉求 included', async () => {
  expect(await offered(CADRE_TOKEN)).toEqual({
    grid: [
      '新闻动态 /app/newsList',
      '任务公开 /app/taskList',
      '便民服务 /app/service',
      '村情介绍 /app/introductList',
      '我的任务 /app/mytask',
      '转派诉求 /app/dispatched',
    ],
    tabs: ['首页', '任务', '服务', '我的任务'],
  });
});

test('an admin on the phone: like a villager', async () => {
  expect((await offered(ADMIN_TOKEN)).tabs).toEqual(['首页', '任务', '服务']);
});

test('the rule for every role, staff included', () => {
  const user = (access: string) => ({ access, permissions: [] }) as never;
  const open = (access: ReturnType<typeof computeAccess>) =>
    ['/app/index', '/app/service', '/app/notices', '/app/mytask', '/app/dispatched', '/user/login'].filter((path) =>
      canOpenPhoneEntry(access, path),
    );
  expect(open(computeAccess(undefined))).toEqual(['/app/index', '/user/login']);
  expect(open(computeAccess(user('villager')))).toEqual(['/app/index', '/app/service', '/app/notices']);
  expect(open(computeAccess(user('village')))).toEqual(['/app/index', '/app/service', '/app/notices', '/app/mytask', '/app/dispatched']);
  expect(open(computeAccess(user('staff')))).toEqual(['/app/index', '/app/service', '/app/notices']);
  expect(open(computeAccess(user('admin')))).toEqual(['/app/index', '/app/service', '/app/notices']);
});

test('a cadre who opens /app/noauth reads that their account may submit tasks, and is led to 我的任务', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const app = renderApp('/app/noauth');
  expect(await screen.findByText('您的账号可以提交任务', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('没有访问权限');
  expect(document.body).not.toHaveTextContent('没有使用该页面的权限');
  await app.user.click(screen.getByRole('button', { name: '前往我的任务' }));
  await waitFor(() => expect(app.location()).toBe('/app/mytask'));
});

test('a cadre’s 我的任务 and 转派诉求 tiles count what waits; a villager’s tiles count nothing', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const app = renderApp('/app/index');
  // The fixture's cadre: two tasks to do and one to redo; two appeals and two photo reports
  // handed down that are still open (the third report waits for the centre's review).
  expect(await screen.findByRole('link', { name: /^我的任务\s*，3 项待办$/ }, { timeout: 30000 })).toHaveAttribute('href', '/app/mytask');
  expect(await screen.findByRole('link', { name: /^转派诉求\s*，4 项待办$/ })).toHaveAttribute('href', '/app/dispatched');
  app.unmount();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
  renderApp('/app/index');
  const grid = await screen.findByRole('navigation', { name: '功能入口' }, { timeout: 30000 });
  expect(grid.querySelector('.home-entry-count')).toBeNull();
});
