/**
 * A villager's notices inside the real app against msw (mock/my.ts, seeded with
 * mock/peopleDb.ts): the bell with the unread count on the tab pages, the list with its 未读 filter,
 * a notice marked read as it opens its appeal, 全部已读, and the empty states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { USER_NOTICE_TEXTS } from '@common/constants';
import { CADRE_TOKEN, VILLAGER_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { addNotice, NOTICES, noticeDb } from '@mock/my';
import { DISPATCHED, DISPATCHED_IDS } from '@mock/peopleDb';
import { useAppServiceHandlers, useDispatchHandlers, usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
usePublicContentHandlers();
useAppServiceHandlers();
useDispatchHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});

const unreadTab = () => screen.getByRole('tab', { name: /未读/ });

test('the bell on the home page says how many are unread and opens the notices', async () => {
  const app = renderApp('/app/index');
  const bell = await screen.findByRole('link', { name: '我的消息，2条未读' }, { timeout: 30000 });
  expect(bell).toHaveTextContent('2');
  await app.user.click(bell);
  await waitFor(() => expect(app.location()).toBe('/app/notices'));
  expect(await screen.findByText(NOTICES.dispatched.body)).toBeInTheDocument();
});

test('the bell says 正在加载 until its count comes and 加载失败 when it cannot come', async () => {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get(api('/my/notices/count'), async () => {
      await answered;
      return apiError(500, '服务器开小差了，请稍后重试');
    }),
  );
  renderApp('/app/index');
  expect(await screen.findByRole('link', { name: '我的消息，正在加载' }, { timeout: 30000 })).toBeInTheDocument();
  release();
  const bell = await screen.findByRole('link', { name: '我的消息，加载失败' });
  expect(bell).not.toHaveTextContent(/\d/);
});

test('a visitor has no bell', async () => {
  sessionStorage.clear();
  renderApp('/app/index');
  await screen.findByRole('navigation', { name: '功能入口' }, { timeout: 30000 });
  expect(screen.queryByRole('link', { name: /我的消息/ })).not.toBeInTheDocument();
});

test('newest first, unread marked; opening one marks it read and shows its appeal', async () => {
  const calls = recordRequests();
  const app = renderApp('/app/notices');
  await screen.findByText(NOTICES.dispatched.title, {}, { timeout: 30000 });
  const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  expect(titles).toEqual([NOTICES.dispatched.title, NOTICES.accepted.title, NOTICES.replied.title]);
  expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(2);
  expect(await screen.findByText('2 条未读')).toBeInTheDocument();
  expect(within(unreadTab()).getByText('2')).toBeInTheDocument();

  const accepted = noticeDb.byToken.get(VILLAGER_TOKEN)!.find((n) => n.title === NOTICES.accepted.title)!;
  await app.user.click(screen.getByText(NOTICES.accepted.body));
  await waitFor(() => expect(app.location()).toBe(`/app/service/appeal/${DISPATCHED_IDS.processing}`));
  expect(await screen.findByRole('heading', { name: DISPATCHED.processing })).toBeInTheDocument();
  await waitFor(() => expect(callsTo(calls, 'POST', `/my/notices/${accepted.id}/read`)).toHaveLength(1));
  expect(noticeDb.byToken.get(VILLAGER_TOKEN)!.filter((n) => !n.read)).toHaveLength(1);
});

test('the 未读 filter, in the URL; 全部已读 with its Toast leaves the filter empty', async () => {
  const calls = recordRequests();
  const app = renderApp('/app/notices');
  await screen.findByText(NOTICES.dispatched.title, {}, { timeout: 30000 });
  await app.user.click(unreadTab());
  await waitFor(() => expect(app.location()).toBe('/app/notices?filter=unread'));
  await waitFor(() => expect(screen.queryByText(NOTICES.replied.title)).not.toBeInTheDocument());
  expect(screen.getByText(NOTICES.accepted.title)).toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/my/notices').some((c) => c.url.searchParams.get('unread') === 'true')).toBe(true);

  await app.user.click(screen.getByRole('button', { name: '全部已读' }));
  expect(await screen.findByText('已全部标为已读', { selector: '.adm-toast-main *, .adm-toast-main' })).toBeInTheDocument();
  expect(await screen.findByText('没有未读消息', { selector: '.adm-error-block-description-title' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
});

test('no notices at all: a deliberate empty state, nothing to mark', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  renderApp('/app/notices');
  expect(await screen.findByText('暂无消息', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('有新任务、审核结果、转派诉求或您的诉求有进展时，会在这里通知您')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '全部已读' })).toBeDisabled();
});

test('a cadre’s notices open their task or the appeal handed to the village, and say so', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  addNotice(CADRE_TOKEN, {
    kind: 'reportRejected',
    ...USER_NOTICE_TEXTS.reportRejected('拍摄村容村貌', '照片不清楚'),
    taskId: 13,
    createdAt: ago(30),
  });
  addNotice(CADRE_TOKEN, {
    kind: 'appealHandedDown',
    ...USER_NOTICE_TEXTS.appealHandedDown(DISPATCHED.pending, '第一村'),
    appealId: DISPATCHED_IDS.pending,
    createdAt: ago(20),
  });
  addNotice(CADRE_TOKEN, {
    kind: 'taskPublished',
    ...USER_NOTICE_TEXTS.taskPublished('清理河道垃圾', '2026-12-01 18:00'),
    taskId: 11,
    createdAt: ago(10),
  });
  const app = renderApp('/app/notices');
  const task = await screen.findByRole('link', { name: /新任务/ }, { timeout: 30000 });
  const links = screen.getAllByRole('link').filter((a) => a.classList.contains('ntc-card'));
  expect(
    links.map((a) => [a.querySelector('.ntc-title')?.textContent, a.querySelector('.ntc-open')?.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['新任务', '查看任务', '/app/mytask/11'],
    ['新的转派诉求', '去办理', `/app/dispatched/${DISPATCHED_IDS.pending}`],
    ['提交被驳回', '查看任务', '/app/mytask/13'],
  ]);
  expect(screen.getByText('您在任务「拍摄村容村貌」的提交被驳回，原因：照片不清楚。请修改后重新提交。')).toBeInTheDocument();
  await app.user.click(task);
  await waitFor(() => expect(app.location()).toBe('/app/mytask/11'));
  await waitFor(() => expect(noticeDb.byToken.get(CADRE_TOKEN)!.find((n) => n.taskId === 11)!.read).toBe(true));
});

test('the bell picks up a notice that arrives while the page stays open, within seconds', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  renderApp('/app/index');
  expect(await screen.findByRole('link', { name: '我的消息，没有未读' }, { timeout: 30000 })).toBeInTheDocument();
  addNotice(CADRE_TOKEN, { kind: 'taskPublished', ...USER_NOTICE_TEXTS.taskPublished('清理河道垃圾', '2026-12-01 18:00'), taskId: 11 });
  const bell = await screen.findByRole('link', { name: '我的消息，1条未读' }, { timeout: 6000 });
  expect(bell).toHaveTextContent('1');
}, 60_000);

test('a hidden page does not ask; it asks at once when it is shown again', async () => {
  sessionStorage.setItem('token', CADRE_TOKEN);
  const calls = recordRequests();
  renderApp('/app/index');
  await screen.findByRole('link', { name: '我的消息，没有未读' }, { timeout: 30000 });
  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  const asked = callsTo(calls, 'GET', '/my/notices/count').length;
  await new Promise((resolve) => setTimeout(resolve, 4500));
  expect(callsTo(calls, 'GET', '/my/notices/count')).toHaveLength(asked);
  addNotice(CADRE_TOKEN, { kind: 'taskPublished', title: '新任务', body: '…', taskId: 11 });
  visibility.mockReturnValue('visible');
  document.dispatchEvent(new Event('visibilitychange'));
  expect(await screen.findByRole('link', { name: '我的消息，1条未读' }, { timeout: 1000 })).toBeInTheDocument();
  visibility.mockRestore();
}, 60_000);
