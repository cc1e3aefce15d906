/** /entrance inside the real app: the workbench tiles for visitors, admins and other accounts. */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { CurrentUser } from '@common/contracts/auth';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, ok } from '@mock/http';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const tiles = async () => {
  const nav = await screen.findByRole('navigation', { name: '工作台入口' }, { timeout: 30000 });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.querySelector('.entrance-tile-title')?.textContent, a.getAttribute('href')]);
};

const PUBLIC_TILES = [
  ['数据大屏', '/screen'],
  ['移动端', '/app/index'],
  ['数字乡村', '/digital'],
  ['中心介绍', '/introductCenter'],
  ['村情介绍', '/introductList'],
  ['组织架构', '/orgShow'],
];

test('a visitor sees the platform title and every tile; 后台管理 asks to sign in', async () => {
  const app = renderApp('/entrance');
  expect(await tiles()).toEqual([['后台管理', '/user/login'], ...PUBLIC_TILES]);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('乡村两级治理中心联动平台');
  expect(screen.getAllByText(/某镇综合治理中心/).length).toBeGreaterThan(0);
  expect(screen.getByText('京ICP备00000000号')).toBeInTheDocument();
  await app.user.click(screen.getByText('后台管理'));
  await waitFor(() => expect(app.location()).toBe('/user/login'));
});

test('a signed-in admin goes from 后台管理 to the first admin page', async () => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  const app = renderApp('/entrance');
  expect(await screen.findByText('系统管理员', {}, { timeout: 30000 })).toBeInTheDocument();
  expect((await tiles())[0]).toEqual(['后台管理', '/dashboard']);
  await app.user.click(screen.getByText('后台管理'));
  await waitFor(() => expect(app.location()).toBe('/dashboard'));
});

test('staff without user management start at the first page they may open', async () => {
  sessionStorage.setItem('token', 'token-staff');
  const staff: CurrentUser = {
    id: 2,
    account: 'zhangsan',
    name: '张三',
    phone: '13900000002',
    access: 'staff',
    roleName: '中心工作人员',
    permissions: ['taskManage', 'newsManage'],
    dataScope: 'all',
    area: null,
    areaName: null,
  };
  server.use(http.get(api('/currentUser'), () => ok(staff)));
  renderApp('/entrance');
  await screen.findByText('张三', {}, { timeout: 30000 });
  expect((await tiles())[0]).toEqual(['后台管理', '/taskManage/create']);
});

test('an account without any admin page is offered to sign in with another one', async () => {
  sessionStorage.setItem('token', 'token-villager');
  const villager: CurrentUser = {
    id: 9,
    account: 'villager09',
    name: '李村民',
    phone: '13900000009',
    access: 'villager',
    roleName: '村民',
    permissions: [],
    dataScope: 'self',
    area: 2,
    areaName: '第一村',
  };
  server.use(http.get(api('/currentUser'), () => ok(villager)));
  renderApp('/entrance');
  await screen.findByText('李村民', {}, { timeout: 30000 });
  expect((await tiles())[0]).toEqual(['后台管理', '/user/login']);
  expect(screen.getByText('当前账号没有后台权限，可换用工作人员账号登录')).toBeInTheDocument();
});
