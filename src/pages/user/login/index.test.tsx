/**
 * The login page, rendered inside the real app (Umi's TestBrowser: routes, initial state, access,
 * layout) against the mock server. Queries go by visible text and labels: role queries make jsdom
 * compute styles up the whole tree, which is very slow once antd's styles are in the page.
 */
import { screen, waitFor } from '@testing-library/react';
import { handleUnauthorized, resetUnauthorizedGuard } from '@/utils/requestConfig';
import { ADMIN_TOKEN } from '../../../../mock/fixtures';
import { setPagePath, spyOnLocation } from '../../../../mock/location';
import { preloadApp, renderApp } from '../../../../mock/renderApp';
import { callsTo, recordRequests, useMockServer } from '../../../../mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => sessionStorage.clear());

async function openLogin(path = '/user/login') {
  const app = renderApp(path);
  const account = await screen.findByLabelText('账号', {}, { timeout: 30000 });
  const password = screen.getByLabelText('密码');
  const submit = screen.getByText('登 录').closest('button') as HTMLButtonElement;
  expect(submit).toHaveAttribute('type', 'submit');
  return { ...app, account, password, submit };
}

test('an empty submit asks for both fields and sends nothing', async () => {
  const calls = recordRequests();
  const { user, submit } = await openLogin();

  await user.click(submit);

  expect(await screen.findByText('请输入账号')).toBeInTheDocument();
  expect(screen.getByText('请输入密码')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/login/account')).toHaveLength(0);
});

test("a wrong password shows the server's message in an alert and keeps what was typed", async () => {
  const calls = recordRequests();
  const { user, account, password, submit, location } = await openLogin();

  await user.type(account, 'admin');
  await user.type(password, 'wrong-pass1');
  await user.click(submit);

  const text = await screen.findByText('账号或密码错误');
  expect(text.closest('[role="alert"]')).not.toBeNull();
  expect(account).toHaveValue('admin');
  expect(password).toHaveValue('wrong-pass1');
  expect(callsTo(calls, 'POST', '/login/account')).toHaveLength(1);
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(location()).toBe('/user/login');
});

test('an account waiting for approval is told so', async () => {
  const { user, account, password, submit, location } = await openLogin();

  await user.type(account, 'lisi');
  await user.type(password, 'Lisi12345');
  await user.click(submit);

  const text = await screen.findByText('账号正在审核中，请等待管理员审核通过后再登录');
  expect(text.closest('[role="alert"]')).not.toBeNull();
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(location()).toBe('/user/login');
});

test('success keeps the token for the session and opens the first admin page', async () => {
  const { user, account, password, submit, location } = await openLogin();

  await user.type(account, ' admin ');
  await user.type(password, 'Admin12345');
  await user.click(submit);

  await waitFor(() => expect(location()).toBe('/dashboard'));
  expect(sessionStorage.getItem('token')).toBe(ADMIN_TOKEN);
  // The admin page itself is shown, with data only a signed-in user gets.
  expect(await screen.findByText('进行中任务', {}, { timeout: 20000 })).toBeInTheDocument();
  expect(screen.queryByLabelText('密码')).not.toBeInTheDocument();
  // The welcome message survives the change of page.
  expect(await screen.findByText('登录成功')).toBeInTheDocument();
});

test('success goes back to the redirect query', async () => {
  const { user, account, password, submit, location } = await openLogin('/user/login?redirect=%2FuserManage%2Flist%3Fstatus%3Dpending');

  await user.type(account, 'admin');
  await user.type(password, 'Admin12345');
  await user.click(submit);

  await waitFor(() => expect(location()).toBe('/userManage/list?status=pending'));
  expect(sessionStorage.getItem('token')).toBe(ADMIN_TOKEN);
});

test('a redirect to another site is not followed', async () => {
  const { user, account, password, submit, location } = await openLogin('/user/login?redirect=%2F%2Fevil.example%2Fx');

  await user.type(account, 'admin');
  await user.type(password, 'Admin12345');
  await user.click(submit);

  await waitFor(() => expect(location()).toBe('/dashboard'));
});

test('after the server ended the session, the login page says why', async () => {
  const location = spyOnLocation();
  setPagePath('/userManage/list');
  sessionStorage.setItem('token', 'expired');
  resetUnauthorizedGuard();
  handleUnauthorized(); // what the request layer does on body code 401; the page then reloads here
  expect(location.replace).toHaveBeenCalledWith('/user/login?redirect=%2FuserManage%2Flist');
  jest.restoreAllMocks();
  setPagePath('/');

  await openLogin('/user/login?redirect=%2FuserManage%2Flist');

  const notices = await screen.findAllByText('未授权或授权已过期，请重新登录');
  expect(notices.some((n) => n.closest('[role="alert"]'))).toBe(true);
  expect(sessionStorage.getItem('token')).toBeNull();
});
