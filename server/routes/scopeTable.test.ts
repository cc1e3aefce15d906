import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { appeals } from '../db/schema';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews } from '../../tests/helpers/content';
import { appealStep, createAppeal, createPhotoReport } from '../../tests/helpers/people';
import { createAccount, expectError, expectOk, publishedTask, submitOk, uploadImages } from '../../tests/helpers/tasks';

// One table for the data-scope rule (docs/product.md §1, ADR 0056): the same records, in areas 2
// and 3 and by several owners, read through every scoped list and count by a caller of each reach.
// Each caller holds every management key, so only the reach tells them apart. `town` reaches all;
// `area` is bound to area 2; `own` has scope self and lives in area 2 (so reading self as the
// user's area would show); `bare` has scope area but no area (own rows, never "no bound").

type Reach = 'town' | 'area' | 'own' | 'bare';
const REACHES: Reach[] = ['town', 'area', 'own', 'bare'];
const KEYS = ['dashboard', 'userManage', 'taskManage', 'newsManage', 'introduction', 'peopleService'];

let t: TestContext;
let admin: string;
const token = {} as Record<Reach, string>;
const userId = {} as Record<Reach | 'cadre2' | 'cadre3' | 'villager2' | 'villager3' | 'admin', number>;
let sharedTaskId: number;

/** Titles (or another label) of a list's rows, sorted, and the list's total. */
async function listed(reach: Reach, url: string, label: (row: Record<string, unknown>) => string) {
  const page = expectOk(await t.call(token[reach], { method: 'GET', url }));
  return { rows: (page.list as Array<Record<string, unknown>>).map(label).sort(), total: page.total as number };
}

const title = (row: Record<string, unknown>) => String(row.title);

/** Expected rows per reach: sorted, as `listed` gives them. */
const expect = (rows: Record<Reach, string[]>) => rows;

async function checkList(url: string, label: (row: Record<string, unknown>) => string, expected: Record<Reach, string[]>) {
  for (const reach of REACHES) {
    const { rows, total } = await listed(reach, url, label);
    const want = [...expected[reach]].sort();
    assert.deepEqual(rows, want, `${url} as ${reach}`);
    assert.equal(total, want.length, `${url} total as ${reach}`);
  }
}

/** A list's total under a status filter: the path that may take totals from row_counts. */
async function checkTotal(url: string, expected: Record<Reach, number>) {
  for (const reach of REACHES) {
    const page = expectOk(await t.call(token[reach], { method: 'GET', url }));
    assert.equal(page.total, expected[reach], `${url} total as ${reach}`);
  }
}

before(async () => {
  t = await createTestContext({ demo: false });
  admin = await t.login('admin');
  const role = async (code: string, dataScope: string) =>
    expectOk(
      await t.call(admin, { method: 'POST', url: '/api/roles', payload: { name: `范围-${code}`, code, permissions: KEYS, dataScope } }),
    );
  const roles = expectOk(await t.call(admin, { method: 'GET', url: '/api/roles?pageSize=100' })).list as Array<{
    id: number;
    code: string;
  }>;
  const builtIn = (code: string) => roles.find((r) => r.code === code)!.id;

  const townRole = await role('scope_town', 'all');
  const areaRole = await role('scope_area', 'area');
  const ownRole = await role('scope_own', 'self');
  const bareRole = await role('scope_bare', 'self');
  const made = {
    town: await createAccount(t, admin, { account: 'scopetown', roleId: townRole.id, area: null }),
    area: await createAccount(t, admin, { account: 'scopearea', roleId: areaRole.id, area: 2 }),
    own: await createAccount(t, admin, { account: 'scopeown', roleId: ownRole.id, area: 2 }),
    bare: await createAccount(t, admin, { account: 'scopebare', roleId: bareRole.id, area: null }),
    cadre2: await createAccount(t, admin, { account: 'scopecadre2', roleId: builtIn('village'), area: 2 }),
    cadre3: await createAccount(t, admin, { account: 'scopecadre3', roleId: builtIn('village'), area: 3 }),
    villager2: await createAccount(t, admin, { account: 'scopevillager2', roleId: builtIn('villager'), area: 2 }),
    villager3: await createAccount(t, admin, { account: 'scopevillager3', roleId: builtIn('villager'), area: 3 }),
  };
  // An area role held without an area: no manager can make one (the area is required), but a
  // role's scope can change under its holders.
  expectOk(
    await t.call(admin, {
      method: 'PUT',
      url: `/api/roles/${bareRole.id}`,
      payload: { name: bareRole.name, code: bareRole.code, permissions: KEYS, dataScope: 'area' },
    }),
  );
  for (const reach of REACHES) token[reach] = made[reach].token;
  for (const [key, value] of Object.entries(made)) userId[key as keyof typeof userId] = value.id;
  userId.admin = expectOk(await t.call(admin, { method: 'GET', url: '/api/currentUser' })).id;

  // Tasks: the town's for area 2 and for area 3, own's for both, bare's for area 3.
  const task = (by: string, name: string, areas: number[]) =>
    publishedTask(t, by, { title: name, areas, template: '1', imageNum: 0, points: 5 });
  const t2 = await task(token.town, 't-2', [2]);
  const t3 = await task(token.town, 't-3', [3]);
  sharedTaskId = (await task(token.own, 't-own23', [2, 3])).id;
  await task(token.bare, 't-bare3', [3]);
  // Reports: cadre2 on t-2, cadre3 on t-3 and on own's task; cadre2's second one approved.
  await submitOk(t, made.cadre2.token, t2.id, { text: 's-2', imageIds: [] });
  await submitOk(t, made.cadre3.token, t3.id, { text: 's-3', imageIds: [] });
  const approved = await submitOk(t, made.cadre2.token, sharedTaskId, { text: 's-own2', imageIds: [] });
  expectOk(await t.call(token.town, { method: 'POST', url: `/api/submissions/${approved.id}/audit`, payload: { result: 'approved' } }));

  // Appeals: villagers' in areas 2 and 3, one of area 3 handed down to area 2, own's and bare's in area 3.
  const a2 = await createAppeal(t, made.villager2.token, { title: 'a-2', area: 2 });
  await createAppeal(t, made.villager3.token, { title: 'a-3', area: 3 });
  const handed = await createAppeal(t, made.villager3.token, { title: 'a-3to2', area: 3 });
  expectOk(await t.call(token.town, { method: 'POST', url: `/api/appeals/${handed.id}/dispatch`, payload: { areaId: 2 } }));
  await createAppeal(t, token.own, { title: 'a-own3', area: 3 });
  const bareAppeal = await createAppeal(t, token.bare, { title: 'a-bare3', area: 3 });
  // a-2 is overdue; bare accepting its own appeal makes bare its handler as well.
  await t.database.db
    .update(appeals)
    .set({ dueAt: new Date(Date.now() - 3600_000) })
    .where(eq(appeals.id, a2.id));
  expectOk(await appealStep(t, token.bare, bareAppeal.id, 'accept'));

  // Photo reports in areas 2 and 3, one of area 3 handed down to area 2, own's and bare's in area 3.
  const report = async (by: string, description: string, area: number) =>
    createPhotoReport(t, by, await uploadImages(t, by, 1), { description, area });
  await report(made.villager2.token, 'p-2', 2);
  await report(made.villager3.token, 'p-3', 3);
  const handedReport = await report(made.villager3.token, 'p-3to2', 3);
  expectOk(await t.call(token.town, { method: 'POST', url: `/api/photo-reports/${handedReport.id}/dispatch`, payload: { areaId: 2 } }));
  await report(token.own, 'p-own3', 3);
  await report(token.bare, 'p-bare3', 3);

  // Opinion items and news: the town's in areas 2 and 3, own's and bare's in area 3.
  const opinion = (by: string, name: string, area: number) =>
    t.call(by, {
      method: 'POST',
      url: '/api/opinions',
      payload: { source: 1, title: name, summary: '', link: '', sentiment: 'neutral', level: 1, area },
    });
  for (const [by, name, area] of [
    [token.town, 'o-2', 2],
    [token.town, 'o-3', 3],
    [token.own, 'o-own3', 3],
    [token.bare, 'o-bare3', 3],
  ] as const) {
    expectOk(await opinion(by, name, area));
    await createNews(t, by, { title: name.replace('o-', 'n-'), area });
  }
});

after(() => t?.close());

describe('every scoped list and count, for each reach', () => {
  test('tasks: those targeting the area, or those the caller published', async () => {
    await checkList(
      '/api/tasks?pageSize=50',
      title,
      expect({ town: ['t-2', 't-3', 't-own23', 't-bare3'], area: ['t-2', 't-own23'], own: ['t-own23'], bare: ['t-bare3'] }),
    );
    await checkTotal('/api/tasks?pageSize=1&status=published', { town: 4, area: 2, own: 1, bare: 1 });
  });

  test("reports to review (the audit queue): by the report's area; own rows are reports one made", async () => {
    const text = (row: Record<string, unknown>) => String(row.text);
    await checkList(
      '/api/submissions?pageSize=50',
      text,
      expect({ town: ['s-2', 's-3', 's-own2'], area: ['s-2', 's-own2'], own: [], bare: [] }),
    );
    await checkTotal('/api/submissions?pageSize=1&status=pending', { town: 2, area: 1, own: 0, bare: 0 });
  });

  test('appeals: by area, with those handed down to it; own rows are those one sent or handles', async () => {
    await checkList(
      '/api/appeals?pageSize=50',
      title,
      expect({
        town: ['a-2', 'a-3', 'a-3to2', 'a-own3', 'a-bare3'],
        area: ['a-2', 'a-3to2'],
        own: ['a-own3'],
        bare: ['a-bare3'],
      }),
    );
    await checkTotal('/api/appeals?pageSize=1&status=pending', { town: 4, area: 2, own: 1, bare: 0 });
  });

  test('photo reports: by area, with those handed down to it (ADR 0064)', async () => {
    const description = (row: Record<string, unknown>) => String(row.excerpt);
    await checkList(
      '/api/photo-reports?pageSize=50',
      description,
      expect({ town: ['p-2', 'p-3', 'p-3to2', 'p-own3', 'p-bare3'], area: ['p-2', 'p-3to2'], own: ['p-own3'], bare: ['p-bare3'] }),
    );
    await checkTotal('/api/photo-reports?pageSize=1&status=pending', { town: 5, area: 2, own: 1, bare: 1 });
  });

  test('opinion items and news: by area, or what one recorded or wrote', async () => {
    await checkList(
      '/api/opinions?pageSize=50',
      title,
      expect({ town: ['o-2', 'o-3', 'o-own3', 'o-bare3'], area: ['o-2'], own: ['o-own3'], bare: ['o-bare3'] }),
    );
    await checkList(
      '/api/news?pageSize=50',
      title,
      expect({ town: ['n-2', 'n-3', 'n-own3', 'n-bare3'], area: ['n-2'], own: ['n-own3'], bare: ['n-bare3'] }),
    );
  });

  test("users and the points ranking: by the user's area (never the town's accounts), or oneself", async () => {
    const all = [
      'admin',
      'scopetown',
      'scopearea',
      'scopeown',
      'scopebare',
      'scopecadre2',
      'scopecadre3',
      'scopevillager2',
      'scopevillager3',
    ];
    const inArea2 = ['scopearea', 'scopeown', 'scopecadre2', 'scopevillager2'];
    const account = (row: Record<string, unknown>) => String(row.account);
    const expected = expect({ town: all, area: inArea2, own: ['scopeown'], bare: ['scopebare'] });
    await checkList('/api/users?pageSize=50', account, expected);
    // The ranking lists the task roles' people (cadres): cadre2 in area 2, cadre3 in area 3.
    await checkList(
      '/api/scores/ranking?pageSize=50',
      account,
      expect({ town: ['scopecadre2', 'scopecadre3'], area: ['scopecadre2'], own: [], bare: [] }),
    );
  });

  test('the back office bell: pending work within reach', async () => {
    const counts = async (reach: Reach) => {
      const notices = expectOk(await t.call(token[reach], { method: 'GET', url: '/api/notices' }));
      const count = (kind: string) => (notices.groups as Array<{ kind: string; count: number }>).find((g) => g.kind === kind)?.count ?? 0;
      return {
        submissions: count('submissions'),
        appeals: count('appeals'),
        overdueAppeals: count('overdueAppeals'),
        photoReports: count('photoReports'),
      };
    };
    assert.deepEqual(await counts('town'), { submissions: 2, appeals: 4, overdueAppeals: 1, photoReports: 5 });
    assert.deepEqual(await counts('area'), { submissions: 1, appeals: 2, overdueAppeals: 1, photoReports: 2 });
    assert.deepEqual(await counts('own'), { submissions: 0, appeals: 1, overdueAppeals: 0, photoReports: 1 });
    assert.deepEqual(await counts('bare'), { submissions: 0, appeals: 0, overdueAppeals: 0, photoReports: 1 });
  });

  test("a task's completion: whole for the town and its publisher, the area's part for an area", async () => {
    const completion = async (reach: Reach) => {
      const res = await t.call(token[reach], { method: 'GET', url: `/api/tasks/${sharedTaskId}/completion` });
      if (res.statusCode !== 200) return res.statusCode;
      const body = res.json().data as { areas: Array<{ area: number; targeted: number; approved: number }>; total: { targeted: number } };
      return { areas: body.areas.map((a) => [a.area, a.targeted, a.approved]), targeted: body.total.targeted };
    };
    const whole = {
      areas: [
        [2, 1, 1],
        [3, 1, 0],
      ],
      targeted: 2,
    };
    assert.deepEqual(await completion('town'), whole);
    assert.deepEqual(await completion('area'), { areas: [[2, 1, 1]], targeted: 1 });
    assert.deepEqual(await completion('own'), whole);
    assert.equal(await completion('bare'), 404);
    const people = async (reach: Reach) =>
      (
        expectOk(await t.call(token[reach], { method: 'GET', url: `/api/tasks/${sharedTaskId}/completion/people?pageSize=50` }))
          .list as Array<{ userId: number }>
      )
        .map((p) => p.userId)
        .sort();
    assert.deepEqual(await people('town'), [userId.cadre2, userId.cadre3].sort());
    assert.deepEqual(await people('area'), [userId.cadre2]);
    assert.deepEqual(await people('own'), [userId.cadre2, userId.cadre3].sort());
  });

  test('the dashboard and the 通报: the township, the area, and none for own rows', async () => {
    const overview = async (reach: Reach) => {
      const res = await t.call(token[reach], { method: 'GET', url: '/api/stats/overview' });
      if (res.statusCode !== 200) return res.statusCode;
      const o = res.json().data;
      return {
        area: o.area,
        tasks: o.tasks.published,
        pending: o.submissions.pending,
        appeals: o.appeals.total,
        photos: o.photoReports.total,
        latest: (o.latestAppeals as Array<{ title: string }>).map((a) => a.title).sort(),
      };
    };
    assert.deepEqual(await overview('town'), {
      area: null,
      tasks: 4,
      pending: 2,
      appeals: 5,
      photos: 5,
      latest: ['a-2', 'a-3', 'a-3to2', 'a-bare3', 'a-own3'],
    });
    // Figures count by the records' own area: the appeal handed down to area 2 stays area 3's.
    assert.deepEqual(await overview('area'), { area: 2, tasks: 2, pending: 1, appeals: 1, photos: 1, latest: ['a-2'] });
    assert.equal(await overview('own'), 403);
    assert.equal(await overview('bare'), 403);
    for (const reach of ['own', 'bare'] as const) expectError(await t.call(token[reach], { method: 'GET', url: '/api/reports' }), 403);
    const report = expectOk(await t.call(token.area, { method: 'GET', url: '/api/reports' }));
    assert.equal(report.area, 2);
  });
});
