/** /app/newsList and /app/newsList/:id inside the real app: columns as tabs, paging, the detail. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '@mock/http';
import { MARKUP_TITLE, publicContentDb } from '@mock/publicContent';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { http } from 'msw';

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const tab = (title: string) => screen.getByText(title, { selector: '.adm-tabs-tab' });
const newsHrefs = () =>
  Array.from(document.querySelectorAll('.app-news-list a'), (a) => a.getAttribute('href')?.replace('/app/newsList/', ''));

/**
 * jsdom has no layout: InfiniteScroll sees no offsetParent and every box at 0. Give it one, and put
 * its footer `footerTop` px down the page (the window is 768 px tall, the threshold 250 px).
 */
function layOutInfiniteScroll() {
  const layout = { footerTop: 3000 };
  jest.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function offsetParent(this: HTMLElement) {
    return this.parentElement;
  });
  const original = HTMLElement.prototype.getBoundingClientRect;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
    if (!this.classList.contains('adm-infinite-scroll')) return original.call(this);
    return {
      top: layout.footerTop,
      bottom: layout.footerTop + 40,
      left: 0,
      right: 390,
      width: 390,
      height: 40,
      x: 0,
      y: layout.footerTop,
      toJSON: () => ({}),
    };
  });
  return layout;
}
afterEach(() => jest.restoreAllMocks());

test('all news page by page: scrolling down loads the next pages until the end', async () => {
  const layout = layOutInfiniteScroll();
  const calls = recordRequests();
  renderApp('/app/newsList');
  expect(await screen.findByText('工作动态第1期：镇村联动推进基层治理', {}, { timeout: 30000 })).toBeInTheDocument();
  // The end of the list is far below: nothing more is loaded yet.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(newsHrefs()).toHaveLength(10);
  // Scrolled to the bottom: the next pages come.
  layout.footerTop = 700;
  fireEvent.scroll(window);
  // 23 news, 10 a page: three pages, pinned first, then newest first.
  await waitFor(() => expect(newsHrefs()).toHaveLength(23));
  expect(newsHrefs().slice(0, 5)).toEqual(['1', '2', '3', '4', '5']);
  expect(screen.getByText('没有更多了')).toBeInTheDocument();
  const pages = callsTo(calls, 'GET', '/public/news').map((c) => c.url.searchParams.get('current'));
  expect(pages).toEqual(['1', '2', '3']);
});

test('a column tab narrows the list, stays in the URL and survives a reload', async () => {
  const calls = recordRequests();
  const app = renderApp('/app/newsList');
  await screen.findByText('工作动态第1期：镇村联动推进基层治理', {}, { timeout: 30000 });
  await app.user.click(tab('通知公告'));
  await waitFor(() => expect(app.location()).toBe('/app/newsList?column=2'));
  await waitFor(() => expect(screen.queryByText('工作动态第1期：镇村联动推进基层治理')).not.toBeInTheDocument());
  expect(await screen.findByText('通知公告第2期：镇村联动推进基层治理')).toBeInTheDocument();
  // Column 2 holds ids 2, 6, 10, 14, 18, 22: the second page (10 a page) is not needed.
  await waitFor(() => expect(newsHrefs()).toEqual(['2', '6', '10', '14', '18', '22']));
  expect(callsTo(calls, 'GET', '/public/news').at(-1)!.url.searchParams.get('column')).toBe('2');
  app.unmount();

  // Opened again at that URL (a refresh, or back from a detail): the same tab.
  renderApp('/app/newsList?column=2');
  await waitFor(() => expect(tab('通知公告').closest('.adm-tabs-tab')).toHaveClass('adm-tabs-tab-active'), { timeout: 30000 });
  await waitFor(() => expect(newsHrefs()).toEqual(['2', '6', '10', '14', '18', '22']));
});

test('a column without news says so; 全部 drops the column from the URL', async () => {
  publicContentDb.news = publicContentDb.news.filter((n) => n.column !== 3);
  const app = renderApp('/app/newsList?column=3');
  expect(await screen.findByText('该栏目还没有发布新闻', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(tab('全部'));
  await waitFor(() => expect(app.location()).toBe('/app/newsList'));
  expect(await screen.findByText('工作动态第1期：镇村联动推进基层治理')).toBeInTheDocument();
});

test('a news item opens its detail; opened directly, its back arrow leads to the list', async () => {
  const app = renderApp('/app/newsList?column=1');
  await app.user.click(await screen.findByText('工作动态第1期：镇村联动推进基层治理', {}, { timeout: 30000 }));
  await waitFor(() => expect(app.location()).toBe('/app/newsList/1'));
  expect(await screen.findByText('第1期正文。')).toBeInTheDocument();
  app.unmount();

  // (Inside the app the arrow goes back in the browser's history, to the tab it came from.)
  const direct = renderApp('/app/newsList/1');
  await screen.findByText('第1期正文。', {}, { timeout: 30000 });
  await direct.user.click(screen.getByRole('button', { name: '返回' }));
  await waitFor(() => expect(direct.location()).toBe('/app/newsList'));
});

test('the detail renders the rich text, while a title with markup stays text', async () => {
  renderApp('/app/newsList/5');
  const title = await screen.findByRole('heading', { level: 1 }, { timeout: 30000 });
  expect(title).toHaveTextContent(MARKUP_TITLE);
  expect(title.querySelector('img')).toBeNull();
  expect(document.querySelector('img[src="x"]')).toBeNull();
  // The body is HTML: bold text and a table, inside the shared rich-text box.
  const bold = screen.getByText('立即组织');
  expect(bold.tagName).toBe('STRONG');
  expect(bold.closest('.rich-content')).not.toBeNull();
  expect(document.querySelector('.rich-content table')).not.toBeNull();
  const meta = document.querySelector('.app-news-detail-meta') as HTMLElement;
  expect(within(meta).getByText('工作动态')).toBeInTheDocument();
  expect(within(meta).getByText('全镇')).toBeInTheDocument();
  expect(within(meta).getByText(/2024-06-24/)).toBeInTheDocument();
  expect(within(meta).getByText('136 阅读')).toBeInTheDocument();
});

test('a news item that is gone says so and leads back to the list', async () => {
  const app = renderApp('/app/newsList/999');
  expect(await screen.findByText('新闻不存在', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(screen.getByText('查看其他新闻'));
  await waitFor(() => expect(app.location()).toBe('/app/newsList'));
});

test('a failed detail load offers a retry', async () => {
  let fail = true;
  server.use(http.get(api('/public/news/:id'), () => (fail ? Response.error() : undefined)));
  const app = renderApp('/app/newsList/2');
  expect(await screen.findByText('加载失败', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  await app.user.click(screen.getByText('重新加载'));
  expect(await screen.findByText('第2期正文。')).toBeInTheDocument();
});
