/**
 * The admin frame (ProLayout through the layout plugin, `layout` in src/app.tsx) as people meet it, in the whole app (Umi's TestBrowser: routes,
 * initial state, access, layout) against the mock server: who gets the login page and whether they
 * are told anything, that nothing of the admin shell calls the API before a user exists, and the
 * header's greeting and the side menu. Messages are observed through registerFeedback, reloads through
 * window.location.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { PERMISSION_KEYS } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { registerFeedback } from '@/utils/feedback';
import { resetSignOut } from '@/utils/signOut';
import { ADMIN_TOKEN, adminUser, cadreUser, villagerUser } from '@mock/fixtures';
import { api, apiError, invalid, ok } from '@mock/http';
import { setPagePath, spyOnLocation } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, type RecordedRequest, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

let shown: string[];
beforeEach(() => {
  sessionStorage.clear();
  resetSignOut();
  shown = [];
  registerFeedback({
    message: (kind, text) => shown.push(`${kind}: ${text}`),
    notification: (kind, title, text) => shown.push(`${kind}: ${title} ${text}`),
  });
});
afterEach(() => {
  registerFeedback(undefined);
  jest.restoreAllMocks();
  setPagePath('/');
});

const EXPIRED = '未授权或授权已过期，请重新登录';
/** The API paths called, without /api, in order. */
const paths = (calls: RecordedRequest[]) => calls.map((c) => c.url.pathname.replace(/^\/api/, ''));
const loginForm = () => screen.findByLabelText('账号', {}, { timeout: 30000 });

describe('before anyone signs in', () => {
  test.each(['/', '/index.html'])('a first visit to %s opens the login page with no complaint', async (path) => {
    const calls = recordRequests();
    const { location } = renderApp(path);

    await loginForm();
    expect(location()).toBe('/user/login');
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shown).toEqual([]);
    // No current user without a token, and nothing of the admin shell (the bell).
    expect(paths(calls)).not.toContain('/currentUser');
    expect(paths(calls)).not.toContain('/notices');
  });

  test('a visitor opening an admin page goes to the login page with the way back, quietly', async () => {
    const calls = recordRequests();
    const { location } = renderApp('/peopleService/appeal?status=pending');

    await loginForm();
    expect(location()).toBe('/user/login?redirect=%2FpeopleService%2Fappeal%3Fstatus%3Dpending');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shown).toEqual([]);
    expect(paths(calls)).not.toContain('/currentUser');
    expect(paths(calls)).not.toContain('/notices');
    expect(paths(calls)).not.toContain('/appeals');
  });

  test('a session that ended is said so once, and the login page brings the person back', async () => {
    const replace = spyOnLocation().replace;
    setPagePath('/userManage/list');
    sessionStorage.setItem('token', 'expired-token');
    const calls = recordRequests();
    renderApp('/userManage/list');

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/user/login?redirect=%2FuserManage%2Flist'));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([`error: ${EXPIRED}`]);
    expect(sessionStorage.getItem('token')).toBeNull();
    // The refused token was asked about once; the shell (bell, page) never called.
    expect(paths(calls).filter((p) => p !== '/settings')).toEqual(['/currentUser']);
  });

  test('a server that cannot be reached keeps the session and offers to try again', async () => {
    const { replace, assign } = spyOnLocation();
    sessionStorage.setItem('token', ADMIN_TOKEN);
    server.use(http.get(api('/currentUser'), () => apiError(503, '数据库暂时无法连接，请稍后再试')));
    const calls = recordRequests();
    const { location } = renderApp('/dashboard');

    expect(await screen.findByText('暂时无法连接服务器', {}, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.getByText('重 试')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    expect(sessionStorage.getItem('token')).toBe(ADMIN_TOKEN);
    expect(replace).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    expect(paths(calls).filter((p) => p !== '/settings')).toEqual(['/currentUser']);
  });
});

describe('the header of a signed-in user', () => {
  const staff: CurrentUser = {
    ...adminUser,
    id: 7,
    account: 'staff01',
    name: '周工作',
    access: 'staff',
    roleName: '中心工作人员',
    permissions: PERMISSION_KEYS.filter((key) => key !== 'userManage'),
  };

  test.each([
    ['an administrator', adminUser],
    ['a staff member', staff],
  ])('greets %s by the role as docs/product.md §14 says; the account menu says who it is', async (_, user) => {
    sessionStorage.setItem('token', ADMIN_TOKEN);
    server.use(http.get(api('/currentUser'), () => ok(user)));
    const calls = recordRequests();
    const { user: pointer } = renderApp('/userManage/group');

    // 超级管理员 is greeted as 管理员, anyone else by the role's name.
    const words = user.access === 'admin' ? '管理员，你好！' : '中心工作人员，你好！';
    const greeting = await screen.findByText(words, {}, { timeout: 30000 });
    if (user.access === 'admin') expect(screen.queryByText(`${user.roleName}，你好！`)).not.toBeInTheDocument();
    else expect(screen.queryByText('管理员，你好！')).not.toBeInTheDocument();
    await waitFor(() => expect(paths(calls)).toContain('/notices'));

    await pointer.click(greeting);
    const who = await screen.findByLabelText('当前登录');
    expect(who).toHaveTextContent(user.name);
    expect(who).toHaveTextContent(`${user.roleName} · ${user.account}`);
    await pointer.click(screen.getByText('修改密码'));
    expect(await screen.findByLabelText('原密码')).toBeInTheDocument();
  });

  test('修改密码 checks as typed; a wrong old password is said under it and what was typed stays; 取消 closes', async () => {
    sessionStorage.setItem('token', ADMIN_TOKEN);
    server.use(http.put(api('/currentUser/password'), () => invalid([{ field: 'oldPassword', label: '原密码', message: '原密码不正确' }])));
    const calls = recordRequests();
    const { user: pointer } = renderApp('/userManage/group');
    await pointer.click(await screen.findByText('管理员，你好！', {}, { timeout: 30000 }));
    await pointer.click(await screen.findByText('修改密码'));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });

    await pointer.type(within(dialog).getByLabelText('新密码'), 'Fresh-5821');
    await pointer.type(within(dialog).getByLabelText('确认新密码'), 'Fresh-5822');
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeInTheDocument();
    await pointer.clear(within(dialog).getByLabelText('确认新密码'));
    await pointer.type(within(dialog).getByLabelText('确认新密码'), 'Fresh-5821');
    await pointer.type(within(dialog).getByLabelText('原密码'), 'Wrong-1234');
    await pointer.click(within(dialog).getByRole('button', { name: '确认修改' }));

    expect(await within(dialog).findByText('原密码不正确')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('原密码')).toHaveValue('Wrong-1234');
    expect(within(dialog).getByLabelText('新密码')).toHaveValue('Fresh-5821');
    expect(JSON.parse(await callsTo(calls, 'PUT', '/currentUser/password')[0].body)).toEqual({
      oldPassword: 'Wrong-1234',
      newPassword: 'Fresh-5821',
    });
    await pointer.click(within(dialog).getByRole('button', { name: /^取\s*消$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改密码' })).not.toBeInTheDocument());
  }, 60_000);

  test('the side menu lists only the groups the user may open, folds to icons and back; the title leads to the workbench', async () => {
    sessionStorage.setItem('token', ADMIN_TOKEN);
    server.use(http.get(api('/currentUser'), () => ok(staff)));
    const { user: pointer } = renderApp('/userManage/group');

    // staff lacks userManage: its page is the 403 and its group is not in the menu.
    expect(await screen.findByText(/没有访问此页面的权限/, {}, { timeout: 30000 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    expect(menu).toHaveTextContent('任务管理');
    expect(menu).not.toHaveTextContent('用户管理');

    await pointer.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(await screen.findByRole('button', { name: '展开菜单' })).toBeInTheDocument();
    await pointer.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(await screen.findByRole('button', { name: '收起菜单' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /返回工作台/ })).toHaveAttribute('href', '/entrance');
  });

  test('a signed-in visit to / still opens the login page (docs/product.md §14), without a complaint', async () => {
    sessionStorage.setItem('token', ADMIN_TOKEN);
    const calls = recordRequests();
    const { location } = renderApp('/');

    await loginForm();
    expect(location()).toBe('/user/login');
    expect(shown).toEqual([]);
    expect(paths(calls)).not.toContain('/notices');
  });
});

describe('a signed-in person with no admin page', () => {
  test.each([
    ['a villager', villagerUser, '/app/index'],
    ['a village cadre', cadreUser, '/app/mytask'],
  ])('%s opening /dashboard goes to the phone pages, never the admin frame', async (_, user, home) => {
    sessionStorage.setItem('token', ADMIN_TOKEN);
    server.use(http.get(api('/currentUser'), () => ok(user)));
    const calls = recordRequests();
    const { location } = renderApp('/dashboard');

    await waitFor(() => expect(location()).toBe(home), { timeout: 30000 });
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(screen.queryByText('403')).not.toBeInTheDocument();
    expect(shown).toEqual([]);
    // Nothing of the admin frame asked the API (the bell's notices).
    expect(paths(calls)).not.toContain('/notices');
  });
});
