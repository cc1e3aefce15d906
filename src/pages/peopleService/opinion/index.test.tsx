/**
 * 舆情监测 inside the real app against the mock server (mock/peopleDb.ts): the list with its tags,
 * tabs and URL, the item form, 处置 / 重新监测 / 删除, the watch keywords and the trend chart.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { http } from 'msw';
import { charts as mockCharts } from '@mock/echarts';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { PEOPLE_MESSAGES } from '@common/constants';
import { api, apiError, ok } from '@mock/http';
import { OPINIONS, peopleDb, resetPeopleDb } from '@mock/peopleDb';
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
  mockCharts.length = 0;
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const PATH = '/peopleService/opinion';

const tagIn = (row: HTMLElement, text: string) => within(row).getByText(text, { selector: '.ant-tag' });

async function popconfirm(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-popconfirm-title' });
  return heading.closest('.ant-popconfirm') as HTMLElement;
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const keywordPanel = () => screen.getByText('监测关键词', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

async function openList(path = PATH, first: string = OPINIONS.web) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText(first, { selector: 'td *' }, { timeout: 30000 });
  return { ...app, calls };
}

test('the list shows sentiment and level as coloured tags, the source record and the link; a tab filters into the URL', async () => {
  const { user, calls, location } = await openList();

  const web = rowOf(OPINIONS.web);
  expect(tagIn(web, '负面')).toHaveClass('ant-tag-red');
  expect(tagIn(web, '重要')).toHaveClass('ant-tag-orange');
  expect(within(web).getByRole('link', { name: '打开原文链接' })).toHaveAttribute('href', 'https://bbs.example.com/thread/10086');
  expect(within(web).getByText('网络')).toBeInTheDocument();
  expect(within(web).getByText('镇社区')).toBeInTheDocument();

  // Made by the keyword watch from a photo report: the keyword and a way to the report.
  const auto = rowOf(OPINIONS.fromReport);
  expect(tagIn(auto, '紧急')).toHaveClass('ant-tag-red');
  expect(tagIn(auto, '漏水')).toBeInTheDocument();
  expect(within(auto).getByRole('link', { name: '查看随手拍 #1' })).toHaveAttribute('href', '/peopleService/shot?id=1');
  expect(within(auto).getByText('系统')).toBeInTheDocument();
  expect(within(auto).queryByRole('link', { name: '打开原文链接' })).not.toBeInTheDocument();
  expect(within(rowOf('垃圾清运不及时，垃圾桶满溢')).getByRole('link', { name: '查看群众诉求 #2' })).toHaveAttribute(
    'href',
    '/peopleService/appeal?id=2',
  );

  const praise = rowOf(OPINIONS.praise);
  expect(tagIn(praise, '正面')).toHaveClass('ant-tag-green');
  expect(tagIn(praise, '一般')).not.toHaveClass('ant-tag-red');
  expect(tagIn(rowOf('走访了解到部分老人对医保报销流程不熟悉'), '中性')).not.toHaveClass('ant-tag-red', 'ant-tag-green');

  await user.click(tab('已处置'));
  await waitFor(() => expect(location()).toBe(`${PATH}?status=handled`));
  await waitFor(() => expect(screen.queryByText(OPINIONS.web, { selector: 'td *' })).not.toBeInTheDocument());
  expect(rowOf(OPINIONS.handled)).toBeInTheDocument();
  expect(rowOf(OPINIONS.praise)).toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/opinions').at(-1)!.url.searchParams.get('status')).toBe('handled');

  // Back returns to every item.
  act(() => history.back());
  await waitFor(() => expect(location()).toBe(PATH));
  expect(await screen.findByText(OPINIONS.web, { selector: 'td *' })).toBeInTheDocument();
  expect(tab('全部')).toHaveAttribute('aria-selected', 'true');
});

test('a deep link with filters fills the form and asks the server for just those items', async () => {
  setPagePath(`${PATH}?status=monitoring&sentiment=negative&keyword=漏水`);
  const { calls } = await openList(
    `${PATH}?status=monitoring&sentiment=negative&keyword=${encodeURIComponent('漏水')}`,
    OPINIONS.fromReport,
  );

  expect(screen.queryByText(OPINIONS.web, { selector: 'td *' })).not.toBeInTheDocument();
  const sent = callsTo(calls, 'GET', '/opinions').at(-1)!.url.searchParams;
  expect([sent.get('status'), sent.get('sentiment'), sent.get('keyword')]).toEqual(['monitoring', 'negative', '漏水']);
  expect(screen.getByPlaceholderText('标题、摘要或监测关键词')).toHaveValue('漏水');
  expect(tab('监测中')).toHaveAttribute('aria-selected', 'true');
});

test('新增舆情 checks the fields as they are typed, offers only the manual sources, and keeps the text on a server error', async () => {
  const { user, calls } = await openList();

  await user.click(button('新增舆情'));
  const box = await dialog('新增舆情');
  expect(within(box).getByLabelText('网络')).toBeChecked();
  expect(within(box).getByLabelText('电话')).toBeInTheDocument();
  expect(within(box).getByLabelText('走访')).toBeInTheDocument();
  expect(within(box).queryByLabelText('群众诉求')).not.toBeInTheDocument();
  expect(within(box).queryByLabelText('随手拍')).not.toBeInTheDocument();

  await user.click(button('保存', box));
  expect(await within(box).findByText('请输入标题')).toBeInTheDocument();
  const title = within(box).getByLabelText('标题');
  await user.type(title, '网传第三村河道有人偷排污水');
  await waitFor(() => expect(within(box).queryByText('请输入标题')).not.toBeInTheDocument());

  const link = within(box).getByLabelText('原文链接');
  await user.type(link, 'weibo.com/123');
  expect(await within(box).findByText('请输入以 http:// 或 https:// 开头的链接')).toBeInTheDocument();
  await user.clear(link);
  await user.type(link, 'https://weibo.com/123');
  await waitFor(() => expect(within(box).queryByText('请输入以 http:// 或 https:// 开头的链接')).not.toBeInTheDocument());
  await user.click(within(box).getByLabelText('负面'));
  await user.click(within(box).getByLabelText('紧急'));
  await user.click(within(box).getByLabelText('电话'));
  expect(callsTo(calls, 'POST', '/opinions')).toHaveLength(0);

  // The server refuses the title: its reason goes under the field and nothing typed is lost.
  server.use(
    http.post(api('/opinions'), () =>
      apiError(400, '标题：包含不允许的内容', [{ field: 'title', label: '标题', message: '包含不允许的内容' }]),
    ),
  );
  await user.click(button('保存', box));
  expect(await within(box).findByText('包含不允许的内容', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(title).toHaveValue('网传第三村河道有人偷排污水');
  expect(link).toHaveValue('https://weibo.com/123');

  server.use(...peopleHandlers);
  await user.type(title, '（待核实）');
  await user.click(button('保存', box));
  expect(await screen.findByText('已新增舆情：网传第三村河道有人偷排污水（待核实）')).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/opinions').at(-1)!.body)).toEqual({
    source: 2,
    title: '网传第三村河道有人偷排污水（待核实）',
    summary: '',
    link: 'https://weibo.com/123',
    sentiment: 'negative',
    level: 3,
    area: null,
  });
  const row = await waitFor(() => rowOf('网传第三村河道有人偷排污水（待核实）'));
  expect(within(row).getByText('全镇')).toBeInTheDocument();
  expect(within(row).getByText('监测中')).toBeInTheDocument();
  // The trend counts the new item too.
  await waitFor(() => expect(callsTo(calls, 'GET', '/opinions/trend').length).toBeGreaterThan(1));
});

test('编辑 fills the form with the item and saves the changes; an automatic item keeps its source', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(OPINIONS.web)).getByText('编辑'));
  const box = await dialog('编辑舆情');
  expect(within(box).getByLabelText('标题')).toHaveValue(OPINIONS.web);
  expect(within(box).getByLabelText('原文链接')).toHaveValue('https://bbs.example.com/thread/10086');
  expect(within(box).getByLabelText('负面')).toBeChecked();
  expect(within(box).getByLabelText('重要')).toBeChecked();

  await user.click(within(box).getByLabelText('中性'));
  await user.click(within(box).getByLabelText('一般'));
  await user.click(button('保存', box));
  expect(await screen.findByText(`已保存舆情：${OPINIONS.web}`)).toBeInTheDocument();
  const body = JSON.parse(await callsTo(calls, 'PUT', '/opinions/1')[0].body);
  expect(body).toMatchObject({ source: 1, title: OPINIONS.web, sentiment: 'neutral', level: 1, area: 1 });
  await waitFor(() => expect(tagIn(rowOf(OPINIONS.web), '中性')).toBeInTheDocument());

  await user.click(within(rowOf(OPINIONS.fromReport)).getByText('编辑'));
  const auto = await dialog('编辑舆情');
  expect(within(auto).getByLabelText('随手拍')).toBeDisabled();
  expect(within(auto).queryByLabelText('网络')).not.toBeInTheDocument();
  expect(within(auto).getByText(/由监测关键词「漏水」从随手拍自动生成/)).toBeInTheDocument();
});

test('标为已处置 and 重新监测 move the item between the tabs', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(OPINIONS.web)).getByText('标为已处置'));
  expect(await screen.findByText(`已标为已处置：${OPINIONS.web}`)).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/opinions/1/handle')).toHaveLength(1);
  await waitFor(() => expect(within(rowOf(OPINIONS.web)).getByText('重新监测')).toBeInTheDocument());
  expect(within(rowOf(OPINIONS.web)).getByText('已处置')).toBeInTheDocument();

  await user.click(within(rowOf(OPINIONS.handled)).getByText('重新监测'));
  expect(await screen.findByText(`已重新监测：${OPINIONS.handled}`)).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/opinions/4/reopen')).toHaveLength(1);
  await waitFor(() => expect(within(rowOf(OPINIONS.handled)).getByText('标为已处置')).toBeInTheDocument());
  expect(peopleDb.opinions.find((o) => o.id === 4)!.status).toBe('monitoring');
});

test('删除 asks first; only after the confirmation the item is gone', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf(OPINIONS.praise)).getByText('删除'));
  let confirm = await popconfirm(`删除舆情「${OPINIONS.praise}」？`);
  expect(within(confirm).getByText(/删除后不能恢复/)).toBeInTheDocument();
  await user.click(button('取消', confirm));
  expect(callsTo(calls, 'DELETE', '/opinions/3')).toHaveLength(0);
  expect(rowOf(OPINIONS.praise)).toBeInTheDocument();

  await user.click(within(rowOf(OPINIONS.praise)).getByText('删除'));
  confirm = await popconfirm(`删除舆情「${OPINIONS.praise}」？`);
  await user.click(button('删除', confirm));
  expect(await screen.findByText(`已删除舆情：${OPINIONS.praise}`)).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/opinions/3')).toHaveLength(1);
  await waitFor(() => expect(screen.queryByText(OPINIONS.praise, { selector: 'td *' })).not.toBeInTheDocument());
});

test('a watch keyword is checked as it is typed; a duplicate is refused by the server on the field; a new one is listed', async () => {
  const { user, calls } = await openList();
  const panel = keywordPanel();
  expect(await within(panel).findAllByText('已生成 1 条舆情')).toHaveLength(2);
  expect(within(panel).getAllByText('已生成 0 条舆情')).toHaveLength(2);
  expect(within(panel).getAllByText(/张三 添加于/)).toHaveLength(4);

  const field = within(panel).getByLabelText('新的监测关键词');
  await user.click(button('添加', panel));
  expect(await within(panel).findByText('请输入关键词')).toBeInTheDocument();
  await user.type(field, '一二三四五六七八九十一二三四五六七八九十一');
  expect(await within(panel).findByText('关键词不能超过20个字')).toBeInTheDocument();
  await user.clear(field);

  await user.type(field, '塌方');
  await waitFor(() => expect(within(panel).queryByText('请输入关键词')).not.toBeInTheDocument());
  await user.click(button('添加', panel));
  expect(await within(panel).findByText(PEOPLE_MESSAGES.keywordTaken, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(field).toHaveValue('塌方');

  await user.clear(field);
  await user.type(field, '滑坡');
  await user.click(button('添加', panel));
  expect(await screen.findByText('已添加监测关键词「滑坡」')).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/opinion-keywords').at(-1)!.body)).toEqual({ keyword: '滑坡' });
  expect(await within(panel).findByText('滑坡', { selector: '.ant-tag' })).toBeInTheDocument();
  expect(within(panel).getByLabelText('新的监测关键词')).toHaveValue('');
});

test('deleting a watch keyword asks first and says the items it made stay', async () => {
  const { user, calls } = await openList();
  const panel = keywordPanel();
  const item = (await within(panel).findByText('漏水', { selector: '.ant-tag' })).closest('.ant-list-item') as HTMLElement;

  await user.click(within(item).getByText('删除'));
  const confirm = await popconfirm('删除监测关键词「漏水」？');
  expect(within(confirm).getByText('之后不再据此自动生成舆情；已由它生成的舆情（1 条）会保留。')).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/opinion-keywords/1')).toHaveLength(0);

  await user.click(button('删除', confirm));
  expect(await screen.findByText('已删除监测关键词「漏水」')).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/opinion-keywords/1')).toHaveLength(1);
  await waitFor(() => expect(within(panel).queryByText('漏水', { selector: '.ant-tag' })).not.toBeInTheDocument());
  // The item it made is still in the list.
  expect(rowOf(OPINIONS.fromReport)).toBeInTheDocument();
});

/** One day of GET /api/opinions/trend (OpinionTrendDay; a type import breaks the jest.mock hoisting here). */
interface TrendDay {
  date: string;
  positive: number;
  neutral: number;
  negative: number;
}

/** 30 days, today last, with the given counts on some of them. */
function trendDays(counts: Record<number, Partial<Omit<TrendDay, 'date'>>> = {}): TrendDay[] {
  return Array.from({ length: 30 }, (_, i) => ({
    date: `2024-05-${String(i + 1).padStart(2, '0')}`,
    positive: 0,
    neutral: 0,
    negative: 0,
    ...counts[i],
  }));
}

test('the trend draws one stacked bar per day with 负面, 中性 and 正面 series', async () => {
  const days = trendDays({ 0: { positive: 2 }, 10: { neutral: 1, negative: 3 }, 29: { negative: 1, positive: 1 } });
  server.use(http.get(api('/opinions/trend'), () => ok({ days })));
  const { unmount } = await openList();

  await screen.findByRole('img', { name: '近30天每天正面、中性、负面舆情数量柱状图' });
  await waitFor(() => expect(mockCharts.at(-1)?.options.length).toBeGreaterThan(0));
  const option = mockCharts.at(-1)!.options.at(-1) as {
    xAxis: { data: string[] };
    series: Array<{ name: string; type: string; stack: string; data: number[] }>;
  };
  expect(option.xAxis.data).toHaveLength(30);
  expect(option.xAxis.data[0]).toBe('05-01');
  expect(option.series.map((s) => [s.name, s.type, s.stack])).toEqual([
    ['负面', 'bar', 'total'],
    ['中性', 'bar', 'total'],
    ['正面', 'bar', 'total'],
  ]);
  expect(option.series[0].data).toEqual(days.map((d) => d.negative));
  expect(option.series[1].data).toEqual(days.map((d) => d.neutral));
  expect(option.series[2].data).toEqual(days.map((d) => d.positive));
  expect(screen.getByText('正面 3')).toBeInTheDocument();
  expect(screen.getByText('中性 1')).toBeInTheDocument();
  expect(screen.getByText('负面 4')).toBeInTheDocument();
  // One chart, given its option once, and let go of when the page goes.
  expect(mockCharts).toHaveLength(1);
  unmount();
  expect(mockCharts[0].disposed).toBe(true);
});

test('the trend says so when the last 30 days hold no items; the trend and the keywords offer a retry when they fail', async () => {
  server.use(http.get(api('/opinions/trend'), () => ok({ days: trendDays() })));
  const { unmount } = await openList();

  expect(await screen.findByText(/近30天没有舆情记录/)).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /舆情数量柱状图/ })).not.toBeInTheDocument();
  expect(mockCharts).toHaveLength(0);
  unmount();

  server.use(
    http.get(api('/opinions/trend'), () => apiError(500, '服务器开小差了')),
    http.get(api('/opinion-keywords'), () => apiError(500, '服务器开小差了')),
  );
  const { user } = await openList();
  expect(await screen.findByText('舆情趋势加载失败')).toBeInTheDocument();
  expect(await within(keywordPanel()).findByText('关键词加载失败')).toBeInTheDocument();
  server.use(http.get(api('/opinions/trend'), () => ok({ days: trendDays({ 3: { negative: 2 } }) })));
  await user.click(button('重试', screen.getByText('舆情趋势加载失败').closest('.ant-card') as HTMLElement));
  expect(await screen.findByRole('img', { name: /舆情数量柱状图/ })).toBeInTheDocument();
  expect(screen.getByText('负面 2')).toBeInTheDocument();
});
