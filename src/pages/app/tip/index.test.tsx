/** /app/tip: a result page driven by the query, whose back link must stay on this site. */
import { screen, waitFor } from '@testing-library/react';
import { useAppTaskHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';

useMockServer();
useAppTaskHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const tip = (query: Record<string, string>) => `/app/tip?${new URLSearchParams(query)}`;

test('shows the title, text and back link it is given', async () => {
  const app = renderApp(
    tip({ type: 'success', title: '提交成功', text: '已提交，等待审核。', back: '/app/taskList?category=2', backText: '返回任务列表' }),
  );
  expect(await screen.findByText('提交成功', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('已提交，等待审核。')).toBeInTheDocument();
  await app.user.click(screen.getByText('返回任务列表'));
  await waitFor(() => expect(app.location()).toBe('/app/taskList?category=2'));
});

test('a failure page with defaults', async () => {
  renderApp('/app/tip?type=fail');
  expect(await screen.findAllByText('操作失败', {}, { timeout: 30000 })).not.toHaveLength(0);
  expect(screen.getByText('返回首页')).toBeInTheDocument();
});

test('no query at all: a success page back to the phone home', async () => {
  const app = renderApp('/app/tip');
  expect(await screen.findByText('操作成功', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(screen.getByText('返回首页'));
  await waitFor(() => expect(app.location()).toBe('/app/index'));
});

test.each(['//evil.example/phish', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example'])(
  'an unsafe back link (%s) is ignored for the phone home',
  async (back) => {
    const app = renderApp(tip({ type: 'success', title: '好', back, backText: '点我' }));
    await app.user.click(await screen.findByText('点我', {}, { timeout: 30000 }));
    await waitFor(() => expect(app.location()).toBe('/app/index'));
  },
);

test('markup in the query is shown as text, never as HTML', async () => {
  renderApp(tip({ title: '<img src=x onerror=alert(1)>', text: '<b>粗体</b>' }));
  expect(await screen.findByText('<img src=x onerror=alert(1)>', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('<b>粗体</b>')).toBeInTheDocument();
  expect(document.querySelector('img[src="x"]')).toBeNull();
});
