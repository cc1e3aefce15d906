/**
 * The login page, rendered inside the real app (Umi's TestBrowser: routes, initial state, access,
 * layout) against the mock server. Queries go by visible text and labels: role queries make jsdom
 * compute styles up the whole tree, which is very slow once antd's styles are in the page.
 */
import { screen, waitFor } from '@testing-library/react';
import { handleUnauthorized } from '@/utils/requestConfig';
import { resetSignOut } from '@/utils/signOut';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath, spyOnLocation } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { CAPTCHA_ANSWER, captchasIssued, FIRST_ADMIN, resetSignIn, signInHandlers } from '@mock/auth';

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
  resetSignOut();
  handleUnauthorized(); // what the request layer does on body code 401; the page then reloads here
  expect(location.replace).toHaveBeenCalledWith('/user/login?redirect=%2FuserManage%2Flist');
  jest.restoreAllMocks();
  setPagePath('/');

  await openLogin('/user/login?redirect=%2FuserManage%2Flist');

  const notices = await screen.findAllByText('未授权或授权已过期，请重新登录');
  expect(notices.some((n) => n.closest('[role="alert"]'))).toBe(true);
  expect(sessionStorage.getItem('token')).toBeNull();
});

describe('sign-in protection', () => {
  beforeEach(() => {
    resetSignIn();
    server.use(...signInHandlers);
  });

  const tryPassword = async (app: Awaited<ReturnType<typeof openLogin>>, password: string) => {
    await app.user.clear(app.password);
    await app.user.type(app.password, password);
    await app.user.click(app.submit);
  };

  test('after three wrong passwords a captcha picture and field appear; with its text the sign-in goes through', async () => {
    const calls = recordRequests();
    const app = await openLogin();
    await app.user.type(app.account, 'admin');
    for (let i = 0; i < 2; i++) {
      await tryPassword(app, 'Wrong12345');
      await screen.findByText('账号或密码错误');
      expect(screen.queryByLabelText('验证码')).not.toBeInTheDocument();
    }
    await tryPassword(app, 'Wrong12345');
    // The server said captchaRequired: the picture is fetched and shown beside its field.
    const picture = await screen.findByAltText('验证码图片');
    expect(picture.getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    const field = screen.getByLabelText('验证码');
    expect(screen.getByText('请输入图中的 5 个字符，字母不区分大小写')).toBeInTheDocument();

    // Submitting without it is stopped in the page.
    await tryPassword(app, 'Admin12345');
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/login/account')).toHaveLength(3);

    await app.user.type(field, CAPTCHA_ANSWER.toUpperCase());
    await app.user.click(app.submit);
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    const sent = JSON.parse(await callsTo(calls, 'POST', '/login/account')[3].body);
    expect(sent).toEqual({ username: 'admin', password: 'Admin12345', captchaId: 'captcha-1', captcha: 'ABCD' });
  });

  test('a wrong captcha is said under its field and a new picture comes; 换一张 brings another', async () => {
    const app = await openLogin();
    await app.user.type(app.account, 'admin');
    for (let i = 0; i < 3; i++) await tryPassword(app, 'Wrong12345');
    const first = await screen.findByAltText('验证码图片');
    const firstSrc = first.getAttribute('src');

    await app.user.type(screen.getByLabelText('验证码'), 'zzzz');
    await tryPassword(app, 'Admin12345');
    // In the alert and under the field; the field is emptied for the new picture.
    await waitFor(() => expect(screen.getAllByText('验证码错误或已过期，请重新输入').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByAltText('验证码图片').getAttribute('src')).not.toBe(firstSrc));
    expect(screen.getByLabelText('验证码')).toHaveValue('');
    expect(app.password).toHaveValue('Admin12345');
    const issued = captchasIssued();

    // Its name is 换一张 alone (the icon is hidden from screen readers).
    await app.user.click(screen.getByRole('button', { name: '换一张' }));
    await waitFor(() => expect(captchasIssued()).toBe(issued + 1));
    // The picture is a button too: a tap on it brings another.
    await app.user.click(screen.getByLabelText('看不清？换一张验证码'));
    await waitFor(() => expect(captchasIssued()).toBe(issued + 2));
  });

  test('the printed first password leads to a new-password form before anything else', async () => {
    const calls = recordRequests();
    const app = await openLogin();
    await app.user.type(app.account, FIRST_ADMIN.account);
    await tryPassword(app, FIRST_ADMIN.password);

    expect(await screen.findByText('修改初始密码')).toBeInTheDocument();
    expect(screen.getByText('首次登录，请先设置新密码')).toBeInTheDocument();
    expect(app.location()).toBe('/user/login');
    const fresh = screen.getByLabelText('新密码');
    const confirm = screen.getByLabelText('确认新密码');
    const save = screen.getByText('设置新密码并进入系统').closest('button') as HTMLButtonElement;

    // Rules as you type: the printed one again, the shared rule (a common word and a year), a
    // mismatch; then the server's refusal of one on its list.
    await app.user.type(fresh, FIRST_ADMIN.password);
    expect(await screen.findByText('新密码不能与初始密码相同')).toBeInTheDocument();
    await app.user.clear(fresh);
    await app.user.type(fresh, 'Admin2026');
    expect(await screen.findByText(/该密码是常见的组合/)).toBeInTheDocument();
    await app.user.clear(fresh);
    await app.user.type(fresh, 'michael1');
    await app.user.type(confirm, 'michael2');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await app.user.clear(confirm);
    await app.user.type(confirm, 'michael1');
    await app.user.click(save);
    expect((await screen.findAllByText('该密码过于常见，容易被猜中，请换一个')).length).toBeGreaterThan(0);

    await app.user.clear(fresh);
    await app.user.type(fresh, 'Chosen-4821');
    await app.user.clear(confirm);
    await app.user.type(confirm, 'Chosen-4821');
    await app.user.click(save);
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(sessionStorage.getItem('token')).toBe(ADMIN_TOKEN);
    const changes = callsTo(calls, 'PUT', '/currentUser/password');
    expect(JSON.parse(await changes[changes.length - 1].body)).toEqual({ oldPassword: FIRST_ADMIN.password, newPassword: 'Chosen-4821' });
    expect(await screen.findByText('密码已修改，欢迎使用')).toBeInTheDocument();
    // Typing each rule's case through user-event is slow on a loaded machine.
  }, 60_000);

  test('an admin page opened with the first password still in use shows only the change-password dialog', async () => {
    sessionStorage.setItem('token', FIRST_ADMIN.token);
    renderApp('/dashboard');
    expect(await screen.findByText('首次登录，请先修改初始密码', {}, { timeout: 30000 })).toBeInTheDocument();
    // It cannot be dismissed: no close button and no cancel.
    expect(screen.queryByLabelText('Close')).not.toBeInTheDocument();
    expect(screen.queryByText('取 消')).not.toBeInTheDocument();
    expect(screen.getByText('确认修改')).toBeInTheDocument();
  });
});
