import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';
import { multipartBody, type MultipartPart } from '../../tests/helpers/multipart';

const HEADERS = ['账号', '姓名', '手机号', '角色', '所属区域', '分组'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheet(rows: string[][], headers = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('用户');
  ws.addRow(headers);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface PreviewRow {
  row: number;
  account: string;
  errors: Array<{ field: string; message: string }>;
}

describe('user import', () => {
  let t: TestContext;
  let admin: string;
  let manager: string;

  const file = (content: Buffer, filename = '用户.xlsx'): MultipartPart => ({ name: 'file', filename, contentType: XLSX, content });
  const preview = (token: string, content: Buffer, filename?: string) =>
    t.call(token, { method: 'POST', url: '/api/users/import/preview', ...multipartBody([file(content, filename)]) });
  const importing = (token: string, content: Buffer, fields: Record<string, string>) =>
    t.call(token, {
      method: 'POST',
      url: '/api/users/import',
      ...multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, content: value })), file(content)]),
    });
  const userCount = async () => {
    const result = await t.database.db.execute(sql`select count(*)::int as n from users`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0].n;
  };
  const errorsOf = (rows: PreviewRow[], account: string) => rows.find((r) => r.account === account)?.errors ?? [];

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
    const role = await t.call(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: '村用户管理员', code: 'area_user_admin', permissions: ['userManage'], dataScope: 'area' },
    });
    assert.equal(role.statusCode, 200, role.body);
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { account: 'mgr02', name: '村管理员', phone: '13800000002', password: 'Secret123', roleId: role.json().data.id, area: 2 },
    });
    assert.equal(created.statusCode, 200, created.body);
    manager = await firstSignIn(t, 'mgr02', 'Secret123', 'Mine-8642x');
  });
  after(() => t.close());

  test('the template has the columns, an example and the names the caller may use', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/users/import-template' });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const users = workbook.getWorksheet('用户');
    assert.ok(users);
    assert.deepEqual((users.getRow(1).values as string[]).slice(1), HEADERS);
    assert.equal(users.getRow(2).getCell(1).text, 'zhangsan01');
    const help = workbook.getWorksheet('填写说明');
    assert.ok(help);
    const text = help.getSheetValues().flat().join('\n');
    assert.match(text, /村民/);
    assert.match(text, /第一村/);

    // An area-scoped manager is offered their own village only, and no role above their own.
    const narrow = await t.call(manager, { method: 'GET', url: '/api/users/import-template' });
    const mine = new ExcelJS.Workbook();
    await mine.xlsx.load(narrow.rawPayload as unknown as ArrayBuffer);
    const helpText = mine.getWorksheet('填写说明')!.getSheetValues().flat().join('\n');
    assert.match(helpText, /第一村/);
    assert.doesNotMatch(helpText, /第二村|超级管理员/);
  });

  test('the preview names every kind of error per row and counts the good ones', async () => {
    const res = await preview(
      admin,
      await sheet([
        ['new_ok1', '李一', '13900000001', '村民', '第一村', '党员'],
        ['Dup_A', '李二', '13900000002', '村民', '第一村', ''],
        ['dup_a', '李三', '13900000003', '村民', '第一村', ''],
        ['CADRE02', '李四', '13900000004', '村民', '第一村', ''],
        ['new_phone', '李五', '12345', '村民', '第一村', ''],
        ['new_role', '李六', '13900000006', '村长', '第一村', ''],
        ['new_group', '李七', '13900000007', '村民', '第一村', '党员、不存在组'],
        ['new_area', '李八', '13900000008', '村民', '火星村', ''],
        ['no_area', '李九', '13900000009', '村民', '', ''],
      ]),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { rows, valid, invalid } = res.json().data as { rows: PreviewRow[]; valid: number; invalid: number };
    assert.equal(rows.length, 9);
    assert.equal(valid, 2);
    assert.equal(invalid, 7);
    assert.deepEqual(errorsOf(rows, 'new_ok1'), []);
    assert.deepEqual(errorsOf(rows, 'Dup_A'), []);
    assert.deepEqual(errorsOf(rows, 'dup_a'), [{ field: 'account', message: '与第3行的账号重复' }]);
    assert.deepEqual(errorsOf(rows, 'CADRE02'), [{ field: 'account', message: '该账号已存在' }]);
    assert.deepEqual(errorsOf(rows, 'new_phone'), [{ field: 'phone', message: '请输入11位手机号码' }]);
    assert.deepEqual(errorsOf(rows, 'new_role'), [{ field: 'role', message: '没有名为“村长”的角色' }]);
    assert.deepEqual(errorsOf(rows, 'new_group'), [{ field: 'groups', message: '没有名为“不存在组”的分组' }]);
    assert.deepEqual(errorsOf(rows, 'new_area'), [{ field: 'area', message: '没有名为“火星村”的村（社区）' }]);
    assert.deepEqual(errorsOf(rows, 'no_area'), [{ field: 'area', message: '该角色必须选择所属村（社区）' }]);
    assert.equal(rows[0].row, 2);
  });

  test('an area-scoped manager may not import into another village nor hand out a higher role', async () => {
    const res = await preview(
      manager,
      await sheet([
        ['mgr_ok', '王一', '13700000001', '村民', '第一村', ''],
        ['mgr_far', '王二', '13700000002', '村民', '第二村', ''],
        ['mgr_high', '王三', '13700000003', '超级管理员', '第一村', ''],
      ]),
    );
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.json().data.rows as PreviewRow[];
    assert.deepEqual(errorsOf(rows, 'mgr_ok'), []);
    assert.deepEqual(errorsOf(rows, 'mgr_far'), [{ field: 'area', message: '只能管理本村（社区）的用户' }]);
    assert.deepEqual(errorsOf(rows, 'mgr_high'), [{ field: 'role', message: '不能分配超出自己权限的角色' }]);
  });

  test('a wrong row stops the whole import unless the caller skips it', async () => {
    const content = await sheet([
      ['imp_a', '赵一', '13600000001', '村民', '第一村', '党员、网格员'],
      ['imp_b', '赵二', '13600000002', '村干部/网格员', '第二村', ''],
      ['imp_bad', '赵三', '136', '村民', '第一村', ''],
    ]);
    const before = await userCount();
    const refused = await importing(admin, content, { password: 'Import2024x', skipInvalid: 'false' });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.json().message, /第4行有误/);
    assert.equal(await userCount(), before);

    const done = await importing(admin, content, { password: 'Import2024x', skipInvalid: 'true' });
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(done.json().data, { imported: 2, skipped: 1 });
    assert.equal(await userCount(), before + 2);
    const listed = (await t.call(admin, { method: 'GET', url: '/api/users?keyword=imp_' })).json().data.list as Array<{
      account: string;
      groups: Array<{ name: string }>;
      areaName: string;
      status: string;
    }>;
    const a = listed.find((u) => u.account === 'imp_a');
    assert.deepEqual(a?.groups.map((g) => g.name).sort(), ['党员', '网格员'].sort());
    assert.equal(a?.areaName, '第一村');
    assert.equal(a?.status, 'active');
    assert.equal(listed.find((u) => u.account === 'imp_b')?.areaName, '第二村');

    const log = await t.call(admin, { method: 'GET', url: '/api/operation-logs?pageSize=20' });
    assert.equal(log.statusCode, 200, log.body);
    const entry = (
      log.json().data.list as Array<{ route: string; action: string; statusCode: number; changes: Array<{ after: string }> | null }>
    ).find((l) => l.route === '/api/users/import' && l.statusCode === 200);
    assert.ok(entry, 'the import is in the operation log');
    assert.match(entry.action, /导入用户/);
    assert.match(entry.changes?.[0].after ?? '', /^2个（imp_a、imp_b）/);
  });

  test('imported users must change the shared password at their first sign-in', async () => {
    const token = await t.login('imp_a', 'Import2024x');
    const me = await t.call(token, { method: 'GET', url: '/api/currentUser' });
    assert.equal(me.json().data.mustChangePassword, true);
    // Until then every other call is refused (plugins/auth.ts), whatever the role could otherwise do.
    const elsewhere = await t.call(token, { method: 'GET', url: '/api/my/appeals' });
    assert.equal(elsewhere.statusCode, 403);
    assert.equal(elsewhere.json().message, '首次登录请先修改初始密码');
  });

  test('a failure half-way writes nothing: the import is one transaction', async () => {
    const db = t.database.db;
    // A membership insert failing as a raced-in duplicate would, after the users rows went in.
    await db.execute(sql`create function fail_import() returns trigger language plpgsql as $$
      begin raise exception 'raced' using errcode = 'unique_violation'; end $$`);
    await db.execute(sql`create trigger fail_import before insert on user_groups for each row execute function fail_import()`);
    try {
      const before = await userCount();
      const res = await importing(admin, await sheet([['tx_a', '钱一', '13500000001', '村民', '第一村', '党员']]), {
        password: 'Import2024x',
        skipInvalid: 'true',
      });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, /未导入任何用户/);
      assert.equal(await userCount(), before);
    } finally {
      await db.execute(sql`drop trigger fail_import on user_groups`);
      await db.execute(sql`drop function fail_import()`);
    }
  });

  test('bad input is refused naming the field', async () => {
    const good = await sheet([['pw_a', '孙一', '13400000001', '村民', '第一村', '']]);
    const weak = await importing(admin, good, { password: 'short', skipInvalid: 'true' });
    assert.equal(weak.statusCode, 400);
    assert.equal(weak.json().errors[0].field, 'password');
    const common = await importing(admin, good, { password: 'password1', skipInvalid: 'true' });
    assert.equal(common.statusCode, 400);
    assert.equal(common.json().errors[0].field, 'password');

    const text = await preview(admin, Buffer.from('账号,姓名\nabc,张三\n'), 'users.xlsx');
    assert.equal(text.statusCode, 400);
    assert.equal(text.json().errors[0].field, 'file');
    assert.match(text.json().message, /「users\.xlsx」不是 Excel 文件/);
    const csv = await preview(admin, good, 'users.csv');
    assert.equal(csv.statusCode, 400);
    assert.match(csv.json().message, /「users\.csv」不是 Excel 文件/);
    const other = await preview(admin, await sheet([['a', 'b']], ['编号', '名称']), 'x.xlsx');
    assert.equal(other.statusCode, 400);
    assert.match(other.json().message, /不是用户导入模板/);
    const empty = await preview(admin, await sheet([]), 'x.xlsx');
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().message, /没有用户/);
    const big = await preview(admin, Buffer.concat([good, Buffer.alloc(2 * 1024 * 1024)]), 'big.xlsx');
    assert.equal(big.statusCode, 413);
    const noFile = await t.call(admin, { method: 'POST', url: '/api/users/import/preview', payload: {} });
    assert.equal(noFile.statusCode, 400);
    assert.equal(noFile.json().errors[0].field, 'file');
  });

  test('more than 2000 rows are refused', async () => {
    const rows = Array.from({ length: 2001 }, (_, i) => [`many_${i}`, '批量', '13300000000', '村民', '第一村', '']);
    const res = await preview(admin, await sheet(rows));
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /最多导入2000个用户/);
  });

  test('a caller without user management is refused', async () => {
    const staff = await t.login('staff01');
    const good = await sheet([['no_a', '周一', '13200000001', '村民', '第一村', '']]);
    assert.equal((await t.call(staff, { method: 'GET', url: '/api/users/import-template' })).statusCode, 403);
    assert.equal((await preview(staff, good)).statusCode, 403);
    const before = await userCount();
    assert.equal((await importing(staff, good, { password: 'Import2024x', skipInvalid: 'true' })).statusCode, 403);
    assert.equal(await userCount(), before);
  });
  test('the template quotes an area name that starts like a formula, and reads it back as the name', async () => {
    const rename = (name: string) => t.call(admin, { method: 'PUT', url: '/api/areas/2', payload: { name } });
    assert.equal((await rename('=HYPERLINK("http://x","第一村")')).statusCode, 200);
    try {
      // mgr02 manages area 2 only: it is the example row's area.
      const res = await t.call(manager, { method: 'GET', url: '/api/users/import-template' });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const example = workbook.getWorksheet('用户')!.getRow(2);
      assert.equal(example.getCell(5).value, '\'=HYPERLINK("http://x","第一村")', 'text with the apostrophe, not a formula');
      assert.equal(example.getCell(5).formula, undefined);

      // The example row, uploaded with an account of its own, finds the area by its real name.
      example.getCell(1).value = 'quoted_area';
      const back = await preview(manager, Buffer.from(await workbook.xlsx.writeBuffer()));
      assert.equal(back.statusCode, 200, back.body);
      assert.deepEqual(errorsOf((back.json().data as { rows: PreviewRow[] }).rows, 'quoted_area'), []);
    } finally {
      assert.equal((await rename('第一村')).statusCode, 200);
    }
  });
});
