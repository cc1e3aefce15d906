import type { CurrentUser } from '@common/contracts/auth';
import routes from '../config/routes';
import access from './access';
import { accessiblePaths, landingPath } from './utils/routeAccess';

const user = (overrides: Partial<CurrentUser>): CurrentUser => ({
  id: 1,
  account: 'u',
  name: '用户',
  phone: '13900000000',
  access: 'staff',
  roleName: '中心工作人员',
  permissions: [],
  dataScope: 'all',
  area: null,
  areaName: null,
  ...overrides,
});

describe('access', () => {
  test('signed out: nothing is open', () => {
    const map = access(undefined);
    expect(map.canAdmin).toBe(false);
    expect(map.userManage).toBe(false);
    expect(map.dashboard).toBe(false);
  });

  test('admin role holds canAdmin and every key, whatever its list says', () => {
    const map = access({ currentUser: user({ access: 'admin', permissions: [] }), fetchUserInfo: async () => undefined });
    expect(map.canAdmin).toBe(true);
    expect(map.userManage).toBe(true);
    expect(map.screen).toBe(true);
  });

  test('a partial role opens only its own keys', () => {
    const map = access({
      currentUser: user({ access: 'clerk', permissions: ['userManage'] }),
      fetchUserInfo: async () => undefined,
    });
    expect(map.canAdmin).toBe(false);
    expect(map.userManage).toBe(true);
    expect(map.taskManage).toBe(false);
  });

  test('unknown keys from the server are ignored', () => {
    const map = access({
      currentUser: user({ permissions: ['rule', 'userManage'] }),
      fetchUserInfo: async () => undefined,
    });
    expect((map as Record<string, boolean>).rule).toBeUndefined();
  });
});

describe('route access', () => {
  test('children inherit the parent key', () => {
    const map = access({ currentUser: user({ permissions: ['userManage'] }), fetchUserInfo: async () => undefined });
    expect(accessiblePaths(routes, map)).toEqual(['/userManage/list', '/userManage/group', '/userManage/role', '/userManage/score']);
  });

  test('the content keys open the news, introduction and organisation pages, in menu order', () => {
    const map = access({
      currentUser: user({ permissions: ['newsManage', 'introduction', 'organization'] }),
      fetchUserInfo: async () => undefined,
    });
    expect(accessiblePaths(routes, map)).toEqual([
      '/newsManage/create',
      '/newsManage/list',
      '/introduction/center',
      '/introduction/village',
      '/organization/list',
      '/organization/villages',
    ]);
    const newsOnly = access({ currentUser: user({ permissions: ['newsManage'] }), fetchUserInfo: async () => undefined });
    expect(accessiblePaths(routes, newsOnly)).toEqual(['/newsManage/create', '/newsManage/list']);
    expect(landingPath(routes, newsOnly, null)).toBe('/newsManage/create');
  });

  test('a child is closed when its parent is, even if the child names an open key', () => {
    const tree = [{ path: '/a', access: 'taskManage', routes: [{ path: '/a/b', access: 'userManage', component: './b' }] }];
    const map = access({ currentUser: user({ permissions: ['userManage'] }), fetchUserInfo: async () => undefined });
    expect(accessiblePaths(tree, map)).toEqual([]);
  });

  test('landing: redirect first, then the first admin page, else the phone home', () => {
    const manager = access({ currentUser: user({ permissions: ['userManage'] }), fetchUserInfo: async () => undefined });
    const villager = access({ currentUser: user({ access: 'villager' }), fetchUserInfo: async () => undefined });
    expect(landingPath(routes, manager, '/userManage/role?x=1')).toBe('/userManage/role?x=1');
    expect(landingPath(routes, manager, null)).toBe('/userManage/list');
    expect(landingPath(routes, villager, null, 'villager')).toBe('/app/index');
    const cadre = access({ currentUser: user({ access: 'village' }), fetchUserInfo: async () => undefined });
    expect(landingPath(routes, cadre, null, 'village')).toBe('/app/mytask');
    expect(landingPath(routes, manager, 'https://evil.example')).toBe('/userManage/list');
    expect(landingPath(routes, manager, '//evil.example')).toBe('/userManage/list');
  });
});
