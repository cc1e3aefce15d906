import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';

interface GroupDetail {
  id: number;
  name: string;
  description: string;
  memberCount: number;
  createdAt: string;
  members: Array<{ id: number; account: string; name: string; area: number | null; areaName: string | null }>;
}

describe('groups', () => {
  let t: TestContext;
  let admin: string;
  const ids: Record<string, number> = {};
  const groupIds: Record<string, number> = {};

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
  const detail = async (token: string, id: number) => {
    const res = await get(token, `/api/groups/${id}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as GroupDetail;
  };
  const memberAccounts = async (token: string, id: number) => (await detail(token, id)).members.map((m) => m.account).sort();
  const setMembers = (token: string, id: number, accounts: string[]) =>
    t.call(token, { method: 'PUT', url: `/api/groups/${id}/members`, payload: { userIds: accounts.map((a) => ids[a]) } });

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
    for (const user of (await get(admin, '/api/users?pageSize=100')).json().data.list) ids[user.account] = user.id;
    for (const group of (await get(admin, '/api/groups?pageSize=100')).json().data.list) groupIds[group.name] = group.id;
  });
  after(async () => {
    await t.close();
  });

  test('the list pages with member counts and filters by name', async () => {
    const res = await get(admin, '/api/groups');
    assert.equal(res.statusCode, 200);
    const page = res.json().data;
    assert.deepEqual(Object.keys(page).sort(), ['current', 'list', 'pageSize', 'total']);
    assert.equal(page.total, 3);
    const counts = Object.fromEntries(page.list.map((g: GroupDetail) => [g.name, g.memberCount]));
    assert.deepEqual(counts, { 网格员: 2, 村两委: 2, 党员: 3 });
    const filtered = (await get(admin, '/api/groups?name=两委')).json().data;
    assert.equal(filtered.total, 1);
    assert.equal(filtered.list[0].name, '村两委');
    assert.equal((await get(admin, '/api/groups?pageSize=101')).statusCode, 400);
  });

  test('detail lists the members with their areas', async () => {
    const group = await detail(admin, groupIds['网格员']);
    assert.equal(group.memberCount, 2);
    assert.deepEqual(
      group.members.map(({ account, area, areaName }) => ({ account, area, areaName })),
      [
        { account: 'grid02', area: 2, areaName: '第一村' },
        { account: 'grid04', area: 4, areaName: '第三村' },
      ],
    );
  });

  describe('create, update, delete', () => {
    let volunteers: GroupDetail;

    test('create trims the name and answers the detail', async () => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/groups',
        payload: { name: ' 志愿者 ', description: '志愿服务队' },
      });
      assert.equal(res.statusCode, 200, res.body);
      volunteers = res.json().data;
      assert.equal(volunteers.name, '志愿者');
      assert.equal(volunteers.description, '志愿服务队');
      assert.equal(volunteers.memberCount, 0);
      assert.deepEqual(volunteers.members, []);
      assert.deepEqual(await detail(admin, volunteers.id), volunteers);
    });

    test('a taken name is a 409 on name, on create and on rename', async () => {
      const create = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '党员' } });
      assert.equal(create.statusCode, 409);
      assert.equal(create.json().code, 409);
      assert.deepEqual(create.json().errors, [{ field: 'name', label: '分组名称', message: '已有同名分组' }]);
      const rename = await t.call(admin, { method: 'PUT', url: `/api/groups/${volunteers.id}`, payload: { name: '网格员' } });
      assert.equal(rename.statusCode, 409);
      assert.equal(rename.json().errors[0].field, 'name');
      assert.equal((await detail(admin, volunteers.id)).name, '志愿者');
    });

    test('an empty or too long name is a 400 naming 分组名称', async () => {
      for (const name of ['', '   ', 'x'.repeat(33)]) {
        const res = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name } });
        assert.equal(res.statusCode, 400, JSON.stringify(name));
        assert.equal(res.json().errors[0].field, 'name');
        assert.equal(res.json().errors[0].label, '分组名称');
      }
    });

    test('update renames and keeps the description when none is sent', async () => {
      const res = await t.call(admin, { method: 'PUT', url: `/api/groups/${volunteers.id}`, payload: { name: '志愿服务队' } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().data.name, '志愿服务队');
      assert.equal(res.json().data.description, '志愿服务队');
      const cleared = await t.call(admin, {
        method: 'PUT',
        url: `/api/groups/${volunteers.id}`,
        payload: { name: '志愿服务队', description: '' },
      });
      assert.equal(cleared.json().data.description, '');
    });

    test('an unknown group is a 404 for read, update, members and delete', async () => {
      const calls = [
        get(admin, '/api/groups/99999'),
        t.call(admin, { method: 'PUT', url: '/api/groups/99999', payload: { name: '无' } }),
        t.call(admin, { method: 'PUT', url: '/api/groups/99999/members', payload: { userIds: [] } }),
        t.call(admin, { method: 'DELETE', url: '/api/groups/99999' }),
      ];
      for (const res of await Promise.all(calls)) {
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { code: 404, message: '分组不存在' });
      }
    });

    test('members are replaced as a whole and counted', async () => {
      const first = await setMembers(admin, volunteers.id, ['villager02', 'villager03']);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().data.memberCount, 2);
      assert.deepEqual(
        first
          .json()
          .data.members.map((m: { account: string }) => m.account)
          .sort(),
        ['villager02', 'villager03'],
      );

      const second = await setMembers(admin, volunteers.id, ['villager03', 'grid04']);
      assert.equal(second.json().data.memberCount, 2);
      assert.deepEqual(await memberAccounts(admin, volunteers.id), ['grid04', 'villager03']);
      const listed = (await get(admin, '/api/groups?name=志愿')).json().data.list[0];
      assert.equal(listed.memberCount, 2);
      // The users see it from their side too.
      const grid04 = (await get(admin, `/api/users/${ids.grid04}`)).json().data;
      assert.ok(grid04.groupIds.includes(volunteers.id));
      const villager02 = (await get(admin, `/api/users/${ids.villager02}`)).json().data;
      assert.ok(!villager02.groupIds.includes(volunteers.id));

      const empty = await setMembers(admin, volunteers.id, []);
      assert.equal(empty.json().data.memberCount, 0);
      assert.deepEqual(empty.json().data.members, []);
    });

    test('members with an unknown user, or listed twice, are a 400 and change nothing', async () => {
      await setMembers(admin, volunteers.id, ['villager02']);
      const unknown = await t.call(admin, {
        method: 'PUT',
        url: `/api/groups/${volunteers.id}/members`,
        payload: { userIds: [ids.villager03, 99999] },
      });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(unknown.json().errors, [{ field: 'userIds', label: '成员', message: '所选用户不存在或不在管理范围内' }]);
      const twice = await t.call(admin, {
        method: 'PUT',
        url: `/api/groups/${volunteers.id}/members`,
        payload: { userIds: [ids.villager03, ids.villager03] },
      });
      assert.equal(twice.statusCode, 400);
      assert.equal(twice.json().errors[0].field, 'userIds');
      const missing = await t.call(admin, { method: 'PUT', url: `/api/groups/${volunteers.id}/members`, payload: {} });
      assert.equal(missing.statusCode, 400);
      assert.deepEqual(missing.json().errors, [{ field: 'userIds', label: '成员', message: '不能为空' }]);
      assert.deepEqual(await memberAccounts(admin, volunteers.id), ['villager02']);
    });

    test('delete removes the group and its memberships', async () => {
      const res = await t.call(admin, { method: 'DELETE', url: `/api/groups/${volunteers.id}` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, message: '分组已删除' });
      assert.equal((await get(admin, `/api/groups/${volunteers.id}`)).statusCode, 404);
      const villager02 = (await get(admin, `/api/users/${ids.villager02}`)).json().data;
      assert.deepEqual(villager02.groupIds, []);
      assert.equal((await t.call(admin, { method: 'DELETE', url: `/api/groups/${volunteers.id}` })).statusCode, 404);
    });
  });

  describe('an area-scoped user manager', () => {
    let manager: string;
    const party = () => groupIds['党员'];

    before(async () => {
      const role = await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村用户管理员', code: 'area_user_admin', permissions: ['userManage'], dataScope: 'area' },
      });
      const user = await t.call(admin, {
        method: 'POST',
        url: '/api/users',
        payload: { account: 'mgr02', name: '村管理员', phone: '13811112222', password: 'Secret123', roleId: role.json().data.id, area: 2 },
      });
      assert.equal(user.statusCode, 200, user.body);
      manager = await firstSignIn(t, 'mgr02', 'Secret123', 'Mine-8642x');
    });

    test('sees only the members of their own area', async () => {
      assert.deepEqual(await memberAccounts(admin, party()), ['cadre02', 'grid04', 'staff01']);
      assert.deepEqual(await memberAccounts(manager, party()), ['cadre02']);
    });

    test('replaces the members within their area and keeps the others', async () => {
      const res = await setMembers(manager, party(), ['villager02', 'grid02']);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        res
          .json()
          .data.members.map((m: { account: string }) => m.account)
          .sort(),
        ['grid02', 'villager02'],
      );
      assert.deepEqual(await memberAccounts(admin, party()), ['grid02', 'grid04', 'staff01', 'villager02']);
      assert.equal((await detail(admin, party())).memberCount, 4);

      const cleared = await setMembers(manager, party(), []);
      assert.equal(cleared.statusCode, 200);
      assert.deepEqual(await memberAccounts(admin, party()), ['grid04', 'staff01']);
    });

    test('cannot add users from another area', async () => {
      const res = await setMembers(manager, party(), ['cadre02', 'villager03']);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors[0].field, 'userIds');
      assert.deepEqual(await memberAccounts(admin, party()), ['grid04', 'staff01']);
    });
  });
});
