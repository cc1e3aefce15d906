import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AppealDetail, AppealItem, UserNotice } from '../../common/contracts/people';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk } from '../../tests/helpers/tasks';

// 转派 (ADR 0031): staff hand an appeal to a village, its cadres handle it on the phone, the
// villager is told; the due time never moves.

let t: TestContext;
let admin: string;
let staff: string; // staff01, scope all
let villager: string; // villager02, area 2
let villager3: string; // villager03, area 3
let cadre2: string; // cadre02, village role, area 2
let cadre3: string; // cadre03, village role, area 3
let areaHandler: string; // peopleService, scope area, area 3

before(async () => {
  t = await createTestContext();
  [admin, staff, villager, villager3, cadre2, cadre3] = await Promise.all(
    ['admin', 'staff01', 'villager02', 'villager03', 'cadre02', 'cadre03'].map((a) => t.login(a)),
  );
  areaHandler = (await peopleHandler(t, admin, { code: 'appeal_area3', dataScope: 'area', area: 3 })).token;
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const dispatch = (token: string, id: number, payload: Record<string, unknown>) => post(token, `/api/appeals/${id}/dispatch`, payload);
const detail = async (token: string, id: number) => expectOk(await get(token, `/api/appeals/${id}`)) as AppealDetail;
const villageList = async (token: string, query = '') =>
  expectOk(await get(token, `/api/my/dispatched-appeals?pageSize=100&${query}`)) as { list: AppealItem[]; total: number };
const noticesOf = async (token: string, query = '') =>
  expectOk(await get(token, `/api/my/notices?pageSize=100&${query}`)) as { list: UserNotice[]; total: number };
const unread = async (token: string) => (expectOk(await get(token, '/api/my/notices/count')) as { unread: number }).unread;

describe('dispatching an appeal to a village', () => {
  test('staff hand it to 第二村: state and due time kept, the history names the village, the villager is told', async () => {
    const appeal = await createAppeal(t, villager, { title: '水渠堵了' });
    const before = await unread(villager);
    const res = await dispatch(staff, appeal.id, { areaId: 3, note: '请第二村就近处理' });
    const shown = expectOk(res) as AppealDetail;
    assert.equal(res.json().message, '已转派至第二村');
    assert.equal(shown.status, 'pending');
    assert.equal(shown.dueAt, appeal.dueAt);
    assert.equal(shown.dispatchedArea, 3);
    assert.equal(shown.dispatchedAreaName, '第二村');
    assert.ok(shown.dispatchedAt);
    const step = shown.history.at(-1)!;
    assert.deepEqual([step.action, step.actorName, step.areaName, step.note], ['dispatch', '李晓燕', '第二村', '请第二村就近处理']);

    assert.equal(await unread(villager), before + 1);
    const [notice] = (await noticesOf(villager)).list;
    assert.equal(notice.kind, 'appealDispatched');
    assert.equal(notice.appealId, appeal.id);
    assert.equal(notice.read, false);
    assert.equal(notice.body, '您的诉求「水渠堵了」已转交第二村办理，办理时限不变。');
  });

  test('re-dispatch to another village and 撤回 back to the town are recorded, the due time never moves', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 }));
    expectError(await dispatch(staff, appeal.id, { areaId: 3 }), 409, PEOPLE_MESSAGES.dispatchSameVillage);
    expectOk(await dispatch(admin, appeal.id, { areaId: 4, note: '改由第三村办理' }));
    const recalled = expectOk(await post(staff, `/api/appeals/${appeal.id}/recall`, { note: '镇里直接办' })) as AppealDetail;
    assert.equal(recalled.dispatchedArea, null);
    assert.equal(recalled.dueAt, appeal.dueAt);
    assert.deepEqual(
      recalled.history.map((h) => [h.action, h.areaName ?? null, h.note]),
      [
        ['submit', null, ''],
        ['dispatch', '第二村', ''],
        ['dispatch', '第三村', '改由第三村办理'],
        ['recall', null, '镇里直接办'],
      ],
    );
    expectError(await post(staff, `/api/appeals/${appeal.id}/recall`, {}), 409, PEOPLE_MESSAGES.dispatchNotDispatched);
    // Recalled: no longer the village's.
    assert.ok(!(await villageList(cadre3)).list.some((a) => a.id === appeal.id));
  });

  test('only open appeals can be handed down', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 })); // processing: still open
    expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '已修好' }));
    expectError(await dispatch(staff, appeal.id, { areaId: 4 }), 409, PEOPLE_MESSAGES.appealMoved('replied'));
    expectError(await post(staff, `/api/appeals/${appeal.id}/recall`, {}), 409, PEOPLE_MESSAGES.appealMoved('replied'));
  });

  test('refused callers: no peopleService key (403), a village-scoped handler (403), not signed in (401)', async () => {
    const appeal = await createAppeal(t, villager);
    expectError(await dispatch(villager, appeal.id, { areaId: 3 }), 403);
    expectError(await dispatch(cadre2, appeal.id, { areaId: 3 }), 403);
    expectError(await dispatch(areaHandler, appeal.id, { areaId: 3 }), 403, PEOPLE_MESSAGES.dispatchTownWide);
    expectError(await post(areaHandler, `/api/appeals/${appeal.id}/recall`, {}), 403, PEOPLE_MESSAGES.dispatchTownWide);
    const anonymous = await t.call(undefined, { method: 'POST', url: `/api/appeals/${appeal.id}/dispatch`, payload: { areaId: 3 } });
    assert.equal(anonymous.statusCode, 401);
    expectError(await dispatch(staff, 999999, { areaId: 3 }), 404);
  });

  test('bad input is a 400 naming the field', async () => {
    const appeal = await createAppeal(t, villager);
    expectError(await dispatch(staff, appeal.id, {}), 400, undefined, 'areaId');
    expectError(await dispatch(staff, appeal.id, { areaId: 1 }), 400, undefined, 'areaId'); // the town itself
    expectError(await dispatch(staff, appeal.id, { areaId: 13 }), 400, undefined, 'areaId');
    expectError(await dispatch(staff, appeal.id, { areaId: 3, note: 'x'.repeat(501) }), 400, undefined, 'note');
    expectError(await post(staff, `/api/appeals/${appeal.id}/recall`, { note: 'x'.repeat(501) }), 400, undefined, 'note');
    expectError(await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/reply`, {}), 400, undefined, 'reply');
    expectError(await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/reject`, { reason: '  ' }), 400, undefined, 'reason');
    expectError(await get(cadre3, '/api/my/dispatched-appeals?state=all'), 400, undefined, 'state');
    expectError(await get(villager, '/api/my/notices?pageSize=0'), 400, undefined, 'pageSize');
  });
});

describe('the village handles what was handed to it', () => {
  test('the cadre of 第二村 sees it, accepts and replies on the phone; the villager is told at each step', async () => {
    const appeal = await createAppeal(t, villager, { title: '桥栏杆松了' });
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 }));
    const open = await villageList(cadre3, 'state=open');
    assert.ok(open.list.some((a) => a.id === appeal.id && a.dispatchedAreaName === '第二村'));
    assert.equal((await detail(cadre3, appeal.id)).title, '桥栏杆松了');

    const accepted = expectOk(await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/accept`)) as AppealDetail;
    assert.equal(accepted.status, 'processing');
    assert.equal(accepted.handlerName, '陈立新');
    const replied = expectOk(
      await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/reply`, { reply: '  已加固栏杆  ' }),
    ) as AppealDetail;
    assert.equal(replied.status, 'replied');
    assert.equal(replied.reply, '已加固栏杆');
    assert.equal(replied.dueAt, appeal.dueAt);
    assert.deepEqual(
      replied.history.map((h) => [h.action, h.actorName]),
      [
        ['submit', '周大伯'],
        ['dispatch', '李晓燕'],
        ['accept', '陈立新'],
        ['reply', '陈立新'],
      ],
    );
    assert.ok((await villageList(cadre3, 'state=done')).list.some((a) => a.id === appeal.id));
    assert.ok(!(await villageList(cadre3, 'state=open')).list.some((a) => a.id === appeal.id));

    const mine = (await noticesOf(villager)).list.filter((n) => n.appealId === appeal.id);
    assert.deepEqual(
      mine.map((n) => n.kind),
      ['appealReplied', 'appealAccepted', 'appealDispatched'],
    );
    assert.equal(mine[0].body, '您的诉求「桥栏杆松了」已答复：已加固栏杆');
  });

  test('a cadre of another village cannot see or act on it (404); a villager is not a cadre (403)', async () => {
    const appeal = await createAppeal(t, villager);
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 }));
    assert.ok(!(await villageList(cadre2)).list.some((a) => a.id === appeal.id));
    expectError(await get(cadre2, `/api/appeals/${appeal.id}`), 404);
    expectError(await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/accept`), 404);
    expectError(await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/reject`, { reason: '不归我们管' }), 404);
    expectError(await get(villager3, '/api/my/dispatched-appeals'), 403, PEOPLE_MESSAGES.notVillageCadre);
    expectError(await post(villager3, `/api/my/dispatched-appeals/${appeal.id}/accept`), 403, PEOPLE_MESSAGES.notVillageCadre);
    expectError(await get(villager3, `/api/appeals/${appeal.id}`), 404);
    // Not yet dispatched: the cadre of the appeal's own village does not see it either.
    const home = await createAppeal(t, villager);
    expectError(await get(cadre2, `/api/appeals/${home.id}`), 404);
    // Taken back: the village loses it.
    expectOk(await post(staff, `/api/appeals/${appeal.id}/recall`, {}));
    expectError(await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/accept`), 404);
  });

  test('a cadre rejects with a reason; a later step on it gets 409', async () => {
    const appeal = await createAppeal(t, villager, { title: '邻居噪音' });
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 }));
    const rejected = expectOk(
      await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/reject`, { reason: '不属于村级事务' }),
    ) as AppealDetail;
    assert.equal(rejected.status, 'rejected');
    expectError(await post(cadre3, `/api/my/dispatched-appeals/${appeal.id}/accept`), 409, PEOPLE_MESSAGES.appealMoved('rejected'));
    const [latest] = (await noticesOf(villager)).list;
    assert.deepEqual([latest.kind, latest.body], ['appealRejected', '您的诉求「邻居噪音」不予受理，原因：不属于村级事务']);
  });

  test('a village-scoped handler in the admin sees and handles appeals handed to their village', async () => {
    const appeal = await createAppeal(t, villager); // area 2
    expectError(await get(areaHandler, `/api/appeals/${appeal.id}`), 404);
    expectOk(await dispatch(staff, appeal.id, { areaId: 3 }));
    const listed = expectOk(await get(areaHandler, '/api/appeals?pageSize=100')) as { list: AppealItem[]; total: number };
    assert.ok(listed.list.some((a) => a.id === appeal.id));
    assert.equal(listed.total, listed.list.length);
    const counts = expectOk(await get(areaHandler, '/api/appeals/counts')) as { all: number };
    assert.equal(counts.all, listed.total);
    expectOk(await appealStep(t, areaHandler, appeal.id, 'accept'));
    // The bell counts it too.
    const bell = expectOk(await get(areaHandler, '/api/notices')) as { groups: Array<{ kind: string; count: number }> };
    assert.ok(bell.groups.some((g) => g.kind === 'appeals'));
  });
});

describe('a villager’s notices', () => {
  test('staff steps notify the submitter; read one, read all; another user cannot mark them', async () => {
    const appeal = await createAppeal(t, villager3, { title: '低保咨询', area: 3 });
    const start = await unread(villager3);
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    expectOk(await appealStep(t, staff, appeal.id, 'reply', { reply: '请携带材料到镇民政办办理' }));
    assert.equal(await unread(villager3), start + 2);
    const unreadOnly = await noticesOf(villager3, 'unread=true');
    assert.equal(unreadOnly.total, start + 2);
    const [newest] = unreadOnly.list;
    expectError(await post(villager, `/api/my/notices/${newest.id}/read`), 404, PEOPLE_MESSAGES.noticeNotFound);
    assert.equal((expectOk(await post(villager3, `/api/my/notices/${newest.id}/read`)) as { unread: number }).unread, start + 1);
    assert.equal((await noticesOf(villager3)).list.find((n) => n.id === newest.id)?.read, true);
    const all = await post(villager3, '/api/my/notices/read-all');
    assert.equal((expectOk(all) as { marked: number }).marked, start + 1);
    assert.equal(all.json().message, '已全部标为已读');
    assert.equal(await unread(villager3), 0);
    assert.equal((await noticesOf(villager3, 'unread=true')).total, 0);
  });

  test('paged newest first; not signed in is 401', async () => {
    const page = expectOk(await get(villager, '/api/my/notices?current=1&pageSize=2')) as { list: UserNotice[]; total: number };
    assert.equal(page.list.length, 2);
    assert.ok(page.total > 2);
    assert.ok(page.list[0].id > page.list[1].id);
    const second = expectOk(await get(villager, '/api/my/notices?current=2&pageSize=2')) as { list: UserNotice[] };
    assert.ok(second.list[0].id < page.list[1].id);
    assert.equal((await t.call(undefined, { method: 'GET', url: '/api/my/notices' })).statusCode, 401);
    assert.equal((await t.call(undefined, { method: 'POST', url: '/api/my/notices/read-all' })).statusCode, 401);
  });
});
