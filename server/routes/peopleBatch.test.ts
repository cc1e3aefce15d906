import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import type { AppealDetail, PhotoReportDetail } from '../../common/contracts/people';
import type { OperationLogItem } from '../../common/contracts/system';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal, createPhotoReport, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk, uploadImages } from '../../tests/helpers/tasks';

// Bulk steps on the appeal and photo-report lists (ADR 0063): each record takes the single step,
// all or nothing, with one operation-log entry per record.

let t: TestContext;
let admin: string;
let staff: string; // staff01, scope all
let villager: string; // villager02, area 2
let areaHandler: string; // peopleService, scope area, area 3
const started = new Date().toISOString();

before(async () => {
  t = await createTestContext();
  [admin, staff, villager] = await Promise.all(['admin', 'staff01', 'villager02'].map((a) => t.login(a)));
  areaHandler = (await peopleHandler(t, admin, { code: 'batch_area3', dataScope: 'area', area: 3 })).token;
});
after(async () => {
  await t.close();
});

const post = (token: string, url: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url, payload });
const appeal = async (id: number) => expectOk(await t.call(admin, { method: 'GET', url: `/api/appeals/${id}` })) as AppealDetail;
const report = async (id: number) => expectOk(await t.call(admin, { method: 'GET', url: `/api/photo-reports/${id}` })) as PhotoReportDetail;
const appeals = (n: number, overrides: Record<string, unknown> = {}) =>
  Promise.all(Array.from({ length: n }, (_, i) => createAppeal(t, villager, { title: `批量诉求${i + 1}`, ...overrides })));

/** The log is written as the answer goes out: wait for `count` entries of `action`. */
async function logsOf(action: string, count: number): Promise<OperationLogItem[]> {
  for (let i = 0; ; i++) {
    const res = await t.call(admin, {
      method: 'GET',
      url: `/api/operation-logs?pageSize=100&action=${encodeURIComponent(action)}&from=${started}`,
    });
    const list = expectOk(res).list as OperationLogItem[];
    if (list.length >= count) return list;
    if (i > 100) assert.fail(`only ${list.length} logs for ${action}`);
    await sleep(20);
  }
}

describe('bulk steps on appeals', () => {
  test('批量受理 moves every selected appeal to 处理中 and logs each with its change', async () => {
    const picked = await appeals(3);
    const res = await post(staff, '/api/appeals/batch/accept', { ids: picked.map((a) => a.id) });
    assert.deepEqual(expectOk(res), { count: 3 });
    assert.equal(res.json().message, '已受理 3 条诉求');
    for (const a of picked) {
      const now = await appeal(a.id);
      assert.equal(now.status, 'processing');
      assert.equal(now.history.at(-1)?.action, 'accept');
    }
    const logs = await logsOf('批量受理诉求', 3);
    assert.deepEqual(logs.map((l) => l.targetId).sort(), picked.map((a) => String(a.id)).sort());
    for (const log of logs) {
      assert.equal(log.statusCode, 200);
      assert.deepEqual(
        log.changes?.find((c) => c.field === '状态'),
        { field: '状态', before: '待受理', after: '处理中' },
      );
    }
  });

  test('one appeal that cannot take the step refuses the whole batch, names it, and moves none', async () => {
    const picked = await appeals(3);
    expectOk(await appealStep(t, staff, picked[1].id, 'accept'));
    const res = await post(staff, '/api/appeals/batch/accept', { ids: picked.map((a) => a.id) });
    expectError(res, 409);
    assert.match(res.json().message, new RegExp(`^编号 ${picked[1].id} 的诉求：该诉求当前状态为「处理中」`));
    assert.match(res.json().message, /所选诉求都未处理$/);
    assert.equal((await appeal(picked[0].id)).status, 'pending');
    assert.equal((await appeal(picked[2].id)).status, 'pending');
  });

  test('批量转派 hands each to one village with the note; the due times stay', async () => {
    const picked = await appeals(2);
    const res = await post(staff, '/api/appeals/batch/dispatch', { ids: picked.map((a) => a.id), areaId: 4, note: '请第三村核实' });
    assert.deepEqual(expectOk(res), { count: 2 });
    assert.equal(res.json().message, '已将 2 条诉求转派到村');
    for (const a of picked) {
      const now = await appeal(a.id);
      assert.deepEqual([now.dispatchedAreaName, now.dueAt, now.history.at(-1)?.note], ['第三村', a.dueAt, '请第三村核实']);
    }
  });

  test('批量不予受理 records the one reason on each', async () => {
    const picked = await appeals(2);
    const res = await post(staff, '/api/appeals/batch/reject', { ids: picked.map((a) => a.id), reason: '  重复提交  ' });
    assert.equal(res.json().message, '已将 2 条诉求不予受理');
    for (const a of picked) {
      const now = await appeal(a.id);
      assert.deepEqual([now.status, now.rejectReason], ['rejected', '重复提交']);
    }
  });

  test('a handler of one village cannot reach another village’s appeal through a batch', async () => {
    const theirs = await appeals(1, { area: 3 });
    const other = await appeals(1); // area 2
    const res = await post(areaHandler, '/api/appeals/batch/accept', { ids: [theirs[0].id, other[0].id] });
    expectError(res, 404);
    assert.equal((await appeal(theirs[0].id)).status, 'pending');
    // Handing down is for handlers of the whole town only.
    expectError(await post(areaHandler, '/api/appeals/batch/dispatch', { ids: [theirs[0].id], areaId: 4 }), 403);
    expectError(await post(villager, '/api/appeals/batch/accept', { ids: [theirs[0].id] }), 403);
  });

  test('bad input is a 400 naming the field, and nothing moves', async () => {
    const [one] = await appeals(1);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/appeals/batch/accept', { ids: [] }, 'ids'],
      ['/api/appeals/batch/accept', { ids: [one.id, one.id] }, 'ids'],
      ['/api/appeals/batch/accept', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids'],
      ['/api/appeals/batch/accept', { ids: ['x'] }, 'ids'],
      ['/api/appeals/batch/reject', { ids: [one.id] }, 'reason'],
      ['/api/appeals/batch/reject', { ids: [one.id], reason: '   ' }, 'reason'],
      ['/api/appeals/batch/dispatch', { ids: [one.id] }, 'areaId'],
      ['/api/appeals/batch/dispatch', { ids: [one.id], areaId: 1 }, 'areaId'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(staff, url, payload);
      assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.ok(
        (res.json().errors as Array<{ field: string }>).some((e) => e.field.startsWith(field)),
        `${JSON.stringify(payload)} names ${field}: ${res.body}`,
      );
    }
    assert.equal((await appeal(one.id)).status, 'pending');
  });
});

describe('bulk steps on photo reports', () => {
  const reports = async (n: number) => {
    const made: PhotoReportDetail[] = [];
    for (let i = 0; i < n; i++) {
      const photos = await uploadImages(t, villager, 1);
      made.push(await createPhotoReport(t, villager, photos, { description: `批量随手拍${i + 1}`, area: 2 }));
    }
    return made;
  };

  test('批量标为无效 with one reason, and 批量转派 to one village, each logged', async () => {
    const [a, b, c] = await reports(3);
    const invalid = await post(staff, '/api/photo-reports/batch/invalid', { ids: [a.id, b.id], reason: '照片与问题无关' });
    assert.equal(invalid.json().message, '已将 2 条随手拍标为无效');
    for (const r of [a, b]) {
      const now = await report(r.id);
      assert.deepEqual([now.status, now.invalidReason], ['invalid', '照片与问题无关']);
    }
    const logs = await logsOf('批量标为无效（同一原因）', 2);
    assert.deepEqual(logs.map((l) => l.targetId).sort(), [String(a.id), String(b.id)].sort());

    // The two already finished refuse a batch that names them with an open one.
    expectError(await post(staff, '/api/photo-reports/batch/dispatch', { ids: [c.id, a.id], areaId: 3 }), 409);
    assert.equal((await report(c.id)).dispatchedArea, null);
    const dispatched = await post(staff, '/api/photo-reports/batch/dispatch', { ids: [c.id], areaId: 3 });
    assert.equal(dispatched.json().message, '已将 1 条随手拍转派到村');
    assert.equal((await report(c.id)).dispatchedAreaName, '第二村');
  });

  test('a reason is required, named in the 400', async () => {
    const res = await post(staff, '/api/photo-reports/batch/invalid', { ids: [1] });
    expectError(res, 400);
    assert.ok(
      (res.json().errors as Array<{ field: string }>).some((e) => e.field === 'reason'),
      res.body,
    );
  });
});
