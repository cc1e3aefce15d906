import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SubmissionItem, TaskCompletion, TaskDetail } from '../../common/contracts/tasks';
import type { TaskField } from '../../common/taskFields';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import {
  audit,
  createTask,
  expectError,
  expectOk,
  lookups,
  publishedTask,
  setDeadline,
  submit,
  submitOk,
  taskBody,
} from '../../tests/helpers/tasks';
import { sheetRows } from '../../tests/helpers/xlsx';

// Form fields beyond text and photos (docs/product.md §4): defined on the task, checked
// field by field when a cadre reports, summed per village over approved reports, copied with 复制任务.

let t: TestContext;
let admin: string;
let staff: string;
let cadre02: string;
let grid02: string;
let cadre03: string;
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff, cadre02, grid02, cadre03] = await Promise.all(['admin', 'staff01', 'cadre02', 'grid02', 'cadre03'].map((a) => t.login(a)));
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const FIELDS: TaskField[] = [
  { key: 'f1', label: '排查户数', type: 'number', required: true, unit: '户', min: 0, max: 500, decimals: 0 },
  { key: 'f2', label: '投入资金', type: 'number', required: false, unit: '万元', min: null, max: null, decimals: 2 },
  { key: 'f3', label: '是否发现隐患', type: 'choice', required: true, options: ['是', '否'] },
  { key: 'f4', label: '完成日期', type: 'date', required: false },
];
const textOnly = { template: '1', imageNum: 0 };
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });

describe('defining the fields', () => {
  test('a task keeps its fields, trimmed, with only what each type uses', async () => {
    const task = await createTask(t, staff, {
      ...textOnly,
      fields: [
        { key: 'f1', label: ' 走访人次 ', type: 'number', required: true, unit: ' 人次 ', min: 1, decimals: 0, options: ['x', 'y'] },
        { key: 'f2', label: '等级', type: 'choice', required: false, options: [' 一般 ', '较大'], unit: '个' },
        { key: 'f3', label: '日期', type: 'date', required: true, min: 3 },
      ],
    });
    assert.deepEqual(task.fields, [
      { key: 'f1', label: '走访人次', type: 'number', required: true, unit: '人次', min: 1, max: null, decimals: 0 },
      { key: 'f2', label: '等级', type: 'choice', required: false, options: ['一般', '较大'] },
      { key: 'f3', label: '日期', type: 'date', required: true },
    ]);
    assert.deepEqual(expectOk(await t.call(staff, { method: 'GET', url: `/api/tasks/${task.id}` })).fields, task.fields);
    const none = await createTask(t, staff, textOnly);
    assert.deepEqual(none.fields, []);
  });

  test('a wrong definition is a 400 naming the field and saying why', async () => {
    const number = { key: 'f1', label: '户数', type: 'number', required: true };
    const cases: Array<[unknown[], string, RegExp]> = [
      [[{ ...number, min: 10, max: 5 }], 'fields.0.max', /最大值不能小于最小值/],
      [[{ ...number, decimals: 0, max: 2.5 }], 'fields.0.max', /请填写整数/],
      [[{ ...number, decimals: 1, min: 2.55 }], 'fields.0.min', /小数位不能多于1位/],
      [[{ key: 'f1', label: '等级', type: 'choice', required: true, options: ['一般'] }], 'fields.0.options', /两个选项/],
      [[{ key: 'f1', label: '等级', type: 'choice', required: true, options: ['一般', ' 一般'] }], 'fields.0.options', /不能重复/],
      [[number, { ...number, key: 'f2' }], 'fields.1.label', /重复/],
      [[number, { ...number, label: '人数' }], 'fields.1.key', /标识重复/],
    ];
    for (const [fields, field, message] of cases) {
      const body = expectError(await post(staff, '/api/tasks', taskBody({ ...textOnly, fields })), 400, message, field);
      assert.match(body.errors[0].label, /填报字段第\d项/);
    }
    expectError(await post(staff, '/api/tasks', taskBody({ fields: [{ ...number, type: 'text' }] })), 400, undefined, 'fields.0.type');
    expectError(await post(staff, '/api/tasks', taskBody({ fields: [{ ...number, key: 'x1' }] })), 400, undefined, 'fields.0.key');
    expectError(await post(staff, '/api/tasks', taskBody({ fields: [{ ...number, label: ' ' }] })), 400, undefined, 'fields.0.label');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...number, key: `f${i + 1}`, label: `项${i + 1}` }));
    expectError(await post(staff, '/api/tasks', taskBody({ fields: eleven })), 400, undefined, 'fields');
  });
});

describe('reporting with fields', () => {
  let task: TaskDetail;
  before(async () => {
    task = await publishedTask(t, staff, { ...textOnly, title: '安全隐患排查', areas: [2, 3], fields: FIELDS });
  });
  const report = (token: string, values: Record<string, unknown>) => submit(t, token, task.id, { text: '已完成排查', values });

  test('each field type refuses a wrong value with a 400 naming it, in the words the phone shows', async () => {
    const ok = { f1: 12, f3: '否' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ f3: '否' }, 'values.f1', '请填写数字'],
      [{ ...ok, f1: 'abc' }, 'values.f1', '请填写数字'],
      [{ ...ok, f1: 501 }, 'values.f1', '不能大于500户'],
      [{ ...ok, f1: -1 }, 'values.f1', '不能小于0户'],
      [{ ...ok, f1: 1.5 }, 'values.f1', '请填写整数'],
      [{ ...ok, f2: 1.234 }, 'values.f2', '最多2位小数'],
      [{ f1: 12 }, 'values.f3', '请选择'],
      [{ ...ok, f3: '不确定' }, 'values.f3', '请选择一个选项'],
      [{ ...ok, f4: '2026-02-30' }, 'values.f4', '请选择有效的日期'],
      [{ ...ok, f4: '明天' }, 'values.f4', '请选择有效的日期'],
    ];
    for (const [values, field, message] of cases) {
      const body = expectError(await report(cadre02, values), 400, undefined, field);
      assert.equal(body.errors[0].message, message, `${JSON.stringify(values)}`);
    }
    // Nothing was recorded by the refusals.
    const mine = expectOk(await t.call(cadre02, { method: 'GET', url: `/api/my/tasks/${task.id}` }));
    assert.deepEqual(mine.submissions, []);
    assert.deepEqual(mine.fields, FIELDS);
  });

  test('the values are kept with the report, the reviewer and the phone see them with their fields', async () => {
    const made = await submitOk(t, cadre02, task.id, { text: '已完成排查', values: { f1: 120, f2: 3.5, f3: '是', f4: '2026-12-01' } });
    assert.deepEqual(made.values, { f1: 120, f2: 3.5, f3: '是', f4: '2026-12-01' });
    const seen = expectOk(await t.call(staff, { method: 'GET', url: `/api/submissions/${made.id}` })) as SubmissionItem;
    assert.deepEqual(seen.values, made.values);
    assert.deepEqual(seen.fields, FIELDS);
    // A number typed as text is read as the number; an optional field left out is not kept.
    const second = await submitOk(t, grid02, task.id, { text: '已完成', values: { f1: '80', f3: '否', f2: '' } });
    assert.deepEqual(second.values, { f1: 80, f3: '否' });
    const rows = await sheetRows(await t.call(staff, { method: 'GET', url: `/api/submissions/export?taskId=${task.id}` }), '任务提交记录');
    const column = (rows[0] as string[]).indexOf('填报内容');
    assert.ok(column > 0);
    assert.ok(
      rows.slice(1).some((row) => row[column] === '排查户数：120 户；投入资金：3.5 万元；是否发现隐患：是；完成日期：2026-12-01'),
      JSON.stringify(rows),
    );
  });

  test('完成情况 sums and averages the number fields of approved reports per village and in total; its export agrees', async () => {
    const third = await submitOk(t, cadre03, task.id, { text: '已完成', values: { f1: 45, f2: 1.25, f3: '否' } });
    const reports = expectOk(await t.call(staff, { method: 'GET', url: `/api/submissions?taskId=${task.id}&pageSize=100` }))
      .list as SubmissionItem[];
    const byAccount = (userId: number) => reports.find((r) => r.userId === userId)!;
    // cadre02 (120) and cadre03 (45) approved, grid02 (80) rejected: only approved numbers count.
    expectOk(await audit(t, staff, byAccount(ids.userIds.cadre02).id, 'approved'));
    expectOk(await audit(t, staff, byAccount(ids.userIds.grid02).id, 'rejected', '数字有误'));
    expectOk(await audit(t, staff, third.id, 'approved'));
    const completion = expectOk(await t.call(staff, { method: 'GET', url: `/api/tasks/${task.id}/completion` })) as TaskCompletion;
    assert.deepEqual(completion.fields, FIELDS);
    const area = (id: number) => completion.areas.find((a) => a.area === id)!;
    assert.deepEqual(area(2).values, [
      { key: 'f1', count: 1, sum: 120, average: 120 },
      { key: 'f2', count: 1, sum: 3.5, average: 3.5 },
    ]);
    assert.deepEqual(area(3).values, [
      { key: 'f1', count: 1, sum: 45, average: 45 },
      { key: 'f2', count: 1, sum: 1.25, average: 1.25 },
    ]);
    assert.deepEqual(completion.total.values, [
      { key: 'f1', count: 2, sum: 165, average: 82.5 },
      { key: 'f2', count: 2, sum: 4.75, average: 2.38 },
    ]);
    // The sums equal the approved reports the audit list shows.
    const approved = expectOk(await t.call(staff, { method: 'GET', url: `/api/submissions?taskId=${task.id}&status=approved` }))
      .list as SubmissionItem[];
    assert.equal(
      approved.reduce((n, r) => n + Number(r.values.f1), 0),
      completion.total.values[0].sum,
    );
    const rows = await sheetRows(
      await t.call(staff, { method: 'GET', url: `/api/tasks/${task.id}/completion/areas/export` }),
      '各区域完成情况',
    );
    assert.deepEqual(rows[0].slice(6), ['排查户数合计（户）', '排查户数平均（户）', '投入资金合计（万元）', '投入资金平均（万元）']);
    assert.deepEqual(rows.at(-1), ['合计', ...rows.at(-1)!.slice(1, 6), 165, 82.5, 4.75, 2.38]);
  });
});

describe('复制任务', () => {
  test('copies what the task asks into a new draft of the caller, never its reports; a past deadline moves on by weeks', async () => {
    const source = await publishedTask(t, staff, {
      ...textOnly,
      title: '每周走访',
      areas: [2, 3],
      groupIds: [ids.groupIds['网格员']],
      fields: FIELDS.slice(0, 1),
      points: 8,
    });
    // Its deadline passed 10 days ago (a Wednesday stays a Wednesday).
    const past = new Date(Date.now() - 10 * 86400_000);
    await setDeadline(t, source.id, past.toISOString());
    const res = await post(admin, `/api/tasks/${source.id}/copy`);
    const copy = expectOk(res) as TaskDetail;
    assert.notEqual(copy.id, source.id);
    assert.equal(copy.status, 'draft');
    assert.equal(copy.title, '每周走访');
    assert.equal(copy.publisherId, ids.userIds.admin);
    assert.deepEqual(
      [copy.category, copy.content, copy.template, copy.imageNum, copy.points, copy.areas, copy.groupIds, copy.fields],
      [source.category, source.content, source.template, source.imageNum, source.points, source.areas, source.groupIds, source.fields],
    );
    assert.equal(copy.pendingCount + copy.approvedCount, 0);
    const deadline = new Date(copy.deadline).getTime();
    assert.ok(deadline > Date.now() && deadline <= Date.now() + 7 * 86400_000, copy.deadline);
    assert.equal((deadline - past.getTime()) % (7 * 86400_000), 0);
    // The operation log names the new draft (written as the answer goes out: wait for it).
    const logged = async () => {
      const logs = expectOk(await t.call(admin, { method: 'GET', url: `/api/operation-logs?action=${encodeURIComponent('复制任务')}` }));
      return (logs.list as Array<{ targetId: string; changes: Array<{ after: string }> | null }>).find(
        (l) => l.targetId === String(source.id) && l.changes?.[0]?.after === String(copy.id),
      );
    };
    for (let i = 0; !(await logged()); i++) {
      assert.ok(i < 100, 'the copy is logged');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  test('a deadline still ahead is kept; unknown ids are 404, a task beyond a village manager’s area is 403', async () => {
    const source = await createTask(t, staff, { ...textOnly, title: '草稿也能复制' });
    const copy = expectOk(await post(staff, `/api/tasks/${source.id}/copy`)) as TaskDetail;
    assert.equal(copy.deadline, source.deadline);
    expectError(await post(staff, '/api/tasks/999999/copy'), 404);
    expectError(await post(staff, '/api/tasks/abc/copy'), 400, undefined, 'id');
    expectError(await post(cadre02, `/api/tasks/${source.id}/copy`), 403);
  });
});
