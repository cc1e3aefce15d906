/**
 * 任务审核 inside the real app against the mock server (mock/tasks.ts): two pending submissions
 * (王村干 of 第一村, 刘网格 of 第二村, late) and one approved (陈委员, hidden by the default filter).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb, taskDb } from '@mock/taskDb';
import { button, dialog, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

async function openQueue() {
  const calls = recordRequests();
  const app = renderApp('/taskManage/audit');
  await screen.findByText('王村干', {}, { timeout: 30000 });
  return { ...app, calls };
}

test('the queue opens on 待审核: each row shows the task, person, area, text, photos and the late flag', async () => {
  const { calls } = await openQueue();

  const first = rowOf('王村干');
  expect(within(first).getByText('春季人居环境整治')).toBeInTheDocument();
  expect(within(first).getByText('第一村')).toBeInTheDocument();
  expect(within(first).getByText('已完成村内主干道清扫，清理垃圾2车。')).toBeInTheDocument();
  const photos = within(first).getAllByAltText(/王村干提交的第\d张图片/);
  expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/api/uploads/photo-11.jpg', '/api/uploads/photo-12.jpg']);
  expect(within(first).queryByText('逾期')).not.toBeInTheDocument();

  expect(within(rowOf('刘网格')).getByText('逾期')).toBeInTheDocument();
  expect(screen.queryByText('陈委员')).not.toBeInTheDocument();
  const queries = callsTo(calls, 'GET', '/submissions');
  expect(queries[0].url.searchParams.get('status')).toBe('pending');
});

test('驳回 needs a comment; with one it rejects, says so and refreshes', async () => {
  const { user, calls } = await openQueue();

  await user.click(within(rowOf('王村干')).getByText('驳回'));
  const box = await dialog('驳回提交');
  await user.click(button('驳回', box));

  expect(await within(box).findByText('请填写驳回意见')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/submissions/1/audit')).toHaveLength(0);

  await user.type(within(box).getByPlaceholderText(/请说明需要补充或修改的内容/), '照片不清晰，请补拍');
  await user.click(button('驳回', box));

  expect(await screen.findByText('已驳回：王村干（第一村）')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/submissions/1/audit');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(await sent[0].body)).toEqual({ result: 'rejected', comment: '照片不清晰，请补拍' });
  await waitFor(() => expect(screen.queryByText('王村干')).not.toBeInTheDocument());
});

test('in 驳回意见 Shift+Enter starts a new line and Enter sends the comment', async () => {
  const { user, calls } = await openQueue();

  await user.click(within(rowOf('王村干')).getByText('驳回'));
  const box = await dialog('驳回提交');
  const comment = within(box).getByPlaceholderText(/请说明需要补充或修改的内容/);
  await user.type(comment, '照片不清晰{Shift>}{Enter}{/Shift}请补拍');
  expect(comment).toHaveValue('照片不清晰\n请补拍');
  expect(callsTo(calls, 'POST', '/submissions/1/audit')).toHaveLength(0);

  await user.type(comment, '{Enter}');

  expect(await screen.findByText('已驳回：王村干（第一村）')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/submissions/1/audit');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(await sent[0].body)).toEqual({ result: 'rejected', comment: '照片不清晰\n请补拍' });
});

test('通过 asks first, then approves', async () => {
  const { user, calls } = await openQueue();

  await user.click(within(rowOf('刘网格')).getByText('通过'));
  const box = await dialog('通过刘网格提交的「春季人居环境整治」？');
  expect(within(box).getByText('通过后为 刘网格 记 5 积分，不能撤销。')).toBeInTheDocument();
  await user.click(button('通过', box));

  expect(await screen.findByText('已通过：刘网格（第二村），记 5 分')).toBeInTheDocument();
  expect(JSON.parse(await callsTo(calls, 'POST', '/submissions/2/audit')[0].body)).toEqual({ result: 'approved' });
});

test('批量通过 sends the selected ids after a confirmation and reports approved and skipped', async () => {
  const { user, calls } = await openQueue();
  // Someone else approves 刘网格's submission while this page is open.
  await user.click(within(rowOf('王村干')).getByRole('checkbox'));
  await user.click(within(rowOf('刘网格')).getByRole('checkbox'));
  taskDb.submissions[1].status = 'approved';

  expect(await screen.findByText('已选择 2 条待审核提交')).toBeInTheDocument();
  await user.click(button('批量通过'));
  const box = await dialog('批量通过选中的 2 条提交？');
  expect(callsTo(calls, 'POST', '/submissions/audit')).toHaveLength(0);
  await user.click(button('全部通过', box));

  expect(await screen.findByText('已通过 1 条，跳过 1 条（已被审核或无权审核）')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/submissions/audit');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(await sent[0].body)).toEqual({ ids: [1, 2], result: 'approved' });
  await waitFor(() => expect(screen.queryByText('王村干')).not.toBeInTheDocument());
});
