import assert from 'node:assert/strict';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppealCounts, AppealDetail, AppealItem, MyAppealItem } from '../../common/contracts/people';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealBody, appealStep, createAppeal, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk, lookups, uploadImages } from '../../tests/helpers/tasks';
import { appeals, opinions, operationLogs } from '../db/schema';
import { addWorkingDays } from '../lib/workingDays';

// One app for the whole file: building one costs seconds.
let t: TestContext;
let admin: string;
let staff: string;
let staff2: string;
let villager: string; // villager02, area 2
let villager3: string; // villager03, area 3
let cadre: string; // cadre02, village role (no peopleService)
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff, staff2, villager, villager3, cadre] = await Promise.all(
    ['admin', 'staff01', 'staff02', 'villager02', 'villager03', 'cadre02'].map((a) => t.login(a)),
  );
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/appeals?pageSize=100&${query}`)) as { list: AppealItem[]; total: number };
const counts = async (token: string, query = '') => expectOk(await get(token, `/api/appeals/counts?${query}`)) as AppealCounts;
const detail = async (token: string, id: number) => expectOk(await get(token, `/api/appeals/${id}`)) as AppealDetail;
const setDue = (id: number, dueAt: Date) => t.database.db.update(appeals).set({ dueAt }).where(eq(appeals.id, id));

describe('submitting an appeal', () => {
  test('a villager submits with photos; it is pending, due in 3 working days, and its history starts', async () => {
    const imageIds = await uploadImages(t, villager, 2);
    const before = Date.now();
    const res = await post(villager, '/api/appeals', appealBody({ title: '  村口路灯不亮  ', imageIds }));
    const created = expectOk(res) as AppealItem;
    assert.equal(res.json().message, '诉求已提交');
    assert.equal(created.status, 'pending');
    assert.equal(created.title, '村口路灯不亮');
    assert.equal(created.imageCount, 2);
    assert.equal(created.submitterId, ids.userIds.villager02);
    assert.equal(created.submitterName, '周大伯');
    assert.equal(created.areaName, '第一村');
    assert.equal(created.overdue, false);
    const submitted = Date.parse(created.createdAt);
    assert.ok(submitted >= before - 1000);
    assert.equal(created.dueAt, addWorkingDays(new Date(submitted), 3).toISOString());

    const full = await detail(villager, created.id);
    assert.deepEqual(
      full.images.map((i) => i.id),
      imageIds,
    );
    assert.deepEqual(
      full.history.map((h) => [h.action, h.actorName]),
      [['submit', '周大伯']],
    );
    assert.equal(full.content, '村口的路灯坏了好几天，晚上看不清路。');
  });

  test('the due time follows the working-days setting', async () => {
    expectOk(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { appealDueDays: 5 } }));
    try {
      const created = await createAppeal(t, villager);
      assert.equal(created.dueAt, addWorkingDays(new Date(created.createdAt), 5).toISOString());
    } finally {
      expectOk(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { appealDueDays: 3 } }));
    }
    expectError(
      await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { appealDueDays: 0 } }),
      400,
      undefined,
      'appealDueDays',
    );
    expectError(
      await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { appealDueDays: 31 } }),
      400,
      undefined,
      'appealDueDays',
    );
  });

  test('a retry with the same client key creates nothing new, even two at once', async () => {
    const body = appealBody({ title: '重试的诉求' });
    const first = expectOk(await post(villager, '/api/appeals', body));
    const again = await post(villager, '/api/appeals', body);
    assert.equal(expectOk(again).id, first.id);
    assert.equal(again.json().message, '该诉求已提交，无需重复提交');
    const concurrent = appealBody({ title: '同时重试的诉求' });
    const [a, b] = await Promise.all([post(villager, '/api/appeals', concurrent), post(villager, '/api/appeals', concurrent)]);
    assert.equal(expectOk(a).id, expectOk(b).id);
    assert.equal((await list(admin, 'keyword=同时重试的诉求')).total, 1);
  });

  test('bad input is a 400 naming the field in Chinese, and nothing is stored', async () => {
    const before = (await list(admin)).total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '   ' }, 'title', '诉求标题'],
      [{ title: '长'.repeat(51) }, 'title', '诉求标题'],
      [{ content: '' }, 'content', '诉求内容'],
      [{ content: '长'.repeat(2001) }, 'content', '诉求内容'],
      [{ category: 0 }, 'category', '诉求类别'],
      [{ category: 8 }, 'category', '诉求类别'],
      [{ area: 13 }, 'area', '所在村（社区）'],
      [{ phone: 'abc' }, 'phone', '联系电话'],
      [{ imageIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, 'imageIds', '图片'],
      [{ clientKey: 'x' }, 'clientKey', '提交标识'],
    ];
    for (const [overrides, field, label] of cases) {
      const body = expectError(await post(villager, '/api/appeals', appealBody(overrides)), 400, undefined, field);
      assert.equal(body.errors[0].label, label, field);
    }
    const { title: _t, ...noTitle } = appealBody();
    expectError(await post(villager, '/api/appeals', noTitle), 400, undefined, 'title');
    assert.equal((await list(admin)).total, before);
  });

  test("another person's upload cannot be attached", async () => {
    const [staffUpload] = await uploadImages(t, staff, 1);
    expectError(await post(villager, '/api/appeals', appealBody({ imageIds: [staffUpload] })), 400, /不是您本人上传的/, 'imageIds');
    expectError(await post(villager, '/api/appeals', appealBody({ imageIds: [999999] })), 400, /不是您本人上传的/, 'imageIds');
  });

  test('anyone signed in may submit, nobody signed out', async () => {
    assert.equal((await t.call(undefined, { method: 'POST', url: '/api/appeals', payload: appealBody() })).statusCode, 401);
    assert.equal(expectOk(await post(cadre, '/api/appeals', appealBody({ title: '村干部也能反映' }))).submitterName, '张红梅');
  });
});

describe('handling an appeal', () => {
  test('pending → processing → replied → closed, each step with its time, handler and history', async () => {
    const appeal = await createAppeal(t, villager);
    const accepted = expectOk(await appealStep(t, staff, appeal.id, 'accept')) as AppealDetail;
    assert.equal(accepted.status, 'processing');
    assert.equal(accepted.handlerName, '李晓燕');
    assert.ok(accepted.acceptedAt);
    const replied = expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '  已安排电工明天维修。 ' })) as AppealDetail;
    assert.equal(replied.status, 'replied');
    assert.equal(replied.reply, '已安排电工明天维修。');
    assert.ok(replied.repliedAt);
    const closed = expectOk(await appealStep(t, staff2, appeal.id, 'close')) as AppealDetail;
    assert.equal(closed.status, 'closed');
    assert.ok(closed.closedAt);
    assert.equal(closed.handlerName, '王建国');
    assert.deepEqual(
      closed.history.map((h) => [h.action, h.actorName, h.note]),
      [
        ['submit', '周大伯', ''],
        ['accept', '李晓燕', ''],
        ['reply', '李晓燕', '已安排电工明天维修。'],
        ['close', '王建国', ''],
      ],
    );
    // The villager sees the same record and its answer.
    const own = await detail(villager, appeal.id);
    assert.equal(own.reply, '已安排电工明天维修。');
  });

  test('reject from pending or processing needs a reason', async () => {
    const pending = await createAppeal(t, villager);
    expectError(await appealStep(t, staff, pending.id, 'reject', { reason: '  ' }), 400, undefined, 'reason');
    expectError(await appealStep(t, staff, pending.id, 'reject', {}), 400, undefined, 'reason');
    const rejected = expectOk(await appealStep(t, staff, pending.id, 'reject', { reason: '不属于受理范围' })) as AppealDetail;
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.rejectReason, '不属于受理范围');
    assert.ok(rejected.rejectedAt);
    const processing = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, processing.id, 'accept'));
    assert.equal(
      (expectOk(await appealStep(t, staff, processing.id, 'reject', { reason: '重复反映' })) as AppealDetail).status,
      'rejected',
    );
  });

  test('a reply needs its text', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectError(await appealStep(t, staff, appeal.id, 'reply', { reply: '' }), 400, undefined, 'reply');
    expectError(await appealStep(t, staff, appeal.id, 'reply', { reply: '长'.repeat(2001) }), 400, undefined, 'reply');
  });

  test('every step off the arrows is a 409 that names the current state, and changes nothing', async () => {
    const appeal = await createAppeal(t, villager);
    const moved = (label: string) => `该诉求当前状态为「${label}」，不能进行此操作，请刷新后重试`;
    expectError(await appealStep(t, staff, appeal.id, 'reply', { reply: '答复' }), 409, moved('待受理'));
    expectError(await appealStep(t, staff, appeal.id, 'close'), 409, moved('待受理'));
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectError(await appealStep(t, staff, appeal.id, 'accept'), 409, moved('处理中'));
    expectError(await appealStep(t, staff, appeal.id, 'close'), 409, moved('处理中'));
    expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '答复' }));
    expectError(await appealStep(t, staff, appeal.id, 'accept'), 409, moved('已答复'));
    expectError(await appealStep(t, staff, appeal.id, 'reply', { reply: '再答复' }), 409, moved('已答复'));
    expectError(await appealStep(t, staff, appeal.id, 'reject', { reason: '晚了' }), 409, moved('已答复'));
    expectOk(await appealStep(t, staff, appeal.id, 'close'));
    for (const step of ['accept', 'close']) expectError(await appealStep(t, staff, appeal.id, step), 409, moved('已办结'));
    expectError(await appealStep(t, staff, appeal.id, 'reject', { reason: 'x' }), 409, moved('已办结'));

    const rejected = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, rejected.id, 'reject', { reason: '不受理' }));
    expectError(await appealStep(t, staff, rejected.id, 'accept'), 409, moved('不予受理'));
    expectError(await appealStep(t, staff, rejected.id, 'reply', { reply: 'x' }), 409, moved('不予受理'));
    const after = await detail(admin, rejected.id);
    assert.equal(after.status, 'rejected');
    assert.deepEqual(
      after.history.map((h) => h.action),
      ['submit', 'reject'],
    );
  });

  test('two handlers accepting at once: one wins, the other gets 409', async () => {
    const appeal = await createAppeal(t, villager);
    const results = await Promise.all([appealStep(t, staff, appeal.id, 'accept'), appealStep(t, staff2, appeal.id, 'accept')]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
    const after = await detail(admin, appeal.id);
    assert.deepEqual(
      after.history.map((h) => h.action),
      ['submit', 'accept'],
    );
  });

  test('an unknown appeal is 404, and each step is written to the operation log', async () => {
    expectError(await appealStep(t, staff, 999999, 'accept'), 404, '诉求不存在');
    const appeal = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    // The log is written after the answer has gone out: wait for it a moment.
    const logged = async () =>
      (
        await t.database.db
          .select()
          .from(operationLogs)
          .where(eq(operationLogs.targetId, String(appeal.id)))
      ).some((l) => l.route === '/api/appeals/:id/accept' && l.account === 'staff01' && l.statusCode === 200);
    const deadline = Date.now() + 5000;
    while (!(await logged()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(await logged());
  });
});

describe('overdue', () => {
  test('an open appeal past its due time is overdue in the list, the filter, the counts and the detail', async () => {
    const late = await createAppeal(t, villager, { title: '超期测试甲' });
    const lateProcessing = await createAppeal(t, villager, { title: '超期测试乙' });
    expectOk(await appealStep(t, staff, lateProcessing.id, 'accept'));
    const answered = await createAppeal(t, villager, { title: '超期测试丙' });
    expectOk(await appealStep(t, staff, answered.id, 'accept'));
    expectOk(await appealStep(t, staff, answered.id, 'reply', { reply: '已答复' }));
    const past = new Date(Date.now() - 3600_000);
    for (const appeal of [late, lateProcessing, answered]) await setDue(appeal.id, past);

    const overdue = await list(admin, 'overdue=true&keyword=超期测试');
    assert.deepEqual(overdue.list.map((a) => a.title).sort(), ['超期测试乙', '超期测试甲']);
    assert.ok(overdue.list.every((a) => a.overdue));
    const notOverdue = await list(admin, 'overdue=false&keyword=超期测试');
    assert.deepEqual(
      notOverdue.list.map((a) => [a.title, a.overdue]),
      [['超期测试丙', false]],
    );
    assert.equal((await counts(admin, 'keyword=超期测试')).overdue, 2);
    assert.equal((await detail(villager, late.id)).overdue, true);
    // Replying ends the overdue state.
    expectOk(await appealStep(t, staff, lateProcessing.id, 'reply', { reply: '已处理' }));
    assert.equal((await counts(admin, 'keyword=超期测试')).overdue, 1);
  });
});

describe('lists and counts', () => {
  test('filters: status, area, category, keyword (title, content, submitter, phone), period; sorted by due time', async () => {
    const mark = `筛选${Date.now()}`;
    const a = await createAppeal(t, villager, { title: `${mark}甲`, category: 2 });
    const b = await createAppeal(t, villager3, { title: `${mark}乙`, area: 3, category: 3, phone: '13812345678' });
    expectOk(await appealStep(t, staff, b.id, 'accept'));
    assert.deepEqual(
      (await list(admin, `keyword=${mark}`)).list.map((x) => x.id),
      [b.id, a.id],
    );
    assert.deepEqual(
      (await list(admin, `keyword=${mark}&status=processing`)).list.map((x) => x.id),
      [b.id],
    );
    assert.deepEqual(
      (await list(admin, `keyword=${mark}&area=2`)).list.map((x) => x.id),
      [a.id],
    );
    assert.deepEqual(
      (await list(admin, `keyword=${mark}&category=3`)).list.map((x) => x.id),
      [b.id],
    );
    assert.ok((await list(admin, 'keyword=吴秀兰')).list.some((x) => x.id === b.id));
    assert.ok((await list(admin, 'keyword=13812345678')).list.some((x) => x.id === b.id));
    const future = new Date(Date.now() + 86400_000).toISOString();
    assert.equal((await list(admin, `keyword=${mark}&from=${encodeURIComponent(future)}`)).total, 0);
    const ascending = (await list(admin, `keyword=${mark}&sortField=dueAt&sortOrder=ascend`)).list.map((x) => x.id);
    assert.deepEqual(ascending, [a.id, b.id]);
    const tabs = await counts(admin, `keyword=${mark}`);
    assert.deepEqual(tabs, { all: 2, pending: 1, processing: 1, replied: 0, closed: 0, rejected: 0, overdue: 0, callback: 0 });
  });

  test('paging: pageSize is capped at 100 and bad query values are 400s naming the field', async () => {
    const page = expectOk(await get(admin, '/api/appeals?current=1&pageSize=2'));
    assert.equal(page.list.length, 2);
    assert.equal(page.pageSize, 2);
    expectError(await get(admin, '/api/appeals?pageSize=101'), 400, undefined, 'pageSize');
    expectError(await get(admin, '/api/appeals?status=done'), 400, undefined, 'status');
    expectError(await get(admin, '/api/appeals?from=yesterday'), 400, undefined, 'from');
    expectError(await get(admin, '/api/appeals?sortField=title'), 400, undefined, 'sortField');
    expectError(await get(admin, '/api/appeals?overdue=maybe'), 400, undefined, 'overdue');
  });

  test('my appeals: only my own, newest first, with the reply', async () => {
    const mine = await createAppeal(t, villager3, { area: 3, title: '我的诉求' });
    expectOk(await appealStep(t, staff, mine.id, 'accept'));
    expectOk(await appealStep(t, staff, mine.id, 'reply', { reply: '这是答复' }));
    const page = expectOk(await get(villager3, '/api/my/appeals?pageSize=100')) as { list: MyAppealItem[] };
    assert.ok(page.list.every((a) => a.submitterId === ids.userIds.villager03));
    assert.equal(page.list[0].id, mine.id);
    assert.equal(page.list[0].reply, '这是答复');
    const replied = expectOk(await get(villager3, '/api/my/appeals?status=replied')) as { list: MyAppealItem[] };
    assert.ok(replied.list.every((a) => a.status === 'replied'));
  });
});

describe('who sees which appeal', () => {
  test("a villager reads only their own appeal: another's id is 404 (IDOR), and the handler list is refused", async () => {
    const theirs = await createAppeal(t, villager);
    expectError(await get(villager3, `/api/appeals/${theirs.id}`), 404, '诉求不存在');
    expectError(await get(cadre, `/api/appeals/${theirs.id}`), 404, '诉求不存在');
    for (const token of [villager, cadre]) {
      expectError(await get(token, '/api/appeals'), 403);
      expectError(await get(token, '/api/appeals/counts'), 403);
      expectError(await get(token, '/api/appeals/export'), 403);
      expectError(await appealStep(t, token, theirs.id, 'accept'), 403);
    }
    // Their own is theirs to read, not to handle.
    expectError(await appealStep(t, villager, theirs.id, 'accept'), 403);
  });

  test('an area-scoped handler sees and handles only their area; one of scope self only what they submitted or handle', async () => {
    const area2 = await peopleHandler(t, admin, { code: 'appeal_area2', dataScope: 'area', area: 2 });
    const selfScoped = await peopleHandler(t, admin, { code: 'appeal_self', dataScope: 'self', area: 2 });
    const inArea = await createAppeal(t, villager, { title: '范围内诉求' });
    const outside = await createAppeal(t, villager3, { area: 3, title: '范围外诉求' });
    const seen = (await list(area2.token)).list;
    assert.ok(seen.length > 0 && seen.every((a) => a.area === 2));
    assert.ok(seen.some((a) => a.id === inArea.id));
    expectError(await get(area2.token, `/api/appeals/${outside.id}`), 404);
    expectError(await appealStep(t, area2.token, outside.id, 'accept'), 404);
    expectOk(await appealStep(t, area2.token, inArea.id, 'accept'));
    assert.equal((await counts(area2.token)).all, seen.length);

    assert.equal((await list(selfScoped.token)).total, 0);
    expectError(await appealStep(t, selfScoped.token, inArea.id, 'reply', { reply: 'x' }), 404);
    const own = await createAppeal(t, selfScoped.token, { title: '自己提交的' });
    assert.deepEqual(
      (await list(selfScoped.token)).list.map((a) => a.id),
      [own.id],
    );
  });
});

describe('rating the answer', () => {
  test('the submitter rates once after the reply; rating a replied appeal closes it', async () => {
    const appeal = await createAppeal(t, villager);
    const rate = (token: string, payload: Record<string, unknown>) => post(token, `/api/my/appeals/${appeal.id}/rate`, payload);
    expectError(await rate(villager, { score: 5 }), 409, '诉求答复后才能评价');
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectError(await rate(villager, { score: 5 }), 409, '诉求答复后才能评价');
    expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '已修好' }));
    expectError(await rate(villager3, { score: 1 }), 404, '诉求不存在');
    expectError(await rate(staff, { score: 1 }), 404, '诉求不存在');
    expectError(await rate(villager, { score: 0 }), 400, undefined, 'score');
    expectError(await rate(villager, { score: 6 }), 400, undefined, 'score');
    expectError(await rate(villager, {}), 400, undefined, 'score');
    const res = await rate(villager, { score: 5, comment: ' 修得很及时 ' });
    const rated = expectOk(res) as AppealDetail;
    assert.equal(res.json().message, '感谢您的评价');
    assert.equal(rated.satisfaction, 5);
    assert.equal(rated.satisfactionComment, '修得很及时');
    assert.ok(rated.ratedAt);
    assert.equal(rated.status, 'closed');
    assert.ok(rated.closedAt);
    assert.deepEqual(
      rated.history.slice(-2).map((h) => [h.action, h.actorName, h.note]),
      [
        ['rate', '周大伯', '修得很及时'],
        ['close', '系统', '群众评价后自动办结'],
      ],
    );
    expectError(await rate(villager, { score: 1 }), 409, '您已评价过该诉求');
  });

  test('an appeal closed by staff after the reply may still be rated once, and stays closed', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '答复' }));
    expectOk(await appealStep(t, staff, appeal.id, 'close'));
    const rated = expectOk(await post(villager, `/api/my/appeals/${appeal.id}/rate`, { score: 3 })) as AppealDetail;
    assert.equal(rated.status, 'closed');
    assert.equal(rated.satisfaction, 3);
    assert.deepEqual(
      rated.history.map((h) => h.action),
      ['submit', 'accept', 'reply', 'close', 'rate'],
    );
  });

  test('a rejected appeal cannot be rated', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, appeal.id, 'reject', { reason: '不受理' }));
    expectError(await post(villager, `/api/my/appeals/${appeal.id}/rate`, { score: 2 }), 409, '诉求答复后才能评价');
  });
});

describe('the keyword watch', () => {
  test('an appeal whose text holds a watch keyword becomes a linked opinion item in the same step', async () => {
    expectOk(await post(staff, '/api/opinion-keywords', { keyword: '井盖' }));
    const matched = await createAppeal(t, villager, { title: '路面问题', content: '小学门口的井盖丢了，很危险' });
    const plain = await createAppeal(t, villager, { title: '其他问题', content: '没有关键词' });
    const rows = await t.database.db.select().from(opinions).where(eq(opinions.appealId, matched.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].keyword, '井盖');
    assert.equal(rows[0].source, 4);
    assert.equal(rows[0].area, 2);
    assert.equal(rows[0].title, '路面问题');
    assert.equal(rows[0].sentiment, 'negative');
    assert.equal(rows[0].status, 'monitoring');
    assert.equal((await t.database.db.select().from(opinions).where(eq(opinions.appealId, plain.id))).length, 0);
  });
});

describe('export', () => {
  test('the Excel file has the header row and one row per appeal under the same filters', async () => {
    const mark = `导出${Date.now()}`;
    await createAppeal(t, villager, { title: `${mark}一` });
    const second = await createAppeal(t, villager, { title: `${mark}二` });
    expectOk(await appealStep(t, staff, second.id, 'accept'));
    const res = await get(admin, `/api/appeals/export?keyword=${encodeURIComponent(mark)}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(String(res.headers['content-disposition']), /filename\*=UTF-8''%E7%BE%A4%E4%BC%97%E8%AF%89%E6%B1%82\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('群众诉求');
    assert.ok(sheet);
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    assert.deepEqual(rows[0].slice(1), [
      '编号',
      '诉求标题',
      '诉求类别',
      '所在村（社区）',
      '提交人',
      '联系电话',
      '状态',
      '是否超期',
      '提交时间',
      '办理期限',
      '处理人',
      '转派至',
      '答复内容',
      '满意度',
      '来源',
      '评价方式',
      '回访',
    ]);
    assert.equal(rows.length, 3);
    assert.deepEqual(
      rows.slice(1).map((r) => [r[2], r[7], r[11], r[15]]),
      [
        [`${mark}二`, '处理中', '李晓燕', '网上'],
        [`${mark}一`, '待受理', undefined, '网上'],
      ],
    );
    const processingOnly = await get(admin, `/api/appeals/export?keyword=${encodeURIComponent(mark)}&status=processing`);
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(processingOnly.rawPayload as unknown as ArrayBuffer);
    assert.equal((book2.getWorksheet('群众诉求')?.getSheetValues().filter(Boolean) ?? []).length, 2);
    expectError(await get(admin, '/api/appeals/export?status=nope'), 400, undefined, 'status');
  });

  test('the 超期 tab exports as shown: the same appeals as the overdue list, each marked 超期', async () => {
    const shown = expectOk(await get(admin, '/api/appeals?overdue=true&pageSize=100'));
    assert.ok(shown.total > 0, 'the demo has overdue appeals');
    const res = await get(admin, '/api/appeals/export?overdue=true');
    assert.equal(res.statusCode, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (workbook.getWorksheet('群众诉求')?.getSheetValues().filter(Boolean) ?? []) as unknown[][];
    const exported = rows.slice(1);
    assert.deepEqual(
      exported.map((r) => Number(r[1])),
      shown.list.map((a: { id: number }) => a.id),
    );
    assert.deepEqual(new Set(exported.map((r) => r[8])), new Set(['超期']));
  });

  test('the export streams in batches: more rows than one batch all arrive', async () => {
    const { appealExportRows } = await import('../services/people/appeals');
    const { xlsxStream } = await import('../lib/xlsx');
    const caller = { id: ids.userIds.admin, dataScope: 'all' } as never;
    const total = (await list(admin)).total;
    const stream = await xlsxStream({
      sheet: 's',
      columns: [{ header: 'id', width: 8, value: (r: { id: number }) => r.id }],
      batch: (limit, offset) => appealExportRows(t.database.db, caller, { sortOrder: undefined }, limit, offset),
      batchSize: 3,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    assert.equal(workbook.getWorksheet('s')?.rowCount, total + 1);
  });
});
