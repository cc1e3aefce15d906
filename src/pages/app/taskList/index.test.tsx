/** /app/taskList and /app/taskList/:id inside the real app: public, filtered by category. */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { CADRE_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { useAppTaskHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';

useMockServer();
useAppTaskHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const card = (title: string) => screen.getByText(title).closest('a') as HTMLElement;

test('anyone sees the published tasks with what each report needs', async () => {
  renderApp('/app/taskList');
  expect(await screen.findByText('清理河道垃圾', {}, { timeout: 30000 })).toBeInTheDocument();
  const river = card('清理河道垃圾');
  expect(river).toHaveAttribute('href', '/app/taskList/11');
  expect(within(river).getByText('生态环境')).toBeInTheDocument();
  expect(within(river).getByText('+5 积分')).toBeInTheDocument();
  expect(within(river).getByText('需提交：文字 + 2张图片')).toBeInTheDocument();
  await waitFor(() => expect(within(river).getByText('第一村')).toBeInTheDocument());
  expect(within(river).queryByText('逾期')).not.toBeInTheDocument();
  expect(within(card('拍摄村容村貌')).getByText('需提交：图片（默认3张）')).toBeInTheDocument();
  expect(within(card('上报本村低保户走访情况')).getByText('逾期')).toBeInTheDocument();
});

test('a category narrows the list and stays in the URL', async () => {
  const app = renderApp('/app/taskList');
  await screen.findByText('清理河道垃圾', {}, { timeout: 30000 });
  await app.user.click(screen.getByRole('button', { name: '民政工作' }));
  await waitFor(() => expect(app.location()).toBe('/app/taskList?category=3'));
  expect(screen.getByRole('button', { name: '民政工作' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'false');
  expect(await screen.findByText('上报本村低保户走访情况')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('清理河道垃圾')).not.toBeInTheDocument());

  await app.user.click(screen.getByRole('button', { name: '人大工作' }));
  expect(await screen.findByText('暂无任务')).toBeInTheDocument();
});

test('a failed load offers a retry', async () => {
  let fail = true;
  server.use(http.get(api('/public/tasks'), () => (fail ? apiError(500, '服务器内部错误') : undefined)));
  const app = renderApp('/app/taskList');
  expect(await screen.findByText('加载失败', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  await app.user.click(screen.getByText('重新加载'));
  expect(await screen.findByText('清理河道垃圾')).toBeInTheDocument();
});

test('the detail shows the content; a visitor signs in to submit, a cadre goes to the form', async () => {
  const visitor = renderApp('/app/taskList/11');
  expect(await screen.findByText('请按要求完成并上报。', { selector: 'p' }, { timeout: 30000 })).toBeInTheDocument();
  await visitor.user.click(screen.getByText('登录后提交'));
  await waitFor(() => expect(visitor.location()).toBe('/user/login?redirect=%2Fapp%2Fmytask%2F11'));
  visitor.unmount();

  sessionStorage.setItem('token', CADRE_TOKEN);
  const cadre = renderApp('/app/taskList/11');
  await cadre.user.click(await screen.findByText('去提交', {}, { timeout: 30000 }));
  await waitFor(() => expect(cadre.location()).toBe('/app/mytask/11'));
});

test('a closed task cannot be submitted', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  renderApp('/app/taskList/14');
  expect(await screen.findByText('任务已关闭，不能提交', {}, { timeout: 30000 })).toBeInTheDocument();
});
