import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UserItem } from '../../common/contracts/users';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createAccount, expectError, expectOk } from '../../tests/helpers/tasks';

// 批量停用 / 批量启用 / 批量调整分组 on the user list (ADR 0063): all or nothing, each account as the
// single change would leave it.

let t: TestContext;
let admin: string;
const ids: Record<string, number> = {};
/** Three villagers' accounts made for these tests. */
let v: number[] = [];
/** The session of the first of them. */
let firstToken: string;

before(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  const list = expectOk(await t.call(admin, { method: 'GET', url: '/api/users?pageSize=100' })).list as UserItem[];
  for (const user of list) ids[user.account] = user.id;
  const villager = list.find((u) => u.account === 'villager02')!;
  const made = [];
  for (const account of ['batch_a', 'batch_b', 'batch_c'])
    made.push(await createAccount(t, admin, { account, roleId: villager.roleId, area: 2 }));
  v = made.map((m) => m.id);
  firstToken = made[0].token;
});
after(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>) => t.call(admin, { method: 'POST', url, payload });
const user = async (id: number) => expectOk(await t.call(admin, { method: 'GET', url: `/api/users/${id}` })) as UserItem;
const group = async (name: string) => expectOk(await post('/api/groups', { name })).id as number;

describe('bulk changes of accounts', () => {
  test('批量停用 ends each one’s sessions; 批量启用 lets them back in', async () => {
    const picked = [v[0], v[1]];
    const token = firstToken;
    const res = await post('/api/users/batch/disable', { ids: picked });
    assert.deepEqual(expectOk(res), { count: 2 });
    assert.equal(res.json().message, '已停用 2 个用户');
    for (const id of picked) assert.equal((await user(id)).status, 'disabled');
    assert.equal((await t.call(token, { method: 'GET', url: '/api/currentUser' })).statusCode, 401);

    const enabled = await post('/api/users/batch/enable', { ids: picked });
    assert.equal(enabled.json().message, '已启用 2 个用户');
    for (const id of picked) assert.equal((await user(id)).status, 'active');
  });

  test('one account that cannot take the change refuses the batch, names it, and changes none', async () => {
    const res = await post('/api/users/batch/disable', { ids: [v[2], ids.admin] });
    expectError(res, 409, new RegExp(`^编号 ${ids.admin} 的用户：.*所选用户都未处理$`));
    assert.equal((await user(v[2])).status, 'active');
  });

  test('批量调整分组 adds to the groups (keeping the others) and takes out of them', async () => {
    const [a, b] = [await group('批量分组甲'), await group('批量分组乙')];
    const picked = [v[0], v[1]];
    expectOk(await t.call(admin, { method: 'PUT', url: `/api/users/${v[0]}`, payload: { groupIds: [b] } }));

    const added = await post('/api/users/batch/groups', { ids: picked, groupIds: [a, b], mode: 'add' });
    assert.equal(added.json().message, '已将 2 个用户加入所选分组');
    for (const id of picked) assert.deepEqual((await user(id)).groupIds.sort(), [a, b].sort());

    const removed = await post('/api/users/batch/groups', { ids: picked, groupIds: [a], mode: 'remove' });
    assert.equal(removed.json().message, '已将 2 个用户移出所选分组');
    for (const id of picked) assert.deepEqual((await user(id)).groupIds, [b]);
  });

  test('bad input is a 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/users/batch/disable', { ids: [] }, 'ids'],
      ['/api/users/batch/groups', { ids: [v[0]], groupIds: [], mode: 'add' }, 'groupIds'],
      ['/api/users/batch/groups', { ids: [v[0]], groupIds: [999999], mode: 'add' }, 'groupIds'],
      ['/api/users/batch/groups', { ids: [v[0]], groupIds: [1], mode: 'set' }, 'mode'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      assert.ok(
        (res.json().errors as Array<{ field: string }>).some((e) => e.field.startsWith(field)),
        `${JSON.stringify(payload)} names ${field}: ${res.body}`,
      );
    }
  });
});
