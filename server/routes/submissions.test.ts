import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MyTaskCounts, MyTaskDetail, MyTaskItem, SubmissionItem, TaskDetail } from '../../common/contracts/tasks';
import { MY_TASK_STATES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import {
  audit,
  createAccount,
  createTask,
  expectError,
  expectOk,
  inDays,
  lookups,
  newClientKey,
  publishedTask,
  setDeadline,
  submit,
  submitOk,
  uploadImages,
} from '../../tests/helpers/tasks';
import { scoreLedger, submissions } from '../db/schema';

let t: TestContext;
let admin: string;
let staff: string;
const tokens: Record<string, string> = {};
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  for (const account of ['cadre02', 'grid02', 'cadre03', 'grid04', 'villager02']) tokens[account] = await t.login(account);
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const textTask = (overrides: Record<string, unknown> = {}) => publishedTask(t, staff, { template: '1', imageNum: 0, ...overrides });
const submissionRows = (taskId: number) => t.database.db.select().from(submissions).where(eq(submissions.taskId, taskId));
const myTasks = async (account: string, query = '') =>
  expectOk(await get(tokens[account], `/api/my/tasks?pageSize=100&${query}`)).list as MyTaskItem[];
const myTask = async (account: string, taskId: number) => (await myTasks(account)).find((task) => task.id === taskId);

describe('who may submit', () => {
  test('a village-2 cadre sees a village-2 task and may submit; a village-3 cadre sees nothing and gets 403', async () => {
    const task = await textTask({ title: '二村专项', areas: [2] });
    assert.equal((await myTask('cadre02', task.id))?.state, 'todo');
    assert.equal(await myTask('cadre03', task.id), undefined);
    const created = await submitOk(t, tokens.cadre02, task.id, { text: '已完成' });
    assert.equal(created.status, 'pending');
    assert.equal(created.area, 2);
    assert.equal(created.userId, ids.userIds.cadre02);
    expectError(await submit(t, tokens.cadre03, task.id, { text: '已完成' }), 403, '该任务未派发给您，不能提交');
    expectError(await get(tokens.cadre03, `/api/my/tasks/${task.id}`), 403, '该任务未派发给您');
  });

  test('villagers read tasks but are not targeted', async () => {
    const task = await textTask({ areas: [2] });
    expectError(await submit(t, tokens.villager02, task.id, { text: '我也想做' }), 403);
    assert.deepEqual(await myTasks('villager02'), []);
    assert.deepEqual(expectOk(await get(tokens.villager02, '/api/my/tasks/counts')), {
      todo: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      missed: 0,
    });
  });

  test('a task with groups targets only their members in its areas', async () => {
    const task = await textTask({ areas: [2, 4], groupIds: [ids.groupIds['网格员']] });
    await submitOk(t, tokens.grid02, task.id, { text: '网格员已完成' });
    await submitOk(t, tokens.grid04, task.id, { text: '网格员已完成' });
    expectError(await submit(t, tokens.cadre02, task.id, { text: '村两委' }), 403);
    assert.equal(await myTask('cadre02', task.id), undefined);
  });

  test('a disabled or moved cadre is no longer targeted', async () => {
    const { id, token } = await createAccount(t, admin, { account: 'cadre02b', roleId: ids.roleIds.village, area: 2 });
    const task = await textTask({ areas: [2] });
    assert.equal((await myTask('cadre02', task.id))?.state, 'todo');
    expectOk(await t.call(admin, { method: 'PUT', url: `/api/users/${id}`, payload: { area: 5 } }));
    expectError(await submit(t, token, task.id, { text: '已搬走' }), 403);
  });

  test('drafts and unknown ids are a 404, even to the targeted', async () => {
    const draft = await createTask(t, staff, { template: '1', imageNum: 0, areas: [2] });
    expectError(await submit(t, tokens.cadre02, draft.id, { text: '抢先' }), 404, '任务不存在');
    expectError(await submit(t, tokens.cadre02, 99999, { text: '猜测' }), 404, '任务不存在');
    expectError(await get(tokens.cadre02, `/api/my/tasks/${draft.id}`), 404, '任务不存在');
    assert.equal(await myTask('cadre02', draft.id), undefined);
  });

  test('closed tasks take nothing more', async () => {
    const task = await textTask({ areas: [2] });
    expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${task.id}/close` }));
    expectError(await submit(t, tokens.cadre02, task.id, { text: '来晚了' }), 409, '任务已关闭');
  });
});

describe('the template', () => {
  test('text is required when the template has text', async () => {
    const task = await textTask({ areas: [2] });
    expectError(await submit(t, tokens.grid02, task.id, {}), 400, '完成情况说明：请填写完成情况说明', 'text');
    expectError(await submit(t, tokens.grid02, task.id, { text: '   ' }), 400, undefined, 'text');
    const [image] = await uploadImages(t, tokens.grid02, 1);
    expectError(
      await submit(t, tokens.grid02, task.id, { text: '有图', imageIds: [image] }),
      400,
      '图片：该任务不需要上传图片',
      'imageIds',
    );
  });

  test('exactly imageNum images, or 3 when imageNum is 0', async () => {
    const two = await publishedTask(t, staff, { template: '1;2', imageNum: 2, areas: [2] });
    const three = await publishedTask(t, staff, { template: '2', imageNum: 0, areas: [2] });
    const images = await uploadImages(t, tokens.grid02, 3);
    expectError(
      await submit(t, tokens.grid02, two.id, { text: '一张', imageIds: images.slice(0, 1) }),
      400,
      '图片：需要上传2张图片，当前为1张',
      'imageIds',
    );
    expectError(
      await submit(t, tokens.grid02, two.id, { text: '三张', imageIds: images }),
      400,
      '图片：需要上传2张图片，当前为3张',
      'imageIds',
    );
    expectError(
      await submit(t, tokens.grid02, three.id, { imageIds: images.slice(0, 2) }),
      400,
      '图片：需要上传3张图片，当前为2张',
      'imageIds',
    );
    const ok = await submitOk(t, tokens.grid02, two.id, { text: '两张', imageIds: [images[1], images[0]] });
    assert.deepEqual(
      ok.images.map((image) => image.id),
      [images[1], images[0]],
    );
    // A submission's photos are private: their addresses are signed (ADR 0019).
    assert.match(ok.images[0].url, /^\/api\/uploads\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[A-Za-z0-9_-]{32}$/);
    const images3 = await submitOk(t, tokens.grid02, three.id, { imageIds: images });
    assert.equal(images3.text, '');
    assert.equal(images3.images.length, 3);
  });

  test('images must be the submitter’s own uploads', async () => {
    const task = await publishedTask(t, staff, { template: '2', imageNum: 1, areas: [2] });
    const [someoneElses] = await uploadImages(t, tokens.cadre02, 1);
    expectError(
      await submit(t, tokens.grid02, task.id, { imageIds: [someoneElses] }),
      400,
      /^图片：图片不存在或不是您本人上传的/,
      'imageIds',
    );
    expectError(await submit(t, tokens.grid02, task.id, { imageIds: [999999] }), 400, undefined, 'imageIds');
    expectError(await submit(t, tokens.grid02, task.id, { imageIds: ['x'] }), 400, undefined, 'imageIds');
    expectError(
      await submit(t, tokens.grid02, task.id, { clientKey: 'short', imageIds: [] }),
      400,
      '提交标识：提交标识格式不正确',
      'clientKey',
    );
  });
});

describe('deadlines, live submissions and resubmission', () => {
  test('after the deadline a submission is accepted and marked late', async () => {
    const task = await textTask({ areas: [2] });
    await setDeadline(t, task.id, inDays(-1));
    const late = await submitOk(t, tokens.cadre02, task.id, { text: '逾期提交' });
    assert.equal(late.late, true);
    const onTime = await textTask({ areas: [2] });
    assert.equal((await submitOk(t, tokens.cadre02, onTime.id, { text: '按时' })).late, false);
  });

  test('one live submission per task; after a rejection the cadre resubmits', async () => {
    const task = await textTask({ areas: [2], title: '重新提交' });
    const first = await submitOk(t, tokens.grid02, task.id, { text: '第一次' });
    expectError(await submit(t, tokens.grid02, task.id, { text: '再来' }), 409, '您已提交过该任务，请等待审核结果');
    assert.equal((await myTask('grid02', task.id))?.state, 'pending');

    expectError(await audit(t, staff, first.id, 'rejected'), 400, '审核意见：驳回时必须填写审核意见', 'comment');
    expectError(await audit(t, staff, first.id, 'rejected', '  '), 400, undefined, 'comment');
    const rejected = expectOk(await audit(t, staff, first.id, 'rejected', '请补充照片说明')) as SubmissionItem;
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.comment, '请补充照片说明');
    assert.equal(rejected.reviewerName, '李晓燕');
    assert.ok(rejected.reviewedAt);
    const mine = await myTask('grid02', task.id);
    assert.equal(mine?.state, 'rejected');
    assert.equal(mine?.submission?.comment, '请补充照片说明');

    const second = await submitOk(t, tokens.grid02, task.id, { text: '第二次' });
    assert.notEqual(second.id, first.id);
    expectOk(await audit(t, staff, second.id, 'approved'));
    expectError(await submit(t, tokens.grid02, task.id, { text: '第三次' }), 409, '该任务已审核通过，无需再次提交');
    const detail = expectOk(await get(tokens.grid02, `/api/my/tasks/${task.id}`)) as MyTaskDetail;
    assert.equal(detail.state, 'approved');
    assert.deepEqual(
      detail.submissions.map((s) => [s.id, s.status]),
      [
        [second.id, 'approved'],
        [first.id, 'rejected'],
      ],
    );
    assert.equal(detail.content, task.content);
  });

  test('two different submissions at the same moment: one is taken', async () => {
    const task = await textTask({ areas: [2] });
    const results = await Promise.all([
      submit(t, tokens.cadre02, task.id, { text: '手机一' }),
      submit(t, tokens.cadre02, task.id, { text: '手机二' }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
    assert.equal((await submissionRows(task.id)).length, 1);
  });
});

describe('the client key', () => {
  test('the same key again answers the existing submission and creates nothing', async () => {
    const task = await textTask({ areas: [2] });
    const clientKey = newClientKey();
    const first = await submitOk(t, tokens.cadre02, task.id, { text: '弱网', clientKey });
    const retry = await submit(t, tokens.cadre02, task.id, { text: '弱网', clientKey });
    assert.equal(retry.statusCode, 200);
    assert.equal(retry.json().data.id, first.id);
    assert.equal(retry.json().message, '已提交过，无需重复提交');
    assert.equal((await submissionRows(task.id)).length, 1);
    // Even once reviewed or closed, the retry answers what the first call made.
    expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${task.id}/close` }));
    assert.equal(expectOk(await submit(t, tokens.cadre02, task.id, { text: '弱网', clientKey })).id, first.id);
    const other = await textTask({ areas: [2] });
    expectError(await submit(t, tokens.cadre02, other.id, { text: '串了', clientKey }), 409, /提交标识已被使用/, 'clientKey');
  });

  test('two requests with one key at the same moment make one submission', async () => {
    const task = await publishedTask(t, staff, { template: '1;2', imageNum: 1, areas: [2] });
    const [image] = await uploadImages(t, tokens.grid02, 1);
    const body = { text: '并发', imageIds: [image], clientKey: newClientKey() };
    const results = await Promise.all([submit(t, tokens.grid02, task.id, body), submit(t, tokens.grid02, task.id, body)]);
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [200, 200],
      results.map((r) => r.body).join('\n'),
    );
    assert.equal(results[0].json().data.id, results[1].json().data.id);
    assert.equal((await submissionRows(task.id)).length, 1);
  });
});

describe('review', () => {
  let task: TaskDetail;
  const made: Record<string, SubmissionItem> = {};

  before(async () => {
    task = await publishedTask(t, staff, { title: '审核测试', template: '1', imageNum: 0, areas: [2, 3, 4], points: 7, category: 13 });
    for (const account of ['cadre02', 'grid02', 'cadre03', 'grid04'])
      made[account] = await submitOk(t, tokens[account], task.id, { text: `${account}完成` });
  });

  test('the queue filters by task, area, category, status and keyword', async () => {
    const query = async (q: string) => expectOk(await get(staff, `/api/submissions?pageSize=100&${q}`));
    const page = await query(`taskId=${task.id}`);
    assert.equal(page.total, 4);
    assert.deepEqual(Object.keys(page).sort(), ['current', 'list', 'pageSize', 'total']);
    assert.ok(page.list.every((s: SubmissionItem) => s.taskTitle === '审核测试' && s.points === 7));
    assert.deepEqual(
      (await query(`taskId=${task.id}&area=3`)).list.map((s: SubmissionItem) => s.userName),
      ['陈立新'],
    );
    assert.ok((await query('status=pending')).list.every((s: SubmissionItem) => s.status === 'pending'));
    assert.ok((await query('category=13')).list.every((s: SubmissionItem) => s.category === 13));
    assert.deepEqual(
      (await query(`keyword=${encodeURIComponent('赵丽')}&taskId=${task.id}`)).list.map((s: SubmissionItem) => s.userName),
      ['赵丽娟'],
    );
    assert.equal((await query(`keyword=${encodeURIComponent('审核测')}`)).total, 4);
    const oldestFirst = (await query(`taskId=${task.id}&sortOrder=ascend`)).list.map((s: SubmissionItem) => s.id);
    assert.deepEqual(
      oldestFirst,
      [...oldestFirst].sort((a, b) => a - b),
    );
    expectError(await get(staff, '/api/submissions?status=done'), 400, undefined, 'status');
    expectOk(await get(staff, `/api/submissions/${made.cadre02.id}`));
    expectError(await get(staff, '/api/submissions/99999'), 404, '提交记录不存在');
  });

  test('an area-scoped reviewer sees and reviews only their area', async () => {
    const role = expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村审核员', code: 'area_reviewer', permissions: ['taskManage'], dataScope: 'area' },
      }),
    );
    const reviewer = (await createAccount(t, admin, { account: 'reviewer03', roleId: role.id, area: 3 })).token;
    const page = expectOk(await get(reviewer, '/api/submissions?pageSize=100'));
    assert.ok(page.total > 0);
    assert.ok(page.list.every((s: SubmissionItem) => s.area === 3));
    expectError(await get(reviewer, `/api/submissions/${made.cadre02.id}`), 404);
    expectError(await audit(t, reviewer, made.cadre02.id, 'approved'), 404);
    const batch = expectOk(
      await t.call(reviewer, {
        method: 'POST',
        url: '/api/submissions/audit',
        payload: { ids: [made.cadre02.id, made.cadre03.id], result: 'approved' },
      }),
    );
    assert.deepEqual(batch, { approved: [made.cadre03.id], skipped: [made.cadre02.id] });
  });

  test('a reviewed submission is a 409; batch approve skips what it cannot approve', async () => {
    expectOk(await audit(t, staff, made.grid02.id, 'approved', '很好'));
    expectError(await audit(t, staff, made.grid02.id, 'rejected', '改判'), 409, '该提交已被审核');
    expectError(await audit(t, staff, 99999, 'approved'), 404, '提交记录不存在');
    const batch = expectOk(
      await t.call(staff, {
        method: 'POST',
        url: '/api/submissions/audit',
        payload: { ids: [made.cadre02.id, made.grid02.id, 99999, made.grid04.id], result: 'approved', comment: '批量通过' },
      }),
    );
    assert.deepEqual(batch, { approved: [made.cadre02.id, made.grid04.id], skipped: [made.grid02.id, 99999] });
    const approved = expectOk(await get(staff, `/api/submissions/${made.grid04.id}`)) as SubmissionItem;
    assert.equal(approved.status, 'approved');
    assert.equal(approved.comment, '批量通过');
    expectError(
      await t.call(staff, { method: 'POST', url: '/api/submissions/audit', payload: { ids: [], result: 'approved' } }),
      400,
      undefined,
      'ids',
    );
    expectError(
      await t.call(staff, { method: 'POST', url: '/api/submissions/audit', payload: { ids: [1], result: 'rejected' } }),
      400,
      undefined,
      'result',
    );
  });

  test('approving pays the task’s points into the ledger once; 0 points write nothing', async () => {
    const entries = await t.database.db.select().from(scoreLedger).where(eq(scoreLedger.submissionId, made.grid02.id));
    assert.equal(entries.length, 1);
    assert.equal(entries[0].delta, 7);
    assert.equal(entries[0].reason, '完成任务「审核测试」');
    assert.equal(entries[0].source, 'task');
    const free = await textTask({ areas: [4], points: 0 });
    const submitted = await submitOk(t, tokens.grid04, free.id, { text: '零分任务' });
    expectOk(await audit(t, staff, submitted.id, 'approved'));
    assert.equal((await t.database.db.select().from(scoreLedger).where(eq(scoreLedger.submissionId, submitted.id))).length, 0);
  });

  test('two reviewers approving one submission at the same moment write one ledger entry', async () => {
    const pointsOf = async () => expectOk(await get(admin, `/api/scores/ledger?userId=${ids.userIds.grid04}`)).points as number;
    const before = await pointsOf();
    // A few rounds: a race that is lost only sometimes must still fail here.
    for (let round = 0; round < 3; round++) {
      const worth = await textTask({ areas: [4], points: 9 });
      const submission = await submitOk(t, tokens.grid04, worth.id, { text: `并发审核${round}` });
      const results = await Promise.all([audit(t, staff, submission.id, 'approved'), audit(t, admin, submission.id, 'approved')]);
      assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409], results.map((r) => r.body).join('\n'));
      const entries = await t.database.db.select().from(scoreLedger).where(eq(scoreLedger.submissionId, submission.id));
      assert.equal(entries.length, 1);
    }
    assert.equal((await pointsOf()) - before, 27);
  });

  test('nobody reviews their own submission', async () => {
    const village = expectOk(await get(admin, `/api/roles/${ids.roleIds.village}`));
    const grant = (permissions: string[]) =>
      t.call(admin, {
        method: 'PUT',
        url: `/api/roles/${village.id}`,
        payload: { name: village.name, code: 'village', permissions, dataScope: 'area' },
      });
    expectOk(await grant(['taskManage']));
    try {
      const own = await textTask({ areas: [3] });
      const submission = await submitOk(t, tokens.cadre03, own.id, { text: '自己的' });
      expectError(await audit(t, tokens.cadre03, submission.id, 'approved'), 403, '不能审核自己提交的任务');
    } finally {
      expectOk(await grant([]));
    }
  });
});

describe('my tasks', () => {
  test('each state, its counts, and the list filtered by state', async () => {
    const todo = await textTask({ areas: [3], title: '我的待提交' });
    const pending = await textTask({ areas: [3], title: '我的待审核' });
    const approved = await textTask({ areas: [3], title: '我的已通过' });
    const rejected = await textTask({ areas: [3], title: '我的已驳回' });
    const missed = await textTask({ areas: [3], title: '我的未完成' });
    const rejectedClosed = await textTask({ areas: [3], title: '驳回后关闭' });
    await submitOk(t, tokens.cadre03, pending.id, { text: '待审' });
    const a = await submitOk(t, tokens.cadre03, approved.id, { text: '通过' });
    expectOk(await audit(t, staff, a.id, 'approved'));
    const r = await submitOk(t, tokens.cadre03, rejected.id, { text: '驳回' });
    expectOk(await audit(t, staff, r.id, 'rejected', '不合格'));
    const rc = await submitOk(t, tokens.cadre03, rejectedClosed.id, { text: '驳回' });
    expectOk(await audit(t, staff, rc.id, 'rejected', '不合格'));
    for (const closing of [missed, rejectedClosed])
      expectOk(await t.call(staff, { method: 'POST', url: `/api/tasks/${closing.id}/close` }));

    const states = Object.fromEntries((await myTasks('cadre03')).map((task) => [task.title, task.state]));
    assert.equal(states['我的待提交'], 'todo');
    assert.equal(states['我的待审核'], 'pending');
    assert.equal(states['我的已通过'], 'approved');
    assert.equal(states['我的已驳回'], 'rejected');
    assert.equal(states['我的未完成'], 'missed');
    assert.equal(states['驳回后关闭'], 'missed');
    const item = (await myTasks('cadre03')).find((task) => task.id === todo.id);
    assert.equal(item?.submission, null);
    assert.equal(item?.summary, '请按要求完成并上报。');

    const counts = expectOk(await get(tokens.cadre03, '/api/my/tasks/counts')) as MyTaskCounts;
    for (const state of MY_TASK_STATES) {
      const filtered = expectOk(await get(tokens.cadre03, `/api/my/tasks?state=${state}&pageSize=100`));
      assert.equal(filtered.total, counts[state], state);
      assert.ok(
        filtered.list.every((task: MyTaskItem) => task.state === state),
        state,
      );
    }
    expectError(await get(tokens.cadre03, '/api/my/tasks?state=done'), 400, undefined, 'state');
  });

  test('a user with submissions cannot be deleted', async () => {
    expectError(
      await t.call(admin, { method: 'DELETE', url: `/api/users/${ids.userIds.cadre03}` }),
      409,
      '该用户已有业务记录，不能删除，请改为停用',
    );
  });
});
