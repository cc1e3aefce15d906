import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AppealAccount, AppealDetail, AppealItem, MyAppealItem, UserNotice } from '../../common/contracts/people';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealBody, appealStep, createAppeal, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk, newClientKey } from '../../tests/helpers/tasks';

// 窗口/电话登记 (ADR 0054): staff register an appeal for a villager who came in, phoned or wrote;
// the source is a filter and a column; a linked account sees it and hears of it.

let t: TestContext;
let admin: string;
let staff: string; // staff01 李晓燕, scope all
let villager: string; // villager02 周大伯, area 2, phone 13900000202
let villager3: string; // villager03, area 3
let areaHandler: string; // peopleService, scope area, area 3
let villager02Id: number;
let villager03Id: number;

before(async () => {
  t = await createTestContext({ config: { statsCacheMs: 0 } });
  [admin, staff, villager, villager3] = await Promise.all(['admin', 'staff01', 'villager02', 'villager03'].map((a) => t.login(a)));
  areaHandler = (await peopleHandler(t, admin, { code: 'register_area3', dataScope: 'area', area: 3 })).token;
  villager02Id = (expectOk(await get(villager, '/api/currentUser')) as { id: number }).id;
  villager03Id = (expectOk(await get(villager3, '/api/currentUser')) as { id: number }).id;
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const register = (token: string, overrides: Record<string, unknown> = {}) =>
  t.call(token, {
    method: 'POST',
    url: '/api/appeals/register',
    payload: { ...appealBody({ phone: '13700001111' }), name: '赵大娘', source: 'window', ...overrides },
  });
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/appeals?pageSize=100&${query}`)) as { list: AppealItem[]; total: number };

describe('registering an appeal at the window or by phone', () => {
  test('a walk-in without an account: kept under the name entered, 窗口 source, the registrar in the history', async () => {
    const res = await register(staff, { title: '门前水沟堵塞', area: 4 });
    const shown = expectOk(res) as AppealDetail;
    assert.equal(res.json().message, '诉求已登记');
    assert.deepEqual(
      [shown.status, shown.source, shown.submitterId, shown.submitterName, shown.registeredByName, shown.phone, shown.areaName],
      ['pending', 'window', null, '赵大娘', '李晓燕', '13700001111', '第三村'],
    );
    assert.deepEqual(
      shown.history.map((h) => [h.action, h.actorName, h.note]),
      [['submit', '李晓燕', '窗口登记']],
    );
    // Handled like any other: accepting tells nobody (there is no account) and does not fail.
    const accepted = expectOk(await appealStep(t, staff, shown.id, 'accept')) as AppealDetail;
    assert.equal(accepted.status, 'processing');
  });

  test('the source is a filter and every appeal made on the phone is 网上', async () => {
    const online = await createAppeal(t, villager, { title: '网上提交的诉求' });
    assert.equal(online.source, 'online');
    const byPhone = expectOk(await register(staff, { source: 'phone', title: '电话反映路灯' })) as AppealDetail;
    const phoneList = await list(staff, 'source=phone');
    assert.ok(phoneList.list.some((a) => a.id === byPhone.id));
    assert.ok(phoneList.list.every((a) => a.source === 'phone'));
    const onlineList = await list(staff, 'source=online');
    assert.ok(onlineList.list.some((a) => a.id === online.id));
    assert.ok(!onlineList.list.some((a) => a.id === byPhone.id));
    // The name entered is found by the keyword search, as an account's name is.
    assert.ok((await list(staff, `keyword=${encodeURIComponent('赵大娘')}`)).list.some((a) => a.id === byPhone.id));
    expectError(await get(staff, '/api/appeals?source=fax'), 400, undefined, 'source');
  });

  test('linked to a villager account: it is in their 我的诉求 and they hear of its steps; they may rate it', async () => {
    const accounts = expectOk(await get(staff, '/api/appeals/accounts?phone=13900000202')) as AppealAccount[];
    assert.deepEqual(
      accounts.map((a) => [a.id, a.name]),
      [[villager02Id, '周大伯']],
    );
    const shown = expectOk(
      await register(staff, { userId: villager02Id, name: '周大伯', source: 'letter', phone: '13900000202' }),
    ) as AppealDetail;
    assert.equal(shown.submitterId, villager02Id);
    assert.equal(shown.source, 'letter');
    const mine = expectOk(await get(villager, '/api/my/appeals?pageSize=50')) as { list: MyAppealItem[] };
    assert.ok(mine.list.some((a) => a.id === shown.id && a.source === 'letter'));

    expectOk(await appealStep(t, staff, shown.id, 'accept'));
    const notices = expectOk(await get(villager, '/api/my/notices?pageSize=50')) as { list: UserNotice[] };
    assert.ok(notices.list.some((n) => n.appealId === shown.id && n.kind === 'appealAccepted'));
    expectOk(await appealStep(t, staff, shown.id, 'reply', { reply: '已安排处理' }));
    expectOk(await t.call(villager, { method: 'POST', url: `/api/my/appeals/${shown.id}/rate`, payload: { score: 4 } }));
    const rated = expectOk(await get(staff, `/api/appeals/${shown.id}`)) as AppealDetail;
    assert.deepEqual([rated.satisfaction, rated.satisfactionSource, rated.status], [4, 'phone', 'closed']);
  });

  test('a retry with the same key answers the first registration', async () => {
    const clientKey = newClientKey();
    const first = expectOk(await register(staff, { clientKey })) as AppealDetail;
    const again = await register(staff, { clientKey });
    assert.equal((expectOk(again) as AppealDetail).id, first.id);
    assert.equal(again.json().message, PEOPLE_MESSAGES.appealReplayed);
  });

  test('bad input is a 400 naming the field', async () => {
    expectError(await register(staff, { source: 'online' }), 400, undefined, 'source');
    expectError(await register(staff, { name: '' }), 400, undefined, 'name');
    expectError(await register(staff, { phone: 'abc' }), 400, undefined, 'phone');
    expectError(await register(staff, { userId: 999999 }), 400, /未找到该群众账号/, 'userId');
    expectError(await get(staff, '/api/appeals/accounts?phone=x'), 400, undefined, 'phone');
  });
});

describe('the source in the figures', () => {
  test('数据概览 and the month’s 通报 count the appeals by source', async () => {
    // This month so far, on the township's clock.
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    type BySource = Array<{ source: string; label: string; count: number }>;
    const overview = async () =>
      (expectOk(await get(admin, '/api/stats/overview')) as { appeals: { bySource: BySource } }).appeals.bySource;
    const month = async () =>
      (expectOk(await get(admin, `/api/reports?kind=month&date=${today}`)) as { appeals: { bySource: BySource } }).appeals.bySource;
    const count = (rows: BySource, source: string) => rows.find((r) => r.source === source)!.count;
    const [overviewBefore, monthBefore] = [await overview(), await month()];
    assert.deepEqual(
      overviewBefore.map((r) => r.label),
      ['网上', '窗口', '电话', '来信', '其他'],
    );
    expectOk(await register(staff, { source: 'other' }));
    expectOk(await register(staff, { source: 'window' }));
    await createAppeal(t, villager);
    const [overviewAfter, monthAfter] = [await overview(), await month()];
    for (const source of ['other', 'window', 'online']) {
      assert.equal(count(overviewAfter, source), count(overviewBefore, source) + 1, source);
      assert.equal(count(monthAfter, source), count(monthBefore, source) + 1, source);
    }
    assert.equal(count(overviewAfter, 'letter'), count(overviewBefore, 'letter'));
  });
});

describe('who may register, and for which village', () => {
  test('a villager, without the appeal-handling key, may not register or look up accounts', async () => {
    expectError(await register(villager), 403);
    expectError(await get(villager, '/api/appeals/accounts?phone=13900000202'), 403);
  });

  test('a village-scoped handler registers for their own village only, and links only their village’s people', async () => {
    expectError(await register(areaHandler, { area: 2 }), 403, PEOPLE_MESSAGES.registerOtherVillage);
    // 周大伯 lives in 第一村: not found from 第二村, and not linkable.
    assert.deepEqual(expectOk(await get(areaHandler, '/api/appeals/accounts?phone=13900000202')), []);
    expectError(await register(areaHandler, { area: 3, userId: villager02Id }), 400, /未找到该群众账号/, 'userId');

    const own = expectOk(await register(areaHandler, { area: 3, userId: villager03Id, name: '吴秀兰' })) as AppealDetail;
    assert.equal(own.area, 3);
    assert.ok((await list(areaHandler)).list.some((a) => a.id === own.id));
    // The town's registration for 第一村 stays out of 第二村's list and cannot be read.
    const other = expectOk(await register(staff, { area: 2 })) as AppealDetail;
    assert.ok(!(await list(areaHandler)).list.some((a) => a.id === other.id));
    expectError(await get(areaHandler, `/api/appeals/${other.id}`), 404);
  });
});
