/**
 * 组织架构 › 村（社区） inside the real app against the mock server (mock/villages.ts): the list in
 * its order, adding a village (the server's 409 shown under the name), archiving and restoring with
 * confirmation, and a delete the server refuses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const rowOf = (name: string) => {
  const cell = screen.getAllByText(name, { selector: 'td *' })[0];
  return cell.closest('tr') as HTMLElement;
};
const button = (text: string, scope: HTMLElement = document.body) => {
  const pattern = new RegExp(`^${text.split('').join('\\s?')}$`);
  return within(scope).getByText(pattern, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
};
const dialog = async (title: string | RegExp) => {
  const [heading] = await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' }, { timeout: 15000 });
  return heading.closest('.ant-modal') as HTMLElement;
};

async function openPage() {
  const app = renderApp('/organization/villages');
  await screen.findByText('第十一村', { selector: 'td *' }, { timeout: 30000 });
  return app;
}

test('lists the town community and the eleven villages in order, and adds a twelfth village', async () => {
  const { user } = await openPage();
  const names = Array.from(document.querySelectorAll('tbody tr.ant-table-row')).map((tr) => tr.querySelectorAll('td')[1]?.textContent);
  expect(names[0]).toContain('镇社区');
  expect(names[1]).toBe('第一村');
  expect(names).toHaveLength(12);

  await user.click(button('新增村（社区）'));
  const form = await dialog('新增村（社区）');
  expect(within(form).getByLabelText('排序')).toHaveValue('13');
  await user.type(within(form).getByLabelText('名称'), '第一村');
  await user.type(within(form).getByLabelText('统计用区划代码'), '1234');
  await user.click(button('保 存', form));
  expect(await within(form).findByText('区划代码应为12位数字')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('统计用区划代码'));
  await user.type(within(form).getByLabelText('统计用区划代码'), '110101001013');
  await user.click(button('保 存', form));
  // The server's answer about the name, under the field.
  expect(await within(form).findByText('名称“第一村”已被其他村（社区）使用')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('名称'));
  await user.type(within(form).getByLabelText('名称'), '幸福社区');
  await user.click(button('保 存', form));
  expect(await screen.findByText('已新增：幸福社区')).toBeInTheDocument();
  expect(await screen.findByText('110101001013')).toBeInTheDocument();
});

test('archives after confirming, shows it archived, and restores it', async () => {
  const { user } = await openPage();
  await user.click(button('归档', rowOf('第三村')));
  const confirm = await dialog('归档「第三村」？');
  expect(within(confirm).getByText(/已有的账号和记录保留原名称/)).toBeInTheDocument();
  await user.click(button('归 档', confirm));
  expect(await screen.findByText('已归档：选择框中不再出现，历史记录保留原名称')).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf('第三村')).getByText('已归档')).toBeInTheDocument());

  await user.click(button('恢复', rowOf('第三村')));
  await user.click(button('恢 复', await dialog('恢复「第三村」？')));
  expect(await screen.findByText('已恢复使用')).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf('第三村')).getByText('使用中')).toBeInTheDocument());
});

test('a village in use is not deleted: the server says to archive it', async () => {
  const { user } = await openPage();
  await user.click(button('删除', rowOf('第二村')));
  await user.click(button('删 除', await dialog('删除「第二村」？')));
  expect(await screen.findByText('该村（社区）已有账号或业务记录，不能删除，请改为归档')).toBeInTheDocument();
  expect(rowOf('第二村')).toBeInTheDocument();
  // The town community is neither archived nor deleted here.
  expect(within(rowOf('镇社区')).queryByText(/^归\s?档$/)).toBeNull();
});
