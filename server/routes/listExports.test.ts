import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { PageResult } from '../../common/contracts/base';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { expectError, expectOk, publishedTask } from '../../tests/helpers/tasks';
import { sendListExport } from '../listExport';
import { sheetRows } from '../../tests/helpers/xlsx';

// 导出Excel on every admin list (docs/product.md §13): each export is the list's own query, so the file
// holds exactly the rows the list shows under the same filters and scope, in the same order.
let t: TestContext;
let admin: string;
let staff: string;
let villager: string;
let taskId: number;

before(async () => {
  t = await createTestContext();
  [admin, staff, villager] = await Promise.all(['admin', 'staff01', 'villager02'].map((a) => t.login(a)));
  taskId = (await publishedTask(t, admin, { title: '导出测试任务', areas: [2, 3] })).id;
});
after(async () => {
  await t.close();
});

const EXPORTS = [
  { name: '任务列表', list: '/api/tasks', query: 'status=published', header: ['编号', '任务标题', '状态'], key: 'id', bad: 'status' },
  {
    name: '任务提交记录',
    list: '/api/submissions',
    query: 'status=pending',
    header: ['编号', '任务标题', '工作类别'],
    key: 'id',
    bad: 'status',
  },
  { name: '新闻列表', list: '/api/news', query: 'status=published', header: ['编号', '标题', '栏目'], key: 'id', bad: 'status' },
  { name: '用户列表', list: '/api/users', query: 'status=active', header: ['账号', '姓名', '手机号'], key: 'account', bad: 'status' },
  { name: '随手拍', list: '/api/photo-reports', query: '', header: ['编号', '类型', '描述'], key: 'id', bad: 'status' },
  { name: '舆情监测', list: '/api/opinions', query: '', header: ['编号', '标题', '来源'], key: 'id', bad: 'status' },
] as const;

describe('list exports', () => {
  for (const e of EXPORTS) {
    test(`${e.name}: the file is the list under the same filters, refused to those who may not read the list`, async () => {
      const shown = expectOk(await t.call(admin, { method: 'GET', url: `${e.list}?pageSize=100&${e.query}` })) as PageResult<
        Record<string, unknown>
      >;
      assert.ok(shown.total > 0, `${e.name} has demo rows`);
      assert.ok(shown.total <= 100, `${e.name} fits one list page here`);
      const res = await t.call(admin, { method: 'GET', url: `${e.list}/export?${e.query}` });
      assert.equal(res.statusCode, 200, res.body.slice(0, 200));
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(String(res.headers['content-disposition']), new RegExp(`filename\\*=UTF-8''${encodeURIComponent(e.name)}`));
      const rows = await sheetRows(res, e.name);
      assert.deepEqual(rows[0].slice(0, 3), e.header);
      assert.deepEqual(
        rows.slice(1).map((row) => row[0]),
        shown.list.map((item) => item[e.key]),
      );
      expectError(await t.call(villager, { method: 'GET', url: `${e.list}/export` }), 403);
      expectError(await t.call(admin, { method: 'GET', url: `${e.list}/export?${e.bad}=nope` }), 400, undefined, e.bad);
      if (e.list !== '/api/users' && e.list !== '/api/submissions') {
        expectError(await t.call(admin, { method: 'GET', url: `${e.list}/export?from=0000-01-01T00:00:00Z` }), 400, undefined, 'from');
      }
    });
  }

  test('a filter narrows the file as it narrows the list', async () => {
    const res = await t.call(admin, { method: 'GET', url: `/api/tasks/export?title=${encodeURIComponent('导出测试任务')}` });
    const rows = await sheetRows(res, '任务列表');
    assert.equal(rows.length, 2);
    assert.equal(rows[1][1], '导出测试任务');
    assert.equal(rows[1][2], '进行中');
    assert.equal(rows[1][7], '第一村、第二村');
  });

  test('a title that starts like a formula is text with a leading apostrophe; negative points stay numbers', async () => {
    const title = '=HYPERLINK("http://example.com/x","点击查看")';
    await publishedTask(t, admin, { title, areas: [2] });
    const rows = await sheetRows(
      await t.call(admin, { method: 'GET', url: `/api/tasks/export?title=${encodeURIComponent('HYPERLINK')}` }),
      '任务列表',
    );
    assert.equal(rows.length, 2);
    assert.equal(rows[1][1], `'${title}`);
    const users = expectOk(await t.call(admin, { method: 'GET', url: '/api/scores/ranking?pageSize=1&area=2' })) as PageResult<{
      userId: number;
      points: number;
    }>;
    const user = users.list[0];
    const adjusted = await t.call(admin, {
      method: 'POST',
      url: '/api/scores/adjust',
      payload: { userId: user.userId, delta: -(user.points + 7), reason: '扣分' },
    });
    assert.equal(adjusted.statusCode, 200, adjusted.body);
    const ranking = await sheetRows(await t.call(admin, { method: 'GET', url: '/api/scores/export?area=2' }), '积分排行');
    assert.ok(
      ranking.some((row) => row[4] === -7),
      JSON.stringify(ranking),
    );
  });

  test('the user export never carries a password or its hash', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/users/export' });
    const text = JSON.stringify(await sheetRows(res, '用户列表'));
    assert.doesNotMatch(text, /scrypt|Demo12345|Admin12345|密码/);
  });

  test('完成情况: the people of one task under the drawer filters, the task named in the file name', async () => {
    const shown = expectOk(
      await t.call(staff, { method: 'GET', url: `/api/tasks/${taskId}/completion/people?pageSize=100&area=2` }),
    ) as PageResult<{
      name: string;
    }>;
    assert.ok(shown.total > 0, JSON.stringify(shown));
    const res = await t.call(staff, { method: 'GET', url: `/api/tasks/${taskId}/completion/export?area=2` });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), new RegExp(encodeURIComponent('完成情况-导出测试任务')));
    const rows = await sheetRows(res, '完成情况');
    assert.deepEqual(rows[0], ['姓名', '账号', '手机号', '所属区域', '完成状态', '是否逾期', '提交时间']);
    assert.deepEqual(
      rows.slice(1).map((row) => row[0]),
      shown.list.map((p) => p.name),
    );
    assert.ok(rows.slice(1).every((row) => row[3] === '第一村' && row[4] === '未提交'));
    expectError(await t.call(staff, { method: 'GET', url: '/api/tasks/999999/completion/export' }), 404);
    expectError(await t.call(staff, { method: 'GET', url: `/api/tasks/${taskId}/completion/export?state=nope` }), 400, undefined, 'state');
    expectError(await t.call(villager, { method: 'GET', url: `/api/tasks/${taskId}/completion/export` }), 403);
  });

  test('完成情况 by area: the page’s table with its 合计 line, equal to the completion figures', async () => {
    const shown = expectOk(await t.call(staff, { method: 'GET', url: `/api/tasks/${taskId}/completion` })) as {
      areas: Array<{ areaName: string; targeted: number; submitted: number; approved: number; rate: number }>;
      total: { targeted: number; submitted: number; approved: number; rate: number };
    };
    assert.equal(shown.areas.length, 2);
    const res = await t.call(staff, { method: 'GET', url: `/api/tasks/${taskId}/completion/areas/export` });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), new RegExp(encodeURIComponent('各区域完成情况-导出测试任务')));
    const rows = await sheetRows(res, '各区域完成情况');
    assert.deepEqual(rows[0], ['区域', '目标人数', '已提交', '已通过', '未提交', '完成率']);
    const line = (name: string, f: { targeted: number; submitted: number; approved: number; rate: number }) => [
      name,
      f.targeted,
      f.submitted,
      f.approved,
      f.targeted - f.submitted,
      `${Math.round(f.rate * 1000) / 10}%`,
    ];
    assert.deepEqual(rows.slice(1), [...shown.areas.map((a) => line(a.areaName, a)), line('合计', shown.total)]);
    assert.ok(shown.total.targeted > 0, 'the task reaches somebody');
    expectError(await t.call(staff, { method: 'GET', url: '/api/tasks/999999/completion/areas/export' }), 404);
    expectError(await t.call(staff, { method: 'GET', url: '/api/tasks/abc/completion/areas/export' }), 400, undefined, 'id');
    expectError(await t.call(villager, { method: 'GET', url: `/api/tasks/${taskId}/completion/areas/export` }), 403);
  });

  test('an export reads the list page after page until a short page, all rows in order', async () => {
    const all = Array.from({ length: 1234 }, (_, i) => ({ id: i + 1 }));
    const asked: Array<[number, number]> = [];
    let sent: unknown;
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (body: unknown) => {
        sent = body;
        return reply;
      },
    };
    await sendListExport(reply as never, {
      sheet: 's',
      fileName: 's.xlsx',
      asciiName: 's.xlsx',
      columns: [{ header: 'id', width: 8, value: (r: { id: number }) => r.id }],
      page: async (current, pageSize) => {
        asked.push([current, pageSize]);
        return { list: all.slice((current - 1) * pageSize, current * pageSize), total: all.length, current, pageSize };
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of sent as Readable) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ids = (workbook.getWorksheet('s')?.getSheetValues().filter(Boolean) as unknown[][]).slice(1).map((row) => row[1]);
    assert.deepEqual(
      ids,
      all.map((r) => r.id),
    );
    assert.deepEqual(asked, [
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
  });
});
