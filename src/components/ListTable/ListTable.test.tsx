/**
 * ListTable (ProTable) against a small msw list of 25 villages' reports: the search form reaches the query,
 * 重置 clears it, the address bar keeps the filters and the page (through src/utils/urlForm.ts),
 * paging and sorting reach `request`, 列设置 is remembered, 表格密度 changes the rows, and 刷新 stays on the page.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MutableRefObject } from 'react';
import type { PageResult } from '@common/contracts/base';
import type { ApiBody } from '@/utils/requestConfig';
import { compact, sortParams, toTableResult } from '@/utils/table';
import { periodBounds, rangeTransform, urlFormSync } from '@/utils/urlForm';
import type { SortOrder } from 'antd/es/table/interface';
import ListTable, { type ActionType, type ProColumns } from '.';
import { button } from '@mock/testKit';

interface Report {
  id: number;
  title: string;
  area: number;
  status: 'open' | 'done';
  day: string;
}

const AREAS = [
  { value: 1, label: '第一村' },
  { value: 2, label: '第二村' },
];

const REPORTS: Report[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  title: `报告${String(i + 1).padStart(2, '0')}`,
  area: (i % 2) + 1,
  status: i % 3 ? 'open' : 'done',
  day: `2024-01-${String(i + 1).padStart(2, '0')}`,
}));

/** Every query the table sent, as the server saw it. */
const queries: URLSearchParams[] = [];

const server = setupServer(
  http.get('http://localhost/api/reports', ({ request }) => {
    const q = new URL(request.url).searchParams;
    queries.push(q);
    let list = REPORTS.filter(
      (r) =>
        (!q.get('title') || r.title.includes(q.get('title') as string)) &&
        (!q.get('area') || r.area === Number(q.get('area'))) &&
        (!q.get('status') || r.status === q.get('status')) &&
        (!q.get('from') || r.day >= (q.get('from') as string).slice(0, 10)) &&
        (!q.get('to') || r.day <= (q.get('to') as string).slice(0, 10)),
    );
    if (q.get('sortField') === 'day')
      list = [...list].sort((a, b) => a.day.localeCompare(b.day) * (q.get('sortOrder') === 'descend' ? -1 : 1));
    const current = Number(q.get('current'));
    const pageSize = Number(q.get('pageSize'));
    return HttpResponse.json({ code: 200, data: { list: list.slice((current - 1) * pageSize, current * pageSize), total: list.length } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const lastQuery = () => queries[queries.length - 1];

interface Filters {
  title?: string;
  area?: number;
  status?: string;
  from?: string;
  to?: string;
}

async function fetchReports(params: Filters & { current?: number; pageSize?: number }, sort: Record<string, SortOrder>) {
  const query = compact({
    current: params.current,
    pageSize: params.pageSize,
    title: params.title,
    area: params.area,
    status: params.status,
    ...periodBounds(params.from, params.to),
    ...sortParams(sort, ['day'] as const),
  });
  const url = new URL('/api/reports', 'http://localhost');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return toTableResult(fetch(url).then((res) => res.json() as Promise<ApiBody<PageResult<Report>>>));
}

const columns: ProColumns<Report>[] = [
  { title: '标题', dataIndex: 'title', width: 120, fieldProps: { placeholder: '标题中的文字' } },
  {
    title: '区域',
    dataIndex: 'area',
    valueType: 'select',
    fieldProps: { options: AREAS },
    width: 100,
    render: (_, r) => AREAS[r.area - 1].label,
  },
  {
    title: '状态',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: { open: { text: '处理中', status: 'Processing' }, done: { text: '已办结', status: 'Success' } },
    initialValue: 'open',
    width: 100,
  },
  { title: '日期', dataIndex: 'day', search: false, sorter: true, width: 120 },
  { title: '日期', dataIndex: 'period', valueType: 'dateRange', hideInTable: true, search: { transform: rangeTransform('from', 'to') } },
];

function renderTable(actionRef?: MutableRefObject<ActionType | undefined>, size?: 'middle') {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <ConfigProvider locale={zhCN}>
      <ListTable<Report, Filters>
        rowKey="id"
        headerTitle="报告"
        columns={columns}
        actionRef={actionRef}
        form={{ syncToUrl: urlFormSync({ numbers: ['area'], ranges: { period: ['from', 'to'] } }) }}
        search={{ defaultCollapsed: false }}
        pagination={{ defaultPageSize: 5 }}
        columnsState={{ persistenceKey: 'test-reports', persistenceType: 'localStorage' }}
        request={fetchReports}
        size={size}
      />
    </ConfigProvider>,
  );
  return { ...view, user };
}

const titles = () => Array.from(document.querySelectorAll('tbody tr.ant-table-row td:first-child'), (td) => td.textContent);

test('the first load takes the fields’ initial values; 查询 sends the form, 重置 brings the initial values back', async () => {
  const { user } = renderTable();
  await waitFor(() => expect(titles()).toEqual(['报告02', '报告03', '报告05', '报告06', '报告08']));
  expect(lastQuery().get('status')).toBe('open');
  // The status shows as a coloured dot with its text.
  expect(within(screen.getAllByRole('row')[1]).getByText('处理中').previousElementSibling).toHaveClass('ant-badge-status-processing');

  await user.type(screen.getByLabelText('标题'), '报告1');
  await user.click(button('查询'));
  await waitFor(() => expect(titles()).toEqual(['报告11', '报告12', '报告14', '报告15', '报告17']));
  expect([lastQuery().get('title'), lastQuery().get('status'), lastQuery().get('current')]).toEqual(['报告1', 'open', '1']);

  await user.click(button('重置'));
  await waitFor(() => expect(lastQuery().get('title')).toBeNull());
  expect(screen.getByLabelText('标题')).toHaveValue('');
  expect(lastQuery().get('status')).toBe('open');
  expect(screen.getByTitle('处理中')).toHaveClass('ant-select-selection-item');
});

test('the address bar keeps filters, numbers, a date range and the page; a fresh table starts from it', async () => {
  window.history.replaceState(null, '', '/reports?area=2&from=2024-01-01&to=2024-01-20&status=done&current=1&pageSize=5');
  const first = renderTable();
  await waitFor(() => expect(titles()).toEqual(['报告04', '报告10', '报告16']));
  expect([lastQuery().get('area'), lastQuery().get('status')]).toEqual(['2', 'done']);
  // The township's whole days (UTC+8) of the period.
  expect([lastQuery().get('from'), lastQuery().get('to')]).toEqual(['2023-12-31T16:00:00.000Z', '2024-01-20T15:59:59.999Z']);
  // The number came back as a number: the select names its choice.
  expect(screen.getByTitle('第二村')).toBeInTheDocument();
  expect(await screen.findByDisplayValue('2024-01-01')).toBeInTheDocument();
  expect(screen.getByDisplayValue('2024-01-20')).toBeInTheDocument();

  // Another search: the address follows (the period's two keys stay, the title joins).
  await first.user.type(screen.getByLabelText('标题'), '报告1');
  await first.user.click(button('查询'));
  await waitFor(() => expect(titles()).toEqual(['报告10', '报告16']));
  const address = new URLSearchParams(window.location.search);
  expect(Object.fromEntries(address)).toEqual({
    area: '2',
    from: '2024-01-01',
    to: '2024-01-20',
    status: 'done',
    title: '报告1',
    current: '1',
    pageSize: '5',
  });
  first.unmount();

  // A reload starts from the address.
  queries.length = 0;
  renderTable();
  await waitFor(() => expect(titles()).toEqual(['报告10', '报告16']));
  expect(queries[0].get('title')).toBe('报告1');
  expect(screen.getByLabelText('标题')).toHaveValue('报告1');
});

test('重置 takes a date range’s keys out of the address bar; keys the table never wrote stay', async () => {
  window.history.replaceState(null, '', '/reports?from=2024-01-01&to=2024-01-05&keep=1');
  const { user } = renderTable();
  await waitFor(() => expect(titles()).toEqual(['报告02', '报告03', '报告05']));
  await waitFor(() => expect(window.location.search).toContain('pageSize=5'));
  await user.click(button('重置'));
  await waitFor(() => expect(titles()).toHaveLength(5));
  const address = new URLSearchParams(window.location.search);
  expect([address.get('from'), address.get('to'), address.get('status')]).toEqual([null, null, 'open']);
  // A key the table never wrote stays.
  expect(address.get('keep')).toBe('1');
});

test('列设置 hides a column, the choice is kept in this browser, and 重置 shows it again', async () => {
  const first = renderTable();
  await waitFor(() => expect(titles()).toHaveLength(5));
  const headers = () => Array.from(document.querySelectorAll('thead th'), (th) => th.textContent);
  expect(headers()).toEqual(['标题', '区域', '状态', '日期']);

  await first.user.click(screen.getByRole('button', { name: '列设置' }));
  const panel = (await screen.findByText('列展示')).closest('.ant-popover') as HTMLElement;
  const node = within(panel).getByText('区域').closest('.ant-tree-treenode') as HTMLElement;
  await first.user.click(node.querySelector('.ant-tree-checkbox') as HTMLElement);
  await waitFor(() => expect(headers()).toEqual(['标题', '状态', '日期']));
  expect(JSON.parse(localStorage.getItem('test-reports') ?? '{}')).toMatchObject({ area: { show: false } });
  first.unmount();

  const again = renderTable();
  await waitFor(() => expect(titles()).toHaveLength(5));
  expect(headers()).toEqual(['标题', '状态', '日期']);
  await again.user.click(screen.getByRole('button', { name: '列设置' }));
  await again.user.click(await screen.findByText('重置', { selector: '.ant-popover a' }));
  await waitFor(() => expect(headers()).toEqual(['标题', '区域', '状态', '日期']));
});

test('表格密度 changes the rows from the size the page starts with', async () => {
  const { user } = renderTable(undefined, 'middle');
  await waitFor(() => expect(titles()).toHaveLength(5));
  expect(document.querySelector('.ant-table')).toHaveClass('ant-table-middle');
  await user.click(screen.getByRole('button', { name: '表格密度' }));
  await user.click(await screen.findByRole('menuitem', { name: '紧凑' }));
  await waitFor(() => expect(document.querySelector('.ant-table')).toHaveClass('ant-table-small'));
});

test('paging, page size and sorting reach request; the address keeps the page; 刷新 and reload() stay on the page', async () => {
  const actionRef: MutableRefObject<ActionType | undefined> = { current: undefined };
  const { user } = renderTable(actionRef);
  await waitFor(() => expect(titles()).toHaveLength(5));
  expect(screen.getByText('共 16 条')).toBeInTheDocument();

  await user.click(screen.getByTitle('2'));
  await waitFor(() => expect(titles()).toEqual(['报告09', '报告11', '报告12', '报告14', '报告15']));
  expect(lastQuery().get('current')).toBe('2');
  expect(new URLSearchParams(window.location.search).get('current')).toBe('2');

  // Sorting keeps the page and asks the server for the order.
  await user.click(screen.getByText('日期', { selector: 'th *' }));
  await waitFor(() => expect([lastQuery().get('sortField'), lastQuery().get('sortOrder')]).toEqual(['day', 'ascend']));
  expect(lastQuery().get('current')).toBe('2');
  await user.click(screen.getByText('日期', { selector: 'th *' }));
  await waitFor(() => expect(lastQuery().get('sortOrder')).toBe('descend'));

  const before = queries.length;
  await user.click(screen.getByRole('button', { name: '刷新' }));
  await waitFor(() => expect(queries.length).toBe(before + 1));
  expect([lastQuery().get('current'), lastQuery().get('sortOrder')]).toEqual(['2', 'descend']);
  act(() => actionRef.current?.reload());
  await waitFor(() => expect(queries.length).toBe(before + 2));
  expect(lastQuery().get('current')).toBe('2');
});
