/** /app/index inside the real app: pinned news banner, the entries, the latest news, large text. */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, apiError } from '@mock/http';
import { publicContentDb } from '@mock/publicContent';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';
import { LARGE_TEXT_CLASS, LARGE_TEXT_STORAGE_KEY, setLargeText } from '@/components/MobileLayout/largeText';

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  setLargeText(false);
});

test('the banner shows the pinned news with their covers and links to them', async () => {
  renderApp('/app/index');
  const banner = await screen.findByLabelText('置顶新闻', {}, { timeout: 30000 });
  const slide = (await within(banner).findByText('工作动态第1期：镇村联动推进基层治理')).closest('a')!;
  expect(slide).toHaveAttribute('href', '/app/newsList/1');
  expect(slide.querySelector('img')).toHaveAttribute('src', '/api/uploads/news-101.jpg');
  // Only pinned news are in the banner.
  expect(within(banner).queryByText(/第4期/)).not.toBeInTheDocument();
  expect(
    within(banner)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/app/newsList/1', '/app/newsList/2', '/app/newsList/3']);
  expect(within(banner).getAllByRole('button', { name: /第\d条/ })).toHaveLength(3);
});

test('the entry grid leads to the public phone pages and to the login (each role: entries.test.tsx)', async () => {
  renderApp('/app/index');
  const grid = await screen.findByRole('navigation', { name: '功能入口' }, { timeout: 30000 });
  const links = within(grid).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['新闻动态', '/app/newsList'],
    ['任务公开', '/app/taskList'],
    ['村情介绍', '/app/introductList'],
    ['登录', '/user/login'],
  ]);
});

test('the latest news list shows the five newest unpinned items and a link to all news', async () => {
  const app = renderApp('/app/index');
  const latest = (await screen.findByRole('heading', { name: '最新动态' }, { timeout: 30000 })).closest('section')!;
  const newsLinks = () =>
    within(latest)
      .queryAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/app/newsList/'));
  await waitFor(() => expect(newsLinks()).toHaveLength(5));
  const items = newsLinks();
  // The pinned ones (1–3) are in the banner, not again here.
  expect(items.map((a) => a.getAttribute('href'))).toEqual([4, 5, 6, 7, 8].map((id) => `/app/newsList/${id}`));
  expect(within(latest).queryByText('置顶')).not.toBeInTheDocument();
  expect(within(items[0]).getByText('村务公开')).toBeInTheDocument();
  expect(within(items[0]).getByText('128 阅读')).toBeInTheDocument();
  // A title with markup is shown as text.
  expect(within(items[1]).getByText('<img src=x onerror=alert(1)>关于开展人居环境整治的通知')).toBeInTheDocument();
  expect(latest.querySelector('img[src="x"]')).toBeNull();
  await app.user.click(within(latest).getByRole('link', { name: /更多/ }));
  await waitFor(() => expect(app.location()).toBe('/app/newsList'));
});

test('when every news item is pinned, the banner holds them and no empty list shows', async () => {
  publicContentDb.news = publicContentDb.news.filter((n) => n.pinned);
  renderApp('/app/index');
  const banner = await screen.findByLabelText('置顶新闻', {}, { timeout: 30000 });
  expect(within(banner).getAllByRole('link')).toHaveLength(3);
  await waitFor(() => expect(screen.queryByLabelText('加载中')).not.toBeInTheDocument());
  expect(screen.queryByText('最新动态')).not.toBeInTheDocument();
  expect(screen.queryByText('暂无新闻')).not.toBeInTheDocument();
});

test('without pinned news the banner is a welcome card; without news the list says so', async () => {
  publicContentDb.news = [];
  renderApp('/app/index');
  expect(await screen.findByText('暂无新闻', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('某镇综合治理中心 · 欢迎您')).toBeInTheDocument();
  expect(screen.queryByLabelText('置顶新闻')).not.toBeInTheDocument();
});

test('a failed news load offers a retry', async () => {
  let fail = true;
  server.use(http.get(api('/public/news'), () => (fail ? apiError(500, '服务器内部错误') : undefined)));
  const app = renderApp('/app/index');
  expect(await screen.findByText('加载失败', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  await app.user.click(screen.getByText('重新加载'));
  // Both the list and the banner come back.
  expect(await screen.findByText('村务公开第4期：镇村联动推进基层治理')).toBeInTheDocument();
  expect(await screen.findByText('工作动态第1期：镇村联动推进基层治理')).toBeInTheDocument();
});

test('the large-text switch enlarges every phone page and is remembered on the phone', async () => {
  const app = renderApp('/app/index');
  const toggle = await screen.findByRole('switch', { name: '大字模式' }, { timeout: 30000 });
  expect(document.documentElement).not.toHaveClass(LARGE_TEXT_CLASS);
  await app.user.click(toggle);
  expect(document.documentElement).toHaveClass(LARGE_TEXT_CLASS);
  expect(localStorage.getItem(LARGE_TEXT_STORAGE_KEY)).toBe('1');
  // The NavBar's 大字 button shows the same state on every page.
  expect(screen.getByRole('button', { name: '大字模式' })).toHaveAttribute('aria-pressed', 'true');

  // The task pages get it too, through the shared frame.
  await app.user.click(screen.getByRole('link', { name: '任务公开' }));
  await waitFor(() => expect(app.location()).toBe('/app/taskList'));
  expect(document.documentElement).toHaveClass(LARGE_TEXT_CLASS);
  app.unmount();
  // Outside the phone pages the class is gone.
  expect(document.documentElement).not.toHaveClass(LARGE_TEXT_CLASS);

  // The NavBar button switches it off again, and that is remembered too.
  const again = renderApp('/app/newsList');
  const button = await screen.findByRole('button', { name: '大字模式' }, { timeout: 30000 });
  expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(document.documentElement).toHaveClass(LARGE_TEXT_CLASS);
  await again.user.click(button);
  expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(document.documentElement).not.toHaveClass(LARGE_TEXT_CLASS);
  expect(localStorage.getItem(LARGE_TEXT_STORAGE_KEY)).toBeNull();
});
