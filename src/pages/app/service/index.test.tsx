/**
 * /app/service inside the real app against msw: who may see it, the two entries, and 我的记录 with
 * the villager's own appeals and photo reports (status, the answer so far, 待评价 and 已超期), the
 * empty and failed states, and the tab kept in the URL.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { CADRE_TOKEN, VILLAGER_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import {
  APPEALS,
  MY_APPEALS,
  MY_INVALID_REASON,
  MY_REJECT_REASON,
  MY_REPLY,
  MY_REPORTS,
  MY_RESULT,
  peopleDb,
  REPORTS,
} from '@mock/peopleDb';
import { useAppServiceHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
useAppServiceHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});
afterEach(() => jest.restoreAllMocks());

/** The record card (a link) that holds this text. */
const card = (text: string) => screen.getByText(text).closest('a') as HTMLAnchorElement;
const tab = (name: string) => screen.getByRole('tab', { name });

test('not signed in: off to the login page, which brings the user back to the same tab', async () => {
  sessionStorage.clear();
  const app = renderApp('/app/service?tab=shot');
  await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fservice%3Ftab%3Dshot'), { timeout: 30000 });
});

test('the two entries lead to 我要诉求 and 随手拍', async () => {
  renderApp('/app/service');
  const entries = await screen.findByRole('navigation', { name: '便民服务' }, { timeout: 30000 });
  expect(within(entries).getByText('我要诉求').closest('a')).toHaveAttribute('href', '/app/service/appeal');
  expect(within(entries).getByText('随手拍').closest('a')).toHaveAttribute('href', '/app/service/shot');
});

test("the appeal tab lists only the villager's own appeals, newest first, each with where it stands", async () => {
  renderApp('/app/service');
  expect(await screen.findByText(MY_APPEALS.pending, {}, { timeout: 30000 })).toBeInTheDocument();
  expect(tab('诉求')).toHaveAttribute('aria-selected', 'true');
  // Someone else's appeal in the same village is not here.
  expect(screen.queryByText(APPEALS.pending)).not.toBeInTheDocument();

  const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  expect(titles).toEqual([MY_APPEALS.pending, MY_APPEALS.replied, MY_APPEALS.overdue, MY_APPEALS.rejected, MY_APPEALS.closed]);

  const pending = card(MY_APPEALS.pending);
  expect(pending).toHaveAttribute('href', '/app/service/appeal/21');
  expect(within(pending).getByText('待受理')).toBeInTheDocument();
  expect(within(pending).getByText('已提交，等待受理')).toBeInTheDocument();
  expect(within(pending).queryByText('已超期')).not.toBeInTheDocument();
  expect(within(pending).queryByText('待评价')).not.toBeInTheDocument();
  expect(within(pending).queryByText('去评价')).not.toBeInTheDocument();

  const overdue = card(MY_APPEALS.overdue);
  expect(within(overdue).getByText('处理中')).toBeInTheDocument();
  expect(within(overdue).getByText('已超期')).toBeInTheDocument();
  expect(within(overdue).getByText('工作人员正在办理（张三）')).toBeInTheDocument();
  expect(within(overdue).getByText('2张')).toBeInTheDocument();

  const replied = card(MY_APPEALS.replied);
  expect(within(replied).getByText('已答复')).toBeInTheDocument();
  expect(within(replied).getByText('待评价')).toBeInTheDocument();
  expect(within(replied).getByText('去评价')).toBeInTheDocument();
  // It opens the appeal at its rating form.
  expect(replied.getAttribute('href')).toMatch(/^\/app\/service\/appeal\/\d+#rate$/);
  expect(within(replied).queryByText('已超期')).not.toBeInTheDocument();
  expect(replied).toHaveTextContent(`答复：${MY_REPLY}`);

  const rejected = card(MY_APPEALS.rejected);
  expect(within(rejected).getAllByText(/不予受理/)).toHaveLength(2); // the tag and the reason
  expect(rejected).toHaveTextContent(`不予受理：${MY_REJECT_REASON}`);
  expect(within(rejected).queryByText('待评价')).not.toBeInTheDocument();

  const closed = card(MY_APPEALS.closed);
  expect(within(closed).getByText('已办结')).toBeInTheDocument();
  expect(within(closed).getByLabelText('我的评价：满意')).toBeInTheDocument();
  expect(within(closed).queryByText('待评价')).not.toBeInTheDocument();
});

test('the 随手拍 tab lists the photo reports with their result or reason, and the tab stays in the URL', async () => {
  const app = renderApp('/app/service');
  await screen.findByText(MY_APPEALS.pending, {}, { timeout: 30000 });

  await app.user.click(tab('随手拍'));
  await waitFor(() => expect(app.location()).toBe('/app/service?tab=shot'));
  expect(await screen.findByText(MY_REPORTS.pending)).toBeInTheDocument();
  expect(tab('随手拍')).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByText(MY_APPEALS.pending)).not.toBeInTheDocument();
  expect(screen.queryByText(REPORTS.pending)).not.toBeInTheDocument();

  const pending = card(MY_REPORTS.pending);
  expect(pending).toHaveAttribute('href', '/app/service/shot/21');
  expect(within(pending).getByText('待处理')).toBeInTheDocument();
  expect(within(pending).getByText('安全隐患')).toBeInTheDocument();
  expect(within(pending).getByText('已提交，等待处理')).toBeInTheDocument();
  expect(within(pending).getByText('2张')).toBeInTheDocument();

  const handled = card(MY_REPORTS.handled);
  expect(within(handled).getByText('已处理')).toBeInTheDocument();
  expect(handled).toHaveTextContent(`处理结果：${MY_RESULT}`);

  const invalid = card(MY_REPORTS.invalid);
  expect(within(invalid).getByText('无效')).toBeInTheDocument();
  expect(invalid).toHaveTextContent(`无效原因：${MY_INVALID_REASON}`);

  await app.user.click(tab('诉求'));
  await waitFor(() => expect(app.location()).toBe('/app/service?tab=appeal'));
  expect(await screen.findByText(MY_APPEALS.pending)).toBeInTheDocument();
});

test('opening the page with ?tab=shot shows that tab', async () => {
  renderApp('/app/service?tab=shot');
  expect(await screen.findByText(MY_REPORTS.handled, {}, { timeout: 30000 })).toBeInTheDocument();
  expect(tab('随手拍')).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByText(MY_APPEALS.pending)).not.toBeInTheDocument();
});

test('someone with no records is told how to make one, on both tabs', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const app = renderApp('/app/service');
  expect(await screen.findByText('还没有提交过诉求', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(tab('随手拍'));
  expect(await screen.findByText('还没有随手拍记录')).toBeInTheDocument();
});

/**
 * jsdom lays nothing out: InfiniteScroll sees no offsetParent and every box at 0. Give it one, and put
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

test('a long list comes page by page as the villager scrolls, to the end', async () => {
  // Twelve more of the villager's appeals, older than the seeded ones: 17 in all, two pages of 10.
  const template = peopleDb.appeals.find((a) => a.title === MY_APPEALS.pending)!;
  for (let i = 1; i <= 12; i++) {
    peopleDb.appeals.push({
      ...template,
      id: 200 + i,
      title: `较早的诉求${i}`,
      createdAt: new Date(Date.UTC(2024, 0, 13 - i)).toISOString(),
    });
  }
  const layout = layOutInfiniteScroll();
  const calls = recordRequests();
  renderApp('/app/service');
  expect(await screen.findByText('较早的诉求5', {}, { timeout: 30000 })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(10);

  layout.footerTop = 700;
  fireEvent.scroll(window);
  expect(await screen.findByText('较早的诉求12')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(17);
  expect(screen.getByText('没有更多了')).toBeInTheDocument();
  const pages = callsTo(calls, 'GET', '/my/appeals').map((c) => c.url.searchParams.get('current'));
  expect(pages).toEqual(['1', '2']);
});

test('a list that fails to load says so and loads again on request', async () => {
  let fail = true;
  server.use(http.get(api('/my/appeals'), () => (fail ? apiError(500, '服务器开小差了，请稍后再试') : undefined)));
  const app = renderApp('/app/service');
  const alert = await screen.findByRole('alert', {}, { timeout: 30000 });
  expect(alert).toHaveTextContent('加载失败');
  expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
  expect(screen.queryByText(MY_APPEALS.pending)).not.toBeInTheDocument();

  fail = false;
  await app.user.click(within(alert).getByText('重新加载'));
  expect(await screen.findByText(MY_APPEALS.pending)).toBeInTheDocument();
  expect(screen.queryByText('加载失败')).not.toBeInTheDocument();
});
