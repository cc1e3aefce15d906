/**
 * 群众诉求 inside the real app against the mock server (mock/peopleDb.ts): tabs with counts, overdue
 * rows, the actions each state allows, the reply form, refusals (409), export and the URL.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { http } from 'msw';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { PEOPLE_MESSAGES } from '@common/constants';
import { api, apiError } from '@mock/http';
import { APPEALS, peopleDb, resetPeopleDb } from '@mock/peopleDb';
import { peopleHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, dialog, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...peopleHandlers);
  resetPeopleDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
  // jsdom cannot save files: the download link is clicked into nothing.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

/** What a row offers, in order (查看 first). */
const rowActions = (title: string) =>
  Array.from(rowOf(title).querySelectorAll('td:last-child button'), (action) => action.textContent?.replace(/\s/g, ''));

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

async function openList(path = '/peopleService/appeal', first: string = APPEALS.pending) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText(first, { selector: 'td *' }, { timeout: 30000 });
  return { ...app, calls };
}

test('the status tabs show their counts, and a tab filters the list and goes into the URL', async () => {
  const { user, calls, location } = await openList();

  await waitFor(() => expect(tab('全部')).toHaveTextContent('全部12'));
  expect(tab('待受理')).toHaveTextContent('待受理3');
  expect(tab('处理中')).toHaveTextContent('处理中3');
  expect(tab('已答复')).toHaveTextContent('已答复2');
  expect(tab('已办结')).toHaveTextContent('已办结3');
  expect(tab('不予受理')).toHaveTextContent('不予受理1');
  expect(tab('超期')).toHaveTextContent('超期2');
  expect(tab('待回访')).toHaveTextContent('待回访1');

  await user.click(tab('超期'));
  await waitFor(() => expect(location()).toBe('/peopleService/appeal?status=overdue'));
  await waitFor(() => expect(screen.queryByText(APPEALS.pending, { selector: 'td *' })).not.toBeInTheDocument());
  expect(screen.getByText(APPEALS.pendingOverdue, { selector: 'td *' })).toBeInTheDocument();
  expect(screen.getByText(APPEALS.processingOverdue, { selector: 'td *' })).toBeInTheDocument();
  const last = callsTo(calls, 'GET', '/appeals').at(-1)!.url.searchParams;
  expect([last.get('overdue'), last.get('status')]).toEqual(['true', null]);

  // The counts follow the other filters, not the tab.
  await user.click(tab('全部'));
  await user.type(screen.getByPlaceholderText('标题、内容、提交人或电话'), '垃圾');
  await user.click(button('查询'));
  await waitFor(() => expect(tab('全部')).toHaveTextContent('全部2'));
  expect(tab('待受理')).toHaveTextContent('待受理2');
  expect(callsTo(calls, 'GET', '/appeals/counts').at(-1)!.url.searchParams.get('keyword')).toBe('垃圾');
});

test('overdue rows are red with how long they are overdue; a due time close by is flagged', async () => {
  await openList();

  const overdue = rowOf(APPEALS.pendingOverdue);
  expect(overdue).toHaveClass('people-row-overdue');
  const flag = within(overdue).getByText('超期2天3小时');
  expect(flag.closest('.ant-typography')).toHaveClass('ant-typography-danger');
  expect(within(rowOf(APPEALS.processingOverdue)).getByText(/^超期1天2小时$/)).toBeInTheDocument();

  const soon = rowOf(APPEALS.processingSoon);
  expect(soon).not.toHaveClass('people-row-overdue');
  expect(
    within(soon)
      .getByText(/^剩余5小时\d+分钟$/)
      .closest('.ant-typography'),
  ).toHaveClass('ant-typography-warning');
  // Answered appeals are not counted against their due time.
  expect(rowOf(APPEALS.closed)).not.toHaveClass('people-row-overdue');
  expect(within(rowOf(APPEALS.closed)).queryByText(/超期|剩余/)).not.toBeInTheDocument();
});

test('each row offers only the steps its state allows', async () => {
  await openList();

  expect(rowActions(APPEALS.pending)).toEqual(['查看', '受理', '不予受理']);
  expect(rowActions(APPEALS.processingSoon)).toEqual(['查看', '答复', '不予受理']);
  // An answer nobody has rated may be called back (回访).
  expect(rowActions(APPEALS.replied)).toEqual(['查看', '办结', '回访']);
  expect(rowActions(APPEALS.closed)).toEqual(['查看']);
  expect(rowActions(APPEALS.rejected)).toEqual(['查看']);
});

test('the drawer shows the whole appeal; 受理 asks first, then the drawer moves on to 答复', async () => {
  const { user, calls, location } = await openList('/peopleService/appeal?id=1');

  const drawer = (await screen.findByRole('article', { name: '诉求详情' })).closest('.ant-drawer') as HTMLElement;
  expect(
    within(drawer).getByText('村口到小学的路灯已经坏了一周，晚上孩子放学很不安全，老人出门也容易摔倒，请尽快维修。'),
  ).toBeInTheDocument();
  expect(within(drawer).getByRole('link', { name: '13812345601' })).toHaveAttribute('href', 'tel:13812345601');
  expect(
    within(drawer)
      .getAllByAltText(/诉求照片第\d张/)
      .map((img) => img.getAttribute('src')),
  ).toEqual(['/api/uploads/people-11.jpg', '/api/uploads/people-12.jpg']);
  expect(within(drawer).getByText('现场照片（2）')).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: /答\s?复/ })).not.toBeInTheDocument();

  await user.click(button('受理', drawer));
  const confirm = await dialog(`受理「${APPEALS.pending}」？`);
  expect(callsTo(calls, 'POST', '/appeals/1/accept')).toHaveLength(0);
  await user.click(button('受理', confirm));

  expect(await screen.findByText(`已受理：${APPEALS.pending}`)).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals/1/accept')).toHaveLength(1);
  expect(await within(drawer).findByRole('button', { name: /答\s?复/ })).toBeInTheDocument();
  expect(within(drawer).queryByRole('button', { name: /^受\s?理$/ })).not.toBeInTheDocument();
  // The history now has the step, by whom.
  const timeline = drawer.querySelector('.people-history') as HTMLElement;
  expect(within(timeline).getByText('受理')).toBeInTheDocument();
  expect(within(timeline).getAllByText(/系统管理员/).length).toBeGreaterThan(0);
  // The list and its counts follow.
  await waitFor(() => expect(tab('处理中')).toHaveTextContent('处理中4'));

  // Closing the drawer leaves the open appeal out of the URL.
  await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
  await waitFor(() => expect(location()).toBe('/peopleService/appeal'));
});

test('答复 needs the reply text, checked as it is typed; with it the appeal is answered', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(APPEALS.processingSoon)).getByText('答复'));
  const box = await dialog('答复诉求');
  await user.click(button('答复', box));
  expect(await within(box).findByText('请填写答复内容')).toBeInTheDocument();

  const field = within(box).getByLabelText('答复内容');
  await user.type(field, '   ');
  // Blank is still missing. antd validates again on each key and its message leaves and comes back
  // with a motion: wait for the one that stays, not the one on its way out.
  await waitFor(() => expect(within(box).getByText('请填写答复内容')).toBeInTheDocument());
  await user.type(field, '已联系自来水公司，本周内更换加压泵。');
  await waitFor(() => expect(within(box).queryByText('请填写答复内容')).not.toBeInTheDocument());
  expect(callsTo(calls, 'POST', '/appeals/3/reply')).toHaveLength(0);

  await user.click(button('答复', box));
  expect(await screen.findByText(`已答复：${APPEALS.processingSoon}`)).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/appeals/3/reply')[0].body)).toEqual({
    reply: '已联系自来水公司，本周内更换加压泵。',
    imageIds: [],
  });
  await waitFor(() => expect(rowActions(APPEALS.processingSoon)).toEqual(['查看', '办结', '回访']));
});

test('someone else moved it first (409): the server says why and the list shows the new state', async () => {
  const { user } = await openList();

  // 受理 with a confirmation: another handler accepts it while the dialog is open.
  await user.click(within(rowOf(APPEALS.pending)).getByText('受理'));
  const confirm = await dialog(`受理「${APPEALS.pending}」？`);
  peopleDb.appeals.find((a) => a.id === 1)!.status = 'processing';
  await user.click(button('受理', confirm));
  expect(await screen.findByText(PEOPLE_MESSAGES.appealMoved('processing'))).toBeInTheDocument();
  await waitFor(() => expect(rowActions(APPEALS.pending)).toEqual(['查看', '答复', '不予受理']));

  // 不予受理 with a reason: it was answered meanwhile; the dialog closes and the row follows.
  await user.click(within(rowOf(APPEALS.processingOverdue)).getByText('不予受理'));
  const box = await dialog('不予受理');
  await user.type(within(box).getByLabelText('不予受理原因'), '属于法院管辖范围');
  peopleDb.appeals.find((a) => a.id === 4)!.status = 'replied';
  await user.click(button('不予受理', box));
  expect(await screen.findByText(PEOPLE_MESSAGES.appealMoved('replied'))).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByLabelText('不予受理原因')).not.toBeInTheDocument());
  await waitFor(() => expect(rowActions(APPEALS.processingOverdue)).toEqual(['查看', '办结', '回访']));
});

test('导出Excel sends the tab and filters in the URL; filters, tab and drawer survive back and reload', async () => {
  setPagePath('/peopleService/appeal?status=pending&area=3');
  const { user, calls, location } = await openList('/peopleService/appeal?status=pending&area=3', APPEALS.pendingOverdue);
  expect(screen.queryByText(APPEALS.pending, { selector: 'td *' })).not.toBeInTheDocument();

  await user.click(button('导出Excel'));
  expect(await screen.findByText('已导出：群众诉求.xlsx')).toBeInTheDocument();
  const sent = callsTo(calls, 'GET', '/appeals/export')[0].url.searchParams;
  expect([sent.get('status'), sent.get('area')]).toEqual(['pending', '3']);

  // Open a row: the URL names it; back closes it and keeps the filters.
  await user.click(screen.getByText(APPEALS.pendingOverdue, { selector: 'td *' }));
  await waitFor(() => expect(location()).toBe('/peopleService/appeal?status=pending&area=3&id=2'));
  expect(await screen.findByRole('article', { name: '诉求详情' })).toBeInTheDocument();
  act(() => history.back());
  await waitFor(() => expect(location()).toBe('/peopleService/appeal?status=pending&area=3'));
  await waitFor(() => expect(screen.queryByRole('article', { name: '诉求详情' })).not.toBeInTheDocument());
  expect(tab('待受理')).toHaveAttribute('aria-selected', 'true');
});

test('转派 in the drawer: pick a village, add a note, see the message, the tag and the 转派 step in the history', async () => {
  const { user, calls } = await openList('/peopleService/appeal?id=1');
  const drawer = (await screen.findByRole('article', { name: '诉求详情' })).closest('.ant-drawer') as HTMLElement;
  await user.click(button('转派到村', drawer));
  const box = await dialog('转派诉求');
  await user.click(button('转派', box));
  expect(await within(box).findByText('请选择要转派的村')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals/1/dispatch')).toHaveLength(0);

  await user.click(within(box).getByRole('combobox', { name: '转派至' }));
  await user.click(await screen.findByText('第二村', { selector: '.ant-select-item-option-content' }));
  await user.type(within(box).getByLabelText('转派说明'), '请核实后答复');

  // The server refuses the first try: its words go under the field and the choices stay.
  server.use(
    http.post(
      api('/appeals/:id/dispatch'),
      () => apiError(400, '转派说明：含有不允许的内容', [{ field: 'note', label: '转派说明', message: '含有不允许的内容' }]),
      {
        once: true,
      },
    ),
  );
  await user.click(button('转派', box));
  expect(await within(box).findByText('含有不允许的内容')).toBeInTheDocument();
  expect(within(box).getByLabelText('转派说明')).toHaveValue('请核实后答复');
  expect(within(box).getByText('第二村', { selector: '.ant-select-selection-item' })).toBeInTheDocument();

  await user.click(button('转派', box));
  expect(await screen.findByText('已转派至第二村')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/appeals/1/dispatch');
  expect(sent).toHaveLength(2);
  expect(JSON.parse(await sent[1].body)).toEqual({ areaId: 3, note: '请核实后答复' });
  expect(await within(drawer).findByText('已转派 · 第二村')).toBeInTheDocument();
  expect(within(drawer).getByText('转派至第二村')).toBeInTheDocument();
  expect(within(drawer).getByText('请核实后答复')).toBeInTheDocument();
  expect(peopleDb.appeals.find((a) => a.id === 1)?.status).toBe('pending');
});

const DUE_TITLE = '路边树枝遮挡交通标志';

test('待回访 lists the answers nobody rated; a call-back that does not reach them is counted and keeps it there', async () => {
  const { user, calls, location } = await openList();
  const title = DUE_TITLE;

  await user.click(tab('待回访'));
  await waitFor(() => expect(location()).toBe('/peopleService/appeal?status=callback'));
  await screen.findByText(title, { selector: 'td *' });
  expect(callsTo(calls, 'GET', '/appeals').at(-1)!.url.searchParams.get('callbackDue')).toBe('true');
  expect(screen.queryByText(APPEALS.replied, { selector: 'td *' })).not.toBeInTheDocument();
  expect(within(rowOf(title)).getByText('待回访')).toBeInTheDocument();
  expect(rowActions(title)).toEqual(['查看', '回访']);

  await user.click(within(rowOf(title)).getByText('回访'));
  const box = await dialog('回访');
  expect(within(box).getByRole('link', { name: '15812345605' })).toHaveAttribute('href', 'tel:15812345605');
  await user.click(within(box).getByText('未接通'));
  expect(within(box).queryByText('群众满意度')).not.toBeInTheDocument();
  await user.type(within(box).getByLabelText('回访记录'), '无人接听');
  await user.click(button('保存回访', box));
  expect(await screen.findByText(PEOPLE_MESSAGES.callbackMissed)).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/appeals/12/callback')[0].body)).toEqual({ reached: false, note: '无人接听' });
  await waitFor(() => expect(within(rowOf(title)).getByText('待回访 · 未接通1次')).toBeInTheDocument());
});

test('a call-back that reaches them needs their satisfaction; it leaves 待回访 and shows as 回访评价', async () => {
  peopleDb.appeals.find((a) => a.id === 12)!.callbackAttempts = 1;
  const { user, calls } = await openList('/peopleService/appeal?status=callback', DUE_TITLE);
  const title = DUE_TITLE;

  await user.click(within(rowOf(title)).getByText('回访'));
  const box = await dialog('回访');
  expect(within(box).getByText(/此前已回访1次未接通/)).toBeInTheDocument();
  await user.click(button('保存回访', box));
  expect(await within(box).findByText('请选择群众的满意度')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals/12/callback')).toHaveLength(0);
  // The stars are one named, required radio group (axe refuses aria-required on a bare list).
  const group = box.querySelector('.ant-rate') as HTMLElement;
  expect(group).toHaveAttribute('role', 'radiogroup');
  expect(group).toHaveAccessibleName('群众满意度');
  expect(group).toHaveAttribute('aria-required', 'true');
  const stars = within(group).getAllByRole('radio');
  await user.click(stars[3]);
  await user.type(within(box).getByLabelText('回访记录'), '群众表示满意');
  await user.click(button('保存回访', box));
  expect(await screen.findByText(PEOPLE_MESSAGES.callbackDone)).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/appeals/12/callback')[0].body)).toEqual({
    reached: true,
    score: 4,
    note: '群众表示满意',
  });
  await waitFor(() => expect(screen.queryByText(title, { selector: 'td *' })).not.toBeInTheDocument());
  await waitFor(() => expect(tab('待回访')).toHaveTextContent('待回访0'));

  // In the drawer the rating says it came from the call-back, and who made it.
  await user.click(tab('已办结'));
  await user.click(await screen.findByText(title, { selector: 'td *' }));
  const drawer = (await screen.findByRole('article', { name: '诉求详情' })).closest('.ant-drawer') as HTMLElement;
  expect(within(drawer).getByText(/回访评价 · 回访人 系统管理员/)).toBeInTheDocument();
  expect(within(drawer).getByText('群众表示满意', { selector: '.people-history-note' })).toBeInTheDocument();
  expect(within(rowOf(title)).getByText(/4分 满意（回访）/)).toBeInTheDocument();
});

test('批量受理: tick the pending rows, the bar counts them, a confirmation names the count, then both are 处理中', async () => {
  const { user, calls } = await openList();

  // Finished appeals cannot be ticked.
  expect(screen.getByRole('checkbox', { name: `选择：「${APPEALS.closed}」` })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: `选择：「${APPEALS.pending}」` }));
  await user.click(screen.getByRole('checkbox', { name: `选择：「${APPEALS.pendingOverdue}」` }));
  expect(await screen.findByText('已选择 2 条诉求')).toBeInTheDocument();

  await user.click(button('批量受理'));
  const confirm = await dialog('批量受理选中的 2 条诉求？');
  expect(callsTo(calls, 'POST', '/appeals/batch/accept')).toHaveLength(0);
  await user.click(button('批量受理', confirm));

  expect(await screen.findByText('已受理 2 条诉求')).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/appeals/batch/accept')[0].body).ids.sort()).toEqual([1, 2]);
  await waitFor(() => expect(tab('处理中')).toHaveTextContent('处理中5'));
  expect(tab('待受理')).toHaveTextContent('待受理1');
  // The selection is gone with the rows it was of.
  await waitFor(() => expect(screen.queryByText(/^已选择/)).not.toBeInTheDocument());
});

test('批量受理 with a row already 处理中 says why and sends nothing; a batch refused by the server names the record and reloads', async () => {
  const { user, calls } = await openList();

  await user.click(screen.getByRole('checkbox', { name: `选择：「${APPEALS.pending}」` }));
  await user.click(screen.getByRole('checkbox', { name: `选择：「${APPEALS.processingSoon}」` }));
  await user.click(button('批量受理'));
  expect(await screen.findByText('只能受理待受理的诉求：选中的有 1 条不符合，请取消勾选后再试')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals/batch/accept')).toHaveLength(0);

  // 不予受理 fits both, with one reason; one of them is answered meanwhile.
  await user.click(button('批量不予受理'));
  const box = await dialog('批量不予受理（2 条诉求）');
  await user.click(button('批量不予受理', box));
  expect(await within(box).findByText('请填写不予受理原因')).toBeInTheDocument();
  await user.type(within(box).getByLabelText('不予受理原因'), '不属于本中心受理范围');
  await waitFor(() => expect(within(box).queryByText('请填写不予受理原因')).not.toBeInTheDocument());
  peopleDb.appeals.find((a) => a.id === 3)!.status = 'replied';
  await user.click(button('批量不予受理', box));
  expect(await screen.findByText(`编号 3 的诉求：${PEOPLE_MESSAGES.appealMoved('replied')}。所选诉求都未处理`)).toBeInTheDocument();
  // Nothing moved: the pending one is still pending, and the list shows the other's new state.
  await waitFor(() => expect(rowActions(APPEALS.processingSoon)).toEqual(['查看', '办结', '回访']));
  expect(rowActions(APPEALS.pending)).toEqual(['查看', '受理', '不予受理']);
  expect(peopleDb.appeals.find((a) => a.id === 1)!.status).toBe('pending');
});
