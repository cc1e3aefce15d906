/**
 * 组织架构 inside the real app against the mock server (mock/contentDb.ts): the tree, adding a
 * sub-unit with its parent preset, the server's refusals (delete with sub-units, a move under the
 * unit's own branch), search, expand and collapse.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { CONTENT_MESSAGES } from '@common/constants';
import { contentDb, resetContentDb } from '@mock/contentDb';
import { api, apiError, ok } from '@mock/http';
import { contentHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN, adminUser } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, dialog } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...contentHandlers);
  resetContentDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

/** Unlike the kit's rowOf (mock/testKit.ts), the first of several cells with the name counts. */
const rowOf = (name: string) => {
  const cell = screen.getAllByText(name, { selector: 'td *' })[0];
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row as HTMLElement;
};
const visibleNames = () =>
  Array.from(document.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
    (tr.querySelector('.org-unit-name')?.textContent ?? '').replace(/\s*（\d+）$/, ''),
  );

async function openTree() {
  const calls = recordRequests();
  const app = renderApp('/organization/list');
  await screen.findByText('第一网格', { selector: 'td *' }, { timeout: 30000 });
  return { ...app, calls };
}

test('the whole tree is open at first, with leaders and members; collapse and expand all', async () => {
  const { user } = await openTree();

  expect(visibleNames()).toEqual(['镇综合治理中心', '综治办', '网格管理站', '第一网格', '村级工作站']);
  expect(within(rowOf('综治办')).getByText('王芳、赵强、刘洋')).toBeInTheDocument();
  expect(within(rowOf('镇综合治理中心')).getByText('中心主任')).toBeInTheDocument();
  expect(screen.getByText('共 5 个单位')).toBeInTheDocument();

  await user.click(button('收起全部'));
  await waitFor(() => expect(visibleNames()).toEqual(['镇综合治理中心', '村级工作站']));
  await user.click(button('展开全部'));
  await waitFor(() => expect(visibleNames()).toHaveLength(5));
});

test('添加下级 opens the form with the parent preset, and the new unit shows under it', async () => {
  const { user, calls } = await openTree();

  await user.click(within(rowOf('网格管理站')).getByText('添加下级'));
  const form = await dialog('添加下级单位（上级：网格管理站）');
  expect(within(form).getByText('网格管理站', { selector: '.ant-select-selection-item' })).toBeInTheDocument();

  await user.click(button('保存', form));
  expect(await within(form).findByText('请输入单位名称')).toBeInTheDocument();
  await user.type(within(form).getByPlaceholderText('例如：综治办'), '第二网格');
  await user.type(within(form).getByPlaceholderText('座机或手机'), '12');
  expect(await within(form).findByText('请输入正确的电话号码')).toBeInTheDocument();
  await user.clear(within(form).getByPlaceholderText('座机或手机'));
  await user.type(within(form).getByPlaceholderText('座机或手机'), '13900001111');
  await user.click(button('保存', form));

  expect(await screen.findByText('已添加：第二网格')).toBeInTheDocument();
  const body = JSON.parse(await callsTo(calls, 'POST', '/org-units')[0].body);
  expect(body).toEqual({ name: '第二网格', parentId: 3, leader: '', position: '', phone: '13900001111', sort: 2, members: '' });
  await waitFor(() => expect(visibleNames()).toEqual(['镇综合治理中心', '综治办', '网格管理站', '第一网格', '第二网格', '村级工作站']));
});

test('a name with a hidden or direction character is refused as it is typed, by the server’s rule, before anything is sent', async () => {
  const { user, calls } = await openTree();

  await user.click(within(rowOf('网格管理站')).getByText('添加下级'));
  const form = await dialog('添加下级单位（上级：网格管理站）');
  // A zero-width space in the name, a right-to-left override in the leader (common/textRules.ts).
  await user.type(within(form).getByPlaceholderText('例如：综治办'), '第二\u200b网格');
  await user.type(within(form).getByPlaceholderText('姓名'), '王\u202e芳');
  await waitFor(() => expect(within(form).getAllByText('不能含有不可见字符或文字方向控制字符')).toHaveLength(2));
  await user.click(button('保存', form));
  expect(callsTo(calls, 'POST', '/org-units')).toHaveLength(0);

  await user.clear(within(form).getByPlaceholderText('例如：综治办'));
  await user.type(within(form).getByPlaceholderText('例如：综治办'), '第二网格');
  await user.clear(within(form).getByPlaceholderText('姓名'));
  await user.type(within(form).getByPlaceholderText('姓名'), '王芳');
  await waitFor(() => expect(within(form).queryByText('不能含有不可见字符或文字方向控制字符')).not.toBeInTheDocument());
});

test("deleting a unit with sub-units shows the server's refusal and keeps it", async () => {
  const { user, calls } = await openTree();

  await user.click(within(rowOf('网格管理站')).getByText('删除'));
  const confirm = (await screen.findByText('删除「网格管理站」？', { selector: '.ant-popconfirm-title' })).closest(
    '.ant-popover',
  ) as HTMLElement;
  expect(within(confirm).getByText('该单位下有1个下级单位。')).toBeInTheDocument();
  await user.click(button('删除', confirm));

  expect(await screen.findByText(CONTENT_MESSAGES.orgHasChildren)).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/org-units/3')).toHaveLength(1);
  expect(contentDb.units.some((u) => u.id === 3)).toBe(true);
  expect(rowOf('网格管理站')).toBeInTheDocument();
});

test('a leaf is deleted after asking', async () => {
  const { user } = await openTree();

  await user.click(within(rowOf('第一网格')).getByText('删除'));
  const confirm = (await screen.findByText('删除「第一网格」？', { selector: '.ant-popconfirm-title' })).closest(
    '.ant-popover',
  ) as HTMLElement;
  await user.click(button('删除', confirm));

  expect(await screen.findByText('已删除：第一网格')).toBeInTheDocument();
  await waitFor(() => expect(visibleNames()).not.toContain('第一网格'));
});

test("编辑 offers no parent inside the unit's own branch; a server refusal lands on 上级单位", async () => {
  server.use(
    http.put(api('/org-units/:id'), () =>
      apiError(400, CONTENT_MESSAGES.orgUnderItself, [{ field: 'parentId', label: '上级单位', message: CONTENT_MESSAGES.orgUnderItself }]),
    ),
  );
  const { user } = await openTree();

  await user.click(within(rowOf('网格管理站')).getByText('编辑'));
  const form = await dialog('编辑单位：网格管理站');
  expect(within(form).getByDisplayValue('网格管理站')).toBeInTheDocument();
  await user.click(within(form).getByRole('combobox'));
  const options = await screen.findAllByRole('treeitem');
  const names = options.map((o) => o.textContent);
  expect(names).toContain('综治办');
  expect(names).not.toContain('网格管理站');
  expect(names).not.toContain('第一网格');

  await user.click(screen.getByTitle('综治办'));
  await user.click(button('保存', form));
  expect(await within(form).findByText(CONTENT_MESSAGES.orgUnderItself, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(within(form).getByDisplayValue('网格管理站')).toBeInTheDocument();
});

test('search keeps matches with their path, marks the words and says how many', async () => {
  const { user } = await openTree();

  await user.type(screen.getByPlaceholderText('搜索单位名称'), '网格');
  await waitFor(() => expect(visibleNames()).toEqual(['镇综合治理中心', '网格管理站', '第一网格']));
  expect(screen.getByRole('status')).toHaveTextContent('找到 2 个名称包含“网格”的单位');
  expect(document.querySelectorAll('mark.org-unit-match')).toHaveLength(2);

  await user.clear(screen.getByPlaceholderText('搜索单位名称'));
  await user.type(screen.getByPlaceholderText('搜索单位名称'), '没有这个');
  expect(await screen.findByText('没有名称包含“没有这个”的单位')).toBeInTheDocument();
  await user.click(button('清除搜索'));
  await waitFor(() => expect(visibleNames()).toHaveLength(5));
});

test('a village-scoped holder of the key reads the chart but is offered no change (the server refuses them)', async () => {
  server.use(http.get(api('/currentUser'), () => ok({ ...adminUser, dataScope: 'area', area: 2, areaName: '第一村' })));
  await openTree();
  expect(screen.getByRole('alert')).toHaveTextContent('组织架构全镇共用，只有数据范围为“全部数据”的用户可以新增、修改或删除单位');
  expect(visibleNames()).toEqual(['镇综合治理中心', '综治办', '网格管理站', '第一网格', '村级工作站']);
  expect(screen.queryByText(/新增顶级单位/)).not.toBeInTheDocument();
  for (const action of ['添加下级', '编辑', '删除', '操作']) expect(screen.queryByText(action)).not.toBeInTheDocument();
});
