/**
 * The duplicate and capture-time check (ADR 0027) on 任务审核, against the mock server
 * (mock/tasks.ts): 王村干's first photo is 陈委员's earlier one sent again, the second predates the
 * task; 刘网格's have no capture time and match a report of another village. Hints only: the row's
 * 通过 and 驳回 stay as they are.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb } from '@mock/taskDb';
import { rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

async function openQueue(path = '/taskManage/audit') {
  const app = renderApp(path);
  // The queue's row (a drawer opened by the address may name the same person).
  await screen.findByText('王村干', { selector: '.ant-table-row *' }, { timeout: 30000 });
  return app;
}

test('a re-sent photo and an old one are tagged under their thumbnails; the row can still be approved', async () => {
  const { user } = await openQueue();
  const row = rowOf('王村干');
  const duplicate = within(row).getByRole('button', { name: '第1张照片疑似重复，查看详情' });
  expect(duplicate).toHaveTextContent('疑似重复');
  expect(within(row).getByRole('button', { name: '第2张照片拍摄过早，拍摄于任务发布之前，查看详情' })).toHaveTextContent('拍摄过早');
  // 陈委员's photos have nothing to say.
  expect(within(row).getAllByRole('button', { name: /疑似重复|拍摄/ })).toHaveLength(2);
  expect(within(row).getByText('通过')).toBeInTheDocument();

  await user.click(duplicate);
  const link = await screen.findByRole('link', { name: '陈委员提交的「春季人居环境整治」' });
  expect(link.closest('li')).toHaveTextContent(/与陈委员提交的「春季人居环境整治」的照片几乎相同/);
  expect(link.closest('li')).toHaveTextContent(/相似度 97%/);
  expect(screen.getByText('仅供参考，是否采用由审核人判断。')).toBeInTheDocument();

  await user.click(within(row).getByRole('button', { name: /第2张照片拍摄过早，拍摄于任务发布之前/ }));
  expect(await screen.findByText(/拍摄于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（上传前 45 天）/)).toBeInTheDocument();
});

test('a record the reviewer may not open is named without a link; a photo without a capture time says so', async () => {
  const { user } = await openQueue();
  const row = rowOf('刘网格');
  await user.click(within(row).getByRole('button', { name: '第1张照片疑似重复，查看详情' }));
  const item = (await screen.findByText('另一村的提交')).closest('li') as HTMLElement;
  expect(item).toHaveTextContent('无权查看该记录');
  expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: /拍摄/ })).not.toBeInTheDocument();

  await user.hover(within(row).getByAltText('刘网格提交的第2张图片'));
  expect(await screen.findByText('无拍摄时间：照片未带拍摄时间信息')).toBeInTheDocument();
});

test('the link opens the earlier submission in a drawer with its photos; closing it keeps the queue', async () => {
  const { user, location } = await openQueue();
  await user.click(within(rowOf('王村干')).getByRole('button', { name: '第1张照片疑似重复，查看详情' }));
  await user.click(await screen.findByRole('link', { name: '陈委员提交的「春季人居环境整治」' }));

  const drawer = (await screen.findByRole('article', { name: '提交详情' })).closest('.ant-drawer') as HTMLElement;
  expect(location()).toBe('/taskManage/audit?submission=3');
  expect(within(drawer).getByText('提交详情 #3')).toBeInTheDocument();
  expect(within(drawer).getByText('陈委员')).toBeInTheDocument();
  expect(within(drawer).getByText('已通过')).toBeInTheDocument();
  expect(within(drawer).getAllByAltText(/陈委员提交的第\d张图片/)).toHaveLength(2);
  // Each photo's capture time under it; nothing to warn about.
  expect(within(drawer).getAllByLabelText('拍摄时间')).toHaveLength(2);
  expect(within(drawer).queryByText(/照片提示/)).not.toBeInTheDocument();

  await user.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
  await waitFor(() => expect(location()).toBe('/taskManage/audit'));
  expect(rowOf('王村干')).toBeInTheDocument();
});

test('a shared address opens the drawer with the findings spelled out; an unknown one says it failed', async () => {
  await openQueue('/taskManage/audit?submission=1');
  const drawer = (await screen.findByRole('article', { name: '提交详情' })).closest('.ant-drawer') as HTMLElement;
  const findings = within(drawer).getByRole('alert');
  expect(findings).toHaveTextContent('照片提示（仅供参考，是否采用由审核人判断）');
  expect(findings).toHaveTextContent('第1张疑似重复：与陈委员提交的「春季人居环境整治」的照片几乎相同');
  expect(findings).toHaveTextContent(/第2张拍摄于任务发布之前：拍摄于 .*（上传前 45 天）/);
  expect(within(findings).getByRole('link', { name: '陈委员提交的「春季人居环境整治」' })).toHaveAttribute(
    'href',
    '/taskManage/audit?submission=3',
  );
});

test('an address naming a submission that is not there says so and offers a retry', async () => {
  renderApp('/taskManage/audit?submission=999');
  expect(await screen.findByText('提交记录加载失败', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('提交记录不存在')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
});
