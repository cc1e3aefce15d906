import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { APPEAL_SOURCE_LABELS, APPEAL_SOURCES } from '../../common/constants';
import { type Report } from '../../common/contracts/reports';
import { percentText } from '../../common/reportDocument';
import { addDays, lastCompletePeriod, periodOf, townshipMidnight, townshipToday } from '../../common/reportPeriod';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal } from '../../tests/helpers/people';
import { createAccount, expectError, expectOk, publishedTask } from '../../tests/helpers/tasks';
import { docxParagraphs, unzip } from '../../tests/helpers/zip';
import { appeals, tasks } from '../db/schema';

// The report on a fresh demo database, checked against figures recounted here in plain code from
// every row (the database is small): what ADR 0020 says each figure means, not the service's SQL.

const DAY = 86400_000;
let t: TestContext;
let admin: string;
let staff: string;
let villager: string;
let areaViewer: string; // dashboard with scope `area`, in 第一村 (area 2)
let lateTaskId: number;
let lateAppealId: number;

before(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  staff = await t.login('staff01');
  villager = await t.login('villager02');
  const viewerRole = expectOk(
    await t.call(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: '村通报查看', code: 'report_viewer', permissions: ['dashboard'], dataScope: 'area' },
    }),
  );
  areaViewer = (await createAccount(t, admin, { account: 'rp_viewer', roleId: viewerRole.id, area: 2 })).token;

  // Beyond the demo: a task 20 days old, due 12 days ago, that villages 5 and 6 never reported on,
  // and an appeal 20 days old, due 16 days ago and answered only 2 days ago. Both were overdue at the
  // end of the week 10 days ago; only the task still is.
  const late = await publishedTask(t, staff, { title: '逾期未报测试任务', areas: [5, 6], points: 2 });
  await t.database.db
    .update(tasks)
    .set({ publishedAt: new Date(Date.now() - 20 * DAY), deadline: new Date(Date.now() - 12 * DAY) })
    .where(eq(tasks.id, late.id));
  lateTaskId = late.id;
  const appeal = await createAppeal(t, villager, { title: '超期后才答复的诉求', area: 2 });
  expectOk(await appealStep(t, staff, appeal.id, 'accept'));
  expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '已处理' }));
  await t.database.db
    .update(appeals)
    .set({
      createdAt: new Date(Date.now() - 20 * DAY),
      acceptedAt: new Date(Date.now() - 19 * DAY),
      dueAt: new Date(Date.now() - 16 * DAY),
      repliedAt: new Date(Date.now() - 2 * DAY),
    })
    .where(eq(appeals.id, appeal.id));
  lateAppealId = appeal.id;
});
after(async () => {
  await t.close();
});

const report = async (token: string, query = '') => expectOk(await t.call(token, { method: 'GET', url: `/api/reports${query}` })) as Report;

// ---- The figures recounted from the rows ----

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());
const before_ = (value: unknown, moment: number) => {
  const at = time(value);
  return at !== null && at < moment;
};
const within = (value: unknown, from: number, to: number) => {
  const at = time(value);
  return at !== null && at >= from && at < to;
};

async function recount(r: Report, area: number | null) {
  const start = townshipMidnight(r.period.from);
  const end = townshipMidnight(addDays(r.period.to, 1));
  const asOf = Date.parse(r.period.asOf);
  const [taskRows, unitRows, submissionRows, ledgerRows, userRows, appealRows, photoRows] = await Promise.all([
    rows(sql`select id, title, status, published_at, closed_at, deadline from tasks`),
    rows(sql`select task_id, area from task_areas`),
    rows(sql`select task_id, area, status, created_at, reviewed_at from submissions`),
    rows(sql`select user_id, delta, created_at from score_ledger`),
    rows(sql`select id, name, area from users`),
    rows(
      sql`select id, title, area, status, source, created_at, due_at, replied_at, rejected_at, rated_at, satisfaction, satisfaction_source from appeals`,
    ),
    rows(sql`select area, type, status, created_at, handled_at from photo_reports`),
  ]);
  const inScope = (a: unknown) => area === null || Number(a) === area;
  const taskById = new Map(taskRows.map((x) => [Number(x.id), x]));
  const live = (x: Row) => ['published', 'closed'].includes(String(x.status));

  // 一: units of tasks published in the period; reported and approved by the period's end.
  const periodTasks = taskRows.filter((x) => live(x) && within(x.published_at, start, end));
  const units = unitRows.filter((u) => periodTasks.some((x) => Number(x.id) === Number(u.task_id)) && inScope(u.area));
  const reportsOf = (u: Row) => submissionRows.filter((s) => Number(s.task_id) === Number(u.task_id) && Number(s.area) === Number(u.area));
  const byArea = new Map<number, { issued: number; submitted: number; approved: number }>();
  for (const u of units) {
    const entry = byArea.get(Number(u.area)) ?? { issued: 0, submitted: 0, approved: 0 };
    entry.issued += 1;
    if (reportsOf(u).some((s) => before_(s.created_at, asOf))) entry.submitted += 1;
    if (reportsOf(u).some((s) => s.status === 'approved' && before_(s.reviewed_at, asOf))) entry.approved += 1;
    byArea.set(Number(u.area), entry);
  }
  const publishedTasks = periodTasks.filter((x) => unitRows.some((u) => Number(u.task_id) === Number(x.id) && inScope(u.area)));

  // 二: the ledger's entries in the period, per person.
  const pointsByUser = new Map<number, number>();
  for (const e of ledgerRows) {
    if (!within(e.created_at, start, end)) continue;
    const user = userRows.find((u) => Number(u.id) === Number(e.user_id));
    if (!user || !inScope(user.area)) continue;
    pointsByUser.set(Number(e.user_id), (pointsByUser.get(Number(e.user_id)) ?? 0) + Number(e.delta));
  }
  const changed = [...pointsByUser.entries()].filter(([, p]) => p !== 0);

  // 三: appeals received in the period and where they stood at its end; everything overdue then.
  const openAt = (a: Row) => before_(a.created_at, asOf) && !before_(a.replied_at, asOf) && !before_(a.rejected_at, asOf);
  const received = appealRows.filter((a) => inScope(a.area) && within(a.created_at, start, end));
  const overdueAtEnd = appealRows.filter((a) => inScope(a.area) && openAt(a) && before_(a.due_at, asOf));
  const rated = appealRows.filter((a) => inScope(a.area) && within(a.rated_at, start, end));

  // 四: photo reports received in the period.
  const photos = photoRows.filter((p) => inScope(p.area) && within(p.created_at, start, end));
  const settled = (status: string) => photos.filter((p) => p.status === status && before_(p.handled_at, asOf)).length;

  // 五: units running at the end, past the deadline, with no live report then.
  const overdueUnits = unitRows.filter((u) => {
    const x = taskById.get(Number(u.task_id)) as Row;
    if (!inScope(u.area) || !live(x) || !before_(x.published_at, asOf) || before_(x.closed_at, asOf) || !before_(x.deadline, asOf))
      return false;
    return !reportsOf(u).some((s) => before_(s.created_at, asOf) && !(s.status === 'rejected' && before_(s.reviewed_at, asOf)));
  });

  return {
    tasks: {
      published: publishedTasks.length,
      issued: units.length,
      submitted: [...byArea.values()].reduce((n, e) => n + e.submitted, 0),
      approved: [...byArea.values()].reduce((n, e) => n + e.approved, 0),
      reportsReceived: submissionRows.filter((s) => inScope(s.area) && within(s.created_at, start, end)).length,
      reportsApproved: submissionRows.filter((s) => inScope(s.area) && s.status === 'approved' && within(s.reviewed_at, start, end)).length,
      byArea,
    },
    points: {
      total: changed.reduce((n, [, p]) => n + p, 0),
      earners: changed.length,
      top: changed
        .filter(([, p]) => p > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([user, points]) => ({ user, points })),
    },
    appeals: {
      received: received.length,
      replied: received.filter((a) => before_(a.replied_at, asOf)).length,
      rejected: received.filter((a) => before_(a.rejected_at, asOf)).length,
      open: received.filter(openAt).length,
      overdue: received.filter((a) => openAt(a) && before_(a.due_at, asOf)).length,
      rated: rated.length,
      satisfaction: rated.length ? Math.round((rated.reduce((n, a) => n + Number(a.satisfaction), 0) / rated.length) * 10) / 10 : null,
      ratedByCallback: rated.filter((a) => a.satisfaction_source === 'callback').length,
      bySource: APPEAL_SOURCES.map((source) => ({
        source,
        label: APPEAL_SOURCE_LABELS[source],
        count: received.filter((a) => a.source === source).length,
      })),
      overdueAtEnd: overdueAtEnd.map((a) => Number(a.id)).sort((a, b) => a - b),
    },
    photoReports: {
      received: photos.length,
      handled: settled('handled'),
      invalid: settled('invalid'),
      byType: [1, 2, 3, 4].map((type) => photos.filter((p) => Number(p.type) === type).length),
    },
    overdueUnits: overdueUnits.map((u) => `${u.task_id}/${u.area}`).sort(),
  };
}

async function assertMatches(r: Report, area: number | null) {
  const expected = await recount(r, area);
  const { tasks: got } = r;
  const { byArea: expectedAreas, ...expectedTasks } = expected.tasks;
  assert.deepEqual(
    {
      published: got.published,
      issued: got.issued,
      submitted: got.submitted,
      approved: got.approved,
      reportsReceived: got.reportsReceived,
      reportsApproved: got.reportsApproved,
    },
    expectedTasks,
    `tasks of ${r.period.label}`,
  );
  for (const row of got.byArea) {
    const want = expectedAreas.get(row.area) ?? { issued: 0, submitted: 0, approved: 0 };
    assert.deepEqual({ issued: row.issued, submitted: row.submitted, approved: row.approved }, want, `${row.name} in ${r.period.label}`);
    assert.equal(row.rate, want.issued ? Math.round((want.approved / want.issued) * 1000) / 1000 : null);
  }
  // Ranks: a better rate (then more approved) never ranks below a worse one; equal places share a rank.
  const ranked = got.byArea.filter((a) => a.issued > 0);
  for (const a of ranked) {
    const better = ranked.filter((b) => (b.rate ?? 0) > (a.rate ?? 0) || (b.rate === a.rate && b.approved > a.approved));
    const distinct = new Set(better.map((b) => `${b.rate}/${b.approved}`)).size;
    assert.equal(a.rank, distinct + 1, `rank of ${a.name}`);
  }
  assert.ok(got.byArea.filter((a) => a.issued === 0).every((a) => a.rank === null));

  assert.equal(r.points.total, expected.points.total);
  assert.equal(r.points.earners, expected.points.earners);
  assert.deepEqual(
    r.points.top.map((p) => p.points),
    expected.points.top.map((p) => p.points),
  );
  assert.deepEqual(new Set(r.points.top.map((p) => p.userId)), new Set(expected.points.top.map((p) => p.user)));

  const { byArea: appealAreas, ...appealFigures } = r.appeals;
  assert.deepEqual(
    appealFigures,
    { ...expected.appeals, overdueAtEnd: expected.appeals.overdueAtEnd.length },
    `appeals of ${r.period.label}`,
  );
  assert.deepEqual(
    r.overdue.appeals.map((a) => a.id).sort((a, b) => a - b),
    expected.appeals.overdueAtEnd.slice(0, 20),
  );
  assert.equal(r.overdue.appealsTotal, expected.appeals.overdueAtEnd.length);
  assert.equal(
    appealAreas.reduce((n, a) => n + a.received, 0),
    expected.appeals.received,
  );

  assert.deepEqual(
    {
      received: r.photoReports.received,
      handled: r.photoReports.handled,
      invalid: r.photoReports.invalid,
      pending: r.photoReports.pending,
      byType: r.photoReports.byType.map((x) => x.count),
    },
    {
      ...expected.photoReports,
      pending: expected.photoReports.received - expected.photoReports.handled - expected.photoReports.invalid,
    },
  );

  assert.deepEqual(r.overdue.tasks.map((x) => `${x.taskId}/${x.area}`).sort(), expected.overdueUnits);
  assert.equal(r.overdue.tasksTotal, expected.overdueUnits.length);
}

// ---- The tests ----

describe('the report for a period', () => {
  const today = townshipToday();

  test('by default the last week that has ended, Monday to Sunday on the township clock', async () => {
    const r = await report(admin);
    const last = lastCompletePeriod('week', today);
    assert.equal(r.period.kind, 'week');
    assert.equal(r.period.from, last.from);
    assert.equal(r.period.to, last.to);
    assert.equal(new Date(`${r.period.from}T00:00:00Z`).getUTCDay(), 1);
    assert.equal(r.period.partial, false);
    assert.equal(r.period.asOf, new Date(townshipMidnight(addDays(last.to, 1))).toISOString());
    assert.equal(r.title, `示范镇综合治理中心工作通报（${last.label}）`);
    assert.equal(r.issuer, '示范镇综合治理中心');
    assert.equal(r.issuedOn, today);
    assert.equal(r.area, null);
    assert.equal(r.tasks.byArea.length, 12);
    // The demo spreads its work over the last weeks: last week's report is never empty.
    assert.ok(r.tasks.issued + r.appeals.received + r.photoReports.received > 0, JSON.stringify(r.tasks));
    await assertMatches(r, null);
  });

  test('every figure equals the rows, for this week so far, this and last month and earlier weeks', async () => {
    const queries = [
      `?kind=week&date=${today}`,
      `?kind=month&date=${today}`,
      '?kind=month',
      `?kind=week&date=${addDays(today, -10)}`,
      `?kind=week&date=${addDays(today, -17)}`,
      `?kind=month&date=${addDays(today, -40)}`,
    ];
    for (const query of queries) await assertMatches(await report(admin, query), null);
  });

  test('the running week is counted up to now and says so', async () => {
    const before = Date.now();
    const r = await report(admin, `?kind=week&date=${today}`);
    assert.equal(r.period.partial, true);
    assert.ok(Date.parse(r.period.asOf) >= before && Date.parse(r.period.asOf) <= Date.now());
    // Open and past due now: the dashboard's overdue figure.
    const overview = expectOk(await t.call(admin, { method: 'GET', url: '/api/stats/overview' }));
    assert.equal(r.overdue.appealsTotal, overview.appeals.overdue);
  });

  test('overdue items at the end of a past week: by name, with their village and days overdue', async () => {
    const r = await report(admin, `?kind=week&date=${addDays(today, -10)}`);
    const end = Date.parse(r.period.asOf);
    const task = r.overdue.tasks.filter((x) => x.taskId === lateTaskId);
    assert.deepEqual(
      task.map((x) => [x.title, x.areaName]),
      [
        ['逾期未报测试任务', '第四村'],
        ['逾期未报测试任务', '第五村'],
      ],
    );
    const deadline = Date.parse(task[0].deadline);
    assert.equal(task[0].daysOverdue, Math.ceil((end - deadline) / DAY));
    // Answered two days ago, so open and overdue at that week's end; its state now is shown beside it.
    const appeal = r.overdue.appeals.find((a) => a.id === lateAppealId);
    assert.ok(appeal, JSON.stringify(r.overdue.appeals));
    assert.equal(appeal.title, '超期后才答复的诉求');
    assert.equal(appeal.areaName, '第一村');
    assert.equal(appeal.status, 'replied');
    assert.equal(appeal.daysOverdue, Math.ceil((end - Date.parse(appeal.dueAt)) / DAY));
    // Now it is answered: not among this week's overdue appeals.
    const now = await report(admin, `?kind=week&date=${today}`);
    assert.equal(
      now.overdue.appeals.some((a) => a.id === lateAppealId),
      false,
    );
  });

  test('a month runs from the 1st to its last day and is labelled by it', async () => {
    const r = await report(admin, '?kind=month&date=2026-02-14');
    assert.deepEqual([r.period.from, r.period.to, r.period.label], ['2026-02-01', '2026-02-28', '2026年2月']);
    const week = await report(admin, '?kind=week&date=2026-01-01');
    assert.deepEqual([week.period.from, week.period.to, week.period.label], ['2025-12-29', '2026-01-04', '2026年第1周']);
  });

  test('a village-scoped caller gets their own village, all figures limited to it', async () => {
    for (const query of ['', `?kind=month&date=${today}`, `?kind=week&date=${addDays(today, -10)}`]) {
      const r = await report(areaViewer, query);
      assert.equal(r.area, 2);
      assert.equal(r.areaName, '第一村');
      assert.match(r.title, /^示范镇综合治理中心工作通报（第一村 · /);
      assert.deepEqual(
        r.tasks.byArea.map((a) => a.area),
        [2],
      );
      assert.ok(r.overdue.appeals.every((a) => a.areaName === '第一村'));
      assert.ok(r.points.top.every((p) => p.areaName === '第一村'));
      await assertMatches(r, 2);
    }
  });
});

describe('the Word document', () => {
  test('a .docx named after the report, whose text carries the same figures', async () => {
    const query = `?kind=week&date=${addDays(townshipToday(), -10)}`;
    const r = await report(admin, query);
    const res = await t.call(admin, { method: 'GET', url: `/api/reports/docx${query}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const disposition = String(res.headers['content-disposition']);
    const name = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
    assert.equal(name, `示范镇综合治理中心工作通报（${r.period.label}）.docx`);
    assert.match(disposition, /filename="report-\d{4}-W\d{2}\.docx"/);

    const file = res.rawPayload;
    assert.equal(file.subarray(0, 2).toString(), 'PK');
    const entries = unzip(file);
    assert.ok(entries.has('[Content_Types].xml') && entries.has('word/styles.xml'));
    const xml = entries.get('word/document.xml')?.toString('utf8') ?? '';
    // A4 portrait, and the Chinese type families named in the runs.
    assert.match(xml, /<w:pgSz w:w="11906" w:h="16838"/);
    for (const family of ['宋体', '仿宋', '黑体']) assert.ok(xml.includes(`w:eastAsia="${family}"`), family);

    const lines = docxParagraphs(file);
    assert.equal(lines[0], '示范镇综合治理中心工作通报');
    assert.equal(lines[1], `（${r.period.label}）`);
    for (const heading of ['一、任务完成情况', '二、积分情况', '三、群众诉求办理情况', '四、随手拍', '五、需要关注的逾期事项']) {
      assert.ok(lines.includes(heading), heading);
    }
    // 一: one table row per village with tasks, the figures as in the JSON.
    for (const a of r.tasks.byArea.filter((x) => x.issued > 0)) {
      assert.ok(
        lines.includes([String(a.rank), a.name, String(a.issued), String(a.submitted), String(a.approved), percentText(a.rate)].join('\t')),
        `${a.name} row`,
      );
    }
    assert.ok(lines.includes(['', '合计', r.tasks.issued, r.tasks.submitted, r.tasks.approved, percentText(r.tasks.rate)].join('\t')));
    const text = lines.join('\n');
    assert.ok(text.includes(`本期共下发任务${r.tasks.published}项，涉及村（社区）${r.tasks.issued}个村次`));
    // 二
    for (const p of r.points.top) assert.ok(lines.includes([p.rank, p.name, p.areaName ?? '—', p.points].join('\t')), p.name);
    // 三
    assert.ok(
      text.includes(
        `本期共收到群众诉求${r.appeals.received}件${r.appeals.received ? `（网上${r.appeals.received}件）` : ''}；截至期末，已答复${r.appeals.replied}件，不予受理${r.appeals.rejected}件`,
      ),
    );
    assert.ok(text.includes(`超期未办结诉求${r.appeals.overdueAtEnd}件`));
    // 四
    assert.ok(
      text.includes(`随手拍反映问题${r.photoReports.received}条`) ||
        (r.photoReports.received === 0 && text.includes('本期未收到群众随手拍')),
    );
    // 五: the overdue items by name, village and days.
    assert.ok(r.overdue.tasks.length > 0 && r.overdue.appeals.length > 0);
    for (const x of r.overdue.tasks) {
      assert.ok(
        lines.some((l) => l.includes(`\t${x.title}\t${x.areaName}\t`) && l.endsWith(`\t${x.daysOverdue}天`)),
        x.title,
      );
    }
    for (const a of r.overdue.appeals) {
      assert.ok(
        lines.some((l) => l.includes(`\t${a.title}\t${a.areaName}\t`) && l.includes(`\t${a.daysOverdue}天\t`)),
        a.title,
      );
    }
  });

  test("a village-scoped caller downloads their village's report", async () => {
    const res = await t.call(areaViewer, { method: 'GET', url: '/api/reports/docx' });
    assert.equal(res.statusCode, 200);
    const name = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))?.[1] ?? '');
    assert.match(name, /^示范镇综合治理中心工作通报（第一村 · \d{4}年第\d+周）\.docx$/);
    assert.match(String(res.headers['content-disposition']), /filename="report-\d{4}-W\d{2}-area2\.docx"/);
    assert.equal(docxParagraphs(res.rawPayload)[1], name.slice('示范镇综合治理中心工作通报'.length, -'.docx'.length));
  });
});

describe('who may ask, and what', () => {
  for (const url of ['/api/reports', '/api/reports/docx']) {
    test(`${url}: signed out 401, a villager 403`, async () => {
      expectError(await t.call(undefined, { method: 'GET', url }), 401);
      expectError(await t.call(villager, { method: 'GET', url }), 403);
      expectError(await t.call(await t.login('cadre02'), { method: 'GET', url }), 403);
    });

    test(`${url}: a bad kind or date is refused naming the field`, async () => {
      const tomorrow = addDays(townshipToday(), 1);
      expectError(await t.call(admin, { method: 'GET', url: `${url}?kind=year` }), 400, /统计周期/, 'kind');
      expectError(await t.call(admin, { method: 'GET', url: `${url}?date=2026-1-5` }), 400, /日期/, 'date');
      expectError(await t.call(admin, { method: 'GET', url: `${url}?date=2026-02-30` }), 400, '日期：2026-02-30不是有效的日期', 'date');
      expectError(await t.call(admin, { method: 'GET', url: `${url}?date=${tomorrow}` }), 400, /日期：不能晚于今天/, 'date');
      expectError(await t.call(admin, { method: 'GET', url: `${url}?kind=month&date=1999-12-31` }), 400, /日期：不能早于/, 'date');
    });
  }

  test('today itself is allowed: the running period so far', async () => {
    const r = await report(admin, `?kind=month&date=${townshipToday()}`);
    assert.equal(r.period.partial, true);
    assert.equal(r.period.from, periodOf('month', townshipToday()).from);
  });
});
