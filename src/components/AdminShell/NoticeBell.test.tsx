/**
 * The header's notice bell as a staff member meets it, against the mock server (mock/opinions.ts,
 * GET /api/notices answering `peopleDb.notices`): the count on the bell, the panel's groups and
 * entries with where each one leads, the empty, loading and failed states, asking again (retry,
 * polling, NOTICES_STALE_EVENT) and an expired session signing out.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useLocation } from '@umijs/max';
import { http, HttpResponse } from 'msw';
// The router Umi's own Link renders into (the app itself gets it from Umi's runtime).
import { MemoryRouter } from 'react-router-dom';
import type { NoticeGroup, Notices } from '@common/contracts/people';
import { markNoticesStale } from '@/services/notices';
import { registerFeedback } from '@/utils/feedback';
import { resetSignOut } from '@/utils/signOut';
import { USER_NOTICE_TEXTS } from '@common/constants';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { addNotice, noticeDb, resetNoticeDb } from '@mock/my';
import { api, apiError } from '@mock/http';
import { peopleDb, resetPeopleDb } from '@mock/peopleDb';
import { peopleHandlers } from '@mock/scenarios';
import { setPagePath, spyOnLocation } from '@mock/location';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import NoticeBell from './NoticeBell';

useMockServer();

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The clock the bell reads (Date.now): 2024-05-20 09:05 local time, so relative times and the
 * 刷新失败 note's HH:mm are exact. Timers still run for real.
 */
const START = new Date(2024, 4, 20, 9, 5).getTime();
let clock = START;
const ago = (ms: number) => new Date(START - ms).toISOString();

let shown: Array<{ kind: string; text: string }>;

beforeEach(() => {
  server.use(...peopleHandlers);
  resetPeopleDb();
  resetNoticeDb();
  resetSignOut();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/welcome');
  clock = START;
  jest.spyOn(Date, 'now').mockImplementation(() => clock);
  shown = [];
  registerFeedback({
    message: (kind, text) => shown.push({ kind, text }),
    notification: (kind, title, text) => shown.push({ kind, text: `${title} ${text}` }),
  });
});

afterEach(() => {
  registerFeedback(undefined);
  sessionStorage.clear();
  jest.restoreAllMocks();
});

const group = (kind: NoticeGroup['kind'], title: string, count: number, link: string, items: NoticeGroup['items'] = []) => ({
  kind,
  title,
  count,
  link,
  items,
});

/** A staff member with work of every kind waiting (total 2 + 3 + 1 + 1). */
const busyDay = (): Omit<Notices, 'mine'> => ({
  total: 7,
  groups: [
    group('submissions', '待审核提交', 2, '/taskManage/audit', [
      { id: 11, title: '春季人居环境整治', subtitle: '王村干 · 第一村', time: ago(20 * MINUTE + 30 * SECOND) },
      { id: 12, title: '秋季防火巡查', subtitle: '刘网格 · 第二村', time: ago(3 * HOUR) },
    ]),
    group('appeals', '新的群众诉求', 3, '/peopleService/appeal?status=pending', [
      { id: 4, title: '村口路灯不亮', subtitle: '张红梅 · 第一村', time: ago(2 * DAY + HOUR) },
    ]),
    group('photoReports', '新的随手拍', 1, '/peopleService/shot?status=pending', [
      { id: 9, title: '河道里漂着垃圾', subtitle: '李建国 · 第三村', time: ago(30 * SECOND) },
    ]),
    group('overdueAppeals', '超期诉求', 1, '/peopleService/appeal?status=overdue', [
      { id: 2, title: '自来水管漏水', subtitle: '赵大爷 · 第二村', time: ago(10 * DAY) },
    ]),
  ],
});

/** Only the task module has something; the others answer with zero, as the server does. */
const onlySubmissions = (count: number): Omit<Notices, 'mine'> => ({
  total: count,
  groups: [
    group('submissions', '待审核提交', count, '/taskManage/audit', [
      { id: 11, title: '春季人居环境整治', subtitle: '王村干 · 第一村', time: ago(5 * MINUTE) },
    ]),
    group('appeals', '新的群众诉求', 0, '/peopleService/appeal?status=pending'),
    group('photoReports', '新的随手拍', 0, '/peopleService/shot?status=pending'),
    group('overdueAppeals', '超期诉求', 0, '/peopleService/appeal?status=overdue'),
  ],
});

/** The bell in a router, as the header holds it; `location()` is where a click on a link went. */
function renderBell(refreshMs = HOUR) {
  const calls = recordRequests();
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  let where = '';
  function Where() {
    const location = useLocation();
    where = `${location.pathname}${location.search}`;
    return null;
  }
  const view = render(
    <MemoryRouter initialEntries={['/welcome']}>
      <NoticeBell refreshMs={refreshMs} />
      <Where />
    </MemoryRouter>,
  );
  return { ...view, user, calls, location: () => where, asks: () => callsTo(calls, 'GET', '/notices').length };
}

const bell = () => screen.getByRole('button', { name: /^待办提醒，/ });
/** The number on the badge as antd states it (its title), or null when no badge is shown. */
const badgeCount = () => bell().querySelector('.ant-badge-count')?.getAttribute('title') ?? null;

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bell());
  return screen.findByRole('region', { name: '待办提醒列表' });
}

/** The panel's groups by their accessible names ('新的群众诉求，3 项'), in order. */
const groupNames = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole('region')
    .map((section) => section.getAttribute('aria-label'));

const groupIn = (panel: HTMLElement, name: string) => within(panel).getByRole('region', { name: new RegExp(`^${name}，`) });

const hrefs = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

test('the bell shows how much waits, in its badge and its label', async () => {
  peopleDb.notices = busyDay();
  renderBell();

  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，7 项待处理'));
  expect(badgeCount()).toBe('7');
  expect(bell()).toHaveAttribute('aria-expanded', 'false');
});

test('the staff member’s own unread notices are counted and listed first; one opens its record and is marked read', async () => {
  peopleDb.notices = onlySubmissions(2);
  addNotice(ADMIN_TOKEN, {
    kind: 'appealAccepted',
    ...USER_NOTICE_TEXTS.appealAccepted('办公楼前路面破损', ''),
    appealId: 31,
    createdAt: ago(5 * MINUTE),
  });
  addNotice(ADMIN_TOKEN, { kind: 'appealReplied', ...USER_NOTICE_TEXTS.appealReplied('旧的诉求', '已处理'), appealId: 30, read: true });
  const { user, location } = renderBell();
  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，2 项待处理，1 条未读消息'));
  expect(badgeCount()).toBe('3');

  const panel = await openPanel(user);
  expect(groupNames(panel)).toEqual(['我的消息，1 条未读', '待审核提交，2 项']);
  const mine = within(panel).getByRole('region', { name: /^我的消息，/ });
  expect(hrefs(mine)).toEqual(['/app/notices', '/app/service/appeal/31']);
  expect(mine).toHaveTextContent('您的诉求「办公楼前路面破损」已受理，正在办理。');
  await user.click(within(mine).getByRole('link', { name: /诉求已受理/ }));
  expect(location()).toBe('/app/service/appeal/31');
  await waitFor(() => expect(noticeDb.byToken.get(ADMIN_TOKEN)!.every((n) => n.read)).toBe(true));
});

test('more than 99 shows as 99+ on the badge; the label keeps the real number', async () => {
  peopleDb.notices = onlySubmissions(120);
  renderBell();

  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，120 项待处理'));
  await waitFor(() => expect(bell().querySelector('.ant-badge-count')).toHaveTextContent(/^99\+$/));
});

test('the panel lists the groups with their counts, and each entry with who, where and how long ago', async () => {
  peopleDb.notices = busyDay();
  const { user } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));

  const panel = await openPanel(user);
  expect(bell()).toHaveAttribute('aria-expanded', 'true');
  expect(groupNames(panel)).toEqual(['待审核提交，2 项', '新的群众诉求，3 项', '新的随手拍，1 项', '超期诉求，1 项']);

  const submissions = groupIn(panel, '待审核提交');
  const entries = within(submissions).getAllByRole('listitem');
  expect(entries.map((li) => li.textContent)).toEqual(['春季人居环境整治王村干 · 第一村20分钟前', '秋季防火巡查刘网格 · 第二村3小时前']);
  const time = within(entries[0]).getByText('20分钟前');
  expect(time.tagName).toBe('TIME');
  expect(time).toHaveAttribute('title', '2024-05-20 08:44');

  expect(within(groupIn(panel, '新的群众诉求')).getByRole('listitem')).toHaveTextContent('村口路灯不亮张红梅 · 第一村2天前');
  expect(within(groupIn(panel, '新的随手拍')).getByRole('listitem')).toHaveTextContent('河道里漂着垃圾李建国 · 第三村刚刚');
  // Older than a week: the date instead.
  expect(within(groupIn(panel, '超期诉求')).getByRole('listitem')).toHaveTextContent('自来水管漏水赵大爷 · 第二村05-10 09:05');

  // The overdue count stands out; the others do not.
  expect(within(groupIn(panel, '超期诉求')).getByText('1')).toHaveClass('notice-group-count-alert');
  expect(within(groupIn(panel, '新的群众诉求')).getByText('3')).not.toHaveClass('notice-group-count-alert');
});

test('查看全部 opens the group’s list; an entry opens its own item where the list has a drawer', async () => {
  peopleDb.notices = busyDay();
  const { user } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));
  const panel = await openPanel(user);

  // 查看全部 first, then the entries.
  expect(hrefs(groupIn(panel, '待审核提交'))).toEqual(['/taskManage/audit', '/taskManage/audit', '/taskManage/audit']);
  expect(hrefs(groupIn(panel, '新的群众诉求'))).toEqual(['/peopleService/appeal?status=pending', '/peopleService/appeal?id=4']);
  expect(hrefs(groupIn(panel, '新的随手拍'))).toEqual(['/peopleService/shot?status=pending', '/peopleService/shot?id=9']);
  expect(hrefs(groupIn(panel, '超期诉求'))).toEqual(['/peopleService/appeal?status=overdue', '/peopleService/appeal?id=2']);
  expect(within(groupIn(panel, '新的群众诉求')).getByRole('link', { name: /查看全部/ })).toHaveAttribute(
    'href',
    '/peopleService/appeal?status=pending',
  );
});

test('following a link goes there and closes the panel', async () => {
  peopleDb.notices = busyDay();
  const { user, location } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));

  let panel = await openPanel(user);
  await user.click(within(groupIn(panel, '新的随手拍')).getByRole('link', { name: /河道里漂着垃圾/ }));
  expect(location()).toBe('/peopleService/shot?id=9');
  await waitFor(() => expect(bell()).toHaveAttribute('aria-expanded', 'false'));

  panel = await openPanel(user);
  await user.click(within(groupIn(panel, '超期诉求')).getByRole('link', { name: /查看全部/ }));
  expect(location()).toBe('/peopleService/appeal?status=overdue');
  await waitFor(() => expect(bell()).toHaveAttribute('aria-expanded', 'false'));
});

test('a group link that leaves the site is not offered, and its entries fall back to the start page', async () => {
  peopleDb.notices = {
    total: 1,
    groups: [
      group('submissions', '待审核提交', 1, '//evil.example/taskManage/audit', [
        { id: 11, title: '春季人居环境整治', subtitle: '王村干 · 第一村', time: ago(5 * MINUTE) },
      ]),
    ],
  };
  const { user } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('1'));

  const submissions = groupIn(await openPanel(user), '待审核提交');
  expect(within(submissions).queryByText(/查看全部/)).not.toBeInTheDocument();
  expect(hrefs(submissions)).toEqual(['/']);
});

test('kinds with nothing waiting are left out of the panel', async () => {
  peopleDb.notices = onlySubmissions(1);
  const { user } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('1'));

  const panel = await openPanel(user);
  expect(groupNames(panel)).toEqual(['待审核提交，1 项']);
});

test('nothing waiting: no badge, the label says so, and the panel says the work is done', async () => {
  peopleDb.notices = onlySubmissions(0);
  const { user, asks } = renderBell();
  await waitFor(() => expect(asks()).toBe(1));

  const panel = await openPanel(user);
  expect(await within(panel).findByText('暂无待办事项，工作都处理完了')).toBeInTheDocument();
  expect(groupNames(panel)).toEqual([]);
  expect(bell()).toHaveAccessibleName('待办提醒，暂无待办');
  expect(badgeCount()).toBeNull();
});

test('while the first answer is on its way the panel says it is loading', async () => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  server.use(
    http.get(api('/notices'), async () => {
      await answered;
      return HttpResponse.json({ code: 200, data: busyDay() });
    }),
  );
  const { user } = renderBell();

  const panel = await openPanel(user);
  expect(within(panel).getByText('正在加载待办…')).toBeInTheDocument();
  expect(within(panel).queryByText('暂无待办事项，工作都处理完了')).not.toBeInTheDocument();
  expect(bell()).toHaveAccessibleName('待办提醒，正在加载');

  answer();
  await waitFor(() => expect(groupNames(panel)).toHaveLength(4));
  expect(within(panel).queryByText('正在加载待办…')).not.toBeInTheDocument();
});

test('a failed first load says so instead of claiming nothing waits, and 重试 asks again', async () => {
  server.use(http.get(api('/notices'), () => HttpResponse.error(), { once: true }));
  peopleDb.notices = busyDay();
  const { user, asks } = renderBell();
  await waitFor(() => expect(asks()).toBe(1));

  const panel = await openPanel(user);
  expect(await within(panel).findByText('待办加载失败')).toBeInTheDocument();
  expect(bell()).toHaveAccessibleName('待办提醒，加载失败');
  expect(within(panel).queryByText('暂无待办事项，工作都处理完了')).not.toBeInTheDocument();
  expect(badgeCount()).toBeNull();
  // Quiet: no toast over whatever page the user is on.
  expect(shown).toEqual([]);

  await user.click(within(panel).getByRole('button', { name: /重\s?试/ }));
  await waitFor(() => expect(groupNames(panel)).toHaveLength(4));
  expect(asks()).toBe(2);
  expect(within(panel).queryByText('待办加载失败')).not.toBeInTheDocument();
  expect(badgeCount()).toBe('7');
});

test('a failed refresh keeps the last answer and notes when it was fetched', async () => {
  peopleDb.notices = busyDay();
  const { user, asks } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));
  const location = spyOnLocation();

  // Two hours on, the server fails.
  clock = START + 2 * HOUR;
  let failing = true;
  // Returning nothing falls through to the mock server's own answer.
  server.use(http.get(api('/notices'), () => (failing ? apiError(500, '服务器内部错误') : undefined)));
  const panel = await openPanel(user);
  expect(within(panel).queryByText(/刷新失败/)).not.toBeInTheDocument();
  await user.click(within(panel).getByRole('button', { name: '刷新待办' }));

  expect(await within(panel).findByText('刷新失败，显示 09:05 的数据')).toBeInTheDocument();
  expect(asks()).toBe(2);
  expect(groupNames(panel)).toEqual(['待审核提交，2 项', '新的群众诉求，3 项', '新的随手拍，1 项', '超期诉求，1 项']);
  expect(badgeCount()).toBe('7');
  expect(bell()).toHaveAccessibleName('待办提醒，7 项待处理');
  expect(within(panel).queryByText('待办加载失败')).not.toBeInTheDocument();
  expect(shown).toEqual([]);
  expect(location.replace).not.toHaveBeenCalled();

  // The next good answer clears the note.
  failing = false;
  peopleDb.notices = onlySubmissions(2);
  await user.click(within(panel).getByRole('button', { name: '刷新待办' }));
  await waitFor(() => expect(groupNames(panel)).toEqual(['待审核提交，2 项']));
  expect(within(panel).queryByText(/刷新失败/)).not.toBeInTheDocument();
});

test('when a page marks the notices stale, the bell asks again at once', async () => {
  peopleDb.notices = busyDay();
  const { asks } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));
  expect(asks()).toBe(1);

  peopleDb.notices = onlySubmissions(2);
  act(() => {
    markNoticesStale();
  });

  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，2 项待处理'));
  expect(asks()).toBe(2);
  expect(badgeCount()).toBe('2');
});

test('after unmounting, a stale mark asks nothing', async () => {
  peopleDb.notices = busyDay();
  const { asks, unmount } = renderBell();
  await waitFor(() => expect(asks()).toBe(1));

  unmount();
  act(() => {
    markNoticesStale();
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(asks()).toBe(1);
});

test('the bell asks again by itself every refreshMs', async () => {
  peopleDb.notices = busyDay();
  const { asks } = renderBell(300);
  await waitFor(() => expect(badgeCount()).toBe('7'));

  peopleDb.notices = onlySubmissions(3);
  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，3 项待处理'), { timeout: 3000 });
  expect(asks()).toBeGreaterThanOrEqual(2);
});

test('coming back to the window asks again at once', async () => {
  peopleDb.notices = busyDay();
  const { asks } = renderBell();
  await waitFor(() => expect(badgeCount()).toBe('7'));
  expect(asks()).toBe(1);

  peopleDb.notices = onlySubmissions(2);
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });

  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，2 项待处理'));
  expect(asks()).toBe(2);
});

test('a hidden page does not poll; it asks again once the page is shown', async () => {
  let visibility: DocumentVisibilityState = 'visible';
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  peopleDb.notices = busyDay();
  const { asks } = renderBell(100);
  await waitFor(() => expect(badgeCount()).toBe('7'));

  visibility = 'hidden';
  await new Promise((resolve) => setTimeout(resolve, 600));
  const whileHidden = asks();
  await new Promise((resolve) => setTimeout(resolve, 600));
  // At most the one poll already under way when the page was hidden.
  expect(asks()).toBe(whileHidden);
  expect(whileHidden).toBeLessThanOrEqual(3);

  peopleDb.notices = onlySubmissions(2);
  visibility = 'visible';
  act(() => {
    // As browsers fire it: at the document, bubbling to the window.
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await waitFor(() => expect(bell()).toHaveAccessibleName('待办提醒，2 项待处理'));
  expect(asks()).toBeGreaterThan(whileHidden);
});

test('an expired session signs out to the login page, with the way back', async () => {
  const location = spyOnLocation();
  setPagePath('/peopleService/appeal?status=pending');
  sessionStorage.setItem('token', 'expired');
  const { asks } = renderBell();

  await waitFor(() => expect(location.replace).toHaveBeenCalledTimes(1));
  expect(location.replace).toHaveBeenCalledWith('/user/login?redirect=%2FpeopleService%2Fappeal%3Fstatus%3Dpending');
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(shown).toEqual([{ kind: 'error', text: '未授权或授权已过期，请重新登录' }]);
  expect(asks()).toBe(1);
});
