/**
 * A village cadre's appeals handed down by the town, inside the real app against msw
 * (mock/my.ts): who may open the list, its 待办/已办 tabs kept in the URL, and on one appeal
 * 受理, 答复 (required, kept on a server error) and 不予受理 (a reason, then a confirmation), each
 * followed by a Toast and the appeal as it now is; the villager is told each time.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { CADRE_TOKEN, VILLAGER_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { noticeDb } from '@mock/my';
import { dispatchDb, DISPATCHED, DISPATCHED_IDS } from '@mock/peopleDb';
import { useAppServiceHandlers, useDispatchHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
useAppServiceHandlers();
useDispatchHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', CADRE_TOKEN);
});

const toast = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *, .adm-toast-main' });
const villagerNotices = () => (noticeDb.byToken.get(VILLAGER_TOKEN) ?? []).map((n) => n.title);

async function openAppeal(id: number) {
  const app = renderApp(`/app/dispatched/${id}`);
  await screen.findByText('诉求内容', {}, { timeout: 30000 });
  return app;
}

describe('the list', () => {
  test('a villager is sent to /app/noauth', async () => {
    sessionStorage.setItem('token', VILLAGER_TOKEN);
    const app = renderApp('/app/dispatched');
    await waitFor(() => expect(app.location()).toBe('/app/noauth'), { timeout: 30000 });
  });

  test('待办 holds the open ones of the village (not another village’s); 已办 the answered, kept in the URL', async () => {
    const app = renderApp('/app/dispatched');
    expect(await screen.findByText(DISPATCHED.pending, {}, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.getByText(DISPATCHED.processing)).toBeInTheDocument();
    expect(screen.queryByText(DISPATCHED.otherVillage)).not.toBeInTheDocument();
    expect(screen.queryByText(DISPATCHED.replied)).not.toBeInTheDocument();
    const card = screen.getByText(DISPATCHED.pending).closest('a')!;
    expect(card).toHaveAttribute('href', `/app/dispatched/${DISPATCHED_IDS.pending}`);
    expect(within(card).getByText(/办理时限.*剩余/)).toBeInTheDocument();

    const openTab = screen.getByRole('tab', { name: /待办/ });
    await waitFor(() => expect(openTab).toHaveTextContent('待办2'));

    await app.user.click(screen.getByText('已办'));
    await waitFor(() => expect(app.location()).toBe('/app/dispatched?state=done'));
    expect(await screen.findByText(DISPATCHED.replied)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /待办/ })).toHaveTextContent('待办2');
    expect(screen.queryByText(DISPATCHED.pending)).not.toBeInTheDocument();
  });

  test('nothing handed down: a deliberate empty state', async () => {
    dispatchDb.appeals = [];
    renderApp('/app/dispatched');
    expect(await screen.findByText('没有待办的转派诉求', {}, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.getByText('镇里转派到本村的诉求会在这里显示')).toBeInTheDocument();
  });
});

describe('one appeal', () => {
  test('受理: the Toast, then the reply form; the villager is told', async () => {
    const app = await openAppeal(DISPATCHED_IDS.pending);
    expect(screen.getByText('提交人 李村民')).toBeInTheDocument();
    expect(screen.getByText(/已转派至第一村办理/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '受理' }));
    expect(await toast('已受理')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '答复群众' })).toBeInTheDocument();
    expect(screen.getByText('处理中')).toBeInTheDocument();
    expect(villagerNotices()).toContain('诉求已受理');
  });

  test('答复 is required; a server error keeps the text; then it is sent and shown as the answer', async () => {
    const calls = recordRequests();
    const app = await openAppeal(DISPATCHED_IDS.processing);
    await app.user.click(screen.getByRole('button', { name: '提交答复' }));
    expect(await screen.findByText('请填写答复内容')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/my/dispatched-appeals/${DISPATCHED_IDS.processing}/reply`)).toHaveLength(0);

    const text = '已清理排水沟内的淤泥和垃圾，恢复畅通。';
    await app.user.type(screen.getByLabelText(/答复内容/), text);
    expect(screen.queryByText('请填写答复内容')).not.toBeInTheDocument();
    server.use(http.post(api('/my/dispatched-appeals/:id/reply'), () => apiError(500, '服务器开小差了，请稍后重试'), { once: true }));
    await app.user.click(screen.getByRole('button', { name: '提交答复' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器开小差了，请稍后重试');
    expect(screen.getByLabelText(/答复内容/)).toHaveValue(text);

    await app.user.click(screen.getByRole('button', { name: '提交答复' }));
    expect(await toast('已答复')).toBeInTheDocument();
    const answer = await screen.findByRole('heading', { name: '办理结果' });
    expect(answer.closest('section')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: '提交答复' })).not.toBeInTheDocument();
    const sent = callsTo(calls, 'POST', `/my/dispatched-appeals/${DISPATCHED_IDS.processing}/reply`);
    expect(JSON.parse(await sent[sent.length - 1].body)).toEqual({ reply: text, imageIds: [] });
    expect(villagerNotices()).toContain('诉求已答复');
  });

  test('不予受理 needs a reason and a confirmation; cancelling sends nothing', async () => {
    const calls = recordRequests();
    const app = await openAppeal(DISPATCHED_IDS.pending);
    await app.user.click(screen.getByRole('button', { name: '不予受理' }));
    await app.user.click(screen.getByRole('button', { name: '确认不予受理' }));
    expect(await screen.findByText('请填写不予受理的原因')).toBeInTheDocument();

    const reason = '该路段路灯由镇供电所维护，已转告供电所。';
    await app.user.type(screen.getByLabelText(/不予受理原因/), reason);
    await app.user.click(screen.getByRole('button', { name: '确认不予受理' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定不予受理？')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'POST', `/my/dispatched-appeals/${DISPATCHED_IDS.pending}/reject`)).toHaveLength(0);
    expect(screen.getByLabelText(/不予受理原因/)).toHaveValue(reason);

    await app.user.click(screen.getByRole('button', { name: '确认不予受理' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '不予受理' }));
    expect(await toast('已不予受理')).toBeInTheDocument();
    expect((await screen.findByRole('heading', { name: '办理结果' })).closest('section')).toHaveTextContent(reason);
    expect(villagerNotices()).toContain('诉求不予受理');
  });

  test('moved meanwhile (409): the message, and the appeal as it now is', async () => {
    const app = await openAppeal(DISPATCHED_IDS.pending);
    dispatchDb.appeals.find((a) => a.id === DISPATCHED_IDS.pending)!.status = 'processing';
    await app.user.click(screen.getByRole('button', { name: '受理' }));
    expect(await screen.findByText(/当前状态为「处理中」/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '答复群众' })).toBeInTheDocument();
  });

  test('another village’s appeal: 不存在, with the way back to the list', async () => {
    const app = renderApp(`/app/dispatched/${DISPATCHED_IDS.otherVillage}`);
    expect(await screen.findByText('诉求不存在', {}, { timeout: 30000 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '返回转派诉求' }));
    await waitFor(() => expect(app.location()).toBe('/app/dispatched'));
  });
});
