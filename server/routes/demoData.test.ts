import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';
import { newsBody, postOrgUnit, saveVillage } from '../../tests/helpers/content';
import { appealBody } from '../../tests/helpers/people';
import { uploadPhoto } from '../../tests/helpers/photos';
import { expectOk, newClientKey, taskBody, uploadImages } from '../../tests/helpers/tasks';

// 系统设置 › 清除演示数据 (ADR 0024): every demo account and demo record goes, in one transaction;
// every row a real account made stays as it was, apart from the documented references to demo
// accounts (a real appeal a demo staff member handled keeps its state, reply and history, without
// its handler).

type Row = Record<string, unknown>;
const TABLES = [
  'users',
  'groups',
  'user_groups',
  'tasks',
  'task_areas',
  'task_groups',
  'submissions',
  'submission_images',
  'score_ledger',
  'uploads',
  'news',
  'org_units',
  'appeals',
  'appeal_images',
  'photo_reports',
  'photo_report_images',
  'photo_matches',
  'service_events',
  'service_event_images',
  'user_notices',
  'opinions',
  'opinion_keywords',
  'centre_introduction',
  'village_introductions',
  'areas',
  'roles',
  'settings',
  'display_links',
  'notice_channels',
  'notice_outbox',
  'notice_preferences',
  'login_logs',
  'operation_logs',
  'calendar_days',
  'calendar_years',
  'server_secrets',
  'centre_introduction_images',
] as const;
/** Tables the comparison leaves out, each for its reason; every other table of the schema is in TABLES. */
const NOT_COMPARED: Record<string, string> = {
  sessions: 'demo accounts’ sessions go with them; a kept session’s last-seen time moves with each call',
  sign_in_failures: 'sign-in guard counters, kept for minutes',
  captchas: 'sign-in guard answers, kept for minutes',
  rate_limit_counters: 'request counters, kept for a minute',
  demo_records: 'the demo list itself, emptied (checked below)',
  row_counts: 'summaries kept by triggers from the rows they count (the list totals are checked below)',
  score_daily: 'summaries kept by triggers from score_ledger, which is compared',
  score_weekly: 'summaries kept by triggers from score_ledger, which is compared',
  task_area_counts: 'summaries kept by triggers from task_areas and tasks, which are compared',
  day_counts: 'summaries kept by triggers from appeals and photo reports, which are compared',
};
/** Tables whose rows are known by one column other than `id`. */
const KEY_COLUMN: Record<string, string> = {
  settings: 'key',
  village_introductions: 'area',
  calendar_days: 'day',
  calendar_years: 'year',
  server_secrets: 'name',
  centre_introduction_images: 'position',
};
/** Columns that may change on a kept row: references to a demo account, cleared or handed over. */
const MAY_CHANGE: Record<string, string[]> = {
  appeals: ['handler_id'],
  photo_reports: ['handler_id'],
  submissions: ['reviewer_id'],
  score_ledger: ['operator_id'],
  service_events: ['actor_id'],
  tasks: ['publisher_id'],
  uploads: ['owner_id'],
  opinions: ['created_by_id', 'appeal_id', 'photo_report_id'],
  opinion_keywords: ['created_by_id'],
  login_logs: ['user_id'],
  operation_logs: ['user_id'],
  display_links: ['created_by_id'],
  users: ['last_login_at', 'updated_at'],
};

let t: TestContext;
let admin: string;
const real: Record<string, number> = {};
const demoMade: Record<string, number> = {};

const keyOf = (table: string, row: Row) =>
  table === 'user_groups'
    ? `${row.user_id}:${row.group_id}`
    : table === 'task_areas'
      ? `${row.task_id}:${row.area}`
      : table === 'task_groups'
        ? `${row.task_id}:${row.group_id}`
        : KEY_COLUMN[table]
          ? String(row[KEY_COLUMN[table]])
          : ['submission_images', 'appeal_images', 'service_event_images'].includes(table)
            ? `${row.submission_id ?? row.appeal_id ?? row.event_id}:${row.position}`
            : table === 'photo_report_images'
              ? `${row.report_id}:${row.kind}:${row.position}`
              : table === 'photo_matches'
                ? `${row.kind}:${row.record_id}:${row.upload_id}:${row.other_kind}:${row.other_record_id}:${row.other_upload_id}`
                : String(row.id);

async function dump(): Promise<Record<string, Map<string, Row>>> {
  const out: Record<string, Map<string, Row>> = {};
  for (const table of TABLES) {
    const result = await t.database.db.execute(sql.raw(`select * from ${table}`));
    const rows = ((result as { rows?: Row[] }).rows ?? []) as Row[];
    out[table] = new Map(
      rows.map((row) => [
        keyOf(table, row),
        JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))) as Row,
      ]),
    );
  }
  return out;
}
const ids = async (query: string) =>
  (((await t.database.db.execute(sql.raw(query))) as { rows?: Row[] }).rows ?? []).map((r) => Number(Object.values(r)[0]));

before(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  const roles = expectOk(await t.call(admin, { method: 'GET', url: '/api/roles?pageSize=100' })).list as Array<{
    id: number;
    code: string;
  }>;
  const roleId = (code: string) => roles.find((r) => r.code === code)?.id;
  const makeUser = async (account: string, role: string, area: number, groupIds: number[] = []) =>
    expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/users',
        payload: { account, name: `正式${account}`, phone: '13711110000', password: 'Given-24680', roleId: roleId(role), area, groupIds },
      }),
    ).id as number;
  const groups = expectOk(await t.call(admin, { method: 'GET', url: '/api/groups?pageSize=100' })).list as Array<{
    id: number;
    name: string;
  }>;
  const party = groups.find((g) => g.name === '党员')?.id as number;
  const grid = groups.find((g) => g.name === '网格员')?.id as number;
  real.staff = await makeUser('real_staff', 'staff', 1);
  real.villager = await makeUser('real_villager', 'villager', 2);
  // A real cadre in a demo group: the group stays, with its demo members gone.
  real.cadre = await makeUser('real_cadre', 'village', 2, [party]);
  // Each sets their own password at the first sign-in, as they must.
  const staff = await firstSignIn(t, 'real_staff', 'Given-24680', 'Real-12345');
  const villager = await firstSignIn(t, 'real_villager', 'Given-24680', 'Real-12345');
  const cadre = await firstSignIn(t, 'real_cadre', 'Given-24680', 'Real-12345');
  const demoStaff = await t.login('staff01', DEMO_PASSWORD);
  const demoVillager = await t.login('villager02', DEMO_PASSWORD);

  // A real villager's appeal, accepted and answered by a demo staff member.
  real.appeal = expectOk(await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody({ title: '正式诉求' }) })).id;
  expectOk(await t.call(demoStaff, { method: 'POST', url: `/api/appeals/${real.appeal}/accept` }));
  expectOk(await t.call(demoStaff, { method: 'POST', url: `/api/appeals/${real.appeal}/reply`, payload: { reply: '已安排维修' } }));
  // A real villager's appeal a demo staff member handed to 第一村 (ADR 0031), answered there by a real
  // cadre: the appeal, its history and the villager's notices stay (the hand-over's actor goes).
  real.dispatched = expectOk(
    await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody({ title: '正式诉求' }) }),
  ).id;
  expectOk(await t.call(demoStaff, { method: 'POST', url: `/api/appeals/${real.dispatched}/dispatch`, payload: { areaId: 2 } }));
  expectOk(await t.call(cadre, { method: 'POST', url: `/api/my/dispatched-appeals/${real.dispatched}/accept` }));
  expectOk(
    await t.call(cadre, { method: 'POST', url: `/api/my/dispatched-appeals/${real.dispatched}/reply`, payload: { reply: '村里已处理' } }),
  );
  // A real report on a demo task (demo task 10 is open to villages 2–4): the task stays, handed over.
  real.demoTask = 10;
  real.submission = expectOk(
    await t.call(cadre, { method: 'POST', url: `/api/tasks/10/submissions`, payload: { text: '正式上报', clientKey: newClientKey() } }),
  ).id;
  // A real task aimed at a demo group.
  real.task = expectOk(
    await t.call(staff, {
      method: 'POST',
      url: '/api/tasks',
      payload: taskBody({ title: '正式任务', template: '1', imageNum: 0, groupIds: [grid] }),
    }),
  ).id;
  // Real news with a real picture; a real unit under a demo one; a real keyword; area 3's page edited.
  const [cover] = await uploadImages(t, staff, 1);
  real.cover = cover;
  real.news = expectOk(
    await t.call(staff, { method: 'POST', url: '/api/news', payload: newsBody({ title: '正式新闻', coverId: cover }) }),
  ).id;
  const tree = expectOk(await t.call(admin, { method: 'GET', url: '/api/org-units' })) as Array<{
    id: number;
    children: Array<{ id: number }>;
  }>;
  real.demoUnit = tree[0].children[0].id;
  real.unit = expectOk(await postOrgUnit(t, admin, { name: '正式科室', parentId: real.demoUnit })).id;
  real.keyword = expectOk(await t.call(staff, { method: 'POST', url: '/api/opinion-keywords', payload: { keyword: '积水' } })).id;
  expectOk(await saveVillage(t, staff, 3, { name: '第二村' }));

  // A real villager sends a demo appeal's photo twice: both real appeals are flagged (ADR 0027),
  // the first for the demo appeal, the second for the demo appeal and the first real one.
  const [demoPhoto] = (
    (await t.database.db.execute(
      sql`select u.stored_name from appeal_images i join uploads u on u.id = i.upload_id where u.phash is not null order by i.appeal_id limit 1`,
    )) as { rows: Row[] }
  ).rows;
  const demoBytes = fs.readFileSync(path.join(t.config.dataDir, 'uploads', String(demoPhoto.stored_name)));
  for (const key of ['photoAppeal', 'photoAppealAgain'] as const) {
    const photo = await uploadPhoto(t, villager, demoBytes);
    real[key] = expectOk(
      await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody({ title: '正式诉求', imageIds: [photo] }) }),
    ).id;
  }

  // What demo accounts make after the seeding is demo too.
  demoMade.task = expectOk(
    await t.call(demoStaff, {
      method: 'POST',
      url: '/api/tasks',
      payload: taskBody({ title: '演示账号新建', template: '1', imageNum: 0 }),
    }),
  ).id;
  const [photo] = await uploadImages(t, demoVillager, 1);
  demoMade.upload = photo;
  demoMade.appeal = expectOk(
    await t.call(demoVillager, { method: 'POST', url: '/api/appeals', payload: appealBody({ title: '演示诉求', imageIds: [photo] }) }),
  ).id;
});
after(async () => {
  await t.close();
});

describe('清除演示数据', () => {
  test('every table of the schema is compared, or left out for a stated reason', async () => {
    const rows = (
      (await t.database.db.execute(
        sql.raw(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
      )) as { rows: Row[] }
    ).rows;
    const inSchema = rows.map((row) => String(row.table_name)).sort();
    assert.deepEqual(inSchema, [...TABLES, ...Object.keys(NOT_COMPARED)].sort());
  });

  test('a clear that fails half-way changes nothing: no row and no file goes', async () => {
    const before = await dump();
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    const files = fs.readdirSync(uploadsDir).sort();
    // Inside the clear's transaction, the delete of the demo accounts fails (after their records went).
    await t.database.db.execute(
      sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_user_delete before delete on users for each row execute function refuse_delete()`),
    );
    try {
      const res = await t.call(admin, { method: 'DELETE', url: '/api/demo-data' });
      assert.equal(res.statusCode, 500, res.body);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger refuse_user_delete on users`));
      await t.database.db.execute(sql.raw(`drop function refuse_delete()`));
    }
    const after = await dump();
    for (const table of TABLES.filter((name) => name !== 'operation_logs')) {
      assert.deepEqual(after[table], before[table], table);
    }
    assert.deepEqual(fs.readdirSync(uploadsDir).sort(), files);
    assert.ok((await ids('select count(*) from demo_records'))[0] > 0, 'the demo list is still there');
  });

  test('only an admin may see or clear it', async () => {
    const staff = await t.login('real_staff', 'Real-12345');
    for (const method of ['GET', 'DELETE'] as const) {
      assert.equal((await t.call(undefined, { method, url: '/api/demo-data' })).statusCode, 401);
      assert.equal((await t.call(staff, { method, url: '/api/demo-data' })).statusCode, 403);
    }
    const summary = expectOk(await t.call(admin, { method: 'GET', url: '/api/demo-data' }));
    assert.equal(summary.present, true);
    assert.equal(summary.accounts, 9);
    assert.ok(summary.records > 50, String(summary.records));
  });

  test('removes every demo account and record in one go, and touches nothing real', async () => {
    const demoUsers = await ids(`select row_id from demo_records where table_name = 'users'`);
    const before = await dump();
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    const realFile = String(before.uploads.get(String(real.cover))?.stored_name);
    const demoFile = String(before.uploads.get(String(demoMade.upload))?.stored_name);
    assert.ok(fs.existsSync(path.join(uploadsDir, realFile)) && fs.existsSync(path.join(uploadsDir, demoFile)));
    // The demo hands appeals down to 第一村 and its villagers have notices: all of it goes below.
    const demoHanded = await ids(
      `select id from appeals where dispatched_area is not null and id in (select row_id from demo_records where table_name = 'appeals')`,
    );
    assert.ok(demoHanded.length >= 2, String(demoHanded));
    assert.ok([...before.user_notices.values()].some((n) => demoUsers.includes(Number(n.user_id)) && n.read_at === null));

    const res = await t.call(admin, { method: 'DELETE', url: '/api/demo-data' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, '演示数据已清除');
    const { removed, kept } = res.json().data;
    assert.equal(removed.accounts, 9);
    assert.ok(removed.tasks >= 12 && removed.news > 0 && removed.appeals > 0 && removed.pictures > 0, JSON.stringify(removed));
    // Kept for real rows: demo task 10, groups 网格员 and 党员, the demo unit above the real one and its root.
    assert.deepEqual(kept, { tasks: 1, groups: 2, orgUnits: 2 });
    const after = await dump();

    // No demo account, nothing they made, no demo list left.
    assert.deepEqual(
      demoUsers.filter((id) => after.users.has(String(id))),
      [],
    );
    for (const id of [demoMade.task]) assert.ok(!after.tasks.has(String(id)));
    assert.ok(!after.appeals.has(String(demoMade.appeal)));
    assert.ok(!after.uploads.has(String(demoMade.upload)));
    assert.ok(!fs.existsSync(path.join(uploadsDir, demoFile)), 'the demo picture file is gone');
    assert.ok(fs.existsSync(path.join(uploadsDir, realFile)), 'the real picture file stays');
    assert.deepEqual(await ids('select count(*) from demo_records'), [0]);
    assert.deepEqual(await ids(`select count(*) from news where title <> '正式新闻'`), [0]);
    assert.deepEqual(await ids(`select count(*) from appeals where title <> '正式诉求'`), [0]);
    // The notices left are the real villager's, about real appeals, each as it was: those a demo
    // account's step wrote (accepted, replied, handed to 第一村, and the real cadre's 转派 notice) and
    // those the real cadre's did.
    assert.deepEqual(
      [...after.user_notices.values()].sort((x, y) => Number(x.id) - Number(y.id)).map((n) => [n.user_id, n.appeal_id, n.kind]),
      [
        [real.villager, real.appeal, 'appealAccepted'],
        [real.villager, real.appeal, 'appealReplied'],
        [real.villager, real.dispatched, 'appealDispatched'],
        [real.cadre, real.dispatched, 'appealHandedDown'],
        [real.villager, real.dispatched, 'appealAccepted'],
        [real.villager, real.dispatched, 'appealReplied'],
      ],
    );

    // Every row that stayed is as it was, but for references to demo accounts.
    for (const table of TABLES) {
      for (const [key, row] of after[table]) {
        const old = before[table].get(key);
        if (!old) continue;
        const allowed = new Set(MAY_CHANGE[table] ?? []);
        for (const column of Object.keys(row)) {
          if (allowed.has(column) || ['centre_introduction', 'village_introductions'].includes(table)) continue;
          assert.deepEqual(row[column], old[column], `${table} ${key}.${column}`);
        }
        for (const column of allowed) {
          if (row[column] !== old[column] && column !== 'last_login_at' && column !== 'updated_at') {
            const handedOver = table === 'tasks' && row[column] === (before.users.get(String(1)) ? 1 : null);
            assert.ok(row[column] === null || handedOver, `${table} ${key}.${column}: ${old[column]} → ${row[column]}`);
            assert.ok(
              demoUsers.includes(Number(old[column])) || column === 'appeal_id' || column === 'photo_report_id',
              `${table} ${key}.${column}`,
            );
          }
        }
      }
    }
    // Every real row is still there: accounts, their work, the logs, settings, roles and areas.
    const realUsers = [...before.users.keys()].filter((id) => !demoUsers.includes(Number(id)));
    assert.deepEqual(
      realUsers.filter((id) => !after.users.has(id)),
      [],
    );
    for (const table of ['areas', 'roles', 'settings', 'login_logs', 'operation_logs', 'display_links'] as const) {
      // (the clear itself is one more operation log row)
      assert.deepEqual(
        [...before[table].keys()].filter((key) => !after[table].has(key)),
        [],
        table,
      );
    }
    for (const [table, id] of [
      ['appeals', real.appeal],
      ['appeals', real.dispatched],
      ['submissions', real.submission],
      ['tasks', real.task],
      ['tasks', real.demoTask],
      ['news', real.news],
      ['uploads', real.cover],
      ['org_units', real.unit],
      ['org_units', real.demoUnit],
      ['opinion_keywords', real.keyword],
    ] as const) {
      assert.ok(after[table].has(String(id)), `${table} ${id} stays`);
    }

    // The real appeal a demo account handled: same state, reply and steps, no handler.
    const appeal = after.appeals.get(String(real.appeal)) as Row;
    const was = before.appeals.get(String(real.appeal)) as Row;
    assert.equal(appeal.status, was.status);
    assert.equal(appeal.reply, '已安排维修');
    assert.equal(appeal.handler_id, null);
    const detail = expectOk(await t.call(admin, { method: 'GET', url: `/api/appeals/${real.appeal}` }));
    assert.deepEqual(
      detail.history.map((h: { action: string; actorName: string }) => [h.action, h.actorName]),
      [
        ['submit', '正式real_villager'],
        ['accept', '已删除用户'],
        ['reply', '已删除用户'],
      ],
    );
    // The real appeal handed down by a demo account: still 第一村's, its 转派 step without an actor.
    assert.equal(after.appeals.get(String(real.dispatched))?.dispatched_area, 2);
    const handed = expectOk(await t.call(admin, { method: 'GET', url: `/api/appeals/${real.dispatched}` }));
    assert.deepEqual(
      handed.history.map((h: { action: string; actorName: string; areaName: string | null }) => [h.action, h.actorName, h.areaName]),
      [
        ['submit', '正式real_villager', null],
        ['dispatch', '已删除用户', '第一村'],
        ['accept', '正式real_cadre', null],
        ['reply', '正式real_cadre', null],
      ],
    );
    // Photo matches: none names a removed record; the real appeals' match with each other stays.
    const matchNames = (row: Row) => [
      [row.kind, row.record_id],
      [row.other_kind, row.other_record_id],
    ];
    const exists = (kind: unknown, id: unknown) =>
      after[kind === 'submission' ? 'submissions' : kind === 'appeal' ? 'appeals' : 'photo_reports'].has(String(id));
    assert.ok(before.photo_matches.size > after.photo_matches.size, 'the demo records’ matches go');
    for (const row of after.photo_matches.values()) {
      for (const [kind, id] of matchNames(row)) assert.ok(exists(kind, id), `photo match names ${kind} ${id}`);
    }
    assert.deepEqual(
      [...after.photo_matches.values()].map((row) => [row.kind, row.record_id, row.other_kind, row.other_record_id]),
      [['appeal', real.photoAppealAgain, 'appeal', real.photoAppeal]],
    );

    // The demo task a real cadre reported on is the clearing admin's now; its demo reports are gone.
    const task = after.tasks.get(String(real.demoTask)) as Row;
    assert.equal(task.publisher_id, 1);
    assert.deepEqual(await ids(`select id from submissions where task_id = ${real.demoTask}`), [real.submission]);
    // The demo group a real task aims at and the one a real cadre belongs to stay; the third goes.
    assert.deepEqual((await ids('select count(*) from groups'))[0], 2);
    // Area 3's page a real user saved stays; the others the demo filled in are placeholders again.
    const village3 = after.village_introductions.get('3') as Row;
    assert.deepEqual(village3, before.village_introductions.get('3'));
    const village2 = after.village_introductions.get('2') as Row;
    assert.match(String(village2.content), /【待完善】/);
    assert.equal(village2.population, null);
    assert.match(String(after.centre_introduction.get('1')?.content), /【待完善】/);

    // Demo accounts cannot sign in any more; real ones can.
    assert.equal(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login/account',
          payload: { username: 'staff01', password: DEMO_PASSWORD },
          remoteAddress: '10.44.0.1',
        })
      ).statusCode,
      401,
    );
    assert.equal((await t.call(admin, { method: 'GET', url: '/api/currentUser' })).statusCode, 200);
    // The lists and their counts agree with what is left.
    const tasks = expectOk(await t.call(admin, { method: 'GET', url: '/api/tasks?pageSize=100' }));
    assert.equal(tasks.total, tasks.list.length);
    assert.equal(tasks.total, after.tasks.size);
    const appeals = expectOk(await t.call(admin, { method: 'GET', url: '/api/appeals/counts' }));
    assert.equal(appeals.all, after.appeals.size);
  });

  test('a second clear finds nothing and changes nothing', async () => {
    const summary = expectOk(await t.call(admin, { method: 'GET', url: '/api/demo-data' }));
    assert.deepEqual(summary, { present: false, accounts: 0, records: 0 });
    const before = await dump();
    const res = expectOk(await t.call(admin, { method: 'DELETE', url: '/api/demo-data' }));
    assert.equal(res.removed.accounts, 0);
    assert.equal(res.removed.tasks, 0);
    const after = await dump();
    for (const table of TABLES.filter((name) => name !== 'operation_logs')) {
      assert.deepEqual([...after[table].keys()].sort(), [...before[table].keys()].sort(), table);
    }
  });
});
