/**
 * The header search as a staff member uses it, against the mock of GET /api/search (mock/search.ts):
 * typing asks once the typing pauses, results come grouped by kind with the matched words marked,
 * arrow keys move through them and Enter opens one where the admin pages open it; the loading,
 * empty and failed states, and 重试.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@umijs/max';
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { searchAnswer, searchHandlers } from '@mock/search';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { resetSignOut } from '@/utils/signOut';
import HeaderSearch from './HeaderSearch';

useMockServer();

beforeEach(() => {
  server.use(...searchHandlers);
  resetSignOut();
  sessionStorage.setItem('token', ADMIN_TOKEN);
});
afterEach(() => sessionStorage.clear());

function renderSearch() {
  const calls = recordRequests();
  const user = userEvent.setup();
  let where = '';
  function Where() {
    const location = useLocation();
    where = `${location.pathname}${location.search}`;
    return null;
  }
  render(
    <MemoryRouter initialEntries={['/welcome']}>
      <HeaderSearch />
      <Where />
    </MemoryRouter>,
  );
  return { user, calls, location: () => where };
}

const box = () => screen.getByRole('combobox', { name: '搜索诉求、随手拍、任务、新闻和用户' });
const results = () => screen.findByRole('listbox', { name: '搜索结果' });
const marksIn = (element: HTMLElement) => Array.from(element.querySelectorAll('mark')).map((m) => m.textContent);

test('typing asks once the typing pauses and shows the hits grouped by kind, the matched words marked', async () => {
  const { user, calls } = renderSearch();
  await user.type(box(), '路积');
  const list = await results();
  expect(callsTo(calls, 'GET', '/search')).toHaveLength(1);
  expect(new URL(callsTo(calls, 'GET', '/search')[0].url).searchParams.get('q')).toBe('路积');
  expect(
    within(list)
      .getAllByRole('group')
      .map((g) => g.getAttribute('aria-label')),
  ).toEqual(['群众诉求', '随手拍', '任务', '新闻']);
  const appeal = within(within(list).getByRole('group', { name: '群众诉求' })).getByRole('option');
  expect(appeal).toHaveTextContent('村道路面坑洼不平');
  expect(appeal).toHaveTextContent('村民反映东头道路积水严重');
  expect(marksIn(appeal)).toEqual(['路积']);
  const report = within(within(list).getByRole('group', { name: '随手拍' })).getByRole('option');
  expect(marksIn(report)).toEqual(['路积']);
  expect(box()).toHaveAttribute('aria-expanded', 'true');
});

test('arrow keys move through the hits, Enter opens the one chosen where its list opens it', async () => {
  const { user, location } = renderSearch();
  await user.type(box(), '路积');
  const list = await results();
  const options = within(list).getAllByRole('option');
  await user.keyboard('{ArrowDown}');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  expect(box()).toHaveAttribute('aria-activedescendant', options[0].id);
  await user.keyboard('{ArrowDown}');
  expect(options[1]).toHaveAttribute('aria-selected', 'true');
  expect(options[0]).toHaveAttribute('aria-selected', 'false');
  await user.keyboard('{ArrowUp}{ArrowUp}');
  // From the first, up goes round to the last (the news item).
  expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  expect(location()).toBe(`/peopleService/shot?keyword=${encodeURIComponent('路积')}&id=41`);
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(box()).toHaveValue('');
});

test('Escape closes, an arrow key opens again and Enter opens; a click opens any hit', async () => {
  const { user, location } = renderSearch();
  await user.type(box(), '晓燕');
  await results();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  await user.keyboard('{ArrowDown}');
  await results();
  await user.keyboard('{ArrowUp}{Enter}');
  expect(location()).toBe(`/userManage/list?name=${encodeURIComponent('李晓燕')}`);

  await user.type(box(), '汛期');
  const option = within(await results()).getByRole('option');
  expect(option).toHaveTextContent('镇里部署汛期工作');
  await user.click(option);
  expect(location()).toBe('/newsManage/create?id=61');
});

test('says it is searching while the answer is on its way, and when nothing is found', async () => {
  server.use(
    http.get(api('/search'), async ({ request }) => {
      await delay(400);
      return HttpResponse.json({ code: 200, data: searchAnswer(new URL(request.url).searchParams.get('q') ?? '') });
    }),
  );
  const { user } = renderSearch();
  await user.type(box(), '没有的词');
  expect(await screen.findByRole('status')).toHaveTextContent('正在搜索');
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('没有找到与“没有的词”相关的内容'));
  expect(screen.queryByRole('option')).not.toBeInTheDocument();
  expect(box()).toHaveAttribute('aria-expanded', 'false');
});

test('a failed search says why and 重试 asks again', async () => {
  let fail = true;
  server.use(
    http.get(api('/search'), ({ request }) =>
      fail
        ? apiError(503, '数据库暂时不可用，请稍后再试')
        : HttpResponse.json({ code: 200, data: searchAnswer(new URL(request.url).searchParams.get('q') ?? '') }),
    ),
  );
  const { user } = renderSearch();
  await user.type(box(), '路灯');
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('搜索失败：数据库暂时不可用，请稍后再试'));
  fail = false;
  await user.click(screen.getByRole('button', { name: '重试' }));
  const list = await results();
  expect(within(list).getByRole('option')).toHaveTextContent('路灯损坏夜间出行不便');
});

test('a blank box asks nothing and shows nothing', async () => {
  const { user, calls } = renderSearch();
  await user.type(box(), '   ');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(callsTo(calls, 'GET', '/search')).toHaveLength(0);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
