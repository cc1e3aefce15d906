/**
 * 导出Excel on every admin list (mock server: mock/http.ts exportHandler): the button sends the
 * filters the list shows, says when the file is saved, and says why when it is not.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { resetContentDb } from '@mock/contentDb';
import { api, apiError, ok } from '@mock/http';
import { resetPeopleDb } from '@mock/peopleDb';
import { contentHandlers, peopleHandlers, taskHandlers } from '@mock/scenarios';
import { resetTaskDb, taskDetail } from '@mock/taskDb';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import AntdProviders from '@/components/AntdProviders';
import AreaTable from './taskManage/complete/components/AreaTable';
import PeopleDrawer from './taskManage/complete/components/PeopleDrawer';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers, ...contentHandlers, ...peopleHandlers);
  resetTaskDb();
  resetContentDb();
  resetPeopleDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  // jsdom cannot save files: the download link is clicked into nothing.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const exportButton = async (scope: HTMLElement = document.body) =>
  (await within(scope).findByText(/^导\s?出\s?E\s?x\s?c\s?e\s?l$/, { selector: 'button, button *' }, { timeout: 30000 })).closest(
    'button',
  ) as HTMLButtonElement;

const LISTS = [
  { path: '/taskManage/list?status=published', api: '/tasks/export', file: '任务列表.xlsx', sent: { status: 'published' } },
  { path: '/taskManage/audit?status=pending', api: '/submissions/export', file: '任务提交记录.xlsx', sent: { status: 'pending' } },
  { path: '/newsManage/list?status=published', api: '/news/export', file: '新闻列表.xlsx', sent: { status: 'published' } },
  { path: '/userManage/list?status=active', api: '/users/export', file: '用户列表.xlsx', sent: { status: 'active' } },
  {
    path: '/peopleService/shot?status=pending&area=3',
    api: '/photo-reports/export',
    file: '随手拍.xlsx',
    sent: { status: 'pending', area: '3' },
  },
  { path: '/peopleService/opinion?status=monitoring', api: '/opinions/export', file: '舆情监测.xlsx', sent: { status: 'monitoring' } },
];

test.each(LISTS)('$path: 导出Excel sends the filters shown, without paging', async ({ path, api: exportPath, file, sent }) => {
  setPagePath(path);
  const calls = recordRequests();
  const { user } = renderApp(path);
  await exportButton();
  // The list has loaded with its filters before the export is asked for (the toolbar renders anew then).
  await waitFor(
    () =>
      expect(
        calls.some(
          (c) =>
            c.method === 'GET' &&
            !c.url.pathname.endsWith('/export') &&
            Object.entries(sent).every(([key, value]) => c.url.searchParams.get(key) === value),
        ),
      ).toBe(true),
    { timeout: 30000 },
  );
  await waitFor(() => expect(document.querySelector('.ant-table-tbody .ant-table-row, .ant-table-placeholder')).not.toBeNull());
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  await user.click(await exportButton());
  expect(await screen.findByText(`已导出：${file}`)).toBeInTheDocument();
  const query = callsTo(calls, 'GET', exportPath)[0].url.searchParams;
  for (const [key, value] of Object.entries(sent)) expect([key, query.get(key)]).toEqual([key, value]);
  expect(query.get('current')).toBeNull();
  expect(query.get('pageSize')).toBeNull();
});

test('a failed export says why and the button can be pressed again', async () => {
  server.use(http.get(api('/users/export'), () => apiError(503, '数据库暂时不可用，请稍后重试')));
  setPagePath('/userManage/list');
  const { user } = renderApp('/userManage/list');
  const button = await exportButton();
  await user.click(button);
  expect(await screen.findByText('导出失败：数据库暂时不可用，请稍后重试')).toBeInTheDocument();
  await waitFor(() => expect(button).toBeEnabled());
});

test('完成情况: the people drawer exports its task under the drawer’s filters', async () => {
  server.use(http.get(api('/tasks/:id/completion/people'), () => ok({ list: [], total: 0, current: 1, pageSize: 10 })));
  const calls = recordRequests();
  const user = userEvent.setup();
  render(
    <AntdProviders>
      <PeopleDrawer open taskId={7} title="完成情况" state="not_submitted" onStateChange={() => undefined} onClose={() => undefined} />
    </AntdProviders>,
  );
  expect(await screen.findByText('所有人员都已提交')).toBeInTheDocument();
  await user.click(await exportButton());
  expect(await screen.findByText('已导出：完成情况.xlsx')).toBeInTheDocument();
  const query = callsTo(calls, 'GET', '/tasks/7/completion/export')[0].url.searchParams;
  expect(query.get('state')).toBe('not_submitted');
  expect(query.get('area')).toBeNull();
});

test('完成情况: the per-area table exports itself for its task', async () => {
  const calls = recordRequests();
  const user = userEvent.setup();
  const area = { area: 2, areaName: '第一村', targeted: 4, submitted: 3, approved: 2, rate: 0.5, values: [] };
  const completion = {
    task: taskDetail({ id: 7, title: '村庄环境整治', status: 'published' }),
    fields: [],
    areas: [area],
    total: { targeted: 4, submitted: 3, approved: 2, rate: 0.5, values: [] },
  };
  render(
    <AntdProviders>
      <AreaTable completion={completion} onOpen={() => undefined} />
    </AntdProviders>,
  );
  const card = (await screen.findByText('各区域完成情况')).closest('.ant-card') as HTMLElement;
  await user.click(await exportButton(card));
  expect(await screen.findByText('已导出：各区域完成情况.xlsx')).toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/tasks/7/completion/areas/export')).toHaveLength(1);
});
