// The summaries the database keeps by trigger (row_counts, score_daily, score_weekly, task_area_counts, day_counts;
// migrations 0005, 0007, 0017): they must
// always equal what counting the rows themselves gives, and the lists built on them must show the
// same totals and points as a plain count would.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../tests/helpers/app';
import { summaryAndTruth as summaryAndTruthOf } from '../../../tests/helpers/summaries';
import { periodPoints } from '../tasks/scores';

let t: TestContext;
let admin: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const summaryAndTruth = () => summaryAndTruthOf(t.database.db);

before(async () => {
  t = await createTestContext({ demo: true });
  admin = await t.login('admin');
});
after(() => t.close());

describe('row_counts', () => {
  test('equals the tables after the demo seed', async () => {
    const { kept, truth } = await summaryAndTruth();
    assert.ok(truth.length > 5, 'the demo seed has rows in all four tables');
    assert.deepEqual(kept, truth);
  });

  test('follows inserts of many rows, status and area changes and deletes', async () => {
    const db = t.database.db;
    await db.execute(sql`update appeals set status = 'closed' where status = 'pending'`);
    await db.execute(sql`update appeals set area = 3 where id in (select id from appeals order by id limit 2)`);
    await db.execute(sql`update appeals set title = title || '（已核）'`); // no status change: counts stay
    await db.execute(sql`update photo_reports set status = 'handled', area = 4 where status = 'pending'`);
    await db.execute(sql`insert into tasks (title, category, content, template, image_num, points, deadline, status, publisher_id)
      select '批量任务' || g, 1, '', '1', 0, 1, now() + interval '3 days', case when g % 2 = 0 then 'draft' else 'published' end,
             (select id from users where account = 'admin')
      from generate_series(1, 7) g`);
    await db.execute(sql`update tasks set status = 'closed' where title like '批量任务%' and status = 'published'`);
    await db.execute(sql`update tasks set category = 9 where title in ('批量任务1', '批量任务2')`); // a category change alone
    await db.execute(sql`delete from tasks where title like '批量任务%' and status = 'draft'`);
    await db.execute(sql`delete from submission_images where submission_id in (select id from submissions where status = 'rejected')`);
    await db.execute(
      sql`update score_ledger set submission_id = null where submission_id in (select id from submissions where status = 'rejected')`,
    );
    await db.execute(sql`delete from submissions where status = 'rejected'`);
    const { kept, truth } = await summaryAndTruth();
    assert.deepEqual(kept, truth);
  });

  test('the dashboard’s rollups follow ratings, reviews, task changes, villages, dates and deletes', async () => {
    const db = t.database.db;
    const before = await summaryAndTruth();
    assert.ok(before.truth.some((l) => l.startsWith('units ')) && before.truth.some((l) => l.startsWith('day ')));
    assert.ok(
      before.truth.some((l) => l.startsWith('approved ')),
      'the demo seed has approved reports',
    );
    // Ratings: given, changed and taken back, without a status change.
    await db.execute(sql`update appeals set satisfaction = 4 where id in (select id from appeals order by id limit 3)`);
    await db.execute(sql`update appeals set satisfaction = 2 where id = (select min(id) from appeals)`);
    await db.execute(sql`update appeals set satisfaction = null where id = (select max(id) from appeals)`);
    // A record moved to another day and village; rows inserted on a Beijing midnight.
    await db.execute(
      sql`update appeals set created_at = created_at - interval '3 days', area = 5 where id = (select min(id) from appeals)`,
    );
    await db.execute(
      sql`update photo_reports set created_at = '2026-03-01T16:00:00Z', area = 6 where id = (select min(id) from photo_reports)`,
    );
    await db.execute(sql`insert into photo_reports (submitter_id, description, type, area, client_key, created_at)
      select submitter_id, '午夜', 1, 7, 'midnight' || g, '2026-03-01T15:59:59.999Z'::timestamptz + (g || ' ms')::interval
      from photo_reports, generate_series(0, 1) g where id = (select min(id) from photo_reports)`);
    // Reviews: pending ones approved, one approval taken back, one approved report moved to another task.
    await db.execute(sql`update submissions set status = 'approved' where status = 'pending'`);
    await db.execute(
      sql`update submissions set status = 'rejected' where id = (select min(id) from submissions where status = 'approved')`,
    );
    await db.execute(sql`update submissions set task_id = (select max(task_id) from task_areas where area = submissions.area)
      where id = (select max(id) from submissions where status = 'approved')`);
    // Tasks: closed, recategorised, a village added and one taken off.
    await db.execute(sql`update tasks set status = 'closed' where id in (select task_id from task_areas where approved > 0 limit 2)`);
    await db.execute(sql`update tasks set category = 12 where id = (select min(task_id) from task_areas)`);
    await db.execute(sql`insert into task_areas (task_id, area)
      select id, 8 from tasks where id not in (select task_id from task_areas where area = 8) order by id limit 2`);
    await db.execute(sql`delete from task_areas where (task_id, area) = (select task_id, area from task_areas where approved = 0 limit 1)`);
    // A task with villages and an approved report deleted with its reports (its units go by cascade).
    const [{ id: gone }] = await rows<{ id: number }>(
      sql`select task_id as id from task_areas where approved > 0 order by task_id desc limit 1`,
    );
    await db.execute(sql`delete from submission_images where submission_id in (select id from submissions where task_id = ${gone})`);
    await db.execute(
      sql`update score_ledger set submission_id = null where submission_id in (select id from submissions where task_id = ${gone})`,
    );
    await db.execute(
      sql`delete from photo_matches where kind = 'submission' and record_id in (select id from submissions where task_id = ${gone})`,
    );
    await db.execute(sql`delete from submissions where task_id = ${gone}`);
    await db.execute(sql`delete from tasks where id = ${gone}`);
    // Appeals and photo reports deleted.
    await db.execute(sql`delete from photo_reports where client_key like 'midnight%'`);
    const after = await summaryAndTruth();
    assert.notDeepEqual(after.kept, before.kept, 'the writes changed the figures');
    assert.deepEqual(after.kept, after.truth);
  });

  test('a rolled-back write leaves the counts as they were', async () => {
    const before = await summaryAndTruth();
    await assert.rejects(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update appeals set status = 'rejected'`);
        throw new Error('rollback');
      }),
    );
    assert.deepEqual((await summaryAndTruth()).kept, before.kept);
  });

  test('list totals read from it match a count, for the township and for one village', async () => {
    // The village role made a reviewer of its own village (its data scope is `area`).
    await t.database.db.execute(sql`update roles set permissions = array['taskManage'] where code = 'village'`);
    const cadre = await t.login('cadre02');
    const cases: Array<[string, string, string]> = [
      [admin, '/api/tasks', 'select count(*)::int as n from tasks'],
      [admin, '/api/tasks?status=published', `select count(*)::int as n from tasks where status = 'published'`],
      [admin, '/api/tasks?category=9', 'select count(*)::int as n from tasks where category = 9'],
      [admin, '/api/tasks?category=1&status=closed', `select count(*)::int as n from tasks where category = 1 and status = 'closed'`],
      [admin, '/api/submissions?status=pending', `select count(*)::int as n from submissions where status = 'pending'`],
      [admin, '/api/submissions?area=2', 'select count(*)::int as n from submissions where area = 2'],
      [admin, '/api/appeals', 'select count(*)::int as n from appeals'],
      [admin, '/api/appeals?status=closed&area=3', `select count(*)::int as n from appeals where status = 'closed' and area = 3`],
      [admin, '/api/photo-reports?status=handled', `select count(*)::int as n from photo_reports where status = 'handled'`],
      // A village cadre's review queue: their own village only, whatever area they ask for.
      [cadre, '/api/submissions', 'select count(*)::int as n from submissions where area = 2'],
      [cadre, '/api/submissions?area=3', 'select 0 as n'],
    ];
    for (const [token, url, truth] of cases) {
      const res = await t.call(token, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}current=1&pageSize=5` });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      const [{ n }] = await rows<{ n: number }>(sql.raw(truth));
      assert.equal(res.json().data.total, n, url);
    }
  });
});

describe('score_daily', () => {
  // Instants around Beijing midnights (16:00 UTC) and inside days.
  const instants = [
    '2026-03-01T15:59:59.999Z',
    '2026-03-01T16:00:00.000Z',
    '2026-03-01T16:00:00.001Z',
    '2026-03-02T03:30:00.000Z',
    '2026-03-03T15:59:59.000Z',
    '2026-03-04T12:00:00.000Z',
    '2026-03-10T16:00:00.000Z',
    '2026-03-31T23:00:00.000Z',
  ];

  test('sums the ledger per user and Beijing day', async () => {
    const db = t.database.db;
    const [{ id: userId }] = await rows<{ id: number }>(sql`select id from users where account = 'cadre02'`);
    const [{ id: other }] = await rows<{ id: number }>(sql`select id from users where account = 'cadre03'`);
    for (const [i, at] of instants.entries()) {
      await db.execute(sql`insert into score_ledger (user_id, delta, reason, source, created_at)
        values (${i % 3 === 0 ? other : userId}, ${i + 1}, '测试', 'manual', ${at}::timestamptz), (${userId}, 100, '测试', 'manual', ${at}::timestamptz)`);
    }
    const kept = await rows<{ line: string }>(sql`select day || ' ' || user_id || ' ' || points as line from score_daily order by 1`);
    const truth = await rows<{ line: string }>(sql`
      select day || ' ' || user_id || ' ' || points as line from (
        select ((created_at at time zone 'Asia/Shanghai')::date)::text as day, user_id, sum(delta)::int as points
        from score_ledger group by 1, 2) x order by 1`);
    assert.deepEqual(
      kept.map((r) => r.line),
      truth.map((r) => r.line),
    );
    // Weeks are named by their Monday, on Beijing days.
    const weekly = await rows<{ line: string }>(sql`select week || ' ' || user_id || ' ' || points as line from score_weekly order by 1`);
    const weeklyTruth = await rows<{ line: string }>(sql`
      select week || ' ' || user_id || ' ' || points as line from (
        select (date_trunc('week', created_at at time zone 'Asia/Shanghai')::date)::text as week, user_id, sum(delta)::int as points
        from score_ledger group by 1, 2) x order by 1`);
    assert.deepEqual(
      weekly.map((r) => r.line),
      weeklyTruth.map((r) => r.line),
    );
    assert.ok(
      weekly.some((r) => r.line.startsWith('2026-02-23 ')),
      'Sunday 1 March belongs to the week of Monday 23 February',
    );
  });

  test('a period’s points equal the ledger’s sum for any bounds, whole days or not', async () => {
    const db = t.database.db;
    // Among them: a Monday midnight (08 March 16:00 UTC), the last instant of a Sunday, months apart.
    const bounds = [
      undefined,
      ...instants,
      '2026-03-02T00:00:00.000Z',
      '2026-03-08T16:00:00.000Z',
      '2026-03-22T15:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ];
    let checked = 0;
    for (const from of bounds) {
      for (const to of bounds) {
        if (from && to && from > to) continue;
        const period = periodPoints(db, from ? Date.parse(from) : undefined, to ? Date.parse(to) : undefined);
        const got = await db.select({ userId: period.userId, points: period.points }).from(period).orderBy(period.userId);
        const truth = await rows<{ userId: number; points: number }>(sql`
          select user_id as "userId", sum(delta)::int as points from score_ledger
          where (${from ?? null}::timestamptz is null or created_at >= ${from ?? null}::timestamptz)
            and (${to ?? null}::timestamptz is null or created_at <= ${to ?? null}::timestamptz)
          group by user_id order by user_id`);
        assert.deepEqual(
          got.map((r) => `${r.userId}:${r.points}`),
          truth.map((r) => `${r.userId}:${r.points}`),
          `from ${from} to ${to}`,
        );
        checked += 1;
      }
    }
    assert.ok(checked > 60);
  });
});

describe('clearing the demo data', () => {
  test('leaves every summary equal to a count of what remains', async () => {
    const res = await t.call(admin, { method: 'DELETE', url: '/api/demo-data' });
    assert.equal(res.statusCode, 200, res.body);
    const { kept, truth } = await summaryAndTruth();
    assert.deepEqual(kept, truth);
  });
});
