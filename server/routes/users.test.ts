import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';

interface UserItem {
  id: number;
  account: string;
  name: string;
  phone: string;
  roleId: number;
  roleCode: string;
  area: number | null;
  areaName: string | null;
  status: string;
  groupIds: number[];
  groups: Array<{ id: number; name: string }>;
}

const ITEM_KEYS = [
  'account',
  'area',
  'areaName',
  'createdAt',
  'groupIds',
  'groups',
  'id',
  'lastLoginAt',
  'locked',
  'name',
  'phone',
  'roleCode',
  'roleId',
  'roleName',
  'status',
];

describe('users', () => {
  let t: TestContext;
  let admin: string;
  const roleIds: Record<string, number> = {};
  const groupIds: Record<string, number> = {};
  const ids: Record<string, number> = {};
  let address = 0;

  /** A sign-in attempt from an address of its own, so the per-address limit never interferes. */
  const attempt = async (
    username: string,
    password = DEMO_PASSWORD,
    remoteAddress = `10.20.${Math.floor(++address / 250)}.${address % 250}`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/account',
      // Past three wrong passwords a captcha is asked (loginSecurity.test.ts): always send one.
      payload: { username, password, ...(await t.solvedCaptcha()) },
      remoteAddress,
    });
  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const list = async (token: string, query: string) => {
    const res = await get(token, `/api/users?${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as { list: UserItem[]; total: number; current: number; pageSize: number };
  };
  const accounts = async (token: string, query: string) => (await list(token, `pageSize=100&${query}`)).list.map((u) => u.account).sort();
  const create = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/users', payload });
  const newUser = (overrides: Record<string, unknown>) => ({
    name: '测试用户',
    phone: '13811112222',
    password: 'Secret123',
    roleId: roleIds.villager,
    area: 2,
    ...overrides,
  });
  const action = (token: string, id: number, verb: string, payload?: Record<string, unknown>) =>
    t.call(token, { method: 'POST', url: `/api/users/${id}/${verb}`, ...(payload ? { payload } : {}) });

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
    for (const role of (await get(admin, '/api/roles?pageSize=100')).json().data.list) roleIds[role.code] = role.id;
    for (const group of (await get(admin, '/api/groups?pageSize=100')).json().data.list) groupIds[group.name] = group.id;
    for (const user of (await list(admin, 'pageSize=100')).list) ids[user.account] = user.id;
  });
  after(async () => {
    await t.close();
  });

  describe('list', () => {
    test('pages answer { list, total, current, pageSize } and cover every user once', async () => {
      const first = await list(admin, '');
      assert.deepEqual(Object.keys(first).sort(), ['current', 'list', 'pageSize', 'total']);
      assert.equal(first.current, 1);
      assert.equal(first.pageSize, 10);
      assert.equal(first.total, 10);
      const seen: number[] = [];
      for (let current = 1; current <= 4; current++) {
        const page = await list(admin, `current=${current}&pageSize=3`);
        assert.equal(page.current, current);
        assert.equal(page.pageSize, 3);
        assert.equal(page.total, 10);
        assert.equal(page.list.length, current === 4 ? 1 : 3);
        seen.push(...page.list.map((u) => u.id));
      }
      assert.equal(new Set(seen).size, 10);
      assert.equal((await list(admin, 'current=5&pageSize=3')).list.length, 0);
    });

    test('pageSize above 100, or paging below 1, is a 400', async () => {
      for (const [query, field, label] of [
        ['pageSize=101', 'pageSize', '每页条数'],
        ['pageSize=0', 'pageSize', '每页条数'],
        ['current=0', 'current', '页码'],
        ['current=abc', 'current', '页码'],
      ]) {
        const res = await get(admin, `/api/users?${query}`);
        assert.equal(res.statusCode, 400, query);
        assert.equal(res.json().code, 400);
        assert.equal(res.json().errors[0].field, field);
        assert.equal(res.json().errors[0].label, label);
      }
      assert.equal((await list(admin, 'pageSize=100')).pageSize, 100);
    });

    test('list items carry no password, hash or lock fields', async () => {
      const res = await get(admin, '/api/users?pageSize=100');
      assert.doesNotMatch(res.body, /password|scrypt|failedLogins|lockedUntil/i);
      for (const item of res.json().data.list) assert.deepEqual(Object.keys(item).sort(), ITEM_KEYS);
    });

    test('filters narrow the list', async () => {
      const cases: Array<[string, string[]]> = [
        ['keyword=张红', ['cadre02']],
        ['keyword=GRID', ['grid02', 'grid04']],
        ['keyword=13900000203', ['villager03']],
        ['keyword=%25', []],
        ['keyword=_', []],
        ['account=cadre', ['cadre02', 'cadre03']],
        ['name=大伯', ['villager02']],
        ['phone=13900000112', ['grid02']],
        [`roleId=${roleIds.village}`, ['cadre02', 'cadre03', 'grid02', 'grid04']],
        ['area=2', ['cadre02', 'grid02', 'villager02']],
        [`groupId=${groupIds['网格员']}`, ['grid02', 'grid04']],
        ['status=pending', ['newcomer05']],
        [`roleId=${roleIds.village}&area=2`, ['cadre02', 'grid02']],
        [`groupId=${groupIds['党员']}&area=4`, ['grid04']],
      ];
      for (const [query, expected] of cases) assert.deepEqual(await accounts(admin, query), expected, query);
      const filtered = await list(admin, 'area=2');
      assert.equal(filtered.total, 3);
    });

    test('bad filter values are a 400, not an empty list', async () => {
      for (const query of ['status=gone', 'area=40000', 'roleId=0', 'groupId=abc']) {
        const res = await get(admin, `/api/users?${query}`);
        assert.equal(res.statusCode, 400, query);
      }
    });

    test('sorting follows an allow-listed field; any other field is a 400', async () => {
      const ascending = (await list(admin, 'pageSize=100&sortField=account&sortOrder=ascend')).list.map((u) => u.account);
      assert.deepEqual(ascending, [...ascending].sort());
      assert.equal(ascending[0], 'admin');
      const descending = (await list(admin, 'pageSize=100&sortField=account&sortOrder=descend')).list.map((u) => u.account);
      assert.deepEqual(descending, [...ascending].reverse());
      for (const field of ['name', 'createdAt', 'lastLoginAt']) {
        assert.equal((await get(admin, `/api/users?sortField=${field}`)).statusCode, 200, field);
      }
      for (const field of ['passwordHash', 'phone', 'id;drop table users']) {
        const res = await get(admin, `/api/users?sortField=${encodeURIComponent(field)}`);
        assert.equal(res.statusCode, 400, field);
        assert.deepEqual(res.json().errors, [{ field: 'sortField', label: '排序字段', message: '取值不在允许范围内' }]);
      }
    });
  });

  describe('create, update, delete', () => {
    let wangwu: UserItem;

    test('create answers the new user with its groups', async () => {
      const res = await create(
        admin,
        newUser({
          account: 'wang_wu',
          name: ' 王五 ',
          roleId: roleIds.village,
          area: 4,
          groupIds: [groupIds['党员'], groupIds['网格员']],
        }),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().code, 200);
      wangwu = res.json().data;
      assert.deepEqual(Object.keys(wangwu).sort(), ITEM_KEYS);
      assert.equal(wangwu.account, 'wang_wu');
      assert.equal(wangwu.name, '王五');
      assert.equal(wangwu.roleCode, 'village');
      assert.equal(wangwu.area, 4);
      assert.equal(wangwu.areaName, '第三村');
      assert.equal(wangwu.status, 'active');
      assert.deepEqual([...wangwu.groupIds].sort(), [groupIds['网格员'], groupIds['党员']].sort());
      assert.deepEqual(wangwu.groups.map((g) => g.name).sort(), ['党员', '网格员'].sort());
      assert.deepEqual((await get(admin, `/api/users/${wangwu.id}`)).json().data, wangwu);
      assert.equal((await attempt('wang_wu', 'Secret123')).statusCode, 200);
    });

    test('an account already taken, in any case, is a 409 on account', async () => {
      const res = await create(admin, newUser({ account: 'WANG_WU' }));
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 409);
      assert.deepEqual(
        res.json().errors.map((e: { field: string }) => e.field),
        ['account'],
      );
      assert.match(res.json().message, /账号/);
    });

    test('village and villager roles need an area; staff may have none', async () => {
      for (const code of ['village', 'villager']) {
        const res = await create(admin, newUser({ account: `no_area_${code}`, roleId: roleIds[code], area: null }));
        assert.equal(res.statusCode, 400, code);
        assert.deepEqual(res.json().errors, [{ field: 'area', label: '所属区域', message: '该角色必须选择所属村（社区）' }]);
      }
      const { area: _omitted, ...withoutArea } = newUser({ account: 'missing_area' });
      const missing = await create(admin, withoutArea);
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().errors, [{ field: 'area', label: '所属区域', message: '不能为空' }]);
      const staff = await create(admin, newUser({ account: 'centre_staff', roleId: roleIds.staff, area: null }));
      assert.equal(staff.statusCode, 200, staff.body);
      assert.equal(staff.json().data.area, null);
    });

    test('an unknown role or group is a 400 on that field', async () => {
      const role = await create(admin, newUser({ account: 'bad_role', roleId: 9999 }));
      assert.equal(role.statusCode, 400);
      assert.equal(role.json().errors[0].field, 'roleId');
      assert.equal(role.json().errors[0].label, '角色');
      const group = await create(admin, newUser({ account: 'bad_group', groupIds: [9999] }));
      assert.equal(group.statusCode, 400);
      assert.equal(group.json().errors[0].field, 'groupIds');
      assert.equal(group.json().errors[0].label, '用户分组');
      assert.deepEqual(await accounts(admin, 'account=bad_'), []);
    });

    test('unknown body fields are dropped: not stored, not an error', async () => {
      const res = await create(
        admin,
        newUser({ account: 'sneaky', status: 'disabled', passwordHash: 'scrypt$1$1$1$AA$AA', failedLogins: 99, isAdmin: true }),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.status, 'active');
      assert.equal(res.json().data.roleCode, 'villager');
      assert.equal((await attempt('sneaky', 'Secret123')).statusCode, 200);
      const update = await t.call(admin, {
        method: 'PUT',
        url: `/api/users/${res.json().data.id}`,
        payload: { status: 'disabled', lockedUntil: '2999-01-01T00:00:00Z' },
      });
      assert.equal(update.statusCode, 200);
      assert.equal(update.json().data.status, 'active');
      assert.equal((await attempt('sneaky', 'Secret123')).statusCode, 200);
    });

    test('update changes the given fields and keeps the others', async () => {
      const res = await t.call(admin, {
        method: 'PUT',
        url: `/api/users/${wangwu.id}`,
        payload: { name: '王五五', phone: '13822223333', area: 5, groupIds: [groupIds['村两委']] },
      });
      assert.equal(res.statusCode, 200, res.body);
      const updated = res.json().data as UserItem;
      assert.equal(updated.name, '王五五');
      assert.equal(updated.phone, '13822223333');
      assert.equal(updated.area, 5);
      assert.deepEqual(updated.groupIds, [groupIds['村两委']]);
      assert.equal(updated.account, 'wang_wu');
      assert.equal(updated.roleId, roleIds.village);

      const nameOnly = await t.call(admin, { method: 'PUT', url: `/api/users/${wangwu.id}`, payload: { name: '王五' } });
      assert.equal(nameOnly.json().data.name, '王五');
      assert.deepEqual(nameOnly.json().data.groupIds, [groupIds['村两委']]);
      assert.equal(nameOnly.json().data.phone, '13822223333');
      assert.deepEqual(await accounts(admin, `groupId=${groupIds['村两委']}&account=wang`), ['wang_wu']);
    });

    test('update refuses a taken account, a bad phone, an area the role needs, and unknown users', async () => {
      const url = `/api/users/${wangwu.id}`;
      const taken = await t.call(admin, { method: 'PUT', url, payload: { account: 'Staff01' } });
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().errors[0].field, 'account');
      const phone = await t.call(admin, { method: 'PUT', url, payload: { phone: '1234' } });
      assert.equal(phone.statusCode, 400);
      assert.deepEqual(phone.json().errors, [{ field: 'phone', label: '手机号码', message: '请输入11位手机号码' }]);
      const area = await t.call(admin, { method: 'PUT', url, payload: { area: null } });
      assert.equal(area.statusCode, 400);
      assert.equal(area.json().errors[0].field, 'area');
      const missing = await t.call(admin, { method: 'PUT', url: '/api/users/99999', payload: { name: '无' } });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json(), { code: 404, message: '用户不存在' });
      assert.equal((await get(admin, url)).json().data.account, 'wang_wu');
    });

    test('delete removes the user, their sessions and their sign-in', async () => {
      const token = await t.login('wang_wu', 'Secret123');
      const res = await t.call(admin, { method: 'DELETE', url: `/api/users/${wangwu.id}` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, message: '用户已删除' });
      assert.equal((await get(admin, `/api/users/${wangwu.id}`)).statusCode, 404);
      assert.equal((await get(token, '/api/currentUser')).statusCode, 401);
      assert.equal((await attempt('wang_wu', 'Secret123')).statusCode, 401);
      assert.equal((await t.call(admin, { method: 'DELETE', url: `/api/users/${wangwu.id}` })).statusCode, 404);
    });
  });

  describe('status actions and passwords', () => {
    test('approving a pending user lets them sign in; approving twice is a 409', async () => {
      assert.equal((await attempt('newcomer05')).statusCode, 403);
      const res = await action(admin, ids.newcomer05, 'approve');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.status, 'active');
      assert.equal((await attempt('newcomer05')).statusCode, 200);
      const again = await action(admin, ids.newcomer05, 'approve');
      assert.equal(again.statusCode, 409);
      assert.deepEqual(again.json(), { code: 409, message: '该用户不是待审核状态', showType: 1 });
    });

    test('disable ends their sessions and refuses sign-in; enable restores it', async () => {
      const token = await t.login('villager02');
      const res = await action(admin, ids.villager02, 'disable');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.status, 'disabled');
      assert.equal((await get(token, '/api/currentUser')).statusCode, 401);
      const refused = await attempt('villager02');
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().message, '账号已停用，请联系管理员');
      assert.equal((await action(admin, ids.villager02, 'disable')).statusCode, 409);
      assert.deepEqual(await accounts(admin, 'status=disabled'), ['villager02']);

      const enabled = await action(admin, ids.villager02, 'enable');
      assert.equal(enabled.statusCode, 200);
      assert.equal(enabled.json().data.status, 'active');
      assert.equal((await attempt('villager02')).statusCode, 200);
      const again = await action(admin, ids.villager02, 'enable');
      assert.equal(again.statusCode, 409);
      assert.deepEqual(again.json(), { code: 409, message: '该用户不是停用状态', showType: 1 });
    });

    test('reset-password ends their sessions, lifts a lockout and sets the new password', async () => {
      const token = await t.login('grid04');
      // Locked out from one address (the lock is per account and address, ADR 0023).
      for (let i = 0; i < 5; i++) await attempt('grid04', 'Wrong12345', '10.21.0.1');
      assert.equal((await attempt('grid04', DEMO_PASSWORD, '10.21.0.1')).statusCode, 423);
      assert.equal((await get(admin, '/api/users?account=grid04')).json().data.list[0].locked, true);

      const weak = await action(admin, ids.grid04, 'reset-password', { password: 'weak' });
      assert.equal(weak.statusCode, 400);
      assert.deepEqual(weak.json().errors, [{ field: 'password', label: '新密码', message: '密码至少8位，且同时包含字母和数字' }]);

      const res = await action(admin, ids.grid04, 'reset-password', { password: 'Fresh12345' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, message: '密码已重置' });
      assert.equal((await get(token, '/api/currentUser')).statusCode, 401);
      assert.equal((await attempt('grid04')).statusCode, 401);
      assert.equal((await attempt('grid04', 'Fresh12345', '10.21.0.1')).statusCode, 200);
    });

    test('actions on an unknown user are a 404', async () => {
      for (const verb of ['approve', 'disable', 'enable']) {
        assert.equal((await action(admin, 99999, verb)).statusCode, 404, verb);
      }
      assert.equal((await action(admin, 99999, 'reset-password', { password: 'Fresh12345' })).statusCode, 404);
    });

    test('nobody can disable or delete themselves or change their own role', async () => {
      const me = (await get(admin, '/api/currentUser')).json().data.id;
      const disable = await action(admin, me, 'disable');
      assert.equal(disable.statusCode, 409);
      assert.deepEqual(disable.json(), { code: 409, message: '不能修改自己账号的状态', showType: 1 });
      const del = await t.call(admin, { method: 'DELETE', url: `/api/users/${me}` });
      assert.equal(del.statusCode, 409);
      assert.deepEqual(del.json(), { code: 409, message: '不能删除自己的账号', showType: 1 });
      const role = await t.call(admin, { method: 'PUT', url: `/api/users/${me}`, payload: { roleId: roleIds.staff } });
      assert.equal(role.statusCode, 400);
      assert.deepEqual(role.json().errors, [{ field: 'roleId', label: '角色', message: '不能修改自己的角色' }]);
      // Their own name is theirs to change, and they are still admin.
      const name = await t.call(admin, { method: 'PUT', url: `/api/users/${me}`, payload: { name: '管理员', roleId: roleIds.admin } });
      assert.equal(name.statusCode, 200);
      const current = (await get(admin, '/api/currentUser')).json().data;
      assert.equal(current.access, 'admin');
      assert.equal(current.name, '管理员');
    });
  });

  describe('an area-scoped user manager', () => {
    let manager: string;
    let managerId: number;

    before(async () => {
      const role = await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村用户管理员', code: 'area_user_admin', permissions: ['userManage'], dataScope: 'area' },
      });
      assert.equal(role.statusCode, 200, role.body);
      roleIds.area_user_admin = role.json().data.id;
      const newsRole = await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村新闻员', code: 'area_news', permissions: ['newsManage'], dataScope: 'area' },
      });
      roleIds.area_news = newsRole.json().data.id;
      const wideRole = await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '全镇用户管理员', code: 'town_user_admin', permissions: ['userManage'], dataScope: 'all' },
      });
      roleIds.town_user_admin = wideRole.json().data.id;
      const user = await create(admin, newUser({ account: 'mgr02', roleId: roleIds.area_user_admin, area: 2 }));
      assert.equal(user.statusCode, 200, user.body);
      managerId = user.json().data.id;
      for (const [account, code] of [
        ['admin_v2', 'admin'],
        ['staff_v2', 'staff'],
      ]) {
        const res = await create(admin, newUser({ account, roleId: roleIds[code], area: 2 }));
        assert.equal(res.statusCode, 200, res.body);
        ids[account] = res.json().data.id;
      }
      manager = await firstSignIn(t, 'mgr02', 'Secret123', 'Mine-8642x');
    });

    test('sees only the users of their own area', async () => {
      const page = await list(manager, 'pageSize=100');
      assert.ok(page.list.length >= 4);
      assert.equal(page.total, page.list.length);
      assert.ok(page.list.every((u) => u.area === 2));
      const names = page.list.map((u) => u.account);
      for (const account of ['cadre02', 'grid02', 'villager02', 'mgr02']) assert.ok(names.includes(account), account);
      assert.deepEqual(await accounts(manager, 'area=3'), []);
      assert.deepEqual(await accounts(manager, 'keyword=villager03'), []);
    });

    test('another village’s users are a 404 for every call', async () => {
      const other = ids.villager03;
      const calls = [
        get(manager, `/api/users/${other}`),
        t.call(manager, { method: 'PUT', url: `/api/users/${other}`, payload: { name: '改名' } }),
        t.call(manager, { method: 'DELETE', url: `/api/users/${other}` }),
        action(manager, ids.newcomer05, 'approve'),
        action(manager, other, 'disable'),
        action(manager, other, 'reset-password', { password: 'Taken12345' }),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(res.json(), { code: 404, message: '用户不存在' });
      }
      const untouched = (await get(admin, `/api/users/${other}`)).json().data;
      assert.equal(untouched.name, '吴秀兰');
      assert.equal(untouched.status, 'active');
      assert.equal((await attempt('villager03')).statusCode, 200);
    });

    test('manages the users of their own area', async () => {
      assert.equal((await get(manager, `/api/users/${ids.villager02}`)).statusCode, 200);
      const renamed = await t.call(manager, {
        method: 'PUT',
        url: `/api/users/${ids.grid02}`,
        payload: { name: '刘志强', phone: '13900000113' },
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().data.phone, '13900000113');
      const reset = await action(manager, ids.cadre02, 'reset-password', { password: 'Cadre12345' });
      assert.equal(reset.statusCode, 200);
      assert.equal((await attempt('cadre02', 'Cadre12345')).statusCode, 200);
    });

    test('creates users only in their own area', async () => {
      const elsewhere = await create(manager, newUser({ account: 'v3_by_mgr', area: 3 }));
      assert.equal(elsewhere.statusCode, 400);
      assert.deepEqual(elsewhere.json().errors, [{ field: 'area', label: '所属区域', message: '只能管理本村（社区）的用户' }]);
      const noArea = await create(manager, newUser({ account: 'none_by_mgr', area: null }));
      assert.equal(noArea.statusCode, 400);
      assert.equal(noArea.json().errors[0].field, 'area');
      const moved = await t.call(manager, { method: 'PUT', url: `/api/users/${ids.villager02}`, payload: { area: 3 } });
      assert.equal(moved.statusCode, 400);
      assert.equal(moved.json().errors[0].field, 'area');
      const home = await create(manager, newUser({ account: 'v2_by_mgr', area: 2, roleId: roleIds.village }));
      assert.equal(home.statusCode, 200, home.body);
      assert.equal(home.json().data.area, 2);
      assert.deepEqual(await accounts(admin, 'account=_by_mgr'), ['v2_by_mgr']);
    });

    test('cannot hand out the admin role or a role beyond their own rights', async () => {
      for (const code of ['admin', 'staff', 'area_news', 'town_user_admin']) {
        const res = await create(manager, newUser({ account: `x_${code}`, roleId: roleIds[code] }));
        assert.equal(res.statusCode, 400, code);
        assert.equal(res.json().errors[0].field, 'roleId', code);
        assert.equal(res.json().errors[0].label, '角色');
        const promote = await t.call(manager, {
          method: 'PUT',
          url: `/api/users/${ids.villager02}`,
          payload: { roleId: roleIds[code] },
        });
        assert.equal(promote.statusCode, 400, code);
        assert.equal(promote.json().errors[0].field, 'roleId');
      }
      assert.equal((await get(admin, `/api/users/${ids.villager02}`)).json().data.roleCode, 'villager');
      // Their own role, with the same rights, may be given.
      const peer = await create(manager, newUser({ account: 'mgr02_peer', roleId: roleIds.area_user_admin }));
      assert.equal(peer.statusCode, 200, peer.body);
    });

    // The town's accounts (admin, staff: scope "all") are not theirs to see: absent, as another area's (ADR 0022).
    test('cannot touch admin accounts, even in their own area', async () => {
      const target = ids.admin_v2;
      const calls = [
        get(manager, `/api/users/${target}`),
        t.call(manager, { method: 'PUT', url: `/api/users/${target}`, payload: { name: '改名' } }),
        t.call(manager, { method: 'DELETE', url: `/api/users/${target}` }),
        action(manager, target, 'disable'),
        action(manager, target, 'reset-password', { password: 'Taken12345' }),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(res.json().code, 404);
      }
      assert.equal((await attempt('admin_v2', 'Secret123')).statusCode, 200);
    });

    test('cannot take over users who hold more rights than they do', async () => {
      const target = ids.staff_v2;
      const calls = [
        get(manager, `/api/users/${target}`),
        t.call(manager, { method: 'PUT', url: `/api/users/${target}`, payload: { phone: '13800001111' } }),
        action(manager, target, 'disable'),
        action(manager, target, 'reset-password', { password: 'Taken12345' }),
        t.call(manager, { method: 'DELETE', url: `/api/users/${target}` }),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(res.json().code, 404);
      }
      assert.equal((await attempt('staff_v2', 'Secret123')).statusCode, 200);
    });

    test('cannot change their own role or status', async () => {
      const role = await t.call(manager, { method: 'PUT', url: `/api/users/${managerId}`, payload: { roleId: roleIds.village } });
      assert.equal(role.statusCode, 400);
      assert.equal(role.json().errors[0].field, 'roleId');
      assert.equal((await action(manager, managerId, 'disable')).statusCode, 409);
      assert.equal((await t.call(manager, { method: 'DELETE', url: `/api/users/${managerId}` })).statusCode, 409);
    });

    // Last: the reset ends the manager's sessions.
    test('a password they reset for another must be changed by that person; their own reset is theirs', async () => {
      const cadre = await t.login('cadre02', 'Cadre12345');
      assert.equal((await get(cadre, '/api/currentUser')).json().data.mustChangePassword, true);
      assert.equal((await get(cadre, '/api/my/tasks')).statusCode, 403);
      const own = await action(manager, managerId, 'reset-password', { password: 'Mine-1357y' });
      assert.equal(own.statusCode, 200, own.body);
      const token = await t.login('mgr02', 'Mine-1357y');
      assert.equal((await get(token, '/api/currentUser')).json().data.mustChangePassword, false);
      assert.equal((await get(token, '/api/users?pageSize=1')).statusCode, 200);
    });
  });
});
