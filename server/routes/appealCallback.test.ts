import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { YearCalendar } from '../../common/contracts/calendar';
import type { AppealCounts, AppealDetail, AppealItem } from '../../common/contracts/people';
import { CALLBACK_ATTEMPTS_MAX, CALLBACK_REFUSALS, PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { answeredAppeal, appealStep, createAppeal, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk } from '../../tests/helpers/tasks';
import { appeals, operationLogs } from '../db/schema';
import { calendarOf } from '../services/system/workCalendar';
import { addWorkingDays, localDate, WEEKDAYS, workingDaysBefore } from '../lib/workingDays';

// 回访 (ADR 0062): staff call back an answered, unrated appeal; a reached call-back's score is the
// appeal's satisfaction and counts in 群众满意度 like a phone rating; 待回访 holds the answers nobody
// rated within the configured working days, counted on the holiday calendar.

let t: TestContext;
let admin: string;
let staff: string; // staff01 李晓燕, scope all
let villager: string; // villager02 周大伯, area 2
let cadre: string; // cadre02, village role
let area3: string; // peopleService, scope area, area 3
let self: string; // peopleService, scope self

before(async () => {
  t = await createTestContext({ config: { statsCacheMs: 0 } });
  [admin, staff, villager, cadre] = await Promise.all(['admin', 'staff01', 'villager02', 'cadre02'].map((a) => t.login(a)));
  area3 = (await peopleHandler(t, admin, { code: 'callback_area3', dataScope: 'area', area: 3 })).token;
  self = (await peopleHandler(t, admin, { code: 'callback_self', dataScope: 'self', area: null })).token;
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const callback = (token: string, id: number, payload: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: `/api/appeals/${id}/callback`, payload });
const detail = async (token: string, id: number) => expectOk(await get(token, `/api/appeals/${id}`)) as AppealDetail;
const dueList = async (token: string) =>
  expectOk(await get(token, '/api/appeals?callbackDue=true&pageSize=100')) as { list: AppealItem[]; total: number };
const counts = async (token: string) => expectOk(await get(token, '/api/appeals/counts')) as AppealCounts;
const setReplied = (id: number, repliedAt: Date) => t.database.db.update(appeals).set({ repliedAt }).where(eq(appeals.id, id));
const setCallbackDays = async (days: number) =>
  expectOk(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { callbackDays: days } }));

describe('recording a call-back', () => {
  test('reached: the score is the satisfaction (回访评价), a replied appeal closes, and the history says who and how', async () => {
    const appeal = await answeredAppeal(t, villager, staff);
    const res = await callback(staff, appeal.id, { reached: true, score: 4, note: '  群众表示路灯已修好  ' });
    const shown = expectOk(res) as AppealDetail;
    assert.equal(res.json().message, PEOPLE_MESSAGES.callbackDone);
    assert.deepEqual(
      [shown.status, shown.satisfaction, shown.satisfactionSource, shown.satisfactionComment, shown.callbackReached],
      ['closed', 4, 'callback', '群众表示路灯已修好', true],
    );
    assert.deepEqual([shown.callbackAttempts, shown.calledBackByName, shown.callbackDue], [1, '李晓燕', false]);
    assert.ok(shown.calledBackAt && shown.ratedAt && shown.closedAt);
    assert.deepEqual(
      shown.history.slice(-2).map((h) => [h.action, h.actorName, h.note]),
      [
        ['callback', '李晓燕', '群众表示路灯已修好'],
        ['close', '系统', '回访评价后自动办结'],
      ],
    );
    // The villager sees it on their own appeal, and cannot rate over it: whichever comes first is final.
    const mine = await detail(villager, appeal.id);
    assert.deepEqual([mine.satisfaction, mine.satisfactionSource], [4, 'callback']);
    expectError(
      await t.call(villager, { method: 'POST', url: `/api/my/appeals/${appeal.id}/rate`, payload: { score: 1 } }),
      409,
      PEOPLE_MESSAGES.appealRated,
    );
    expectError(await callback(staff, appeal.id, { reached: true, score: 5 }), 409, CALLBACK_REFUSALS.ended);
    // The operation log keeps the step and what it changed.
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.route, '/api/appeals/:id/callback'))
      .orderBy(operationLogs.id)
      .limit(1);
    assert.ok(log, 'logged');
    assert.equal(log.targetId, String(appeal.id));
    assert.match(log.action, /回访/);
    assert.ok(log.changes?.some((c) => c.field === '满意度' && c.after === '4'));
  });

  test('an appeal already closed by staff stays closed; its call-back still sets the satisfaction', async () => {
    const appeal = await answeredAppeal(t, villager, staff);
    expectOk(await appealStep(t, staff, appeal.id, 'close'));
    const shown = expectOk(await callback(staff, appeal.id, { reached: true, score: 2 })) as AppealDetail;
    assert.deepEqual([shown.status, shown.satisfaction, shown.satisfactionSource], ['closed', 2, 'callback']);
    assert.equal(shown.history.filter((h) => h.action === 'close').length, 1);
  });

  test('not reached: each attempt is kept and counted; the third ends the call-back unreached, and the villager may still rate', async () => {
    const appeal = await answeredAppeal(t, villager, staff);
    for (let attempt = 1; attempt < CALLBACK_ATTEMPTS_MAX; attempt++) {
      const res = await callback(staff, appeal.id, { reached: false, note: `第${attempt}次无人接听` });
      const shown = expectOk(res) as AppealDetail;
      assert.equal(res.json().message, PEOPLE_MESSAGES.callbackMissed);
      assert.deepEqual(
        [shown.status, shown.satisfaction, shown.callbackAttempts, shown.calledBackAt, shown.callbackReached],
        ['replied', null, attempt, null, null],
      );
    }
    const last = await callback(staff, appeal.id, { reached: false, note: '停机' });
    const ended = expectOk(last) as AppealDetail;
    assert.match(last.json().message, /回访结束/);
    assert.deepEqual([ended.callbackAttempts, ended.callbackReached, ended.status], [CALLBACK_ATTEMPTS_MAX, false, 'replied']);
    assert.ok(ended.calledBackAt);
    assert.deepEqual(
      ended.history.filter((h) => h.action === 'callbackMissed').map((h) => h.note),
      ['第1次无人接听', '第2次无人接听', '停机'],
    );
    expectError(await callback(staff, appeal.id, { reached: false }), 409, CALLBACK_REFUSALS.ended);
    expectOk(await t.call(villager, { method: 'POST', url: `/api/my/appeals/${appeal.id}/rate`, payload: { score: 5 } }));
    const rated = await detail(staff, appeal.id);
    assert.deepEqual([rated.satisfaction, rated.satisfactionSource, rated.status], [5, 'phone', 'closed']);
  });

  test('only an answered, unrated appeal is called back: 409 with the reason', async () => {
    const pending = await createAppeal(t, villager);
    expectError(await callback(staff, pending.id, { reached: true, score: 3 }), 409, CALLBACK_REFUSALS.notAnswered);
    expectOk(await appealStep(t, staff, pending.id, 'reject', { reason: '不属于本中心办理范围' }));
    expectError(await callback(staff, pending.id, { reached: true, score: 3 }), 409, CALLBACK_REFUSALS.notAnswered);
    const rated = await answeredAppeal(t, villager, staff);
    expectOk(await t.call(villager, { method: 'POST', url: `/api/my/appeals/${rated.id}/rate`, payload: { score: 3 } }));
    expectError(await callback(staff, rated.id, { reached: true, score: 3 }), 409, CALLBACK_REFUSALS.rated);
    expectError(await callback(staff, 999999, { reached: true, score: 3 }), 404);
  });

  test('bad input is a 400 naming the field', async () => {
    const appeal = await answeredAppeal(t, villager, staff);
    expectError(await callback(staff, appeal.id, { reached: true }), 400, `满意度：${PEOPLE_MESSAGES.callbackScoreRequired}`, 'score');
    expectError(
      await callback(staff, appeal.id, { reached: false, score: 3 }),
      400,
      `满意度：${PEOPLE_MESSAGES.callbackScoreUnreached}`,
      'score',
    );
    expectError(await callback(staff, appeal.id, { reached: true, score: 6 }), 400, undefined, 'score');
    expectError(await callback(staff, appeal.id, { score: 3 }), 400, undefined, 'reached');
    expectError(await callback(staff, appeal.id, { reached: true, score: 3, note: '长'.repeat(501) }), 400, undefined, 'note');
    assert.equal((await detail(staff, appeal.id)).callbackAttempts, 0);
  });

  test('scope: a village-scoped handler calls back only their area’s appeals; no key, no call-back', async () => {
    const inArea2 = await answeredAppeal(t, villager, staff);
    expectError(await callback(area3, inArea2.id, { reached: true, score: 5 }), 404);
    expectError(await callback(self, inArea2.id, { reached: true, score: 5 }), 404);
    expectError(await callback(villager, inArea2.id, { reached: true, score: 5 }), 403);
    expectError(await callback(cadre, inArea2.id, { reached: true, score: 5 }), 403);
    const inArea3 = await answeredAppeal(t, villager, staff, { area: 3 });
    const shown = expectOk(await callback(area3, inArea3.id, { reached: true, score: 5 })) as AppealDetail;
    assert.equal(shown.satisfactionSource, 'callback');
    assert.equal((await detail(staff, inArea2.id)).callbackAttempts, 0);
  });
});

describe('待回访: answered, unrated and old enough', () => {
  test('an answer becomes due when it is the set number of working days old; the tab, its count and the export agree', async () => {
    const appeal = await answeredAppeal(t, villager, staff, { title: '待回访的诉求' });
    const listed = async () => (await dueList(staff)).list.some((a) => a.id === appeal.id);
    assert.equal(await listed(), false, 'just answered');
    const calendar = calendarOf(await calendarDaysAround(new Date()));
    const bound = workingDaysBefore(new Date(), 3, calendar);
    await setReplied(appeal.id, new Date(bound.getTime() + 3600_000));
    assert.equal(await listed(), false, 'an hour short of three working days');
    await setReplied(appeal.id, new Date(bound.getTime() - 3600_000));
    assert.equal(await listed(), true, 'three working days and an hour');
    assert.equal((await detail(staff, appeal.id)).callbackDue, true);

    const [due, shown] = [await dueList(staff), await counts(staff)];
    assert.equal(shown.callback, due.total);
    assert.ok(due.list.every((a) => a.callbackDue && a.satisfaction === null && ['replied', 'closed'].includes(a.status)));
    const notDue = expectOk(await get(staff, '/api/appeals?callbackDue=false&pageSize=100')) as { total: number; list: AppealItem[] };
    assert.equal(notDue.total + due.total, shown.all);
    assert.ok(!notDue.list.some((a) => a.id === appeal.id));

    const xlsx = await get(staff, '/api/appeals/export?callbackDue=true');
    assert.equal(xlsx.statusCode, 200);

    // The setting moves every answer at once: five working days is not yet reached.
    await setCallbackDays(5);
    try {
      assert.equal(await listed(), addWorkingDays(new Date(bound.getTime() - 3600_000), 5, calendar) <= new Date());
    } finally {
      await setCallbackDays(3);
    }
    expectError(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { callbackDays: 0 } }), 400, undefined, 'callbackDays');
    expectError(
      await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { callbackDays: 31 } }),
      400,
      undefined,
      'callbackDays',
    );

    // An attempt that does not reach anyone keeps it due; a reached one takes it off the tab.
    expectOk(await callback(staff, appeal.id, { reached: false }));
    assert.equal(await listed(), true);
    expectOk(await callback(staff, appeal.id, { reached: true, score: 5 }));
    assert.equal(await listed(), false);
  });

  test('days off do not count: with the last working days made holidays, the same answer is not yet due', async () => {
    const appeal = await answeredAppeal(t, villager, staff);
    const now = new Date();
    const weekdayBound = workingDaysBefore(now, 3, WEEKDAYS);
    const repliedAt = new Date(weekdayBound.getTime() - 3600_000);
    await setReplied(appeal.id, repliedAt);
    // Every working day between the reply and today becomes a day off (a holiday entered by the admin).
    const restore = await addDaysOff(repliedAt, now);
    try {
      const calendar = calendarOf(await calendarDaysAround(now));
      assert.ok(addWorkingDays(repliedAt, 3, calendar) > now, 'the calendar moved the bound');
      assert.equal(
        (await dueList(staff)).list.some((a) => a.id === appeal.id),
        false,
      );
      assert.equal((await detail(staff, appeal.id)).callbackDue, false);
    } finally {
      await restore();
    }
    assert.equal(
      (await dueList(staff)).list.some((a) => a.id === appeal.id),
      true,
    );
  });

  test('a rating on the phone, a rejection and an open appeal are never due; the tab follows the scope', async () => {
    const rated = await answeredAppeal(t, villager, staff);
    expectOk(await t.call(villager, { method: 'POST', url: `/api/my/appeals/${rated.id}/rate`, payload: { score: 4 } }));
    const open = await createAppeal(t, villager);
    const old = new Date(Date.now() - 60 * 86400_000);
    await Promise.all([setReplied(rated.id, old), setReplied(open.id, old)]);
    const inArea3 = await answeredAppeal(t, villager, staff, { area: 3 });
    await setReplied(inArea3.id, old);
    const due = (await dueList(staff)).list.map((a) => a.id);
    assert.ok(!due.includes(rated.id) && !due.includes(open.id));
    assert.ok(due.includes(inArea3.id));
    const area3Due = await dueList(area3);
    assert.ok(area3Due.list.every((a) => a.area === 3 || a.dispatchedArea === 3));
    assert.ok(area3Due.list.some((a) => a.id === inArea3.id));
    assert.equal((await counts(area3)).callback, area3Due.total);
  });
});

describe('call-back ratings in the figures', () => {
  test('数据概览 and the 通报 count a call-back’s score in 群众满意度 and say how many came from call-backs', async () => {
    type Overview = { appeals: { satisfaction: number | null; rated: number; ratedByCallback: number } };
    type Report = { appeals: { rated: number; ratedByCallback: number } };
    const today = localDate(new Date());
    const overview = async () => (expectOk(await get(admin, '/api/stats/overview')) as Overview).appeals;
    const month = async () => (expectOk(await get(admin, `/api/reports?kind=month&date=${today}`)) as Report).appeals;
    const [before, monthBefore] = [await overview(), await month()];
    const appeal = await answeredAppeal(t, villager, staff);
    expectOk(await callback(staff, appeal.id, { reached: true, score: 1 }));
    const missed = await answeredAppeal(t, villager, staff);
    expectOk(await callback(staff, missed.id, { reached: false }));
    const [after, monthAfter] = [await overview(), await month()];
    assert.equal(after.rated, before.rated + 1);
    assert.equal(after.ratedByCallback, before.ratedByCallback + 1);
    assert.equal(monthAfter.rated, monthBefore.rated + 1);
    assert.equal(monthAfter.ratedByCallback, monthBefore.ratedByCallback + 1);
    // The average moved the way a rating of 1 moves it.
    const average = (rated: number, sum: number) => Math.round((sum * 10) / rated) / 10;
    if (before.satisfaction !== null) {
      const sumBefore = Math.round(before.satisfaction * before.rated);
      assert.ok(Math.abs((after.satisfaction ?? 0) - average(after.rated, sumBefore + 1)) <= 0.1);
    }
    const rated = expectOk(await get(admin, '/api/appeals?rated=true&pageSize=100')) as { list: AppealItem[] };
    assert.ok(rated.list.some((a) => a.id === appeal.id));
    assert.ok(!rated.list.some((a) => a.id === missed.id));
  });
});

// ---- the holiday calendar through the admin's API ----

type CalendarDay = YearCalendar['days'][number];

/** The calendar's exceptions of the years around a moment, as the server counts on them. */
async function calendarDaysAround(moment: Date): Promise<CalendarDay[]> {
  const year = Number(localDate(moment).slice(0, 4));
  const years = await Promise.all(
    [year - 1, year].map(async (y) => (expectOk(await get(admin, `/api/calendar/${y}`)) as YearCalendar).days),
  );
  return years.flat();
}

/** Makes every working day from `from` to the day before `to` a day off; answers how to put the years back. */
async function addDaysOff(from: Date, to: Date): Promise<() => Promise<void>> {
  const days: string[] = [];
  for (let at = from.getTime(); localDate(new Date(at)) < localDate(to); at += 86400_000) days.push(localDate(new Date(at)));
  const years = [...new Set(days.map((d) => Number(d.slice(0, 4))))];
  const saved = new Map<number, YearCalendar>();
  for (const year of years) {
    const current = expectOk(await get(admin, `/api/calendar/${year}`)) as YearCalendar;
    saved.set(year, current);
    const known = new Set(current.days.map((d) => d.date));
    const added = days
      .filter((d) => Number(d.slice(0, 4)) === year && !known.has(d))
      .filter((d) => WEEKDAYS.isWorkday(d))
      .map((date) => ({ date, kind: 'off', name: '测试假日' }));
    const kept = current.days.filter((d) => !(d.kind === 'work' && days.includes(d.date)));
    expectOk(await t.call(admin, { method: 'PUT', url: `/api/calendar/${year}`, payload: { days: [...kept, ...added] } }));
  }
  return async () => {
    for (const [year, calendar] of saved) {
      expectOk(await t.call(admin, { method: 'PUT', url: `/api/calendar/${year}`, payload: { days: calendar.days } }));
    }
  };
}
