/**
 * The user list (ListTable) inside the real app — layout, access, initial state — against the mock
 * server's six users: 2 pending (李四, 赵六), 1 disabled (王五), 3 active. Queries go by visible text,
 * labels and placeholders (role queries are very slow in jsdom with antd's styles in the page).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { RULE_MESSAGES } from '@common/constants';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError, okEmpty } from '@mock/http';
import { mockDb } from '@mock/users';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, dialog, rowOf } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  // The search form mirrors itself into the page URL: start each test from a clean one.
  setPagePath('/');
});

async function openList() {
  const app = renderApp('/userManage/list');
  await screen.findByText('张小明', {}, { timeout: 30000 });
  return app;
}

test('rows come from the server, with each status in words and the pending count', async () => {
  await openList();

  for (const name of ['系统管理员', '张三', '李四', '王五', '赵六', '张小明']) {
    expect(rowOf(name)).toBeInTheDocument();
  }
  expect(within(rowOf('李四')).getByText('待审核')).toBeInTheDocument();
  expect(within(rowOf('赵六')).getByText('待审核')).toBeInTheDocument();
  expect(within(rowOf('张三')).getByText('正常')).toBeInTheDocument();
  expect(within(rowOf('王五')).getByText('已停用')).toBeInTheDocument();
  expect(within(rowOf('李四')).getByText('第一村')).toBeInTheDocument();
  expect(await screen.findByText('有 2 个村民注册申请等待审核')).toBeInTheDocument();
  // Signed-in admin: no status action on their own row.
  expect(within(rowOf('系统管理员')).queryByText('停用')).not.toBeInTheDocument();
  // One wording of the total on every list; the toolbar has full screen and density.
  expect(screen.getByText('共 6 条')).toBeInTheDocument();
  for (const name of ['刷新', '表格密度', '列设置', '全屏']) expect(screen.getByLabelText(name)).toHaveAttribute('tabindex', '0');
});

test('searching by 姓名 sends the name and shows only the matching users', async () => {
  const calls = recordRequests();
  const { user } = await openList();

  await user.type(screen.getByLabelText('姓名'), '张');
  await user.click(button('查询'));

  await waitFor(() => expect(screen.queryByText('李四')).not.toBeInTheDocument());
  expect(rowOf('张三')).toBeInTheDocument();
  expect(rowOf('张小明')).toBeInTheDocument();
  expect(screen.queryByText('王五')).not.toBeInTheDocument();
  const searches = callsTo(calls, 'GET', '/users').filter((c) => c.url.searchParams.has('name'));
  expect(searches).toHaveLength(1);
  expect(searches[0].url.searchParams.get('name')).toBe('张');
  expect(searches[0].url.searchParams.get('current')).toBe('1');
});

test("a search without matches says '没有符合条件的用户'", async () => {
  const { user } = await openList();

  await user.type(screen.getByLabelText('姓名'), '不存在的人');
  await user.click(button('查询'));

  expect(await screen.findByText('没有符合条件的用户')).toBeInTheDocument();
  expect(screen.queryByText('张小明')).not.toBeInTheDocument();
});

test('通过审核 asks first, then approves on the server and says so', async () => {
  const calls = recordRequests();
  const { user } = await openList();

  await user.click(within(rowOf('李四')).getByText('通过审核'));

  const confirm = await dialog('通过「李四」的注册申请？');
  expect(within(confirm).getByText('通过后该用户即可登录。')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/users/3/approve')).toHaveLength(0);

  await user.click(button('通过', confirm));

  expect(await screen.findByText('已通过审核：李四')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/users/3/approve')).toHaveLength(1);
  await waitFor(() => expect(within(rowOf('李四')).getByText('正常')).toBeInTheDocument());
  expect(await screen.findByText('有 1 个村民注册申请等待审核')).toBeInTheDocument();
});

test('cancelling the confirmation changes nothing', async () => {
  const calls = recordRequests();
  const { user } = await openList();

  await user.click(within(rowOf('李四')).getByText('通过审核'));
  await user.click(button('取消', await dialog('通过「李四」的注册申请？')));

  await waitFor(() => expect(screen.queryByText('通过「李四」的注册申请？')).not.toBeInTheDocument());
  expect(callsTo(calls, 'POST', '/users/3/approve')).toHaveLength(0);
  expect(within(rowOf('李四')).getByText('待审核')).toBeInTheDocument();
});

test('新建用户 checks fields as you type; a taken account is shown under 登录账号 and the form keeps its values', async () => {
  const calls = recordRequests();
  const { user } = await openList();

  await user.click(button('新建用户'));
  const account = await screen.findByPlaceholderText('3-32位字母、数字或下划线');
  const name = screen.getByPlaceholderText('真实姓名');
  const phone = screen.getByPlaceholderText('11位手机号码');
  const password = screen.getByPlaceholderText('至少8位，包含字母和数字');

  await user.type(phone, '1380000');
  expect(await screen.findByText(RULE_MESSAGES.phone)).toBeInTheDocument();
  await user.type(password, 'Kwz');
  expect(await screen.findByText(RULE_MESSAGES.password)).toBeInTheDocument();

  await user.type(phone, '0001');
  await user.type(password, '12345');
  await waitFor(() => expect(screen.queryByText(RULE_MESSAGES.phone)).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByText(RULE_MESSAGES.password)).not.toBeInTheDocument());

  await user.type(account, 'zhangsan');
  await user.type(name, '张三丰');
  await user.click(screen.getByText('请选择角色'));
  await user.click(await screen.findByText('中心工作人员', { selector: '.ant-select-item-option-content' }));
  await user.click(button('保存'));

  // The server's 409 lands under the account field, which is marked invalid.
  await waitFor(() => expect(account).toHaveAttribute('aria-invalid', 'true'));
  await waitFor(() =>
    expect(document.getElementById(account.getAttribute('aria-describedby') ?? '')).toHaveTextContent('该账号已存在，请换一个账号'),
  );

  const created = callsTo(calls, 'POST', '/users');
  expect(created).toHaveLength(1);
  expect(JSON.parse(await created[0].body)).toEqual({
    account: 'zhangsan',
    name: '张三丰',
    phone: '13800000001',
    password: 'Kwz12345',
    roleId: 2,
    area: null,
    groupIds: [],
  });
  // Still open, with what was typed.
  expect(account).toHaveValue('zhangsan');
  expect(name).toHaveValue('张三丰');
  expect(phone).toHaveValue('13800000001');
  expect(password).toHaveValue('Kwz12345');
  expect(screen.getByPlaceholderText('3-32位字母、数字或下划线')).toBe(account);
});

test('a failing list shows the error with 重试, and 重试 loads it', async () => {
  let broken = true;
  server.use(http.get(api('/users'), () => (broken ? apiError(500, '服务器内部错误') : undefined)));
  const { user } = renderApp('/userManage/list');

  const alert = await screen.findByText('数据加载失败：服务器内部错误', {}, { timeout: 30000 });
  expect(alert.closest('[role="alert"]')).not.toBeNull();
  expect(screen.queryByText('张小明')).not.toBeInTheDocument();

  broken = false;
  await user.click(button('重试', alert.closest('[role="alert"]') as HTMLElement));

  expect(await screen.findByText('张小明')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('数据加载失败：服务器内部错误')).not.toBeInTheDocument());
});

test('a locked account shows 解锁; it asks first, then unlocks on the server and says so', async () => {
  const zhang = mockDb.users.find((u) => u.name === '张三');
  if (!zhang) throw new Error('fixture 张三');
  zhang.locked = true;
  server.use(
    http.post(api('/users/:id/unlock'), ({ params }) => {
      const target = mockDb.users.find((u) => u.id === Number(params.id));
      if (target) target.locked = false;
      return okEmpty('已解锁');
    }),
  );
  const calls = recordRequests();
  const { user } = await openList();

  expect(within(rowOf('王五')).queryByText('解锁')).not.toBeInTheDocument();
  await user.click(within(rowOf('张三')).getByText('解锁'));
  const confirm = await dialog('解除「张三」的登录锁定？');
  expect(within(confirm).getByText(/已在某些地址被暂时锁定/)).toBeInTheDocument();
  expect(callsTo(calls, 'POST', `/users/${zhang.id}/unlock`)).toHaveLength(0);

  await user.click(button('解除锁定', confirm));
  expect(await screen.findByText('已解除锁定：张三')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', `/users/${zhang.id}/unlock`)).toHaveLength(1);
  await waitFor(() => expect(within(rowOf('张三')).queryByText('解锁')).not.toBeInTheDocument());
});

test('批量停用: tick two accounts, confirm with their count, both show 已停用; one that is already disabled refuses the batch by name', async () => {
  const { user } = await openList();
  const zhangsan = mockDb.users.find((u) => u.name === '张三')!;
  const wangwu = mockDb.users.find((u) => u.name === '王五')!;
  const xiaoming = mockDb.users.find((u) => u.name === '张小明')!;

  // One's own account cannot be ticked.
  expect(screen.getByRole('checkbox', { name: /^选择：系统管理员/ })).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: `选择：张三（${zhangsan.account}）` }));
  await user.click(screen.getByRole('checkbox', { name: `选择：王五（${wangwu.account}）` }));
  expect(await screen.findByText('已选择 2 个用户')).toBeInTheDocument();

  // 王五 is disabled already: nothing changes and the message names him by number.
  await user.click(button('批量停用'));
  await user.click(button('批量停用', await dialog('停用选中的 2 个用户？')));
  expect(await screen.findByText(new RegExp(`^编号 ${wangwu.id} 的用户：.*所选用户都未处理$`))).toBeInTheDocument();
  expect(zhangsan.status).toBe('active');
  await waitFor(() => expect(screen.queryByText(/^已选择/)).not.toBeInTheDocument());

  await user.click(screen.getByRole('checkbox', { name: `选择：张三（${zhangsan.account}）` }));
  await user.click(screen.getByRole('checkbox', { name: `选择：张小明（${xiaoming.account}）` }));
  await user.click(button('批量停用'));
  await user.click(button('批量停用', await dialog('停用选中的 2 个用户？')));
  expect(await screen.findByText('已停用 2 个用户')).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf('张三')).getByText('已停用')).toBeInTheDocument());
  expect(within(rowOf('张小明')).getByText('已停用')).toBeInTheDocument();
});
