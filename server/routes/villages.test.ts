import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';

// 组织架构 › 村（社区）: the areas as managed data (ADR 0050).

interface Village {
  id: number;
  name: string;
  code: string | null;
  sortOrder: number;
  active: boolean;
  archivedAt: string | null;
}

describe('villages', () => {
  let t: TestContext;
  let admin: string;
  const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call(token, { method, url, ...(payload ? { payload } : {}) });
  const areasNow = async () => (await get(undefined, '/api/areas')).json().data as Array<Village & { active: boolean }>;

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
  });
  after(async () => {
    await t.close();
  });

  test('a new install holds the town community and the eleven default villages, ids 1–12 in order', async () => {
    const areas = await areasNow();
    assert.deepEqual(
      areas.map((a) => a.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    );
    assert.equal(areas[0].name, '镇社区');
    assert.equal(areas[1].name, '第一村');
    assert.ok(areas.every((a) => a.active && a.code === null));
    const page = (await get(admin, '/api/villages?pageSize=5')).json().data;
    assert.equal(page.total, 12);
    assert.equal(page.list.length, 5);
  });

  test('adds a 13th village and more; they are used like the first twelve', async () => {
    const res = await send(admin, 'POST', '/api/villages', { name: '新建村', code: '110101001013', sortOrder: 13 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, '村（社区）已新增');
    const village = res.json().data as Village;
    assert.equal(village.id, 13);
    assert.equal(village.code, '110101001013');
    assert.equal(village.active, true);

    for (let i = 14; i <= 30; i += 1) {
      const more = await send(admin, 'POST', '/api/villages', { name: `第${i}号村`, code: null, sortOrder: i });
      assert.equal(more.statusCode, 200, more.body);
    }
    assert.equal((await areasNow()).length, 30);

    // A user, a task and a news item in village 30, which a fixed 1–12 range refused.
    const roles = (await get(admin, '/api/roles')).json().data.list as Array<{ id: number; code: string }>;
    const villageRole = roles.find((r) => r.code === 'village')!.id;
    const user = await send(admin, 'POST', '/api/users', {
      account: 'cadre30',
      name: '三十村干部',
      phone: '13800000030',
      password: 'Secret123',
      roleId: villageRole,
      area: 30,
    });
    assert.equal(user.statusCode, 200, user.body);
    assert.equal(user.json().data.areaName, '第30号村');
    const task = await send(admin, 'POST', '/api/tasks', {
      title: '第三十村的任务',
      category: 5,
      content: '<p>请按时完成</p>',
      template: '1',
      imageNum: 0,
      points: 1,
      deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
      areas: [2, 30],
    });
    assert.equal(task.statusCode, 200, task.body);
    const stats = (await get(admin, '/api/stats/overview')).json().data;
    const names = (stats.users?.byArea ?? []).map((a: { name: string }) => a.name);
    assert.ok(names.includes('第30号村'), JSON.stringify(names));
  });

  test('bad input is a 400 naming the field; a taken name or code a 409 naming it', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '', code: null, sortOrder: 1 }, '名称'],
      [{ name: '甲村', code: '12345', sortOrder: 1 }, '区划代码'],
      [{ name: '甲村', code: '11010100101x', sortOrder: 1 }, '区划代码'],
      [{ name: '甲村', code: null, sortOrder: -1 }, '排序'],
      [{ name: '甲村\u202e', code: null, sortOrder: 1 }, '名称'],
      [{ name: 'x'.repeat(33), code: null, sortOrder: 1 }, '名称'],
    ];
    for (const [payload, label] of cases) {
      const res = await send(admin, 'POST', '/api/villages', payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.match(res.json().message, new RegExp(label));
    }
    const taken = await send(admin, 'POST', '/api/villages', { name: ' 第一村 ', code: null, sortOrder: 1 });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().errors[0].field, 'name');
    const coded = await send(admin, 'PUT', '/api/villages/2', { name: '第一村', code: '110101001013', sortOrder: 2 });
    assert.equal(coded.statusCode, 409);
    assert.equal(coded.json().errors[0].field, 'code');
    assert.equal((await send(admin, 'PUT', '/api/villages/999', { name: '无此村', code: null, sortOrder: 1 })).statusCode, 404);
    // Areas a write names are checked against the table, not a fixed range.
    const unknown = await send(admin, 'POST', '/api/news', { title: '标题', content: '<p>正文</p>', column: 1, area: 999, coverId: null });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.equal(unknown.json().errors[0].field, 'area');
  });

  test('renames and reorders; lists follow the sort order', async () => {
    const res = await send(admin, 'PUT', '/api/villages/3', { name: '第二村（改）', code: '110101001003', sortOrder: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, '村（社区）已保存');
    const areas = await areasNow();
    assert.deepEqual(
      areas.slice(0, 2).map((a) => a.id),
      [1, 3],
    );
    assert.equal(areas[1].name, '第二村（改）');
  });

  test('an archived village drops out of choices, keeps its records and its name, and comes back', async () => {
    const archive = await send(admin, 'POST', '/api/villages/30/archive');
    assert.equal(archive.statusCode, 200, archive.body);
    assert.match(archive.json().message, /已归档/);
    assert.equal(archive.json().data.active, false);
    const listed = (await areasNow()).find((a) => a.id === 30);
    assert.equal(listed?.active, false, 'still listed, for old records');
    assert.equal(listed?.name, '第30号村');

    const users = (await get(admin, '/api/users?account=cadre30')).json().data.list;
    assert.equal(users[0].areaName, '第30号村', 'the record keeps the name');
    const cadre = await t.login('cadre30', 'Secret123');
    assert.ok(cadre, 'an account of an archived village still signs in');

    const news = await send(admin, 'POST', '/api/news', { title: '标题', content: '<p>正文</p>', column: 1, area: 30, coverId: null });
    assert.equal(news.statusCode, 400);
    assert.equal(news.json().errors[0].field, 'area');
    assert.match(news.json().message, /已归档/);
    // Editing the account's other fields keeps its (archived) village.
    const edited = await send(admin, 'PUT', `/api/users/${users[0].id}`, { name: '三十村干部甲', area: 30 });
    assert.equal(edited.statusCode, 200, edited.body);
    const active = (await get(admin, '/api/villages?status=archived')).json().data;
    assert.deepEqual(
      active.list.map((v: Village) => v.id),
      [30],
    );

    const restore = await send(admin, 'POST', '/api/villages/30/restore');
    assert.equal(restore.statusCode, 200);
    assert.equal(restore.json().data.active, true);
    assert.equal((await send(admin, 'POST', '/api/villages/1/archive')).statusCode, 409, 'the town community stays');
  });

  test('deletes only a village nothing refers to', async () => {
    const inUse = await send(admin, 'DELETE', '/api/villages/30');
    assert.equal(inUse.statusCode, 409);
    assert.match(inUse.json().message, /请改为归档/);
    const unused = await send(admin, 'DELETE', '/api/villages/29');
    assert.equal(unused.statusCode, 200, unused.body);
    assert.ok(!(await areasNow()).some((a) => a.id === 29));
    // Ids are not reused.
    const next = await send(admin, 'POST', '/api/villages', { name: '再建村', code: null, sortOrder: 40 });
    assert.equal(next.json().data.id, 31);
  });

  test('a village-scoped role with the organisation key reads but does not manage villages', async () => {
    const role = await send(admin, 'POST', '/api/roles', {
      name: '村组织管理员',
      code: 'area_org_admin',
      permissions: ['organization'],
      dataScope: 'area',
    });
    assert.equal(role.statusCode, 200, role.body);
    const user = await send(admin, 'POST', '/api/users', {
      account: 'org02',
      name: '村组织员',
      phone: '13811113333',
      password: 'Secret123',
      roleId: role.json().data.id,
      area: 2,
    });
    assert.equal(user.statusCode, 200, user.body);
    const manager = await firstSignIn(t, 'org02', 'Secret123', 'Mine-8642x');
    assert.equal((await get(manager, '/api/villages')).statusCode, 200);
    for (const [method, url] of [
      ['POST', '/api/villages'],
      ['PUT', '/api/villages/2'],
      ['POST', '/api/villages/2/archive'],
      ['DELETE', '/api/villages/31'],
    ] as const) {
      const res = await send(
        manager,
        method,
        url,
        method === 'DELETE' || url.endsWith('archive') ? undefined : { name: '越权村', code: null, sortOrder: 1 },
      );
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
    const staffless = await t.login('cadre02');
    assert.equal((await get(staffless, '/api/villages')).statusCode, 403, 'no organisation key');
    assert.equal((await get(undefined, '/api/villages')).statusCode, 401);
  });
});
