/**
 * /app/mytask inside the real app: who may see it (anonymous → login with a redirect back,
 * a villager → /app/noauth), and the cadre's tabs with counts, points and the state in the URL.
 */
import { screen, waitFor } from '@testing-library/react';
import { CADRE_TOKEN, VILLAGER_TOKEN } from '@mock/fixtures';
import { useAppTaskHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';
import { cadrePageRedirect } from '@/hooks/useTaskRoleGuard';

useMockServer();
useAppTaskHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

test('the redirect rule itself', () => {
  expect(cadrePageRedirect(undefined, '/app/mytask?state=pending')).toBe('/user/login?redirect=%2Fapp%2Fmytask%3Fstate%3Dpending');
  expect(cadrePageRedirect({ access: 'villager' } as never, '/app/mytask')).toBe('/app/noauth');
  expect(cadrePageRedirect({ access: 'admin' } as never, '/app/mytask')).toBe('/app/noauth');
  expect(cadrePageRedirect({ access: 'village' } as never, '/app/mytask')).toBeNull();
});

test('not signed in: off to the login page, which brings the user back here', async () => {
  const app = renderApp('/app/mytask');
  await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fmytask'), { timeout: 30000 });
});

test('a task page keeps its own path in the redirect', async () => {
  const app = renderApp('/app/mytask/11');
  await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fmytask%2F11'), { timeout: 30000 });
});

test('a villager is sent to /app/noauth, which says why and offers another account', async () => {
  sessionStorage.setItem('token', VILLAGER_TOKEN);
  const app = renderApp('/app/mytask');
  await waitFor(() => expect(app.location()).toBe('/app/noauth'), { timeout: 30000 });
  expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
  expect(screen.getByText(/角色是“村民”/)).toBeInTheDocument();
  expect(screen.getByText('换个账号登录')).toBeInTheDocument();
  expect(screen.getByText('查看公开任务')).toBeInTheDocument();
});

test('a cadre sees points, counted tabs, and the tab kept in the URL', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const app = renderApp('/app/mytask');
  expect(await screen.findByText('清理河道垃圾', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(await screen.findByText('35')).toBeInTheDocument();
  expect(screen.getByText('第一村排名第 2 名')).toBeInTheDocument();
  // Task 12 was rejected: it is not in the 待提交 tab.
  expect(screen.queryByText('上报本村低保户走访情况')).not.toBeInTheDocument();

  await app.user.click(screen.getByText('已驳回'));
  await waitFor(() => expect(app.location()).toBe('/app/mytask?state=rejected'));
  expect(await screen.findByText('上报本村低保户走访情况')).toBeInTheDocument();
  expect(screen.getByText('驳回意见：请补充走访时间和照片说明')).toBeInTheDocument();
  expect(screen.queryByText('清理河道垃圾')).not.toBeInTheDocument();
});

test('opening the page with ?state=pending shows that tab', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  renderApp('/app/mytask?state=pending');
  expect(await screen.findByText('拍摄村容村貌', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByText('清理河道垃圾')).not.toBeInTheDocument();
});
