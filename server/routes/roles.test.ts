import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';

const ALL_KEYS = ['dashboard', 'userManage', 'taskManage', 'newsManage', 'introduction', 'organization', 'peopleService', 'screen'];

interface RoleItem {
  id: number;
  name: string;
  code: string;
  permissions: string[];
  dataScope: string;
  builtIn: boolean;
  userCount: number;
}

describe('roles', () => {
  let t: TestContext;
  let admin: string;
  const roleIds: Record<string, number> = {};

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const createRole = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/roles', payload });
  const updateRole = (token: string, id: number, payload: Record<string, unknown>) =>
    t.call(token, { method: 'PUT', url: `/api/roles/${id}`, payload });
  const createUser = async (account: string, roleId: number) => {
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { account, name: '测试', phone: '13811112222', password: 'Secret123', roleId, area: 2 },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.id as number;
  };

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
    for (const role of (await get(admin, '/api/roles')).json().data.list) roleIds[role.code] = role.id;
  });
  after(async () => {
    await t.close();
  });

  test('GET /api/permissions lists every key with its Chinese label', async () => {
    const res = await get(admin, '/api/permissions');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      code: 200,
      data: [
        { key: 'dashboard', label: '数据概览' },
        { key: 'userManage', label: '用户管理' },
        { key: 'taskManage', label: '任务管理' },
        { key: 'newsManage', label: '新闻管理' },
        { key: 'introduction', label: '介绍管理' },
        { key: 'organization', label: '组织架构' },
        { key: 'peopleService', label: '群众服务' },
        { key: 'screen', label: '数据大屏' },
      ],
    });
  });

  test('the built-in roles are listed with their rights and user counts', async () => {
    const page = (await get(admin, '/api/roles')).json().data;
    assert.equal(page.total, 4);
    const byCode = Object.fromEntries(page.list.map((r: RoleItem) => [r.code, r]));
    assert.deepEqual(Object.keys(byCode), ['admin', 'staff', 'village', 'villager']);
    for (const role of page.list as RoleItem[]) assert.equal(role.builtIn, true);
    assert.deepEqual(byCode.admin.permissions, ALL_KEYS);
    assert.deepEqual(
      byCode.staff.permissions,
      ALL_KEYS.filter((k) => k !== 'userManage'),
    );
    assert.deepEqual(byCode.village.permissions, []);
    assert.deepEqual(byCode.villager.permissions, []);
    assert.deepEqual(
      page.list.map((r: RoleItem) => [r.code, r.dataScope, r.userCount]),
      [
        ['admin', 'all', 1],
        ['staff', 'all', 2],
        ['village', 'area', 4],
        ['villager', 'self', 3],
      ],
    );
    assert.equal((await get(admin, '/api/roles?name=村民')).json().data.total, 1);
  });

  describe('create, update, delete', () => {
    let publicist: RoleItem;

    test('create answers the new role', async () => {
      const res = await createRole(admin, {
        name: '宣传员',
        code: 'publicist',
        permissions: ['screen', 'newsManage'],
        dataScope: 'area',
      });
      assert.equal(res.statusCode, 200, res.body);
      publicist = res.json().data;
      assert.equal(publicist.name, '宣传员');
      assert.equal(publicist.code, 'publicist');
      assert.deepEqual([...publicist.permissions].sort(), ['newsManage', 'screen']);
      assert.equal(publicist.dataScope, 'area');
      assert.equal(publicist.builtIn, false);
      assert.equal(publicist.userCount, 0);
      assert.deepEqual((await get(admin, `/api/roles/${publicist.id}`)).json().data, publicist);
    });

    test('a taken code is a 409 on code, on create and on update', async () => {
      const create = await createRole(admin, { name: '另一个', code: 'publicist', permissions: [], dataScope: 'self' });
      assert.equal(create.statusCode, 409);
      assert.equal(create.json().code, 409);
      assert.deepEqual(create.json().errors, [{ field: 'code', label: '角色编码', message: '角色编码已存在' }]);
      const builtIn = await createRole(admin, { name: '假管理员', code: 'admin', permissions: [], dataScope: 'self' });
      assert.equal(builtIn.statusCode, 409);
      const update = await updateRole(admin, publicist.id, { name: '宣传员', code: 'staff', permissions: [], dataScope: 'self' });
      assert.equal(update.statusCode, 409);
      assert.equal(update.json().errors[0].field, 'code');
    });

    test('bad fields are a 400 naming each in Chinese', async () => {
      const res = await createRole(admin, { name: '', code: 'Bad Code', permissions: ['root'], dataScope: 'world' });
      assert.equal(res.statusCode, 400);
      const labels = Object.fromEntries(res.json().errors.map((e: { field: string; label: string }) => [e.field, e.label]));
      assert.deepEqual(labels, { name: '角色名称', code: '角色编码', permissions: '权限', dataScope: '数据范围' });
      const dup = await createRole(admin, { name: '重复', code: 'dup_keys', permissions: ['screen', 'screen'], dataScope: 'self' });
      assert.equal(dup.statusCode, 400);
      assert.equal(dup.json().errors[0].field, 'permissions');
    });

    test('update changes a custom role, its code included', async () => {
      const res = await updateRole(admin, publicist.id, {
        name: '宣传委员',
        code: 'propaganda',
        permissions: ['newsManage'],
        dataScope: 'all',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.name, '宣传委员');
      assert.equal(res.json().data.code, 'propaganda');
      assert.deepEqual(res.json().data.permissions, ['newsManage']);
      assert.equal(res.json().data.dataScope, 'all');
      const missing = await updateRole(admin, 99999, { name: 'x', code: 'xx', permissions: [], dataScope: 'self' });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json(), { code: 404, message: '角色不存在' });
    });

    test('a role in use cannot be deleted; once free it can', async () => {
      const userId = await createUser('publicist01', publicist.id);
      assert.equal((await get(admin, `/api/roles/${publicist.id}`)).json().data.userCount, 1);
      const refused = await t.call(admin, { method: 'DELETE', url: `/api/roles/${publicist.id}` });
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json(), { code: 409, message: '该角色下还有1个用户，请先为他们更换角色', showType: 1 });
      assert.equal((await t.call(admin, { method: 'DELETE', url: `/api/users/${userId}` })).statusCode, 200);
      const res = await t.call(admin, { method: 'DELETE', url: `/api/roles/${publicist.id}` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, message: '角色已删除' });
      assert.equal((await get(admin, `/api/roles/${publicist.id}`)).statusCode, 404);
      assert.equal((await t.call(admin, { method: 'DELETE', url: `/api/roles/${publicist.id}` })).statusCode, 404);
    });
  });

  describe('built-in roles', () => {
    test('cannot be deleted', async () => {
      for (const code of ['admin', 'staff', 'village', 'villager']) {
        const res = await t.call(admin, { method: 'DELETE', url: `/api/roles/${roleIds[code]}` });
        assert.equal(res.statusCode, 409, code);
        assert.deepEqual(res.json(), { code: 409, message: '内置角色不能删除', showType: 1 });
      }
      assert.equal((await get(admin, '/api/roles')).json().data.total, 4);
    });

    test('keep their code but may be renamed and given other rights', async () => {
      const renamed = await updateRole(admin, roleIds.staff, {
        name: '工作人员',
        code: 'staff_new',
        permissions: ['dashboard'],
        dataScope: 'all',
      });
      assert.equal(renamed.statusCode, 409);
      assert.deepEqual(renamed.json().errors, [{ field: 'code', label: '角色编码', message: '内置角色的编码不能修改' }]);
      assert.equal((await get(admin, `/api/roles/${roleIds.staff}`)).json().data.name, '中心工作人员');

      const staffToken = await t.login('staff01');
      assert.equal((await t.call(staffToken, { method: 'PUT', url: '/api/areas/2', payload: { name: '第一村' } })).statusCode, 200);
      const narrowed = await updateRole(admin, roleIds.staff, {
        name: '工作人员',
        code: 'staff',
        permissions: ['dashboard'],
        dataScope: 'all',
      });
      assert.equal(narrowed.statusCode, 200);
      assert.equal(narrowed.json().data.name, '工作人员');
      assert.deepEqual(narrowed.json().data.permissions, ['dashboard']);
      // A signed-in member feels the change on their next call.
      assert.equal((await t.call(staffToken, { method: 'PUT', url: '/api/areas/2', payload: { name: '第一村' } })).statusCode, 403);
      const restored = await updateRole(admin, roleIds.staff, {
        name: '中心工作人员',
        code: 'staff',
        permissions: ALL_KEYS.filter((k) => k !== 'userManage'),
        dataScope: 'all',
      });
      assert.equal(restored.statusCode, 200);
      assert.equal((await t.call(staffToken, { method: 'PUT', url: '/api/areas/2', payload: { name: '第一村' } })).statusCode, 200);
    });

    test('the admin role always keeps every permission and all data', async () => {
      const res = await updateRole(admin, roleIds.admin, {
        name: '系统超级管理员',
        code: 'admin',
        permissions: ['dashboard'],
        dataScope: 'self',
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.name, '系统超级管理员');
      assert.deepEqual(res.json().data.permissions, ALL_KEYS);
      assert.equal(res.json().data.dataScope, 'all');
      const stored = (await get(admin, `/api/roles/${roleIds.admin}`)).json().data;
      assert.deepEqual(stored.permissions, ALL_KEYS);
      const empty = await updateRole(admin, roleIds.admin, { name: '超级管理员', code: 'admin', permissions: [], dataScope: 'area' });
      assert.deepEqual(empty.json().data.permissions, ALL_KEYS);
      const me = (await get(admin, '/api/currentUser')).json().data;
      assert.deepEqual(me.permissions, ALL_KEYS);
      assert.equal(me.dataScope, 'all');
      assert.equal((await get(admin, '/api/users?pageSize=100')).json().data.total, 10);
    });
  });

  describe('only admin writes roles', () => {
    let manager: string;
    let managerRole: number;

    before(async () => {
      const role = await createRole(admin, { name: '用户管理员', code: 'user_admin', permissions: ['userManage'], dataScope: 'all' });
      managerRole = role.json().data.id;
      await createUser('usermgr', managerRole);
      manager = await firstSignIn(t, 'usermgr', 'Secret123', 'Mine-8642x');
    });

    test('a user manager reads roles but gets 403 on every write', async () => {
      assert.equal((await get(manager, '/api/roles')).statusCode, 200);
      assert.equal((await get(manager, `/api/roles/${roleIds.staff}`)).statusCode, 200);
      assert.equal((await get(manager, '/api/permissions')).statusCode, 200);
      const writes = [
        createRole(manager, { name: '越权', code: 'escalate', permissions: ALL_KEYS, dataScope: 'all' }),
        updateRole(manager, managerRole, { name: '用户管理员', code: 'user_admin', permissions: ALL_KEYS, dataScope: 'all' }),
        t.call(manager, { method: 'DELETE', url: `/api/roles/${roleIds.village}` }),
      ];
      for (const res of await Promise.all(writes)) {
        assert.equal(res.statusCode, 403);
        assert.deepEqual(res.json(), { code: 403, message: '拒绝访问：没有该操作的权限' });
      }
      const own = (await get(admin, `/api/roles/${managerRole}`)).json().data;
      assert.deepEqual(own.permissions, ['userManage']);
      assert.equal((await get(admin, '/api/roles?name=越权')).json().data.total, 0);
    });

    test('taking userManage away closes the role list to them at once', async () => {
      const res = await updateRole(admin, managerRole, { name: '用户管理员', code: 'user_admin', permissions: [], dataScope: 'all' });
      assert.equal(res.statusCode, 200);
      assert.equal((await get(manager, '/api/roles')).statusCode, 403);
      assert.equal((await get(manager, '/api/users')).statusCode, 403);
    });
  });
});
