/**
 * 新闻列表 inside the real app against the mock server (mock/contentDb.ts): the actions of each state
 * with their confirmations, delete refused while published, the preview, and the URL as the
 * list's state (deep link, search, back button).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { http } from 'msw';
import { CONTENT_MESSAGES } from '@common/constants';
import { contentDb, resetContentDb } from '@mock/contentDb';
import { api, apiError } from '@mock/http';
import { contentHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...contentHandlers);
  resetContentDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

/** The open Popconfirm whose title is `title`. */
const popconfirm = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-popconfirm-title' });
  return heading.closest('.ant-popover') as HTMLElement;
};

const visibleTitles = () => Array.from(document.querySelectorAll('tbody tr.ant-table-row .news-list-title a')).map((a) => a.textContent);

const PUBLISHED = '我镇召开人居环境整治推进会';
const DRAFT = '关于开展秋季防火宣传的通知（草稿）';
const OFFLINE = '第一村村务公开：上半年财务收支';

async function openList(path = '/newsManage/list', first = PUBLISHED) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText(first, { selector: 'td *' }, { timeout: 30000 });
  return { ...app, calls };
}

/** Opens a row's 更多 menu and returns its items' texts and the menu. */
async function openMore(user: { click: (e: Element) => Promise<void> }, row: HTMLElement) {
  await user.click(within(row).getByText('更多'));
  const menus = await screen.findAllByRole('menu');
  const menu = menus.at(-1) as HTMLElement;
  return {
    menu,
    items: within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  };
}

/** The confirm dialog whose title is given. */
async function confirmDialog(title: string) {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-confirm-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}

test('each item shows its column, area, state and the actions of that state; 置顶 and 删除 under 更多, 删除 last', async () => {
  const { user } = await openList();

  const published = rowOf(PUBLISHED);
  for (const text of ['置顶', '工作动态', '全镇', '已发布', '128', '预览', '编辑', '下线', '更多']) {
    expect(within(published).getAllByText(text).length).toBeGreaterThan(0);
  }
  expect((await openMore(user, published)).items).toEqual(['取消置顶', '删除（已发布的新闻请先下线）']);
  await user.keyboard('{Escape}');
  const draft = rowOf(DRAFT);
  for (const text of ['通知公告', '第二村', '草稿', '未发布', '发布', '更多']) {
    expect(within(draft).getAllByText(text).length).toBeGreaterThan(0);
  }
  const { menu, items } = await openMore(user, draft);
  expect(items).toEqual(['置顶', '删除']);
  // 删除 is set apart from the others and in red.
  expect(menu.querySelector('.ant-dropdown-menu-item-divider')).not.toBeNull();
  expect(within(menu).getByText('删除').closest('li')).toHaveClass('ant-dropdown-menu-item-danger');
  expect(within(rowOf(OFFLINE)).getByText('重新发布')).toBeInTheDocument();
});

test('发布 asks first, then publishes and says so', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(DRAFT)).getByText('发布'));
  const confirm = await popconfirm(`发布「${DRAFT}」？`);
  expect(callsTo(calls, 'POST', '/news/2/publish')).toHaveLength(0);
  await user.click(button('发布', confirm));

  expect(await screen.findByText(`新闻已发布：${DRAFT}`)).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/news/2/publish')).toHaveLength(1);
  await waitFor(() => expect(within(rowOf(DRAFT)).getByText('已发布')).toBeInTheDocument());
  expect(within(rowOf(DRAFT)).getByText('下线')).toBeInTheDocument();
});

test('删除 is closed while published (with the reason), and the server refusal is shown if it comes anyway', async () => {
  const { user, calls } = await openList();

  const { menu } = await openMore(user, rowOf(PUBLISHED));
  const disabled = within(menu).getByText('删除').closest('li') as HTMLElement;
  expect(disabled).toHaveAttribute('aria-disabled', 'true');
  await user.click(disabled);
  expect(screen.queryByText(`删除「${PUBLISHED}」？`)).not.toBeInTheDocument();
  await user.keyboard('{Escape}');

  // Someone else published the draft meanwhile: the server refuses and says why.
  contentDb.news.find((n) => n.id === 2)!.status = 'published';
  await user.click(within((await openMore(user, rowOf(DRAFT))).menu).getByText('删除'));
  await user.click(button('删除', await confirmDialog(`删除「${DRAFT}」？`)));

  expect(await screen.findByText(CONTENT_MESSAGES.deletePublished)).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/news/2')).toHaveLength(1);
  expect(contentDb.news.some((n) => n.id === 2)).toBe(true);
  await waitFor(() => expect(within(rowOf(DRAFT)).getByText('已发布')).toBeInTheDocument());
});

test('删除 a draft asks first and removes the row', async () => {
  const { user, calls } = await openList();

  await user.click(within((await openMore(user, rowOf(DRAFT))).menu).getByText('删除'));
  const confirm = await confirmDialog(`删除「${DRAFT}」？`);
  expect(callsTo(calls, 'DELETE', '/news/2')).toHaveLength(0);
  await user.click(button('删除', confirm));

  expect(await screen.findByText(`已删除：${DRAFT}`)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(DRAFT, { selector: 'td *' })).not.toBeInTheDocument());
});

test('置顶 and 下线 act at once or after asking, each with a message', async () => {
  const { user } = await openList();

  await user.click(within((await openMore(user, rowOf(OFFLINE))).menu).getByText('置顶'));
  expect(await screen.findByText(`已置顶：${OFFLINE}`)).toBeInTheDocument();
  await waitFor(async () => expect((await openMore(user, rowOf(OFFLINE))).items).toContain('取消置顶'));
  await user.keyboard('{Escape}');

  await user.click(within(rowOf(PUBLISHED)).getByText('下线'));
  await user.click(button('下线', await popconfirm(`下线「${PUBLISHED}」？`)));
  expect(await screen.findByText(`已下线：${PUBLISHED}`)).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf(PUBLISHED)).getByText('已下线')).toBeInTheDocument());
});

test('预览 shows the cover, the meta and the content as HTML', async () => {
  const { user } = await openList();

  await user.click(within(rowOf(PUBLISHED)).getByText('预览'));
  const article = await screen.findByRole('article', { name: '新闻预览内容' });
  expect(within(article).getByRole('heading', { level: 1, name: PUBLISHED })).toBeInTheDocument();
  expect(within(article).getByText('会议通报了各村整治进展，部署下一阶段任务。')).toBeInTheDocument();
  expect(within(article).getByAltText('封面图')).toHaveAttribute('src', '/api/uploads/content-901.jpg');
  expect(within(article).getByRole('heading', { level: 2, name: '会议要点' })).toBeInTheDocument();
  expect(within(article).getByText('主干道').tagName).toBe('STRONG');
  expect(within(article).getByAltText('会场')).toBeInTheDocument();
});

test('the URL holds the filters: a deep link filters, a search adds to history, back restores', async () => {
  const { user, calls, location } = await openList('/newsManage/list?status=draft', DRAFT);
  expect(screen.queryByText(PUBLISHED, { selector: 'td *' })).not.toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/news')[0].url.searchParams.get('status')).toBe('draft');

  // Reset, then a title search.
  await user.click(button('重置'));
  await screen.findByText(PUBLISHED, { selector: 'td *' });
  expect(location()).toBe('/newsManage/list');
  await user.type(screen.getByPlaceholderText('输入标题中的文字'), '村务');
  await user.click(button('查询'));
  await waitFor(() => expect(location()).toBe(`/newsManage/list?title=${encodeURIComponent('村务')}`));
  await waitFor(() => expect(screen.queryByText(PUBLISHED, { selector: 'td *' })).not.toBeInTheDocument());
  expect(screen.getByText(OFFLINE, { selector: 'td *' })).toBeInTheDocument();

  act(() => history.back());
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  await screen.findByText(PUBLISHED, { selector: 'td *' });
  expect(screen.getByPlaceholderText('输入标题中的文字')).toHaveValue('');
});

test('sorting by 阅读量 goes into the URL and the query; back undoes it', async () => {
  const { user, calls, location } = await openList();

  const header = () => screen.getAllByText('阅读量', { selector: 'th *' })[0].closest('th') as HTMLElement;
  await user.click(header());
  await waitFor(() => expect(location()).toBe('/newsManage/list?sortField=views&sortOrder=ascend'));
  await waitFor(() => {
    const last = callsTo(calls, 'GET', '/news').at(-1)?.url.searchParams;
    expect([last?.get('sortField'), last?.get('sortOrder')]).toEqual(['views', 'ascend']);
  });
  expect(header()).toHaveAttribute('aria-sort', 'ascending');
  await waitFor(() => expect(visibleTitles()[0]).toBe(DRAFT));

  act(() => history.back());
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  await waitFor(() => expect(header()).not.toHaveAttribute('aria-sort'));
  await waitFor(() => expect(visibleTitles()[0]).toBe(OFFLINE));
});

test('no match: says so with a way to clear the filters; a failed load says so with a retry', async () => {
  const { user } = renderApp(`/newsManage/list?title=${encodeURIComponent('没有这条')}`);
  expect(await screen.findByText('没有符合条件的新闻', {}, { timeout: 30000 })).toBeInTheDocument();
  await user.click(button('清空筛选条件'));
  expect(await screen.findByText(PUBLISHED, { selector: 'td *' })).toBeInTheDocument();

  server.use(http.get(api('/news'), () => apiError(500, '服务器内部错误')));
  await user.click(screen.getByLabelText('reload'));
  expect(await screen.findByText('数据加载失败：服务器内部错误')).toBeInTheDocument();
  server.use(...contentHandlers);
  await user.click(button('重试'));
  await waitFor(() => expect(screen.queryByText('数据加载失败：服务器内部错误')).not.toBeInTheDocument());
});
