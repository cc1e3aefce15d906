import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CompletionPerson, TaskCompletion, TaskDetail, TaskItem } from '../../common/contracts/tasks';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import {
  audit,
  createAccount,
  createTask,
  expectError,
  expectOk,
  inDays,
  lookups,
  publishedTask,
  submitOk,
  taskBody,
} from '../../tests/helpers/tasks';
import { imageUpload, redImage } from '../../tests/helpers/multipart';

// One app for the whole file: building one costs seconds.
let t: TestContext;
let admin: string;
let staff: string;
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/tasks?pageSize=100&${query}`)) as { list: TaskItem[]; total: number };
const titles = async (token: string, query = '') => (await list(token, query)).list.map((task) => task.title).sort();

describe('creating and editing drafts', () => {
  test('a new task is a draft with sanitised content, its areas, groups and publisher', async () => {
    const task = await createTask(t, staff, {
      title: '  清理河道  ',
      content: '<p onclick="x()">清理<script>alert(1)</script><strong>河道</strong></p><img src="https://evil.com/a.png">',
      areas: [4, 2],
      groupIds: [ids.groupIds['网格员']],
    });
    assert.equal(task.status, 'draft');
    assert.equal(task.title, '清理河道');
    assert.equal(task.content, '<p>清理<strong>河道</strong></p>');
    assert.deepEqual(task.areas, [2, 4]);
    assert.deepEqual(task.groupIds, [ids.groupIds['网格员']]);
    assert.deepEqual(task.groups, [{ id: ids.groupIds['网格员'], name: '网格员' }]);
    assert.equal(task.publisherId, ids.userIds.staff01);
    assert.equal(task.publisherName, '李晓燕');
    assert.equal(task.publishedAt, null);
    assert.equal(task.pendingCount, 0);
    const again = expectOk(await get(staff, `/api/tasks/${task.id}`));
    assert.deepEqual(again, task);
  });

  test('bad input is a 400 naming the field in Chinese', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '   ' }, 'title', '任务标题'],
      [{ title: '长'.repeat(101) }, 'title', '任务标题'],
      [{ category: 16 }, 'category', '工作类别'],
      [{ template: '3' }, 'template', '提交模板'],
      [{ imageNum: 10 }, 'imageNum', '图片数量'],
      [{ points: -1 }, 'points', '奖励积分'],
      [{ areas: [] }, 'areas', '目标区域'],
      [{ areas: [13] }, 'areas', '目标区域'],
      [{ areas: [2, 2] }, 'areas', '目标区域'],
      [{ deadline: '明天' }, 'deadline', '截止时间'],
      [{ content: '<script>alert(1)</script><p> </p>' }, 'content', '任务内容'],
      [{ groupIds: [99999] }, 'groupIds', '目标分组'],
    ];
    for (const [overrides, field, label] of cases) {
      const res = await post(staff, '/api/tasks', taskBody(overrides));
      const body = expectError(res, 400, undefined, field);
      assert.equal(body.errors[0].label, label, JSON.stringify(overrides));
      assert.ok(body.message.startsWith(`${label}：`), body.message);
    }
    const { title: _title, ...withoutTitle } = taskBody();
    expectError(await post(staff, '/api/tasks', withoutTitle), 400, '任务标题：不能为空', 'title');
  });

  test('a draft may be edited and deleted; a published task may not', async () => {
    const draft = await createTask(t, staff, { title: '待修改' });
    const edited = expectOk(
      await t.call(staff, {
        method: 'PUT',
        url: `/api/tasks/${draft.id}`,
        payload: taskBody({ title: '已修改', areas: [3], template: '1', imageNum: 0, points: 8 }),
      }),
    ) as TaskDetail;
    assert.equal(edited.title, '已修改');
    assert.deepEqual(edited.areas, [3]);
    assert.equal(edited.template, '1');
    assert.equal(edited.points, 8);
    assert.equal(edited.status, 'draft');

    expectOk(await post(staff, `/api/tasks/${draft.id}/publish`));
    expectError(await t.call(staff, { method: 'PUT', url: `/api/tasks/${draft.id}`, payload: taskBody() }), 409, '任务已发布，不能再修改');
    expectError(await t.call(staff, { method: 'DELETE', url: `/api/tasks/${draft.id}` }), 409, '任务已发布，不能删除，请改为关闭');

    const doomed = await createTask(t, staff, { title: '待删除' });
    const deleted = await t.call(staff, { method: 'DELETE', url: `/api/tasks/${doomed.id}` });
    assert.deepEqual(deleted.json(), { code: 200, message: '任务已删除' });
    expectError(await get(staff, `/api/tasks/${doomed.id}`), 404, '任务不存在');
    expectError(await t.call(staff, { method: 'DELETE', url: `/api/tasks/${doomed.id}` }), 404);
  });
});

describe('publishing and closing', () => {
  test('draft → published → closed, and every other move is a 409', async () => {
    const task = await createTask(t, staff, { title: '状态流转' });
    expectError(await post(staff, `/api/tasks/${task.id}/close`), 409, '草稿任务不能关闭，请直接删除或先发布');
    const published = expectOk(await post(staff, `/api/tasks/${task.id}/publish`)) as TaskDetail;
    assert.equal(published.status, 'published');
    assert.ok(published.publishedAt);
    expectError(await post(staff, `/api/tasks/${task.id}/publish`), 409, '任务已发布，请勿重复发布');
    const closed = expectOk(await post(staff, `/api/tasks/${task.id}/close`)) as TaskDetail;
    assert.equal(closed.status, 'closed');
    assert.ok(closed.closedAt);
    expectError(await post(staff, `/api/tasks/${task.id}/close`), 409, '任务已关闭，请勿重复操作');
    expectError(await post(staff, `/api/tasks/${task.id}/publish`), 409, '任务已关闭，不能再发布');
    expectError(await post(staff, '/api/tasks/99999/publish'), 404, '任务不存在');
  });

  test('a draft whose deadline has passed cannot be published', async () => {
    const task = await createTask(t, staff, { deadline: inDays(-1) });
    expectError(await post(staff, `/api/tasks/${task.id}/publish`), 400, /^截止时间：/, 'deadline');
    assert.equal((expectOk(await get(staff, `/api/tasks/${task.id}`)) as TaskDetail).status, 'draft');
  });

  test('two publishes or two closes at the same moment: one wins, the other gets 409', async () => {
    const task = await createTask(t, staff);
    const publishes = await Promise.all([post(staff, `/api/tasks/${task.id}/publish`), post(admin, `/api/tasks/${task.id}/publish`)]);
    assert.deepEqual(publishes.map((r) => r.statusCode).sort(), [200, 409]);
    const closes = await Promise.all([post(staff, `/api/tasks/${task.id}/close`), post(admin, `/api/tasks/${task.id}/close`)]);
    assert.deepEqual(closes.map((r) => r.statusCode).sort(), [200, 409]);
  });
});

describe('the task list', () => {
  let river: TaskDetail;
  let pest: TaskDetail;

  before(async () => {
    river = await publishedTask(t, staff, { title: '列表河道巡查', category: 6, areas: [7, 8], deadline: inDays(3) });
    pest = await createTask(t, staff, { title: '列表病虫害防治', category: 7, areas: [8], deadline: inDays(2) });
  });

  test('pages with the total and filters by title, category, status and area', async () => {
    const page = expectOk(await get(staff, '/api/tasks?pageSize=2'));
    assert.equal(page.list.length, 2);
    assert.ok(page.total >= 14);
    assert.deepEqual(Object.keys(page).sort(), ['current', 'list', 'pageSize', 'total']);
    assert.deepEqual(await titles(staff, `title=${encodeURIComponent('列表')}`), ['列表河道巡查', '列表病虫害防治']);
    assert.deepEqual(await titles(staff, 'title=%25'), []); // a LIKE wildcard is a plain character
    assert.deepEqual(await titles(staff, 'category=7&area=8'), ['列表病虫害防治']);
    assert.deepEqual(await titles(staff, 'area=8&status=published'), ['列表河道巡查']);
    const areaSeven = await list(staff, 'area=7');
    assert.ok(areaSeven.list.every((task) => task.areas.includes(7)));
    const drafts = await list(staff, 'status=draft');
    assert.ok(drafts.list.length > 0 && drafts.list.every((task) => task.status === 'draft'));
  });

  test('filters by creation period and sorts by an allowed field', async () => {
    const future = encodeURIComponent(inDays(1));
    assert.equal((await list(staff, `from=${future}`)).total, 0);
    const recent = await list(staff, `from=${encodeURIComponent(inDays(-0.01))}`);
    assert.ok(recent.list.some((task) => task.id === river.id));
    assert.ok(recent.list.every((task) => task.createdAt >= inDays(-0.02)));
    const byDeadline = (await list(staff, 'sortField=deadline&sortOrder=ascend')).list.map((task) => task.deadline);
    assert.deepEqual(byDeadline, [...byDeadline].sort());
    expectError(await get(staff, '/api/tasks?sortField=title'), 400, undefined, 'sortField');
    expectError(await get(staff, '/api/tasks?pageSize=101'), 400, undefined, 'pageSize');
    expectError(await get(staff, '/api/tasks?from=yesterday'), 400, undefined, 'from');
    expectError(await get(staff, '/api/tasks?status=open'), 400, undefined, 'status');
  });

  test('counts pending and approved submissions per task', async () => {
    const [clean] = (await list(staff, `title=${encodeURIComponent('清洁村庄')}`)).list;
    assert.equal(clean.pendingCount, 1);
    assert.equal(clean.approvedCount, 1);
    assert.equal((await list(staff, `title=${encodeURIComponent(pest.title)}`)).list[0].pendingCount, 0);
  });
});

describe('an area-scoped task manager', () => {
  let manager: string;
  let villageTwo: TaskDetail;
  let shared: TaskDetail;

  before(async () => {
    const role = expectOk(
      await post(admin, '/api/roles', { name: '村任务管理员', code: 'area_task_admin', permissions: ['taskManage'], dataScope: 'area' }),
    );
    manager = (await createAccount(t, admin, { account: 'taskmgr03', roleId: role.id, area: 3 })).token;
    villageTwo = await publishedTask(t, staff, { title: '范围二村任务', areas: [2] });
    shared = await createTask(t, staff, { title: '范围二三村任务', areas: [2, 3] });
  });

  test('sees only tasks aimed at their area; others are a 404', async () => {
    const seen = await list(manager);
    assert.ok(seen.total > 0);
    assert.ok(seen.list.every((task) => task.areas.includes(3)));
    assert.ok(seen.list.some((task) => task.id === shared.id));
    expectError(await get(manager, `/api/tasks/${villageTwo.id}`), 404, '任务不存在');
    expectError(await get(manager, `/api/tasks/${villageTwo.id}/completion`), 404);
    expectError(await post(manager, `/api/tasks/${villageTwo.id}/close`), 404);
  });

  test('creates and changes tasks for their own area only', async () => {
    expectError(await post(manager, '/api/tasks', taskBody({ areas: [2, 3] })), 400, '目标区域：只能向本村（社区）派发任务', 'areas');
    const own = expectOk(await post(manager, '/api/tasks', taskBody({ title: '本村自办任务', areas: [3] })));
    expectOk(await post(manager, `/api/tasks/${own.id}/publish`));
    expectError(await post(manager, `/api/tasks/${shared.id}/publish`), 403, '只能管理仅派发到本村（社区）的任务');
  });

  test('sees completion figures and people of their own area only', async () => {
    const completion = expectOk(await get(manager, `/api/tasks/${shared.id}/completion`)) as TaskCompletion;
    assert.deepEqual(
      completion.areas.map((a) => a.area),
      [3],
    );
    const people = expectOk(await get(manager, `/api/tasks/${shared.id}/completion/people`));
    assert.ok(people.list.every((p: CompletionPerson) => p.area === 3));
  });
});

describe('completion', () => {
  let task: TaskDetail;

  before(async () => {
    // Villages 2 and 4, grid workers only: grid02 (village 2) and grid04 (village 4).
    task = await publishedTask(t, staff, {
      title: '完成情况统计',
      template: '1',
      imageNum: 0,
      areas: [2, 3, 4],
      groupIds: [ids.groupIds['网格员']],
    });
    const [grid02, grid04] = await Promise.all([t.login('grid02'), t.login('grid04')]);
    const approved = await submitOk(t, grid02, task.id, { text: '已完成' });
    expectOk(await audit(t, staff, approved.id, 'approved'));
    await submitOk(t, grid04, task.id, { text: '已完成' });
  });

  test('per area: targeted, submitted, approved and rate, with the total', async () => {
    const completion = expectOk(await get(staff, `/api/tasks/${task.id}/completion`)) as TaskCompletion;
    assert.equal(completion.task.id, task.id);
    assert.deepEqual(completion.areas, [
      { area: 2, areaName: '第一村', targeted: 1, submitted: 1, approved: 1, rate: 1, values: [] },
      { area: 3, areaName: '第二村', targeted: 0, submitted: 0, approved: 0, rate: 0, values: [] },
      { area: 4, areaName: '第三村', targeted: 1, submitted: 1, approved: 0, rate: 0, values: [] },
    ]);
    assert.deepEqual(completion.total, { targeted: 2, submitted: 2, approved: 1, rate: 0.5, values: [] });
  });

  test('the people, filtered by state and area', async () => {
    const people = expectOk(await get(staff, `/api/tasks/${task.id}/completion/people`));
    assert.equal(people.total, 2);
    const byAccount = Object.fromEntries(people.list.map((p: CompletionPerson) => [p.account, p.status]));
    assert.deepEqual(byAccount, { grid02: 'approved', grid04: 'pending' });
    const pending = expectOk(await get(staff, `/api/tasks/${task.id}/completion/people?state=pending`));
    assert.deepEqual(
      pending.list.map((p: CompletionPerson) => p.account),
      ['grid04'],
    );
    const everyone = await createTask(t, staff, { title: '无人提交', areas: [2] });
    expectOk(await post(staff, `/api/tasks/${everyone.id}/publish`));
    const notSubmitted = expectOk(await get(staff, `/api/tasks/${everyone.id}/completion/people?state=not_submitted`));
    assert.deepEqual(notSubmitted.list.map((p: CompletionPerson) => p.account).sort(), ['cadre02', 'grid02']);
    assert.ok(notSubmitted.list.every((p: CompletionPerson) => p.submissionId === null && p.submittedAt === null));
    const areaFour = expectOk(await get(staff, `/api/tasks/${task.id}/completion/people?area=4`));
    assert.deepEqual(
      areaFour.list.map((p: CompletionPerson) => p.account),
      ['grid04'],
    );
    expectError(await get(staff, `/api/tasks/${task.id}/completion/people?state=done`), 400, undefined, 'state');
  });
});

describe('public reading', () => {
  test('lists published and closed tasks without signing in; drafts are a 404', async () => {
    const draft = await createTask(t, staff, { title: '公开草稿' });
    const open = await publishedTask(t, staff, { title: '公开任务', content: '<p>第一段</p><p>第二段</p>' });
    const page = expectOk(await get(undefined, '/api/public/tasks?pageSize=100'));
    const statuses = new Set(page.list.map((task: { status: string }) => task.status));
    assert.ok(!statuses.has('draft'));
    assert.ok(statuses.has('closed') && statuses.has('published'));
    assert.ok(!page.list.some((task: { id: number }) => task.id === draft.id));
    const item = page.list.find((task: { id: number }) => task.id === open.id);
    assert.equal(item.summary, '第一段 第二段');
    assert.equal('content' in item, false);
    const detail = expectOk(await get(undefined, `/api/public/tasks/${open.id}`));
    assert.equal(detail.content, '<p>第一段</p><p>第二段</p>');
    expectError(await get(undefined, `/api/public/tasks/${draft.id}`), 404, '任务不存在');
    // Open tasks come first.
    const firstClosed = page.list.findIndex((task: { status: string }) => task.status === 'closed');
    assert.ok(page.list.slice(firstClosed).every((task: { status: string }) => task.status === 'closed'));
  });
});

describe('groups used by tasks', () => {
  test('cannot be deleted while a task targets them', async () => {
    const group = expectOk(await post(admin, '/api/groups', { name: '巡河员' }));
    const task = await createTask(t, staff, { groupIds: [group.id] });
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/groups/${group.id}` }), 409, '该分组已被1个任务设为派发对象，不能删除');
    assert.equal((await t.call(staff, { method: 'DELETE', url: `/api/tasks/${task.id}` })).statusCode, 200);
    const deleted = await t.call(admin, { method: 'DELETE', url: `/api/groups/${group.id}` });
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  test('the demo group of grid workers is in use', async () => {
    expectError(await t.call(admin, { method: 'DELETE', url: `/api/groups/${ids.groupIds['网格员']}` }), 409, /不能删除/);
  });
});

describe("the task form's options", () => {
  interface Options {
    groups: Array<{ id: number; name: string; memberCount: number }>;
    groupTotal: number;
  }
  const options = async (token: string, query = '') => expectOk(await get(token, `/api/tasks/form-options${query}`)) as Options;

  test('staff, who may not read user management, get the groups by name with member counts, never members', async () => {
    // Staff hold taskManage but not userManage: the group list itself stays refused.
    expectError(await get(staff, '/api/groups?pageSize=100'), 403);
    const answer = await options(staff);
    const demo = answer.groups.filter((g) => ['网格员', '村两委', '党员'].includes(g.name));
    assert.deepEqual(demo.map((g) => [g.name, g.memberCount]).sort(), [
      ['党员', 3],
      ['村两委', 2],
      ['网格员', 2],
    ]);
    assert.equal(answer.groupTotal, answer.groups.length);
    assert.ok(answer.groups.every((g) => Object.keys(g).sort().join() === 'id,memberCount,name'));
    assert.deepEqual(
      (await options(staff, `?groupName=${encodeURIComponent('两委')}`)).groups.map((g) => g.name),
      ['村两委'],
    );
    const limited = await options(staff, '?groupLimit=1');
    assert.equal(limited.groups.length, 1);
    assert.equal(limited.groupTotal, answer.groupTotal);
  });

  test('refused without taskManage, and bad input is a 400 naming the field', async () => {
    const villager = await t.login('villager02');
    expectError(await get(villager, '/api/tasks/form-options'), 403);
    expectError(await get(undefined, '/api/tasks/form-options'), 401);
    expectError(await get(staff, '/api/tasks/form-options?groupLimit=101'), 400, undefined, 'groupLimit');
    expectError(await get(staff, '/api/tasks/form-options?groupLimit=0'), 400, undefined, 'groupLimit');
    expectError(await get(staff, `/api/tasks/form-options?groupName=${'组'.repeat(65)}`), 400, undefined, 'groupName');
  });
});

describe('images in content', () => {
  test('our own uploads stay in the content, others go', async () => {
    const { url } = expectOk(await t.call(staff, { method: 'POST', url: '/api/uploads', ...imageUpload(await redImage('png')) }));
    const task = await createTask(t, staff, { content: `<p>图片</p><img src="${url}" style="width: 50%;"><img src="/api/uploads/x.png">` });
    assert.equal(task.content, `<p>图片</p><img src="${url}" style="width:50%" />`);
  });
});
