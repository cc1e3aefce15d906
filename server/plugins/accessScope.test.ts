import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { firstSignIn } from '../../tests/helpers/firstSignIn';
import ExcelJS from 'exceljs';
import type { OrgUnitNode } from '../../common/contracts/content';
import { createOrgUnit, newsBody, orgBody } from '../../tests/helpers/content';
import { appealBody, photoReportBody } from '../../tests/helpers/people';
import { expectOk, newClientKey, taskBody, uploadImages } from '../../tests/helpers/tasks';

// The area half of the access matrix. The built-in village role (area scope) is given every
// management key, so both village cadres can call the management routes; then each call on a record
// of area 2 is made first by the cadre of area 3, who must get 403 or 404 and change nothing, then
// by the cadre of area 2, who must succeed. The last test derives, from the route table, every
// route that reads or changes one record and fails when one has no step here.

let t: TestContext;
let admin: string;
let staff: string;
let cadre2: string;
let cadre3: string;

/** Area-2 records made before the steps run. */
const ids: Record<string, number> = {};

interface Step {
  /** "METHOD /api/route/:param", as declared. */
  route: string;
  url: () => string;
  payload?: () => Record<string, unknown>;
  /** What the area-3 cadre gets (default 404: records outside the scope do not exist for them). */
  outside?: 403 | 404;
  /** What the area-2 cadre gets (default 200). */
  inside?: number;
  /** Checked after both calls: the area-3 call changed nothing that the area-2 one then did. */
  check?: (inside: LightMyRequestResponse) => void | Promise<void>;
}

const step = (route: string, url: () => string, options: Omit<Step, 'route' | 'url'> = {}): Step => ({ route, url, ...options });

const STEPS: Step[] = [
  // Tasks aimed at area 2 alone (an area manager changes only those).
  step('GET /api/tasks/:id', () => `/api/tasks/${ids.task}`),
  step('GET /api/tasks/:id/completion', () => `/api/tasks/${ids.task}/completion`),
  step('GET /api/tasks/:id/completion/people', () => `/api/tasks/${ids.task}/completion/people`),
  step('GET /api/tasks/:id/completion/export', () => `/api/tasks/${ids.task}/completion/export`),
  step('GET /api/tasks/:id/completion/areas/export', () => `/api/tasks/${ids.task}/completion/areas/export`),
  step('GET /api/my/tasks/:id', () => `/api/my/tasks/${ids.task}`, { outside: 403 }),
  step('POST /api/tasks/:id/submissions', () => `/api/tasks/${ids.task}/submissions`, {
    outside: 403,
    payload: () => ({ text: '已完成', imageIds: ids.images ? [ids.image1, ids.image2] : [], clientKey: newClientKey() }),
  }),
  step('POST /api/tasks/:id/copy', () => `/api/tasks/${ids.task}/copy`),
  step('PUT /api/tasks/:id', () => `/api/tasks/${ids.draftTask}`, { payload: () => taskBody({ title: '改过的草稿' }) }),
  step('POST /api/tasks/:id/publish', () => `/api/tasks/${ids.draftTask}/publish`),
  step('POST /api/tasks/:id/close', () => `/api/tasks/${ids.draftTask}/close`),
  step('DELETE /api/tasks/:id', () => `/api/tasks/${ids.deletableTask}`),
  // A submission of area 2 (by grid02).
  step('GET /api/submissions/:id', () => `/api/submissions/${ids.submission}`),
  step('POST /api/submissions/:id/audit', () => `/api/submissions/${ids.submission}/audit`, {
    payload: () => ({ result: 'approved', comment: '同意' }),
  }),
  step('POST /api/submissions/audit', () => '/api/submissions/audit', {
    // A batch is answered 200 with what it did: for the area-3 cadre, nothing.
    outside: undefined,
    payload: () => ({ ids: [ids.submission2], result: 'approved' }),
  }),
  // Appeals of area 2 (by villager02).
  step('GET /api/appeals/:id', () => `/api/appeals/${ids.appeal}`),
  step('POST /api/appeals/:id/accept', () => `/api/appeals/${ids.appeal}/accept`),
  step('POST /api/appeals/:id/reply', () => `/api/appeals/${ids.appeal}/reply`, { payload: () => ({ reply: '已安排维修' }) }),
  // An attempt that did not reach the villager leaves the answer replied, for 办结 next.
  step('POST /api/appeals/:id/callback', () => `/api/appeals/${ids.appeal}/callback`, {
    payload: () => ({ reached: false, note: '无人接听' }),
  }),
  step('POST /api/appeals/:id/close', () => `/api/appeals/${ids.appeal}/close`),
  step('POST /api/appeals/:id/reject', () => `/api/appeals/${ids.appeal2}/reject`, { payload: () => ({ reason: '不属于受理范围' }) }),
  // Photo reports of area 2.
  step('GET /api/photo-reports/:id', () => `/api/photo-reports/${ids.photo}`),
  step('POST /api/photo-reports/:id/handle', () => `/api/photo-reports/${ids.photo}/handle`, {
    payload: () => ({ result: '已清理', imageIds: [] }),
  }),
  step('POST /api/photo-reports/:id/invalid', () => `/api/photo-reports/${ids.photo2}/invalid`, {
    payload: () => ({ reason: '重复上报' }),
  }),
  // An opinion item of area 2.
  step('GET /api/opinions/:id', () => `/api/opinions/${ids.opinion}`),
  step('PUT /api/opinions/:id', () => `/api/opinions/${ids.opinion}`, {
    payload: () => ({ source: 1, title: '改过的舆情', summary: '', link: '', sentiment: 'neutral', level: 1, area: 2 }),
  }),
  step('POST /api/opinions/:id/handle', () => `/api/opinions/${ids.opinion}/handle`),
  step('POST /api/opinions/:id/reopen', () => `/api/opinions/${ids.opinion}/reopen`),
  step('DELETE /api/opinions/:id', () => `/api/opinions/${ids.opinion}`),
  // News of area 2.
  step('GET /api/news/:id', () => `/api/news/${ids.news}`),
  step('PUT /api/news/:id', () => `/api/news/${ids.news}`, { payload: () => newsBody({ title: '改过的新闻', area: 2 }) }),
  step('POST /api/news/:id/publish', () => `/api/news/${ids.news}/publish`),
  step('POST /api/news/:id/pin', () => `/api/news/${ids.news}/pin`),
  step('POST /api/news/:id/unpin', () => `/api/news/${ids.news}/unpin`),
  step('POST /api/news/:id/offline', () => `/api/news/${ids.news}/offline`),
  step('DELETE /api/news/:id', () => `/api/news/${ids.news}`),
  // A user of area 2 (villager02) and their points.
  step('GET /api/users/:id', () => `/api/users/${ids.villager}`),
  step('PUT /api/users/:id', () => `/api/users/${ids.villager}`, { payload: () => ({ name: '周大伯改' }) }),
  step('POST /api/users/:id/disable', () => `/api/users/${ids.villager}/disable`),
  step('POST /api/users/:id/enable', () => `/api/users/${ids.villager}/enable`),
  step('POST /api/users/:id/reset-password', () => `/api/users/${ids.villager}/reset-password`, {
    payload: () => ({ password: 'Reset12345' }),
  }),
  step('POST /api/users/:id/unlock', () => `/api/users/${ids.villager}/unlock`),
  step('POST /api/users/:id/approve', () => `/api/users/${ids.pending}/approve`),
  step('DELETE /api/users/:id', () => `/api/users/${ids.pending}`),
  step('GET /api/scores/ledger', () => `/api/scores/ledger?userId=${ids.villager}`),
];

/**
 * Town-wide records (groups, watch keywords) have no area: both village cadres get 403 and change
 * nothing, whatever the village; a caller whose scope is the whole town succeeds.
 */
interface TownWideStep {
  route: string;
  /** Tells apart two steps on one route. */
  label?: string;
  url: () => string;
  payload?: () => Record<string, unknown>;
  /** A caller of scope "all" holding the route's key. */
  writer: () => string;
  /** Passes when the refused calls left the record as it was. */
  unchanged: () => Promise<void>;
}
const groupNames = async () =>
  (expectOk(await t.call(admin, { method: 'GET', url: '/api/groups?pageSize=100' })).list as Array<{ id: number; name: string }>).map(
    (g) => `${g.id}:${g.name}`,
  );
const keywordTexts = async () =>
  (expectOk(await t.call(staff, { method: 'GET', url: '/api/opinion-keywords?pageSize=100' })).list as Array<{ keyword: string }>).map(
    (k) => k.keyword,
  );
const orgChart = async () => expectOk(await t.call(admin, { method: 'GET', url: '/api/org-units' })) as OrgUnitNode[];
let orgBefore: OrgUnitNode[] = [];
let groupsBefore: string[] = [];
let keywordsBefore: string[] = [];
const villageRows = async () => JSON.stringify(expectOk(await t.call(undefined, { method: 'GET', url: '/api/areas' })));
let villagesBefore = '';
const villagesUnchanged = async () => assert.equal(await villageRows(), villagesBefore);
const TOWN_WIDE_STEPS: TownWideStep[] = [
  {
    route: 'POST /api/villages',
    url: () => '/api/villages',
    payload: () => ({ name: '二村自建村', code: null, sortOrder: 99 }),
    writer: () => admin,
    unchanged: villagesUnchanged,
  },
  {
    route: 'PUT /api/villages/:id',
    url: () => '/api/villages/13',
    payload: () => ({ name: '二村自建村', code: '110101001099', sortOrder: 98 }),
    writer: () => admin,
    unchanged: villagesUnchanged,
  },
  { route: 'POST /api/villages/:id/archive', url: () => '/api/villages/13/archive', writer: () => admin, unchanged: villagesUnchanged },
  { route: 'POST /api/villages/:id/restore', url: () => '/api/villages/13/restore', writer: () => admin, unchanged: villagesUnchanged },
  { route: 'DELETE /api/villages/:id', url: () => '/api/villages/13', writer: () => admin, unchanged: villagesUnchanged },
  {
    route: 'POST /api/groups',
    url: () => '/api/groups',
    payload: () => ({ name: '二村自建分组' }),
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await groupNames(), groupsBefore),
  },
  {
    route: 'PUT /api/groups/:id',
    url: () => `/api/groups/${ids.group}`,
    payload: () => ({ name: '被改名的分组' }),
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await groupNames(), groupsBefore),
  },
  {
    route: 'DELETE /api/groups/:id',
    url: () => `/api/groups/${ids.spareGroup}`,
    writer: () => admin,
    unchanged: async () => assert.ok((await groupNames()).includes(`${ids.spareGroup}:备用分组`)),
  },
  {
    route: 'POST /api/opinion-keywords',
    url: () => '/api/opinion-keywords',
    payload: () => ({ keyword: '二村词' }),
    writer: () => staff,
    unchanged: async () => assert.deepEqual(await keywordTexts(), keywordsBefore),
  },
  {
    route: 'DELETE /api/opinion-keywords/:id',
    url: () => `/api/opinion-keywords/${ids.keyword}`,
    writer: () => staff,
    unchanged: async () => assert.ok((await keywordTexts()).includes('漏水')),
  },
  // Handing appeals down to villages is the town's (ADR 0031).
  {
    route: 'POST /api/appeals/:id/dispatch',
    url: () => `/api/appeals/${ids.appealToDispatch}/dispatch`,
    payload: () => ({ areaId: 3 }),
    writer: () => staff,
    unchanged: async () => assert.equal(await dispatchedTo(ids.appealToDispatch), null),
  },
  {
    route: 'POST /api/appeals/:id/recall',
    url: () => `/api/appeals/${ids.appealToDispatch}/recall`,
    payload: () => ({}),
    writer: () => staff,
    unchanged: async () => assert.equal(await dispatchedTo(ids.appealToDispatch), 3),
  },
  // So is handing photo reports down and reviewing a village's answer (ADR 0064).
  {
    route: 'POST /api/photo-reports/:id/dispatch',
    url: () => `/api/photo-reports/${ids.photoToDispatch}/dispatch`,
    payload: () => ({ areaId: 3 }),
    writer: () => staff,
    unchanged: async () => assert.equal(await reportField(ids.photoToDispatch, 'dispatchedArea'), null),
  },
  {
    route: 'POST /api/photo-reports/:id/recall',
    url: () => `/api/photo-reports/${ids.photoToDispatch}/recall`,
    payload: () => ({}),
    writer: () => staff,
    unchanged: async () => assert.equal(await reportField(ids.photoToDispatch, 'dispatchedArea'), 3),
  },
  {
    route: 'POST /api/photo-reports/:id/approve',
    url: () => `/api/photo-reports/${ids.photoToApprove}/approve`,
    payload: () => ({}),
    writer: () => staff,
    unchanged: async () => assert.equal(await reportField(ids.photoToApprove, 'status'), 'reviewing'),
  },
  {
    route: 'POST /api/photo-reports/:id/return',
    url: () => `/api/photo-reports/${ids.photoToReturn}/return`,
    payload: () => ({ reason: '照片不清楚' }),
    writer: () => staff,
    unchanged: async () => assert.equal(await reportField(ids.photoToReturn, 'status'), 'reviewing'),
  },
  // The organisation chart is the town's, root and all.
  {
    route: 'POST /api/org-units',
    url: () => '/api/org-units',
    payload: () => orgBody({ name: '二村自建单位', parentId: ids.rootUnit }),
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await orgChart(), orgBefore),
  },
  {
    route: 'PUT /api/org-units/:id',
    label: 'the root',
    url: () => `/api/org-units/${ids.rootUnit}`,
    payload: () => orgBody({ name: '被改名的中心' }),
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await orgChart(), orgBefore),
  },
  {
    route: 'PUT /api/org-units/:id',
    label: 'a move: the spare unit from under the root to the top',
    url: () => `/api/org-units/${ids.spareUnit}`,
    payload: () => orgBody({ name: '备用单位', parentId: null }),
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await orgChart(), orgBefore),
  },
  {
    route: 'DELETE /api/org-units/:id',
    url: () => `/api/org-units/${ids.spareUnit}`,
    writer: () => admin,
    unchanged: async () => assert.deepEqual(await orgChart(), orgBefore),
  },
];
const reportField = async (id: number, field: 'dispatchedArea' | 'status') =>
  (expectOk(await t.call(staff, { method: 'GET', url: `/api/photo-reports/${id}` })) as Record<string, unknown>)[field];
const dispatchedTo = async (id: number) =>
  (expectOk(await t.call(staff, { method: 'GET', url: `/api/appeals/${id}` })) as { dispatchedArea: number | null }).dispatchedArea;

/**
 * Routes on one record that need no area step, and why. Everything else with a parameter and a
 * management key must have a step above (checked by the last test).
 */
const NOT_AREA_SCOPED: Record<string, string> = {
  'GET /api/groups/:id': '分组是全镇共用的，人人可读（成员按范围筛选）',
  'PUT /api/groups/:id/members': '成员按调用者的范围筛选（groups.test.ts）',
  'GET /api/roles/:id': '角色是全镇共用的',
  'PUT /api/roles/:id': '角色是全镇共用的',
  'DELETE /api/roles/:id': '角色是全镇共用的',
  'PUT /api/areas/:id': '村名由介绍管理维护，不按村划分',
  'PUT /api/introductions/villages/:area': '村情介绍由中心维护',
  'POST /api/display-links/:id/revoke': '大屏链接只有管理员能管理',
  'PUT /api/notice-channels/:id': '消息通道只有管理员能管理',
  'POST /api/notice-channels/:id/enable': '消息通道只有管理员能管理',
  'POST /api/notice-channels/:id/disable': '消息通道只有管理员能管理',
  'POST /api/notice-channels/:id/test': '消息通道只有管理员能管理',
  'DELETE /api/notice-channels/:id': '消息通道只有管理员能管理',
  'POST /api/notice-outbox/:id/retry': '发送记录只有管理员能管理',
};

before(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  staff = await t.login('staff01');
  // The village role gets every management key; its scope stays "area".
  const roles = expectOk(await t.call(admin, { method: 'GET', url: '/api/roles?pageSize=100' })).list as Array<{
    id: number;
    code: string;
    name: string;
  }>;
  const village = roles.find((r) => r.code === 'village');
  assert.ok(village);
  expectOk(
    await t.call(admin, {
      method: 'PUT',
      url: `/api/roles/${village.id}`,
      payload: {
        name: village.name,
        code: 'village',
        permissions: ['dashboard', 'userManage', 'taskManage', 'newsManage', 'peopleService', 'organization'],
        dataScope: 'area',
      },
    }),
  );
  cadre2 = await t.login('cadre02');
  cadre3 = await t.login('cadre03');
  const me2 = expectOk(await t.call(cadre2, { method: 'GET', url: '/api/currentUser' }));
  assert.deepEqual([me2.area, me2.dataScope], [2, 'area']);
  assert.ok(me2.permissions.includes('taskManage'));

  const users = expectOk(await t.call(admin, { method: 'GET', url: '/api/users?pageSize=100' })).list as Array<{
    id: number;
    account: string;
  }>;
  const userId = (account: string) => users.find((u) => u.account === account)?.id as number;
  ids.villager = userId('villager02');
  ids.grid02 = userId('grid02');
  // A pending villager of area 2 to approve and delete.
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { account: 'scope_pending', name: '待审', phone: '13712340000', password: 'Village123', area: 2 },
    }),
  );
  ids.pending = (expectOk(await t.call(admin, { method: 'GET', url: '/api/users?account=scope_pending' })).list[0] as { id: number }).id;

  const task = expectOk(
    await t.call(staff, { method: 'POST', url: '/api/tasks', payload: taskBody({ template: '1', imageNum: 0, title: '二村专项任务' }) }),
  );
  expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${task.id}/publish` }));
  ids.task = task.id;
  ids.draftTask = expectOk(
    await t.call(staff, { method: 'POST', url: '/api/tasks', payload: taskBody({ template: '1', imageNum: 0 }) }),
  ).id;
  ids.deletableTask = expectOk(
    await t.call(staff, { method: 'POST', url: '/api/tasks', payload: taskBody({ template: '1', imageNum: 0 }) }),
  ).id;

  const grid02 = await t.login('grid02');
  ids.submission = expectOk(
    await t.call(grid02, {
      method: 'POST',
      url: `/api/tasks/${ids.task}/submissions`,
      payload: { text: '网格员已完成', clientKey: newClientKey() },
    }),
  ).id;
  const task2 = expectOk(
    await t.call(staff, { method: 'POST', url: '/api/tasks', payload: taskBody({ template: '1', imageNum: 0, title: '二村第二项任务' }) }),
  );
  expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${task2.id}/publish` }));
  ids.submission2 = expectOk(
    await t.call(grid02, {
      method: 'POST',
      url: `/api/tasks/${task2.id}/submissions`,
      payload: { text: '第二项已完成', clientKey: newClientKey() },
    }),
  ).id;

  const villager = await t.login('villager02');
  ids.appeal = expectOk(await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody() })).id;
  ids.appeal2 = expectOk(await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody() })).id;
  ids.appealToDispatch = expectOk(await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody() })).id;
  const images = await uploadImages(t, villager, 2);
  ids.photo = expectOk(await t.call(villager, { method: 'POST', url: '/api/photo-reports', payload: photoReportBody([images[0]]) })).id;
  ids.photo2 = expectOk(await t.call(villager, { method: 'POST', url: '/api/photo-reports', payload: photoReportBody([images[1]]) })).id;
  // Reports for the town-wide steps: one to hand down, two answered by 第一村 and waiting for review.
  const more = await uploadImages(t, villager, 3);
  const [toDispatch, toApprove, toReturn] = await Promise.all(
    more.map(
      async (image) =>
        expectOk(await t.call(villager, { method: 'POST', url: '/api/photo-reports', payload: photoReportBody([image]) })).id as number,
    ),
  );
  ids.photoToDispatch = toDispatch;
  for (const [key, id] of [
    ['photoToApprove', toApprove],
    ['photoToReturn', toReturn],
  ] as const) {
    ids[key] = id;
    expectOk(await t.call(staff, { method: 'POST', url: `/api/photo-reports/${id}/dispatch`, payload: { areaId: 2 } }));
    expectOk(await t.call(cadre2, { method: 'POST', url: `/api/my/dispatched-photo-reports/${id}/accept` }));
    const [answerPhoto] = await uploadImages(t, cadre2, 1);
    expectOk(
      await t.call(cadre2, {
        method: 'POST',
        url: `/api/my/dispatched-photo-reports/${id}/reply`,
        payload: { result: '已处置', imageIds: [answerPhoto] },
      }),
    );
  }

  ids.opinion = expectOk(
    await t.call(staff, {
      method: 'POST',
      url: '/api/opinions',
      payload: { source: 1, title: '二村舆情', summary: '', link: '', sentiment: 'negative', level: 2, area: 2 },
    }),
  ).id;
  ids.news = expectOk(await t.call(staff, { method: 'POST', url: '/api/news', payload: newsBody({ title: '二村新闻', area: 2 }) })).id;

  const demoGroups = expectOk(await t.call(admin, { method: 'GET', url: '/api/groups?pageSize=100' })).list as Array<{
    id: number;
    name: string;
  }>;
  ids.group = (demoGroups.find((g) => g.name === '网格员') as { id: number }).id;
  ids.spareGroup = expectOk(await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '备用分组' } })).id;
  const keywords = expectOk(await t.call(staff, { method: 'GET', url: '/api/opinion-keywords?pageSize=100' })).list as Array<{
    id: number;
    keyword: string;
  }>;
  ids.keyword = (keywords.find((k) => k.keyword === '漏水') as { id: number }).id;
  ids.rootUnit = (await orgChart())[0].id;
  ids.spareUnit = (await createOrgUnit(t, admin, { name: '备用单位', parentId: ids.rootUnit })).id;
});
after(async () => {
  await t.close();
});

describe("area scope: the cadre of area 3 cannot reach area 2's records; the cadre of area 2 can", () => {
  test('the lists of the area-3 cadre hold none of them; those of the area-2 cadre hold them', async () => {
    const lists: Array<[string, () => number]> = [
      ['/api/tasks?pageSize=100', () => ids.task],
      ['/api/submissions?pageSize=100', () => ids.submission],
      ['/api/appeals?pageSize=100', () => ids.appeal],
      ['/api/photo-reports?pageSize=100', () => ids.photo],
      ['/api/opinions?pageSize=100', () => ids.opinion],
      ['/api/news?pageSize=100', () => ids.news],
      ['/api/users?pageSize=100', () => ids.villager],
      // The ranking lists cadres and grid workers: grid02 is area 2's.
      ['/api/scores/ranking?pageSize=100', () => ids.grid02],
    ];
    for (const [url, id] of lists) {
      const idsIn = async (token: string) => {
        const data = expectOk(await t.call(token, { method: 'GET', url }));
        return (data.list as Array<{ id?: number; userId?: number }>).map((item) => (url.includes('ranking') ? item.userId : item.id));
      };
      assert.ok(!(await idsIn(cadre3)).includes(id()), `${url}: area 3 sees area 2's record`);
      assert.ok((await idsIn(cadre2)).includes(id()), `${url}: area 2 misses its own record`);
    }
    // Nothing of another area at all in the area-3 cadre's appeals.
    const appeals = expectOk(await t.call(cadre3, { method: 'GET', url: '/api/appeals?pageSize=100' })).list as Array<{ area: number }>;
    assert.deepEqual(
      [...new Set(appeals.map((a) => a.area))].filter((a) => a !== 3),
      [],
    );
  });

  for (const entry of STEPS) {
    test(entry.route, async () => {
      const call = (token: string) =>
        t.call(token, {
          method: entry.route.split(' ')[0] as 'GET',
          url: entry.url(),
          ...(entry.payload ? { payload: entry.payload() } : {}),
        });
      const outside = await call(cadre3);
      if (entry.route === 'POST /api/submissions/audit') {
        assert.equal(outside.statusCode, 200, outside.body);
        const still = expectOk(await t.call(staff, { method: 'GET', url: `/api/submissions/${ids.submission2}` }));
        assert.equal(still.status, 'pending', 'the area-3 batch approved nothing of area 2');
      } else {
        assert.equal(outside.statusCode, entry.outside ?? 404, `area 3: ${outside.body}`);
        const body = outside.json();
        assert.equal(body.code, outside.statusCode);
        assert.match(body.message, /[\u4e00-\u9fff]/, 'a Chinese message');
      }
      const inside = await call(cadre2);
      assert.equal(inside.statusCode, entry.inside ?? 200, `area 2: ${inside.body}`);
      // A file (an export) has no JSON body; every other answer carries code 200.
      if (!String(inside.headers['content-type']).includes('spreadsheetml')) assert.equal(inside.json().code, 200);
      await entry.check?.(inside);
    });
  }

  for (const entry of TOWN_WIDE_STEPS) {
    test(`${entry.route}${entry.label ? `, ${entry.label}` : ''} (town-wide: scope "all" only)`, async () => {
      groupsBefore = await groupNames();
      keywordsBefore = await keywordTexts();
      orgBefore = await orgChart();
      villagesBefore = await villageRows();
      const call = (token: string) =>
        t.call(token, {
          method: entry.route.split(' ')[0] as 'GET',
          url: entry.url(),
          ...(entry.payload ? { payload: entry.payload() } : {}),
        });
      for (const cadre of [cadre2, cadre3]) {
        const refused = await call(cadre);
        assert.equal(refused.statusCode, 403, refused.body);
        assert.match(refused.json().message, /全部数据/);
      }
      await entry.unchanged();
      const done = await call(entry.writer());
      assert.equal(done.statusCode, 200, done.body);
    });
  }

  test('every route on one record with a management key has an area step or a reason not to', () => {
    const stepped = new Set([...STEPS, ...TOWN_WIDE_STEPS].map((s) => s.route));
    const missing = t.app.routeAccessTable
      .filter((r) => /:/.test(r.url) || r.url === '/api/scores/ledger')
      .filter(
        (r) =>
          !['public', 'signedIn', 'admin', 'screen'].includes(r.access) ||
          r.url.startsWith('/api/my/tasks') ||
          r.url.startsWith('/api/tasks/'),
      )
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !stepped.has(key) && !(key in NOT_AREA_SCOPED));
    assert.deepEqual(missing, []);
    // And no step or exemption names a route that is gone.
    const declared = new Set(t.app.routeAccessTable.map((r) => `${r.method} ${r.url}`));
    assert.deepEqual(
      [...stepped, ...Object.keys(NOT_AREA_SCOPED)].filter((key) => !declared.has(key)),
      [],
    );
  });
});

/**
 * The town's accounts (admin, centre staff) carry the 镇社区 (area 1) as their area. A user manager
 * of that village with scope "area" neither sees them (list, export, group members) nor changes
 * them (every user route, group memberships): they answer as absent, as records of another area.
 */
describe("area scope: the town's accounts are out of reach of a village-scoped user manager of area 1", () => {
  let cadre1: string;
  const town: Record<string, number> = {};
  const townAccounts = ['admin', 'staff01', 'staff02'];
  let partyGroup: number;
  const members = async (token: string) =>
    (expectOk(await t.call(token, { method: 'GET', url: `/api/groups/${partyGroup}` })).members as Array<{ account: string }>).map(
      (m) => m.account,
    );

  before(async () => {
    const roles = expectOk(await t.call(admin, { method: 'GET', url: '/api/roles?pageSize=100' })).list as Array<{
      id: number;
      code: string;
    }>;
    expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/users',
        payload: {
          account: 'cadre01',
          name: '镇社区干部',
          phone: '13900000101',
          password: 'Secret123',
          roleId: roles.find((r) => r.code === 'village')?.id,
          area: 1,
          groupIds: [],
        },
      }),
    );
    cadre1 = await firstSignIn(t, 'cadre01', 'Secret123', 'Mine-8642x');
    const all = expectOk(await t.call(admin, { method: 'GET', url: '/api/users?pageSize=100&area=1' })).list as Array<{
      id: number;
      account: string;
      area: number;
    }>;
    for (const account of [...townAccounts, 'cadre01']) town[account] = (all.find((u) => u.account === account) as { id: number }).id;
    assert.deepEqual(
      townAccounts.map((account) => all.find((u) => u.account === account)?.area),
      [1, 1, 1],
      'the town accounts are of area 1',
    );
    const groups = expectOk(await t.call(admin, { method: 'GET', url: '/api/groups?pageSize=100' })).list as Array<{
      id: number;
      name: string;
    }>;
    partyGroup = (groups.find((g) => g.name === '党员') as { id: number }).id;
  });

  test('the user list and its export hold the village cadre, not the town accounts (nor their phones)', async () => {
    const listed = async (token: string, query = '') =>
      (expectOk(await t.call(token, { method: 'GET', url: `/api/users?pageSize=100${query}` })).list as Array<{ account: string }>).map(
        (u) => u.account,
      );
    const mine = await listed(cadre1);
    assert.ok(mine.includes('cadre01'));
    assert.deepEqual(
      mine.filter((a) => townAccounts.includes(a)),
      [],
    );
    assert.deepEqual(await listed(cadre1, '&keyword=staff'), []);
    assert.deepEqual(await listed(cadre1, '&phone=1390000000'), []);
    // The town sees its own.
    assert.deepEqual((await listed(admin, '&area=1')).filter((a) => townAccounts.includes(a)).sort(), townAccounts);

    const exported = await t.call(cadre1, { method: 'GET', url: '/api/users/export' });
    assert.equal(exported.statusCode, 200, exported.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.worksheets.flatMap((sheet) => (sheet.getSheetValues().filter(Boolean) as unknown[][]).flat().map(String));
    assert.ok(cells.includes('cadre01'), 'the export holds the village');
    for (const text of [...townAccounts, '13900000001', '13900000002', '李晓燕']) assert.ok(!cells.includes(text), `export holds ${text}`);
  });

  test('every user route answers 404 for a town account and changes nothing', async () => {
    const before = expectOk(await t.call(admin, { method: 'GET', url: `/api/users/${town.staff01}` }));
    for (const account of townAccounts) {
      const id = town[account];
      const calls: Array<{ method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: Record<string, unknown> }> = [
        { method: 'GET', url: `/api/users/${id}` },
        { method: 'PUT', url: `/api/users/${id}`, payload: { name: '被改名', phone: '13911110000', groupIds: [] } },
        { method: 'POST', url: `/api/users/${id}/disable` },
        { method: 'POST', url: `/api/users/${id}/enable` },
        { method: 'POST', url: `/api/users/${id}/approve` },
        { method: 'POST', url: `/api/users/${id}/unlock` },
        { method: 'POST', url: `/api/users/${id}/reset-password`, payload: { password: 'Reset12345' } },
        { method: 'DELETE', url: `/api/users/${id}` },
      ];
      for (const call of calls) {
        const res = await t.call(cadre1, call);
        assert.equal(res.statusCode, 404, `${account} ${call.method} ${call.url}: ${res.body}`);
        assert.match(res.json().message, /[\u4e00-\u9fff]/);
      }
    }
    assert.deepEqual(expectOk(await t.call(admin, { method: 'GET', url: `/api/users/${town.staff01}` })), before);
    await t.login('staff01');
  });

  test('group members: the town accounts are neither shown, added nor removed', async () => {
    assert.ok((await members(admin)).includes('staff01'), 'staff01 is a 党员');
    assert.ok(!(await members(cadre1)).includes('staff01'));
    // Setting the members the cadre sees to none leaves staff01 in the group.
    expectOk(await t.call(cadre1, { method: 'PUT', url: `/api/groups/${partyGroup}/members`, payload: { userIds: [] } }));
    assert.ok((await members(admin)).includes('staff01'));
    // Adding a town account is refused, and so is the cadre's own village member alongside it.
    const added = await t.call(cadre1, {
      method: 'PUT',
      url: `/api/groups/${partyGroup}/members`,
      payload: { userIds: [town.cadre01, town.staff02] },
    });
    assert.equal(added.statusCode, 400, added.body);
    assert.ok(!(await members(admin)).includes('staff02'));
    assert.ok(!(await members(admin)).includes('cadre01'));
    // The cadre's own people go in as before.
    expectOk(await t.call(cadre1, { method: 'PUT', url: `/api/groups/${partyGroup}/members`, payload: { userIds: [town.cadre01] } }));
    assert.ok((await members(admin)).includes('cadre01'));
    assert.ok((await members(admin)).includes('staff01'));
  });
});
