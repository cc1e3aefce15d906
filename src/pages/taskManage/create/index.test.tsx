/**
 * 发布任务 inside the real app against the mock server (mock/tasks.ts): the template / image-number
 * rule, required fields, a server field error landing under its field, and publishing a draft.
 * The content editor is the real wangEditor (jsdom runs it); drafts bring their content with them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb, taskDb } from '@mock/taskDb';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

/** The form item (label, control, errors) around a label text. */
const fieldOf = (label: string) => {
  const item = screen.getByText(label, { selector: 'label, label *' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item for ${label}`);
  return item as HTMLElement;
};

async function openForm(path = '/taskManage/create') {
  const app = renderApp(path);
  await screen.findByText('提交要求与范围', {}, { timeout: 30000 });
  return app;
}

test('图片数量 starts at the default 0 (默认3张), says what 0 means beside it, and is only open when 图片 is ticked', async () => {
  const { user } = await openForm();
  const imageNum = screen.getByLabelText('图片数量');
  const rule = screen.getByTestId('image-rule');

  // A new task asks for text and images: 0 photos named, which means three.
  expect(screen.getByLabelText('文字')).toBeChecked();
  expect(screen.getByRole('checkbox', { name: '图片' })).toBeChecked();
  expect(imageNum).toBeEnabled();
  expect(imageNum).toHaveValue('0');
  expect(rule).toHaveTextContent('需提交：默认3张');
  expect(screen.getByText('最多9张')).toBeInTheDocument();
  // What 0 means sits beside the number, and the number points to it.
  const zero = screen.getByText('（填 0 表示默认3张）');
  expect(imageNum).toHaveAttribute('aria-describedby', zero.id);

  await user.clear(imageNum);
  await user.type(imageNum, '2');
  await waitFor(() => expect(rule).toHaveTextContent('需提交：2张'));
  await user.clear(imageNum);
  await user.type(imageNum, '0');
  await waitFor(() => expect(rule).toHaveTextContent('需提交：默认3张'));

  await user.click(screen.getByRole('checkbox', { name: '图片' }));
  await waitFor(() => expect(imageNum).toBeDisabled());
  expect(rule).toHaveTextContent('不要求图片');

  await user.click(screen.getByRole('checkbox', { name: '图片' }));
  await waitFor(() => expect(imageNum).toBeEnabled());
  expect(rule).toHaveTextContent('需提交：默认3张');
});

test('staff, who may not read user management, see the target groups and no refusal', async () => {
  const calls = recordRequests();
  // What the server answers a staff member on user management's lists.
  server.use(
    http.get(api('/groups'), () => apiError(403, '拒绝访问：没有该操作的权限')),
    http.get(api('/roles'), () => apiError(403, '拒绝访问：没有该操作的权限')),
  );
  const { user } = await openForm();
  await user.click(within(fieldOf('目标分组')).getByRole('combobox'));
  expect(await screen.findByText('网格员队伍（1人）')).toBeInTheDocument();
  expect(screen.getByText('志愿者（1人）')).toBeInTheDocument();
  expect(screen.queryByText(/拒绝访问/)).not.toBeInTheDocument();
  expect(callsTo(calls, 'GET', '/groups')).toHaveLength(0);
  expect(callsTo(calls, 'GET', '/roles')).toHaveLength(0);
});

test('保存草稿 on an empty form marks every required field and sends nothing', async () => {
  const calls = recordRequests();
  const { user } = await openForm();

  await user.click(screen.getByLabelText('文字'));
  await user.click(screen.getByRole('checkbox', { name: '图片' }));
  await user.click(button('保存草稿'));

  const error = { selector: '.ant-form-item-explain-error' };
  expect(await screen.findByText('请输入任务标题', error)).toBeInTheDocument();
  for (const text of [
    '请选择工作类别',
    '请输入奖励积分',
    '请输入任务内容',
    '请至少选择一种提交内容',
    '请至少选择一个目标区域',
    '请选择截止时间',
  ]) {
    expect(await screen.findByText(text, error)).toBeInTheDocument();
  }
  expect(callsTo(calls, 'POST', '/tasks')).toHaveLength(0);
});

test('fields are checked as you type', async () => {
  const { user } = await openForm();
  const title = screen.getByPlaceholderText('例如：开展春季人居环境整治');

  await user.type(title, 'a');
  await user.clear(title);
  expect(await screen.findByText('请输入任务标题')).toBeInTheDocument();
  await user.type(title, '春季植树');
  await waitFor(() => expect(screen.queryByText('请输入任务标题')).not.toBeInTheDocument());
});

test('a server 400 on a field shows under that field, and what was typed stays', async () => {
  server.use(
    http.put(api('/tasks/:id'), () =>
      apiError(400, '任务标题：已有同名任务', [{ field: 'title', label: '任务标题', message: '已有同名任务' }]),
    ),
  );
  const { user, location } = await openForm('/taskManage/create?id=10');
  const title = await screen.findByDisplayValue('秋季防火宣传（草稿）');

  await user.clear(title);
  await user.type(title, '秋季防火宣传');
  await user.click(button('保存草稿'));

  await waitFor(() => expect(within(fieldOf('任务标题')).getByText('已有同名任务')).toBeInTheDocument());
  expect(fieldOf('任务标题')).toHaveClass('ant-form-item-has-error');
  expect(title).toHaveValue('秋季防火宣传');
  expect(await screen.findByText('任务标题：已有同名任务')).toBeInTheDocument();
  expect(location()).toBe('/taskManage/create?id=10');
});

test('发布 a draft asks first, saves it, publishes it and goes to the list', async () => {
  const calls = recordRequests();
  const { user, location } = await openForm('/taskManage/create?id=10');
  await screen.findByDisplayValue('秋季防火宣传（草稿）');

  await user.click(button('发布'));
  const [heading] = await screen.findAllByText('发布任务「秋季防火宣传（草稿）」？');
  const dialog = heading.closest('[role="dialog"]') as HTMLElement;
  expect(callsTo(calls, 'PUT', '/tasks/10')).toHaveLength(0);
  await user.click(button('发布', dialog));

  expect(await screen.findByText('任务已发布：秋季防火宣传（草稿）')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/taskManage/list'));
  const saved = JSON.parse(await callsTo(calls, 'PUT', '/tasks/10')[0].body);
  expect(saved).toMatchObject({ title: '秋季防火宣传（草稿）', category: 11, template: '1', imageNum: 0, areas: [2] });
  expect(callsTo(calls, 'POST', '/tasks/10/publish')).toHaveLength(1);
  expect(taskDb.tasks.find((t) => t.id === 10)?.status).toBe('published');
});

test('a task that is no longer a draft is not editable: a notice with the way back', async () => {
  renderApp('/taskManage/create?id=11');
  expect(await screen.findByText('该任务进行中，不能再编辑', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(button('返回任务列表')).toBeInTheDocument();
  expect(screen.queryByText('保存草稿')).not.toBeInTheDocument();
});

test('填报字段: a number field with unit and bounds, checked as typed, saved with the draft; a server refusal lands under its input', async () => {
  const calls = recordRequests();
  const { user } = await openForm('/taskManage/create?id=10');
  await screen.findByDisplayValue('秋季防火宣传（草稿）');
  expect(screen.getByText(/暂无填报字段/)).toBeInTheDocument();

  await user.click(button('添加填报字段'));
  const row = await screen.findByTestId('task-field-0');
  await user.type(within(row).getByPlaceholderText('例如：排查户数'), '排查户数');
  await user.type(within(row).getByPlaceholderText('如：户、人次'), '户');
  const [min, max] = within(row).getAllByPlaceholderText('不限');
  await user.type(min, '10');
  await user.type(max, '5');
  expect(await within(row).findByText('最大值不能小于最小值')).toBeInTheDocument();
  await user.clear(max);
  await user.type(max, '500');
  await waitFor(() => expect(within(row).queryByText('最大值不能小于最小值')).not.toBeInTheDocument());

  // A second field may not take the first one's name.
  await user.click(button('添加填报字段'));
  const second = await screen.findByTestId('task-field-1');
  await user.type(within(second).getByPlaceholderText('例如：排查户数'), '排查户数');
  expect(await within(second).findByText('字段名称「排查户数」重复')).toBeInTheDocument();
  await user.click(within(second).getByRole('button', { name: /删除/ }));
  await waitFor(() => expect(screen.queryByTestId('task-field-1')).not.toBeInTheDocument());

  server.use(
    http.put(api('/tasks/:id'), () =>
      apiError(400, '填报字段第1项：超出范围', [{ field: 'fields.0.min', label: '填报字段第1项', message: '超出范围' }]),
    ),
  );
  await user.click(button('保存草稿'));
  expect(await within(row).findByText('超出范围')).toBeInTheDocument();
  const sent = JSON.parse(await callsTo(calls, 'PUT', '/tasks/10')[0].body);
  expect(sent.fields).toEqual([
    { key: 'f1', label: '排查户数', type: 'number', required: true, unit: '户', min: 10, max: 500, decimals: 0 },
  ]);
});
