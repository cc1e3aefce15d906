/**
 * 随手拍 inside the real app against the mock server (mock/peopleDb.ts): tabs with counts, the row,
 * the drawer, 处理 with a result and photos, 标为无效 with a reason, refusals (409), the empty and
 * error states, and the URL (deep links, reload, back); handing a report to a village and taking it
 * back, and the review of a village's answer (审核通过 after a confirmation, 退回 with a reason).
 */
import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { http } from 'msw';
import { NOTICES_STALE_EVENT } from '@/services/notices';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { PEOPLE_MESSAGES } from '@common/constants';
import { api, apiError } from '@mock/http';
import { historyEvent, peopleDb, peopleImage, REPORTS, resetPeopleDb } from '@mock/peopleDb';
import { peopleHandlers } from '@mock/scenarios';
import { setPagePath } from '@mock/location';
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
});

afterEach(() => jest.restoreAllMocks());

/** Two more pending reports the tests find rows by. */
const GARBAGE = '村委会后面的空地堆满了生活垃圾，还有人焚烧';
const POLE = '老街一处电线杆倾斜，电线垂得很低';

/** What a row offers, in order (查看 first). */
const rowActions = (description: string) =>
  Array.from(rowOf(description).querySelectorAll('td:last-child button'), (action) => action.textContent?.replace(/\s/g, ''));

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const drawerOf = async () => (await screen.findByRole('article', { name: '随手拍详情' })).closest('.ant-drawer') as HTMLElement;
const picture = (name: string) => new NodeFile([new Uint8Array(1024)], name, { type: 'image/png' }) as unknown as File;

async function openList(path = '/peopleService/shot', first: string = REPORTS.pending) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText(first, { selector: 'td *' }, { timeout: 30000 });
  return { ...app, calls };
}

test('the status tabs show their counts, and a tab filters the list and goes into the URL', async () => {
  const { user, calls, location } = await openList();

  await waitFor(() => expect(tab('全部')).toHaveTextContent('全部6'));
  expect(tab('待处理')).toHaveTextContent('待处理3');
  expect(tab('已处理')).toHaveTextContent('已处理2');
  expect(tab('无效')).toHaveTextContent('无效1');

  await user.click(tab('已处理'));
  await waitFor(() => expect(location()).toBe('/peopleService/shot?status=handled'));
  await waitFor(() => expect(screen.queryByText(REPORTS.pending, { selector: 'td *' })).not.toBeInTheDocument());
  expect(screen.getByText(REPORTS.handled, { selector: 'td *' })).toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/photo-reports').at(-1)!.url.searchParams.get('status')).toBe('handled');

  // The counts follow the other filters, not the tab.
  await user.click(tab('全部'));
  await user.type(screen.getByPlaceholderText('描述、位置或提交人'), '护栏');
  await user.click(button('查询'));
  await waitFor(() => expect(tab('全部')).toHaveTextContent('全部1'));
  expect(tab('待处理')).toHaveTextContent('待处理0');
  expect(tab('已处理')).toHaveTextContent('已处理1');
  const counted = callsTo(calls, 'GET', '/photo-reports/counts').at(-1)!.url.searchParams;
  expect([counted.get('keyword'), counted.get('status')]).toEqual(['护栏', null]);
  expect(location()).toBe(`/peopleService/shot?keyword=${encodeURIComponent('护栏')}`);
});

test('a row shows the cover with the photo count, type, place and waiting time, and only the steps its state allows', async () => {
  await openList();

  const pending = rowOf(REPORTS.pending);
  expect(within(pending).getByAltText('随手拍 #1 封面')).toHaveAttribute('src', '/api/uploads/people-510.jpg');
  expect(within(pending).getByText('3张')).toBeInTheDocument();
  expect(within(pending).getByText('基础设施')).toBeInTheDocument();
  expect(within(pending).getByText('第一村水塔东侧')).toBeInTheDocument();
  expect(within(pending).getByText('已定位')).toHaveAttribute('title', '纬度 30.27412，经度 120.15515');
  expect(within(pending).getByText('张红梅')).toBeInTheDocument();
  expect(
    within(pending)
      .getByText(/^已等待2小时/)
      .closest('.ant-typography'),
  ).not.toHaveClass('ant-typography-warning');
  // Waiting a day or more is flagged.
  expect(
    within(rowOf(GARBAGE))
      .getByText(/^已等待1天/)
      .closest('.ant-typography'),
  ).toHaveClass('ant-typography-warning');
  // Dealt with: how long ago, and by whom.
  const handled = rowOf(REPORTS.handled);
  expect(within(handled).getByText('4天前')).toBeInTheDocument();
  expect(within(handled).getByText('张三')).toBeInTheDocument();
  expect(within(handled).queryByText(/已等待/)).not.toBeInTheDocument();

  expect(rowActions(REPORTS.pending)).toEqual(['查看', '处理', '标为无效']);
  expect(rowActions(POLE)).toEqual(['查看', '处理', '标为无效']);
  expect(rowActions(REPORTS.handled)).toEqual(['查看']);
  expect(rowActions(REPORTS.invalid)).toEqual(['查看']);
});

test('the drawer shows the whole report: photos, description, place, result with its photos and the history', async () => {
  const { user, location } = await openList('/peopleService/shot?id=3');

  const drawer = await drawerOf();
  expect(within(drawer).getByText(`随手拍详情 #3`)).toBeInTheDocument();
  expect(within(drawer).getByText(REPORTS.handled, { selector: 'p' })).toBeInTheDocument();
  expect(within(drawer).getByText('现场照片（2）')).toBeInTheDocument();
  expect(
    within(drawer)
      .getAllByAltText(/^随手拍照片第\d张$/)
      .map((img) => img.getAttribute('src')),
  ).toEqual(['/api/uploads/people-530.jpg', '/api/uploads/people-531.jpg']);
  expect(within(drawer).getByText('第五村河边步道')).toBeInTheDocument();
  expect(within(drawer).getByText('纬度 30.28001，经度 120.16222')).toBeInTheDocument();
  expect(within(drawer).getByText('赵建国')).toBeInTheDocument();
  expect(within(drawer).getByText('已安排维修人员更换护栏3米，并设置警示牌。', { selector: '.people-answer p' })).toBeInTheDocument();
  expect(
    within(drawer)
      .getAllByAltText(/^处理照片第\d张$/)
      .map((img) => img.getAttribute('src')),
  ).toEqual(['/api/uploads/people-830.jpg', '/api/uploads/people-831.jpg']);
  const timeline = drawer.querySelector('.people-history') as HTMLElement;
  expect(within(timeline).getByText('提交')).toBeInTheDocument();
  expect(within(timeline).getByText('处理完成')).toBeInTheDocument();
  // Handled is final: no steps offered.
  expect(within(drawer).queryByRole('button', { name: /处\s?理/ })).not.toBeInTheDocument();

  // An invalid one shows why, and a report without coordinates says so.
  await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
  await waitFor(() => expect(location()).toBe('/peopleService/shot'));
  await user.click(screen.getByText(REPORTS.invalid, { selector: 'td *' }));
  await waitFor(() => expect(location()).toBe('/peopleService/shot?id=5'));
  const invalid = await drawerOf();
  expect(await within(invalid).findByText('随手拍详情 #5')).toBeInTheDocument();
  expect(within(invalid).getByText('无效原因')).toBeInTheDocument();
  expect(
    within(invalid).getByText('照片与描述均未反映具体问题，如有问题请重新拍摄并说明。', { selector: '.people-answer p' }),
  ).toBeInTheDocument();
  expect(within(invalid).getByText('未定位')).toBeInTheDocument();
  expect(within(invalid).getByText('未填写')).toBeInTheDocument();
});

test('处理 needs the result, checked as it is typed; with it and a photo the report is handled everywhere', async () => {
  const { user, calls } = await openList('/peopleService/shot?id=1');
  const stale = jest.fn();
  window.addEventListener(NOTICES_STALE_EVENT, stale);

  const drawer = await drawerOf();
  expect(within(drawer).getAllByAltText(/^随手拍照片第\d张$/)).toHaveLength(3);
  await user.click(button('处理', drawer));
  const box = await dialog('处理随手拍');
  await user.click(button('处理完成', box));
  expect(await within(box).findByText('请填写处理结果')).toBeInTheDocument();

  const field = within(box).getByLabelText('处理结果');
  expect(field).toHaveAttribute('maxlength', '1000');
  await user.type(field, '   ');
  // Blank is still missing. antd validates again on each key and its message leaves and comes back
  // with a motion: wait for the one that stays, not the one on its way out.
  await waitFor(() => expect(within(box).getByText('请填写处理结果')).toBeInTheDocument());
  await user.type(field, '已通知自来水公司抢修，水管已更换。');
  await waitFor(() => expect(within(box).queryByText('请填写处理结果')).not.toBeInTheDocument());

  // A result photo goes up through POST /api/uploads first.
  await user.upload(box.querySelector('.image-gallery input[type="file"]') as HTMLInputElement, picture('after.png'));
  expect(await within(box).findByAltText('第1张图片')).toHaveAttribute('src', '/api/uploads/photo-100.jpg');
  expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(1);
  expect(callsTo(calls, 'POST', '/photo-reports/1/handle')).toHaveLength(0);

  await user.click(button('处理完成', box));
  expect(await screen.findByText(`已处理：${REPORTS.pending}`)).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/photo-reports/1/handle')[0].body)).toEqual({
    result: '已通知自来水公司抢修，水管已更换。',
    imageIds: [100],
  });
  expect(stale).toHaveBeenCalled();
  window.removeEventListener(NOTICES_STALE_EVENT, stale);

  // The drawer, the row and the counts follow.
  expect(await within(drawer).findByText('已通知自来水公司抢修，水管已更换。', { selector: '.people-answer p' })).toBeInTheDocument();
  expect(within(drawer).getByAltText('处理照片第1张')).toHaveAttribute('src', '/api/uploads/photo-100.jpg');
  expect(within(drawer).queryByRole('button', { name: /^处\s?理$/ })).not.toBeInTheDocument();
  expect(within(drawer.querySelector('.people-history') as HTMLElement).getAllByText(/系统管理员/).length).toBeGreaterThan(0);
  await waitFor(() => expect(tab('待处理')).toHaveTextContent('待处理2'));
  expect(tab('已处理')).toHaveTextContent('已处理3');
  await waitFor(() => expect(rowActions(REPORTS.pending)).toEqual(['查看']));
});

test('标为无效 needs a reason; a server error keeps it, then it goes through', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(POLE)).getByText('标为无效'));
  const box = await dialog('标为无效');
  await user.click(button('标为无效', box));
  expect(await within(box).findByText('请填写无效原因')).toBeInTheDocument();
  expect(within(box).getByLabelText('无效原因')).toHaveAttribute('maxlength', '500');

  // The server refuses the first try: its words show, under the field too, and the text stays.
  server.use(
    http.post(
      api('/photo-reports/:id/invalid'),
      () => apiError(400, '无效原因：含有不允许的内容', [{ field: 'reason', label: '无效原因', message: '含有不允许的内容' }]),
      { once: true },
    ),
  );
  await user.type(within(box).getByLabelText('无效原因'), '重复提交，已在编号1中处理');
  await user.click(button('标为无效', box));
  expect(await screen.findByText('无效原因：含有不允许的内容')).toBeInTheDocument();
  expect(within(box).getByText('含有不允许的内容')).toBeInTheDocument();
  expect(within(box).getByLabelText('无效原因')).toHaveValue('重复提交，已在编号1中处理');

  await user.click(button('标为无效', box));
  expect(await screen.findByText(`已标为无效：${POLE}`)).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/photo-reports/4/invalid');
  expect(JSON.parse(await sent[sent.length - 1].body)).toEqual({ reason: '重复提交，已在编号1中处理' });
  await waitFor(() => expect(rowActions(POLE)).toEqual(['查看']));
  expect(within(rowOf(POLE)).getByText('无效')).toBeInTheDocument();
  await waitFor(() => expect(tab('无效')).toHaveTextContent('无效2'));
});

test('someone else dealt with it first (409): the server says why and the list shows the new state', async () => {
  const { user } = await openList();

  await user.click(within(rowOf(REPORTS.pending)).getByText('处理'));
  const box = await dialog('处理随手拍');
  await user.type(within(box).getByLabelText('处理结果'), '已修好');
  peopleDb.reports.find((r) => r.id === 1)!.status = 'handled';
  await user.click(button('处理完成', box));

  expect(await screen.findByText(PEOPLE_MESSAGES.reportMoved('handled'))).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByLabelText('处理结果')).not.toBeInTheDocument());
  await waitFor(() => expect(rowActions(REPORTS.pending)).toEqual(['查看']));
  await waitFor(() => expect(tab('待处理')).toHaveTextContent('待处理2'));
});

test('filters, tab and drawer survive reload and back; the bell link lands on 待处理', async () => {
  const path = '/peopleService/shot?status=pending&type=1&area=4';
  setPagePath(path);
  const { user, calls, location, unmount } = await openList(path, GARBAGE);
  expect(screen.queryByText(REPORTS.pending, { selector: 'td *' })).not.toBeInTheDocument();
  expect(tab('待处理')).toHaveAttribute('aria-selected', 'true');
  const sent = callsTo(calls, 'GET', '/photo-reports').at(-1)!.url.searchParams;
  expect([sent.get('status'), sent.get('type'), sent.get('area')]).toEqual(['pending', '1', '4']);
  // The form shows the filters (its selects name the choice in a title, as the table's cells do).
  const form = () => document.querySelector('.ant-pro-table-search') as HTMLElement;
  expect(within(form()).getByTitle('环境卫生')).toBeInTheDocument();
  expect(await within(form()).findByTitle('第三村')).toBeInTheDocument();

  // Open the row: the URL names it; a reload opens the same list and drawer.
  await user.click(screen.getByText(GARBAGE, { selector: 'td *' }));
  await waitFor(() => expect(location()).toBe(`${path}&id=2`));
  expect(await drawerOf()).toBeInTheDocument();
  unmount();

  setPagePath(`${path}&id=2`);
  const reloaded = await openList(`${path}&id=2`, GARBAGE);
  const drawer = await drawerOf();
  expect(await within(drawer).findByText('随手拍详情 #2')).toBeInTheDocument();
  expect(tab('待处理')).toHaveAttribute('aria-selected', 'true');
  expect(within(form()).getByTitle('环境卫生')).toBeInTheDocument();
  // Closing the drawer opened by the link keeps the filters.
  await reloaded.user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
  await waitFor(() => expect(reloaded.location()).toBe(path));
  reloaded.unmount();

  // The notice bell's link.
  const bell = await openList('/peopleService/shot?status=pending');
  expect(tab('待处理')).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByText(REPORTS.handled, { selector: 'td *' })).not.toBeInTheDocument();
  await bell.user.click(tab('全部'));
  await waitFor(() => expect(bell.location()).toBe('/peopleService/shot'));
  act(() => history.back());
  await waitFor(() => expect(bell.location()).toBe('/peopleService/shot?status=pending'));
  await waitFor(() => expect(tab('待处理')).toHaveAttribute('aria-selected', 'true'));
});

test('empty tabs say so, a filter that finds nothing offers to clear it, and a failed load says why', async () => {
  peopleDb.reports = peopleDb.reports.filter((r) => r.status !== 'pending');
  const { user, location, unmount } = await openList('/peopleService/shot?status=pending&keyword=xyz', '没有符合条件的随手拍');

  await user.click(button('清空筛选条件'));
  await waitFor(() => expect(location()).toBe('/peopleService/shot?status=pending'));
  expect(await screen.findByText('没有待处理的随手拍，都处理完了')).toBeInTheDocument();
  unmount();

  server.use(http.get(api('/photo-reports'), () => apiError(500, '服务器繁忙，请稍后重试')));
  renderApp('/peopleService/shot');
  expect(await screen.findByText('数据加载失败：服务器繁忙，请稍后重试', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('随手拍列表加载失败')).toBeInTheDocument();
});

const ANSWER = '垃圾已全部清运，河道已冲洗干净';
const ANSWERED = '河道边堆了一堆建筑垃圾';

/** A report 第二村 accepted and answered with two photos: it waits for the centre's review (ADR 0064). */
function addAnswered() {
  const base = peopleDb.reports[0];
  const cadre = { id: 41, name: '陈立新' };
  peopleDb.reports.push({
    ...base,
    id: 7,
    excerpt: ANSWERED,
    description: ANSWERED,
    status: 'reviewing',
    handlerId: cadre.id,
    handlerName: cadre.name,
    dispatchedArea: 3,
    dispatchedAreaName: '第二村',
    dispatchedAt: new Date().toISOString(),
    result: ANSWER,
    resultImages: [peopleImage(71), peopleImage(72)],
    images: [peopleImage(70)],
    history: [
      historyEvent('submit', { id: 31, name: '张红梅' }),
      { ...historyEvent('dispatch', { id: 2, name: '张三' }), areaName: '第二村' },
      historyEvent('accept', cadre),
      { ...historyEvent('reply', cadre, ANSWER), images: [peopleImage(71), peopleImage(72)] },
    ],
  });
}

describe('随手拍转派 and the review of a village’s answer (ADR 0064)', () => {
  beforeEach(addAnswered);

  test('待审核 is a tab with its count; the row names the village and offers 审核通过 and 退回', async () => {
    const { user, location } = await openList('/peopleService/shot');
    await waitFor(() => expect(tab('待审核')).toHaveTextContent('待审核1'));
    expect(tab('处理中')).toHaveTextContent('处理中0');
    await user.click(tab('待审核'));
    await waitFor(() => expect(location()).toBe('/peopleService/shot?status=reviewing'));
    const row = await waitFor(() => rowOf(ANSWERED));
    expect(within(row).getByText('转派 · 第二村')).toBeInTheDocument();
    expect(Array.from(row.querySelectorAll('td:last-child button'), (b) => b.textContent?.replace(/\s/g, ''))).toEqual([
      '查看',
      '审核通过',
      '退回',
    ]);
  });

  test('the drawer shows the village’s answer with its photos; 审核通过 asks first, then the report is handled', async () => {
    const { user, calls } = await openList('/peopleService/shot?id=7');
    const drawer = await drawerOf();
    expect(within(drawer).getByText('已转派 · 第二村')).toBeInTheDocument();
    expect(within(drawer).getByText('第二村的处置（待审核）')).toBeInTheDocument();
    expect(within(drawer).getByText(ANSWER, { selector: '.people-answer p' })).toBeInTheDocument();
    expect(within(drawer).getAllByAltText(/^处置后照片第\d张$/)).toHaveLength(2);
    // The history keeps the answer's photos.
    const timeline = drawer.querySelector('.people-history') as HTMLElement;
    expect(within(timeline).getAllByAltText(/^答复照片第\d张$/)).toHaveLength(2);
    // Under review, nobody hands it down or handles it around the review.
    expect(within(drawer).queryByRole('button', { name: '转派到村' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /^处\s?理$/ })).not.toBeInTheDocument();

    await user.click(button('审核通过', drawer));
    const confirm = await dialog('通过第二村的处置？');
    await user.click(button('审核通过', confirm));
    expect(await screen.findByText(`已审核通过：${ANSWERED}`)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/photo-reports/7/approve')).toHaveLength(1);
    await waitFor(() => expect(within(drawer).getByText('处理结果')).toBeInTheDocument());
    expect(within(drawer).queryByRole('button', { name: '审核通过' })).not.toBeInTheDocument();
  });

  test('退回 needs a reason; then the report is back with the village and the reason shows', async () => {
    const { user, calls } = await openList('/peopleService/shot?id=7');
    const drawer = await drawerOf();
    await user.click(button('退回', drawer));
    const box = await dialog('退回重新处置');
    expect(within(box).getByText(/将退回第二村重新处置/)).toBeInTheDocument();
    await user.click(button('退回', box));
    expect(await within(box).findByText('请填写退回原因')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/photo-reports/7/return')).toHaveLength(0);

    await user.type(within(box).getByLabelText('退回原因'), '照片只拍了近景，请补拍全景');
    await user.click(button('退回', box));
    expect(await screen.findByText(`已退回第二村：${ANSWERED}`)).toBeInTheDocument();
    expect(JSON.parse(await callsTo(calls, 'POST', '/photo-reports/7/return')[0].body)).toEqual({ reason: '照片只拍了近景，请补拍全景' });
    await waitFor(() => expect(within(drawer).getByText('退回原因')).toBeInTheDocument());
    expect(within(drawer).getByText('照片只拍了近景，请补拍全景', { selector: '.people-answer p' })).toBeInTheDocument();
    // Back with the village: it is open again, so it may be re-dispatched or taken back.
    expect(button('改派', drawer)).toBeInTheDocument();
  });

  test('转派到村 hands a pending report to the chosen village; 撤回 takes it back after a confirmation', async () => {
    const { user, calls } = await openList('/peopleService/shot?id=1');
    const drawer = await drawerOf();
    await user.click(button('转派到村', drawer));
    const box = await dialog('转派随手拍');
    expect(within(box).getByText(/处置后拍照回复，由镇里审核/)).toBeInTheDocument();
    await user.click(within(box).getByRole('combobox', { name: '转派至' }));
    await user.click(await screen.findByText('第二村', { selector: '.ant-select-item-option-content' }));
    await user.type(within(box).getByLabelText('转派说明'), '请尽快处理');
    await user.click(button('转派', box));
    expect(await screen.findByText('已转派至第二村')).toBeInTheDocument();
    expect(JSON.parse(await callsTo(calls, 'POST', '/photo-reports/1/dispatch')[0].body)).toEqual({ areaId: 3, note: '请尽快处理' });
    await waitFor(() => expect(within(drawer).getByText('已转派 · 第二村')).toBeInTheDocument());

    await user.click(button('撤回', drawer));
    const confirm = await dialog(`撤回「${REPORTS.pending}」？`);
    await user.click(button('撤回', confirm));
    await waitFor(() => expect(callsTo(calls, 'POST', '/photo-reports/1/recall')).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryByText('已转派 · 第二村')).not.toBeInTheDocument());
  });
});
