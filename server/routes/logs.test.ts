import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { OperationLogItem } from '../../common/contracts/system';
import { createTestContext, type TestContext } from '../../tests/helpers/app';

/** 系统设置 › 操作日志 and 登录日志: what changed, filters, export. */
describe('operation and sign-in logs', () => {
  let t: TestContext;
  let admin: string;
  let staff: string;
  const started = new Date().toISOString();

  const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });

  /** The log is written as the answer goes out: wait for the entry of `action` on `targetId`. */
  async function logOf(action: string, targetId: string | null): Promise<OperationLogItem> {
    for (let i = 0; ; i++) {
      const res = await get(admin, `/api/operation-logs?pageSize=100&action=${encodeURIComponent(action)}&from=${started}`);
      assert.equal(res.statusCode, 200, res.body);
      const entry = (res.json().data.list as OperationLogItem[]).find((e) => e.targetId === targetId);
      if (entry) return entry;
      if (i > 100) assert.fail(`no log for ${action} ${targetId}`);
      await sleep(20);
    }
  }

  before(async () => {
    t = await createTestContext();
    [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  });
  after(() => t.close());

  test('an edit records the fields it changed, before and after, by their names', async () => {
    const users = (await get(admin, '/api/users?account=villager03')).json().data.list;
    const id = users[0].id as number;
    const res = await t.call(admin, { method: 'PUT', url: `/api/users/${id}`, payload: { name: '孙改名', phone: '13900000399' } });
    assert.equal(res.statusCode, 200, res.body);
    const entry = await logOf('修改用户', String(id));
    assert.equal(entry.account, 'admin');
    assert.equal(entry.statusCode, 200);
    const byField = new Map((entry.changes ?? []).map((c) => [c.field, c]));
    assert.equal(byField.get('姓名')?.after, '孙改名');
    assert.equal(byField.get('手机号码')?.after, '13900000399');
    assert.equal(byField.get('手机号码')?.before, users[0].phone);
    assert.equal(byField.size, 2, JSON.stringify(entry.changes));
  });

  test('a password reset shows as changed without any hash or password', async () => {
    const [user] = (await get(admin, '/api/users?account=grid04')).json().data.list;
    const res = await t.call(admin, { method: 'POST', url: `/api/users/${user.id}/reset-password`, payload: { password: 'Newpass123' } });
    assert.equal(res.statusCode, 200, res.body);
    const entry = await logOf('重置密码', String(user.id));
    assert.deepEqual(entry.changes, [{ field: '密码', before: '******', after: '******（已修改）' }]);
    assert.doesNotMatch(JSON.stringify(entry), /scrypt|Newpass123|\$/);
  });

  test('a create lists the new values; a delete lists what was removed', async () => {
    const created = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '日志测试组', description: '临时' } });
    assert.equal(created.statusCode, 200, created.body);
    const id = String(created.json().data.id);
    const made = await logOf('新建分组', id);
    assert.deepEqual(
      made.changes?.find((c) => c.field === '分组名称'),
      { field: '分组名称', before: null, after: '日志测试组' },
    );
    assert.equal((await t.call(admin, { method: 'DELETE', url: `/api/groups/${id}` })).statusCode, 200);
    const removed = await logOf('删除分组', id);
    assert.deepEqual(
      removed.changes?.find((c) => c.field === '分组名称'),
      { field: '分组名称', before: '日志测试组', after: null },
    );
  });

  test('a refused write is logged as a failure with no changes; the result filter finds it', async () => {
    const res = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { platformTitle: '' } });
    assert.equal(res.statusCode, 400);
    const action = encodeURIComponent('修改平台设置');
    let failed: OperationLogItem[] = [];
    for (let i = 0; i < 100 && !failed.length; i++) {
      failed = (await get(admin, `/api/operation-logs?result=failure&action=${action}&from=${started}`)).json().data.list;
      if (!failed.length) await sleep(20);
    }
    assert.equal(failed.length, 1);
    assert.equal(failed[0].statusCode, 400);
    assert.equal(failed[0].changes, null);
    const ok = await get(admin, `/api/operation-logs?result=success&action=${action}&from=${started}`);
    assert.equal(ok.json().data.total, 0);
  });

  test('settings changes name the setting', async () => {
    const res = await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { icpNumber: '苏ICP备12345678号' } });
    assert.equal(res.statusCode, 200, res.body);
    for (let i = 0; i < 100; i++) {
      const list = (
        await get(admin, `/api/operation-logs?result=success&action=${encodeURIComponent('修改平台设置')}&from=${started}`)
      ).json().data.list as OperationLogItem[];
      if (list.length) {
        assert.equal(list[0].changes?.find((c) => c.field === '备案号')?.after, '苏ICP备12345678号');
        return;
      }
      await sleep(20);
    }
    assert.fail('no settings log');
  });

  test('filters by address prefix and account; the export has the same rows', async () => {
    const mine = await get(admin, `/api/operation-logs?ip=127.0.0.&account=admin&from=${started}&pageSize=100`);
    assert.equal(mine.statusCode, 200);
    const { total, list } = mine.json().data;
    assert.ok(total >= 5, `total ${total}`);
    assert.ok((list as OperationLogItem[]).every((e) => e.account === 'admin' && e.ip.startsWith('127.0.0.')));
    assert.equal((await get(admin, `/api/operation-logs?ip=10.9.&from=${started}`)).json().data.total, 0);

    const file = await get(admin, `/api/operation-logs/export?ip=127.0.0.&account=admin&from=${started}`);
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-disposition']), /filename\*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('操作日志')!;
    assert.equal(sheet.rowCount - 1, total);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['时间', '账号', '操作', '对象编号', '结果', '地址', '变更内容']);
    const texts = sheet.getColumn(7).values.map(String).join('\n');
    assert.match(texts, /姓名：.* → 孙改名/);
  });

  test('sign-in logs: failures by reason, filterable and exported', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/login/account',
      payload: { username: 'cadre03', password: 'Wrong12345' },
      remoteAddress: '10.20.30.40',
    });
    const res = await get(admin, `/api/login-logs?success=false&ip=10.20.30.&from=${started}`);
    assert.equal(res.statusCode, 200);
    const [entry] = res.json().data.list;
    assert.equal(entry.account, 'cadre03');
    assert.equal(entry.reason, 'bad_password');
    const file = await get(admin, `/api/login-logs/export?success=false&ip=10.20.30.&from=${started}`);
    assert.equal(file.statusCode, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('登录日志')!;
    assert.equal(sheet.rowCount, 2);
    assert.deepEqual(sheet.getRow(2).getCell(4).value, '密码错误');
  });

  test('only the admin reads or exports logs; bad filters are a 400 naming the field', async () => {
    for (const url of ['/api/operation-logs', '/api/operation-logs/export', '/api/login-logs', '/api/login-logs/export']) {
      assert.equal((await get(staff, url)).statusCode, 403, url);
      assert.equal((await get(undefined, url)).statusCode, 401, url);
    }
    const bad = await get(admin, '/api/operation-logs?result=maybe');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /结果/);
    const badDate = await get(admin, '/api/login-logs/export?from=yesterday');
    assert.equal(badDate.statusCode, 400);
    assert.match(badDate.json().message, /开始时间/);
  });
});
