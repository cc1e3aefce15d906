/**
 * 任务列表 inside the real app against the mock server (mock/tasks.ts): a draft, a published and a
 * closed task, each with the actions of its state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb } from '@mock/taskDb';
import { button, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

async function openList() {
  const calls = recordRequests();
  const app = renderApp('/taskManage/list');
  await screen.findByText('春季人居环境整治', {}, { timeout: 30000 });
  return { ...app, calls };
}

test('each task shows its template, image rule, areas, state and the actions of that state', async () => {
  await openList();

  const draft = rowOf('秋季防火宣传（草稿）');
  expect(within(draft).getByText('草稿')).toBeInTheDocument();
  expect(within(draft).getByText('文字')).toBeInTheDocument();
  expect(within(draft).getByText('第一村')).toBeInTheDocument();
  for (const action of ['编辑', '发布', '删除']) expect(within(draft).getByText(action)).toBeInTheDocument();
  expect(within(draft).queryByText('完成情况')).not.toBeInTheDocument();

  const published = rowOf('春季人居环境整治');
  expect(within(published).getByText('进行中')).toBeInTheDocument();
  expect(within(published).getByText('文字、图片')).toBeInTheDocument();
  expect(within(published).getByText('默认3张')).toBeInTheDocument();
  expect(within(published).getByText('第一村、第二村')).toBeInTheDocument();
  expect(within(published).getByText('待审核 2')).toBeInTheDocument();
  expect(within(published).getByText('已通过 1')).toBeInTheDocument();
  expect(within(published).getByText('完成情况')).toBeInTheDocument();
  expect(within(published).getByText('关闭')).toBeInTheDocument();

  const closed = rowOf('低保户走访核查');
  expect(within(closed).getByText('已关闭')).toBeInTheDocument();
  expect(within(closed).getByText('完成情况')).toBeInTheDocument();
  expect(within(closed).queryByText('关闭')).not.toBeInTheDocument();
});

test('关闭 asks first, then closes the task and refreshes the row', async () => {
  const { user, calls } = await openList();

  await user.click(within(rowOf('春季人居环境整治')).getByText('关闭'));
  const [title] = await screen.findAllByText('关闭任务「春季人居环境整治」？');
  expect(callsTo(calls, 'POST', '/tasks/11/close')).toHaveLength(0);
  await user.click(button('关闭任务', title.closest('.ant-modal') as HTMLElement));

  expect(await screen.findByText('任务已关闭：春季人居环境整治')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/tasks/11/close')).toHaveLength(1);
  await waitFor(() => expect(within(rowOf('春季人居环境整治')).getByText('已关闭')).toBeInTheDocument());
});

test('编辑 opens the draft in the create form', async () => {
  const { user, location } = await openList();

  await user.click(within(rowOf('秋季防火宣传（草稿）')).getByText('编辑'));

  await waitFor(() => expect(location()).toBe('/taskManage/create?id=10'));
  expect(await screen.findByDisplayValue('秋季防火宣传（草稿）')).toBeInTheDocument();
});

test('复制 makes a new draft of any task and opens it in the form', async () => {
  const { user, location, calls } = await openList();

  await user.click(within(rowOf('低保户走访核查')).getByText('复制'));

  expect(await screen.findByText('已复制为新草稿：低保户走访核查')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/tasks/12/copy')).toHaveLength(1);
  await waitFor(() => expect(location()).toBe('/taskManage/create?id=500'));
  expect(await screen.findByDisplayValue('低保户走访核查', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('编辑任务草稿')).toBeInTheDocument();
});
