import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Notices, UserNotice } from '../../common/contracts/people';
import { addDays, townshipMidnight, townshipToday } from '../../common/reportPeriod';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal } from '../../tests/helpers/people';
import { audit, expectError, expectOk, lookups, publishedTask, submitOk } from '../../tests/helpers/tasks';
import { sendDueTomorrowReminders } from '../jobs/taskDueReminders';

// Kept notices for every event that concerns a person (ADR 0055): who hears of each event, and who
// does not (a cadre of another village, staff, villagers), read through the phone's /api/my/notices
// and the admin bell's /api/notices.

let t: TestContext;
let admin: string;
let staff: string; // staff01, scope all
let villager: string; // villager02, area 2
let cadre2: string; // cadre02, village role, area 2, groups 村两委 and 党员
let grid2: string; // grid02, village role, area 2, group 网格员
let cadre3: string; // cadre03, village role, area 3
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff, villager, cadre2, grid2, cadre3] = await Promise.all(
    ['admin', 'staff01', 'villager02', 'cadre02', 'grid02', 'cadre03'].map((a) => t.login(a)),
  );
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const noticesOf = async (token: string, query = '') =>
  expectOk(await get(token, `/api/my/notices?pageSize=100&${query}`)) as { list: UserNotice[]; total: number };
const unread = async (token: string) => (expectOk(await get(token, '/api/my/notices/count')) as { unread: number }).unread;
/** The notices someone got about one task or appeal, oldest first, as [kind, title, body]. */
async function about(token: string, ref: { taskId?: number; appealId?: number }) {
  const { list } = await noticesOf(token);
  return list
    .filter((n) => (ref.taskId ? n.taskId === ref.taskId : n.appealId === ref.appealId))
    .reverse()
    .map((n) => [n.kind, n.title, n.body]);
}
/** Tomorrow at 18:00 on the township's clock. */
const tomorrowAt18 = () => new Date(townshipMidnight(addDays(townshipToday(), 1)) + 18 * 3600_000);

describe('a task published to a village', () => {
  test('every cadre it targets hears of it once, with its deadline; a draft tells nobody', async () => {
    const deadline = tomorrowAt18();
    const draft = expectOk(
      await post(staff, '/api/tasks', {
        title: '秋季防火巡查',
        category: 14,
        content: '<p>巡查并上报。</p>',
        template: '1',
        imageNum: 0,
        points: 5,
        areas: [2],
        groupIds: [],
        deadline: deadline.toISOString(),
      }),
    ) as { id: number };
    assert.deepEqual(await about(cadre2, { taskId: draft.id }), []);
    expectOk(await post(staff, `/api/tasks/${draft.id}/publish`));
    const day = addDays(townshipToday(), 1);
    const expected = [['taskPublished', '新任务', `镇里发布了任务「秋季防火巡查」，截止时间 ${day} 18:00，请按时提交。`]];
    assert.deepEqual(await about(cadre2, { taskId: draft.id }), expected);
    assert.deepEqual(await about(grid2, { taskId: draft.id }), expected);
    // Another village's cadre, the villager of the same village, the publisher: nothing.
    for (const other of [cadre3, villager, staff, admin]) assert.deepEqual(await about(other, { taskId: draft.id }), []);
  });

  test('a task for one group reaches only that group’s members in the village', async () => {
    const task = await publishedTask(t, staff, { title: '网格走访', areas: [2, 3], groupIds: [ids.groupIds['网格员']] });
    assert.equal((await about(grid2, { taskId: task.id })).length, 1);
    assert.deepEqual(await about(cadre2, { taskId: task.id }), []);
    assert.deepEqual(await about(cadre3, { taskId: task.id }), []);
  });

  test('the notice names the task, so the phone can open it; the bell counts it as unread', async () => {
    const before = await unread(cadre3);
    const task = await publishedTask(t, staff, { title: '第二村专项', areas: [3] });
    assert.equal(await unread(cadre3), before + 1);
    const [notice] = (await noticesOf(cadre3, 'unread=true')).list;
    assert.deepEqual([notice.kind, notice.taskId, notice.appealId, notice.read], ['taskPublished', task.id, null, false]);
  });
});

describe('a report approved or rejected', () => {
  test('its author hears of a rejection with the reason and of an approval; nobody else does', async () => {
    const task = await publishedTask(t, staff, { title: '垃圾分类检查', areas: [2, 3], template: '1', imageNum: 0 });
    const first = await submitOk(t, cadre2, task.id, { text: '已检查12户。' });
    expectOk(await audit(t, staff, first.id, 'rejected', '请写明检查的户数和发现的问题'));
    const second = await submitOk(t, cadre2, task.id, { text: '已检查12户，发现2户未分类，已督促整改。' });
    expectOk(await audit(t, staff, second.id, 'approved', '情况清楚'));
    assert.deepEqual(await about(cadre2, { taskId: task.id }), [
      ['taskPublished', '新任务', (await about(cadre2, { taskId: task.id }))[0][2]],
      ['reportRejected', '提交被驳回', '您在任务「垃圾分类检查」的提交被驳回，原因：请写明检查的户数和发现的问题。请修改后重新提交。'],
      ['reportApproved', '提交已通过', '您在任务「垃圾分类检查」的提交已审核通过：情况清楚'],
    ]);
    // cadre03 was targeted too (the publication) but hears nothing of cadre02's report.
    assert.deepEqual(
      (await about(cadre3, { taskId: task.id })).map(([kind]) => kind),
      ['taskPublished'],
    );
    assert.deepEqual(
      (await about(grid2, { taskId: task.id })).map(([kind]) => kind),
      ['taskPublished'],
    );
  });

  test('an approval from the batch step tells each author, without a comment', async () => {
    const task = await publishedTask(t, staff, { title: '批量审核任务', areas: [3], template: '1', imageNum: 0 });
    const report = await submitOk(t, cadre3, task.id, { text: '已完成。' });
    const res = expectOk(await post(staff, '/api/submissions/audit', { ids: [report.id], result: 'approved' })) as { approved: number[] };
    assert.deepEqual(res.approved, [report.id]);
    assert.deepEqual((await about(cadre3, { taskId: task.id })).at(-1), [
      'reportApproved',
      '提交已通过',
      '您在任务「批量审核任务」的提交已审核通过。',
    ]);
  });
});

describe('an appeal handed down to a village', () => {
  test('the cadres of that village hear of it; another village’s cadre and the villager’s other notices stay apart', async () => {
    const appeal = await createAppeal(t, villager, { title: '路灯不亮' });
    expectOk(await post(staff, `/api/appeals/${appeal.id}/dispatch`, { areaId: 3 }));
    assert.deepEqual(await about(cadre3, { appealId: appeal.id }), [
      ['appealHandedDown', '新的转派诉求', '镇里将诉求「路灯不亮」转派给第二村办理，请及时受理。'],
    ]);
    assert.deepEqual(await about(cadre2, { appealId: appeal.id }), []);
    assert.deepEqual(await about(grid2, { appealId: appeal.id }), []);
    // The submitter is told as before (ADR 0031), and only that.
    assert.deepEqual(
      (await about(villager, { appealId: appeal.id })).map(([kind]) => kind),
      ['appealDispatched'],
    );
    // Handed on to 第一村: its cadres now hear of it; 第二村's cadre gets no second notice.
    expectOk(await post(staff, `/api/appeals/${appeal.id}/dispatch`, { areaId: 2 }));
    assert.deepEqual(
      (await about(cadre2, { appealId: appeal.id })).map(([kind]) => kind),
      ['appealHandedDown'],
    );
    assert.deepEqual(
      (await about(grid2, { appealId: appeal.id })).map(([kind]) => kind),
      ['appealHandedDown'],
    );
    assert.equal((await about(cadre3, { appealId: appeal.id })).length, 1);
  });

  test('the villager still hears of each step the cadre takes', async () => {
    const appeal = await createAppeal(t, villager, { title: '井盖松动' });
    expectOk(await post(staff, `/api/appeals/${appeal.id}/dispatch`, { areaId: 2 }));
    expectOk(await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/accept`));
    expectOk(await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/reply`, { reply: '已更换新井盖。' }));
    assert.deepEqual(
      (await about(villager, { appealId: appeal.id })).map(([kind]) => kind),
      ['appealDispatched', 'appealAccepted', 'appealReplied'],
    );
  });
});

describe('the deadline reminder', () => {
  test('once per task per person without a live report, on the township’s tomorrow; never twice', async () => {
    const due = await publishedTask(t, staff, {
      title: '明天截止的任务',
      areas: [2, 3],
      template: '1',
      imageNum: 0,
      deadline: tomorrowAt18().toISOString(),
    });
    const later = await publishedTask(t, staff, {
      title: '三天后截止的任务',
      areas: [2],
      deadline: new Date(tomorrowAt18().getTime() + 2 * 86400_000).toISOString(),
    });
    // cadre03 has already reported: nothing to remind them of.
    await submitOk(t, cadre3, due.id, { text: '已完成。' });

    await sendDueTomorrowReminders(t.database.db);
    await sendDueTomorrowReminders(t.database.db);
    const day = addDays(townshipToday(), 1);
    const reminder = ['taskDueTomorrow', '任务明天截止', `任务「明天截止的任务」将于 ${day} 18:00 截止，您还没有提交。`];
    assert.deepEqual((await about(cadre2, { taskId: due.id })).at(-1), reminder);
    assert.equal((await about(cadre2, { taskId: due.id })).filter(([kind]) => kind === 'taskDueTomorrow').length, 1);
    assert.equal((await about(grid2, { taskId: due.id })).filter(([kind]) => kind === 'taskDueTomorrow').length, 1);
    assert.deepEqual(
      (await about(cadre3, { taskId: due.id })).map(([kind]) => kind),
      ['taskPublished'],
    );
    assert.deepEqual(
      (await about(cadre2, { taskId: later.id })).map(([kind]) => kind),
      ['taskPublished'],
    );
    // Two days on, the later task is due tomorrow: its reminder comes then, and the first one's not again.
    await sendDueTomorrowReminders(t.database.db, Date.now() + 2 * 86400_000);
    assert.deepEqual(
      (await about(cadre2, { taskId: later.id })).map(([kind]) => kind),
      ['taskPublished', 'taskDueTomorrow'],
    );
    assert.equal((await about(cadre2, { taskId: due.id })).filter(([kind]) => kind === 'taskDueTomorrow').length, 1);
  });
});

describe('reading notices', () => {
  test('paged newest first; read one, then all; another person’s notice is 404', async () => {
    await publishedTask(t, staff, { title: '分页一', areas: [3] });
    await publishedTask(t, staff, { title: '分页二', areas: [3] });
    const page = expectOk(await get(cadre3, '/api/my/notices?current=1&pageSize=1')) as { list: UserNotice[]; total: number };
    assert.equal(page.list.length, 1);
    assert.match(page.list[0].body, /分页二/);
    assert.ok(page.total >= 2);
    const before = await unread(cadre3);
    assert.equal((expectOk(await post(cadre3, `/api/my/notices/${page.list[0].id}/read`)) as { unread: number }).unread, before - 1);
    expectError(await post(cadre2, `/api/my/notices/${page.list[0].id}/read`), 404);
    expectOk(await post(cadre3, '/api/my/notices/read-all'));
    assert.equal(await unread(cadre3), 0);
    assert.equal((await noticesOf(cadre3, 'unread=true')).total, 0);
  });
});

describe('the admin bell', () => {
  test('lists the staff member’s own unread notices beside their pending work', async () => {
    const appeal = await createAppeal(t, staff, { title: '办公楼前路面破损' });
    const before = (expectOk(await get(staff, '/api/notices')) as Notices).mine.unread;
    expectOk(await appealStep(t, admin, appeal.id, 'accept'));
    const bell = expectOk(await get(staff, '/api/notices')) as Notices;
    assert.equal(bell.mine.unread, before + 1);
    assert.deepEqual(
      [bell.mine.items[0].kind, bell.mine.items[0].appealId, bell.mine.items[0].title],
      ['appealAccepted', appeal.id, '诉求已受理'],
    );
    // The admin took the step: nothing for them.
    assert.equal((expectOk(await get(admin, '/api/notices')) as Notices).mine.items.filter((n) => n.appealId === appeal.id).length, 0);
  });
});
