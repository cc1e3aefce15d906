import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { seedReference } from '../seed/seed';
import { settings } from '../db/schema';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../tests/helpers/app';

interface OperationLog {
  userId: number | null;
  account: string;
  method: string;
  route: string;
  targetId: string | null;
  ip: string;
  statusCode: number;
}

describe('system', () => {
  let t: TestContext;
  let admin: string;
  let staff: string;
  let villager: string;
  let cadre: string;

  const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
  const put = (token: string | undefined, url: string, payload: Record<string, unknown>) => t.call(token, { method: 'PUT', url, payload });

  /** The operation log is written as the answer goes out: wait until `count` rows match. */
  async function operationLogs(query: string, count: number): Promise<OperationLog[]> {
    for (let i = 0; ; i++) {
      const res = await get(admin, `/api/operation-logs?pageSize=100&${query}`);
      assert.equal(res.statusCode, 200, res.body);
      const list = res.json().data.list as OperationLog[];
      if (list.length >= count || i >= 50) return list;
      await sleep(20);
    }
  }

  before(async () => {
    t = await createTestContext();
    [admin, staff, villager, cadre] = await Promise.all([t.login('admin'), t.login('staff01'), t.login('villager02'), t.login('cadre02')]);
  });
  after(async () => {
    await t.close();
  });

  describe('areas', () => {
    test('GET /api/areas is public: 12 areas, 1 is the town community', async () => {
      const res = await get(undefined, '/api/areas');
      assert.equal(res.statusCode, 200);
      const areas = res.json().data as Array<{ id: number; name: string }>;
      assert.equal(areas.length, 12);
      assert.deepEqual(
        areas.map((a) => a.id),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      );
      assert.deepEqual(areas[0], { id: 1, name: '镇社区', code: null, sortOrder: 1, active: true });
      assert.deepEqual(areas[1], { id: 2, name: '第一村', code: null, sortOrder: 2, active: true });
      assert.ok(areas.every((a) => a.name.length > 0));
    });

    test('renaming an area needs the introduction permission', async () => {
      const anonymous = await put(undefined, '/api/areas/2', { name: '幸福村' });
      assert.equal(anonymous.statusCode, 401);
      assert.equal(anonymous.json().code, 401);
      for (const token of [villager, cadre]) {
        const res = await put(token, '/api/areas/2', { name: '幸福村' });
        assert.equal(res.statusCode, 403);
        // Neither holds a back-office key: their client goes to the exception page (ADR 0025).
        assert.deepEqual(res.json(), { code: 403, message: '拒绝访问：您的账号没有管理后台的权限', showType: 9 });
      }
      const res = await put(staff, '/api/areas/2', { name: ' 幸福村 ', id: 9 });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { code: 200, data: { id: 2, name: '幸福村', code: null, sortOrder: 2, active: true } });
      const areas = (await get(undefined, '/api/areas')).json().data;
      assert.equal(areas[1].name, '幸福村');
      assert.equal(areas[8].name, '第八村');
      // The users of that area see the new name.
      assert.equal((await get(cadre, '/api/currentUser')).json().data.areaName, '幸福村');
    });

    test('the area id must be a positive smallint and the name must not be empty', async () => {
      for (const [id, message] of [
        ['0', '不能小于1'],
        ['40000', '不能大于32767'],
        ['abc', '必须是数字'],
      ]) {
        const res = await put(admin, `/api/areas/${id}`, { name: '某村' });
        assert.equal(res.statusCode, 400, id);
        assert.deepEqual(res.json().errors, [{ field: 'id', label: '区域', message }]);
      }
      for (const name of ['', '   ', 'x'.repeat(33)]) {
        const res = await put(admin, '/api/areas/3', { name });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().errors[0].field, 'name');
        assert.equal(res.json().errors[0].label, '区域名称');
      }
      assert.equal((await get(undefined, '/api/areas')).json().data[2].name, '第二村');
    });
  });

  describe('settings', () => {
    test('GET /api/settings is public, with no made-up filing number', async () => {
      const res = await get(undefined, '/api/settings');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        code: 200,
        data: {
          platformTitle: '乡村两级治理中心联动平台',
          centreName: '示范镇综合治理中心',
          icpNumber: '',
          appealDueDays: 3,
          callbackDays: 3,
          photoStaleDays: 30,
        },
      });
      // Which settings wait for the admin is the admin's business only.
      for (const token of [staff, cadre, villager]) assert.equal((await get(token, '/api/settings')).json().data.unset, undefined);
    });

    test('an admin is asked for the filing number and the centre name until the settings are saved once', async () => {
      const fresh = await createTestContext({ demo: false });
      try {
        const token = await fresh.login('admin');
        const read = async () => (await fresh.call(token, { method: 'GET', url: '/api/settings' })).json().data;
        assert.deepEqual((await read()).unset, ['centreName', 'icpNumber']);
        // Saving anything, even without a filing number (an intranet-only site needs none), answers it.
        const saved = await fresh.call(token, { method: 'PUT', url: '/api/settings', payload: { centreName: '青山镇综治中心' } });
        assert.equal(saved.statusCode, 200);
        assert.deepEqual(saved.json().data.unset, []);
        assert.deepEqual(await read(), {
          platformTitle: '乡村两级治理中心联动平台',
          centreName: '青山镇综治中心',
          icpNumber: '',
          appealDueDays: 3,
          callbackDays: 3,
          photoStaleDays: 30,
          unset: [],
        });
      } finally {
        await fresh.close();
      }
    });

    test("an earlier release's made-up filing number is cleared at start; a real one is kept", async () => {
      const fresh = await createTestContext({ demo: false });
      try {
        const token = await fresh.login('admin');
        await fresh.database.db.update(settings).set({ value: 'ICP备XXXXXXXX号' }).where(eq(settings.key, 'icpNumber'));
        await seedReference(fresh.database.db);
        const after = (await fresh.call(token, { method: 'GET', url: '/api/settings' })).json().data;
        assert.equal(after.icpNumber, '');
        assert.deepEqual(after.unset, ['centreName', 'icpNumber']);
        await fresh.database.db.update(settings).set({ value: '浙ICP备12345678号' }).where(eq(settings.key, 'icpNumber'));
        await seedReference(fresh.database.db);
        const kept = (await fresh.call(token, { method: 'GET', url: '/api/settings' })).json().data;
        assert.equal(kept.icpNumber, '浙ICP备12345678号');
        assert.deepEqual(kept.unset, ['centreName']);
      } finally {
        await fresh.close();
      }
    });

    test('only admin may change the settings', async () => {
      assert.equal((await put(undefined, '/api/settings', { centreName: '某中心' })).statusCode, 401);
      for (const token of [staff, cadre, villager]) {
        const res = await put(token, '/api/settings', { centreName: '某中心' });
        assert.equal(res.statusCode, 403);
        assert.equal(res.json().code, 403);
      }
      assert.equal((await get(undefined, '/api/settings')).json().data.centreName, '示范镇综合治理中心');
    });

    test('admin changes the given settings and keeps the others', async () => {
      const res = await put(admin, '/api/settings', { icpNumber: ' 浙ICP备12345678号 ', unknown: 'x' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json().data, {
        platformTitle: '乡村两级治理中心联动平台',
        centreName: '示范镇综合治理中心',
        icpNumber: '浙ICP备12345678号',
        appealDueDays: 3,
        callbackDays: 3,
        photoStaleDays: 30,
        unset: [],
      });
      const second = await put(admin, '/api/settings', { platformTitle: '某镇治理平台', centreName: '某镇综治中心' });
      assert.equal(second.statusCode, 200);
      assert.deepEqual((await get(undefined, '/api/settings')).json().data, {
        platformTitle: '某镇治理平台',
        centreName: '某镇综治中心',
        icpNumber: '浙ICP备12345678号',
        appealDueDays: 3,
        callbackDays: 3,
        photoStaleDays: 30,
      });
      // The filing number may be cleared; the title may not.
      assert.equal((await put(admin, '/api/settings', { icpNumber: '' })).json().data.icpNumber, '');
      const empty = await put(admin, '/api/settings', { platformTitle: ' ' });
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, [{ field: 'platformTitle', label: '平台名称', message: '不能为空' }]);
    });
  });

  describe('operation logs', () => {
    test('only admin reads them', async () => {
      assert.equal((await get(undefined, '/api/operation-logs')).statusCode, 401);
      for (const token of [staff, cadre, villager]) assert.equal((await get(token, '/api/operation-logs')).statusCode, 403);
    });

    test('every write by a signed-in user is logged with method, route, target and status, failures too', async () => {
      const staffId = (await get(staff, '/api/currentUser')).json().data.id;
      const earlier = (await get(admin, '/api/operation-logs?account=staff01')).json().data.total;
      await put(staff, '/api/areas/5', { name: '第四村' });
      await put(staff, '/api/settings', { centreName: '越权' });
      await put(staff, '/api/areas/40000', { name: '越界' });
      await get(staff, '/api/areas');
      await t.call(staff, { method: 'POST', url: '/api/login/outLogin' });
      staff = await t.login('staff01');

      const logs = (await operationLogs('account=staff01&sortOrder=ascend', earlier + 4)).slice(earlier);
      // Each log is written after its answer: on PostgreSQL two can land in either order.
      const byKey = (a: { route: string; targetId: string | null; statusCode: number }, b: typeof a) =>
        `${a.route} ${a.targetId} ${a.statusCode}`.localeCompare(`${b.route} ${b.targetId} ${b.statusCode}`);
      assert.deepEqual(
        logs.map(({ method, route, targetId, statusCode }) => ({ method, route, targetId, statusCode })).sort(byKey),
        [
          { method: 'PUT', route: '/api/areas/:id', targetId: '5', statusCode: 200 },
          { method: 'PUT', route: '/api/settings', targetId: null, statusCode: 403 },
          { method: 'PUT', route: '/api/areas/:id', targetId: '40000', statusCode: 400 },
          { method: 'POST', route: '/api/login/outLogin', targetId: null, statusCode: 200 },
        ].sort(byKey),
      );
      for (const log of logs) {
        assert.equal(log.userId, staffId);
        assert.equal(log.account, 'staff01');
        assert.equal(log.ip, '127.0.0.1');
      }
    });

    test('a create is logged with the id it made; a miss with the id it asked for', async () => {
      // Logs are written after the answer: wait for these three, not for any three, and leave out
      // a log of an earlier test that lands late.
      const since = new Date().toISOString();
      const created = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '日志测试组' } });
      assert.equal(created.statusCode, 200);
      const groupId = String(created.json().data.id);
      await t.call(admin, { method: 'DELETE', url: '/api/groups/99999' });
      await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '日志测试组' } });
      let logs: OperationLog[] = [];
      for (let i = 0; logs.length < 3 && i < 50; i++) {
        if (i) await sleep(20);
        const found = await operationLogs(`account=admin&sortOrder=ascend&from=${since}`, 0);
        logs = found.filter((log) => log.route.startsWith('/api/groups'));
      }
      // Each log is written after its answer: the three can land in any order.
      const byMethod = (log: { method: string; statusCode: number }) => `${log.method}${log.statusCode}`;
      assert.deepEqual(
        logs
          .map(({ method, route, targetId, statusCode }) => ({ method, route, targetId, statusCode }))
          .sort((a, b) => byMethod(a).localeCompare(byMethod(b))),
        [
          { method: 'DELETE', route: '/api/groups/:id', targetId: '99999', statusCode: 404 },
          { method: 'POST', route: '/api/groups', targetId: groupId, statusCode: 200 },
          { method: 'POST', route: '/api/groups', targetId: null, statusCode: 409 },
        ],
      );
    });

    test('reads and anonymous calls are not logged', async () => {
      const before = (await get(admin, '/api/operation-logs')).json().data.total;
      await get(staff, '/api/currentUser');
      await put(undefined, '/api/settings', { centreName: '匿名' });
      await t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username: 'staff01', password: 'Wrong12345' } });
      await sleep(50);
      assert.equal((await get(admin, '/api/operation-logs')).json().data.total, before);
      const gets = await get(admin, '/api/operation-logs?method=GET');
      assert.equal(gets.statusCode, 400);
      assert.equal(gets.json().errors[0].label, '方法');
    });

    test('filters by account, method and time', async () => {
      const puts = (await get(admin, '/api/operation-logs?pageSize=100&method=PUT')).json().data.list as OperationLog[];
      assert.ok(puts.length >= 3);
      assert.ok(puts.every((l) => l.method === 'PUT'));
      const byAccount = (await get(admin, '/api/operation-logs?pageSize=100&account=STAFF')).json().data.list as OperationLog[];
      assert.ok(byAccount.length >= 4);
      assert.ok(byAccount.every((l) => l.account === 'staff01'));
      const hourAgo = new Date(Date.now() - 3600_000).toISOString();
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      const all = (await get(admin, '/api/operation-logs')).json().data.total;
      assert.equal((await get(admin, `/api/operation-logs?from=${hourAgo}&to=${inAnHour}`)).json().data.total, all);
      assert.equal((await get(admin, `/api/operation-logs?from=${inAnHour}`)).json().data.total, 0);
      assert.equal((await get(admin, `/api/operation-logs?to=${hourAgo}`)).json().data.total, 0);
      const bad = await get(admin, '/api/operation-logs?from=yesterday');
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, [{ field: 'from', label: '开始时间', message: '时间格式不正确' }]);
    });
  });

  describe('login logs', () => {
    test('only admin reads them', async () => {
      assert.equal((await get(undefined, '/api/login-logs')).statusCode, 401);
      for (const token of [staff, cadre, villager]) assert.equal((await get(token, '/api/login-logs')).statusCode, 403);
    });

    test('filters by account, address, result and time', async () => {
      const ip = '10.7.0.1';
      const signIn = (username: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username, password }, remoteAddress: ip });
      await signIn('grid04', DEMO_PASSWORD);
      await signIn('grid04', 'Wrong12345');
      await signIn('cadre03', DEMO_PASSWORD);
      const logs = async (query: string) => {
        const res = await get(admin, `/api/login-logs?pageSize=100&${query}`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json().data.list as Array<{ account: string; ip: string; success: boolean; reason: string }>;
      };
      const fromIp = await logs(`ip=${ip}`);
      assert.deepEqual(
        fromIp.map((l) => [l.account, l.success, l.reason]),
        [
          ['cadre03', true, 'ok'],
          ['grid04', false, 'bad_password'],
          ['grid04', true, 'ok'],
        ],
      );
      assert.deepEqual(
        (await logs(`ip=${ip}&success=false`)).map((l) => l.reason),
        ['bad_password'],
      );
      assert.deepEqual(
        (await logs(`ip=${ip}&success=true&account=GRID`)).map((l) => l.account),
        ['grid04'],
      );
      assert.ok((await logs('account=grid04')).every((l) => l.account === 'grid04'));
      assert.ok((await logs('success=false')).every((l) => !l.success));
      const inAnHour = new Date(Date.now() + 3600_000).toISOString();
      assert.deepEqual(await logs(`ip=${ip}&from=${inAnHour}`), []);
      assert.equal((await logs(`ip=${ip}&to=${inAnHour}`)).length, 3);
      assert.equal((await get(admin, '/api/login-logs?success=maybe')).statusCode, 400);
    });
  });
});
