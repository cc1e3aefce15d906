/**
 * 导入用户 on the user list, against the mock server: whatever file is chosen, it "reads" the four
 * rows of mock/fixtures.ts importSheetRows (two good, one bad phone, one existing account).
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Node's File, as the other upload tests use: the form data the page sends is Node's too.

async function openImport() {
  const app = renderApp('/userManage/list');
  await screen.findByText('张小明', {}, { timeout: 30000 });
  await app.user.click(button('导入用户'));
  const title = await screen.findByText('导入用户', { selector: '.ant-modal-title' }, { timeout: 10000 });
  const modal = title.closest('.ant-modal') as HTMLElement;
  const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
  await app.user.upload(input, new NodeFile(['sheet'], '新用户.xlsx', { type: XLSX }) as unknown as File);
  await within(modal).findByText('有误 2 条');
  return { ...app, modal };
}

test('upload shows every row with its errors; skipping them imports the good ones and the list refreshes', async () => {
  const calls = recordRequests();
  const { user, modal } = await openImport();

  expect(within(modal).getByText(/可导入 2 条/)).toBeInTheDocument();
  expect(within(modal).getByText('手机号：请输入11位手机号码')).toBeInTheDocument();
  expect(within(modal).getByText('账号：该账号已存在')).toBeInTheDocument();
  expect(within(modal).getByText('已选择：新用户.xlsx（点击或拖入可更换）')).toBeInTheDocument();
  // With wrong rows and no skip, nothing can be imported.
  expect(button('导入', modal)).toBeDisabled();

  const password = within(modal).getByPlaceholderText('至少8位，包含字母和数字');
  await user.type(password, 'abc');
  expect(await within(modal).findByText('密码至少8位，且同时包含字母和数字')).toBeInTheDocument();
  await user.clear(password);
  await user.type(password, 'Import2024x');
  await waitFor(() => expect(within(modal).queryByText('密码至少8位，且同时包含字母和数字')).not.toBeInTheDocument());

  await user.click(within(modal).getByText('跳过有误的行'));
  await user.click(button('导入', modal));
  const confirm = (await screen.findAllByText('导入 2 个用户？'))[0].closest('[role="dialog"]') as HTMLElement;
  expect(within(confirm).getByText(/有误的 2 行将被跳过/)).toBeInTheDocument();
  await user.click(button('导入', confirm));

  expect(await screen.findByText('已导入 2 个用户')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('导入用户', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  expect(await screen.findByText('钱一', {}, { timeout: 10000 })).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/users/import');
  expect(sent).toHaveLength(1);
  const body = await sent[0].body;
  expect(body).toContain('Import2024x');
  expect(body).toMatch(/name="skipInvalid"\r\n\r\ntrue/);
  expect(body).toContain('filename="新用户.xlsx"');
});

test('a server error keeps the chosen file and the typed password', async () => {
  server.use(
    http.post(api('/users/import'), () =>
      apiError(409, '导入期间有账号被他人占用，未导入任何用户，请重新预览后再导入', [
        { field: 'file', label: '文件', message: '导入期间有账号被他人占用' },
      ]),
    ),
  );
  const { user, modal } = await openImport();
  const password = within(modal).getByPlaceholderText('至少8位，包含字母和数字');
  await user.type(password, 'Import2024x');
  await user.click(within(modal).getByText('跳过有误的行'));
  await user.click(button('导入', modal));
  const confirm = (await screen.findAllByText('导入 2 个用户？'))[0].closest('[role="dialog"]') as HTMLElement;
  await user.click(button('导入', confirm));

  expect(await within(modal).findByRole('alert')).toHaveTextContent('未导入任何用户');
  expect(password).toHaveValue('Import2024x');
  expect(within(modal).getByText('已选择：新用户.xlsx（点击或拖入可更换）')).toBeInTheDocument();
  expect(within(modal).getByText('有误 2 条')).toBeInTheDocument();
  expect(button('导入', modal)).toBeEnabled();
});
