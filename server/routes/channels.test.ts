import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ChannelItem, OutboxItem } from '../../common/contracts/channels';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { type CaptureServer, startCaptureServer } from '../../tests/helpers/captureServer';
import { expectError, expectOk, publishedTask } from '../../tests/helpers/tasks';

// 系统设置 › 消息通道 (docs/product.md §16, ADR 0069): group robots are off until an admin switches
// them on, keep their keys on the server, and carry a village's notices in the robot's published
// format; the centre's robot speaks for villages without their own. The sender is driven by hand
// here (NOTICE_SENDER off), so each step is seen in order.

let t: TestContext;
let admin: string;
let staff: string;
let hook: CaptureServer;
let centreName: string;

before(async () => {
  t = await createTestContext({ config: { noticeSender: false } });
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  hook = await startCaptureServer();
  centreName = expectOk(await t.call(admin, { method: 'GET', url: '/api/settings' })).centreName;
});
after(async () => {
  await hook.close();
  await t.close();
});
beforeEach(() => {
  hook.requests.length = 0;
  hook.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' }));
});

const KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';
const robotUrl = (key = KEY) => `${hook.url}/cgi-bin/webhook/send?key=${key}`;
const robot = (overrides: Record<string, unknown> = {}) => ({
  kind: 'wecom',
  name: '第一村工作群',
  area: 2,
  url: robotUrl(),
  noticeKinds: ['taskPublished', 'appealHandedDown'],
  ...overrides,
});
const post = (url: string, payload?: object) => t.call(admin, { method: 'POST', url, ...(payload ? { payload } : {}) });
const put = (url: string, payload: object) => t.call(admin, { method: 'PUT', url, payload });
const createRobot = async (overrides: Record<string, unknown> = {}) =>
  expectOk(await post('/api/notice-channels', robot(overrides))) as ChannelItem;
const outbox = async (query = '') =>
  (expectOk(await t.call(admin, { method: 'GET', url: `/api/notice-outbox?pageSize=100&${query}` })) as { list: OutboxItem[] }).list;
const remove = async (id: number) => expectOk(await t.call(admin, { method: 'DELETE', url: `/api/notice-channels/${id}` }));

describe('a robot as the admin sets it up', () => {
  test('is off when added, and its key never comes back: not in the answers, not in the operation log', async () => {
    const res = await post('/api/notice-channels', robot());
    assert.equal(res.json().message, '消息通道已添加，默认停用：确认测试成功后再启用');
    const created = expectOk(res) as ChannelItem;
    assert.equal(created.enabled, false);
    assert.equal(created.urlMasked, `${hook.url}/cgi-bin/webhook/send?key=******`);
    assert.equal(created.areaName, '第一村');
    const list = await t.call(admin, { method: 'GET', url: '/api/notice-channels' });
    assert.ok(!list.body.includes(KEY) && !res.body.includes(KEY));
    assert.ok(!list.body.includes('7xxx'));
    const logs = expectOk(
      await t.call(admin, { method: 'GET', url: '/api/operation-logs?action=%E6%B7%BB%E5%8A%A0%E6%B6%88%E6%81%AF%E9%80%9A%E9%81%93' }),
    );
    const [entry] = logs.list as Array<{ changes: Array<{ field: string; after: string | null }> }>;
    assert.ok(entry, 'the addition is in the operation log');
    assert.deepEqual(
      entry.changes.find((c) => c.field === '地址'),
      { field: '地址', before: null, after: '******（已修改）' },
    );
    assert.ok(!JSON.stringify(logs).includes(KEY));
    // A change that leaves the address out keeps it.
    const renamed = expectOk(
      await put(`/api/notice-channels/${created.id}`, { ...robot({ name: '第一村村务群' }), url: undefined }),
    ) as ChannelItem;
    assert.equal(renamed.name, '第一村村务群');
    assert.equal(renamed.urlMasked, created.urlMasked);
    await remove(created.id);
  });

  test('refuses what it cannot send to or should not carry, naming the field', async () => {
    expectError(await post('/api/notice-channels', robot({ url: 'ftp://example.com/hook' })), 400, /只支持 http/, 'url');
    expectError(
      await post('/api/notice-channels', robot({ url: 'http://169.254.169.254/latest/meta-data' })),
      400,
      /不允许发送到地址 169\.254\.169\.254/,
      'url',
    );
    expectError(await post('/api/notice-channels', robot({ url: 'https://user:pw@example.com/hook' })), 400, /用户名或密码/, 'url');
    expectError(await post('/api/notice-channels', robot({ url: undefined })), 400, /请填写地址/, 'url');
    expectError(
      await post('/api/notice-channels', robot({ noticeKinds: ['taskPublished', 'reportRejected'] })),
      400,
      /提交被驳回只发给本人/,
      'noticeKinds',
    );
    expectError(await post('/api/notice-channels', robot({ area: 1 })), 400, undefined, 'area');
    expectError(await post('/api/notice-channels', robot({ area: 999 })), 400, /不存在/, 'area');
    expectError(await post('/api/notice-channels', robot({ quietStart: 1320 })), 400, /同时填写/, 'quietEnd');
    expectError(await post('/api/notice-channels', robot({ quietStart: 600, quietEnd: 600 })), 400, /不能相同/, 'quietEnd');
    expectError(await post('/api/notice-channels', robot({ kind: 'fax' })), 400, undefined, 'kind');
    const first = await createRobot();
    expectError(await post('/api/notice-channels', robot({ name: '另一个' })), 409, '这个村（或中心）已经有一个群机器人，请编辑原有的');
    await remove(first.id);
  });

  test('only admins manage channels and read the outbox', async () => {
    for (const url of ['/api/notice-channels', '/api/notice-outbox']) {
      assert.equal((await t.call(staff, { method: 'GET', url })).statusCode, 403);
    }
    assert.equal((await t.call(staff, { method: 'POST', url: '/api/notice-channels', payload: robot() })).statusCode, 403);
  });
});

describe('what the robots carry', () => {
  test('nothing at all while they are off', async () => {
    const village = await createRobot();
    const centre = await createRobot({ name: '中心工作群', area: null, url: robotUrl('centre-key') });
    await publishedTask(t, staff, { title: '停用时发布', areas: [2, 3] });
    assert.deepEqual(await outbox(), []);
    assert.equal(await t.app.noticeSender.drain(), 0);
    assert.equal(hook.requests.length, 0);
    await remove(village.id);
    await remove(centre.id);
  });

  test('switched on: one message per robot per event, the village’s own or the centre’s for villages without one, in 企业微信’s JSON', async () => {
    const village = await createRobot();
    const centre = await createRobot({ name: '中心工作群', area: null, url: robotUrl('centre-key'), format: 'markdown' });
    for (const channel of [village, centre]) expectOk(await post(`/api/notice-channels/${channel.id}/enable`));
    // The demo's notices (hand-downs to villages 2 and 3), written before, queue nothing now either.
    assert.deepEqual(await outbox(), []);
    // Villages 2, 3 and 4: four cadres hear of it; village 2 has its robot, 3 and 4 share the centre's.
    const task = await publishedTask(t, staff, {
      title: '冬季[防火](http://x.cn)检查',
      areas: [2, 3, 4],
      deadline: '2031-01-15T10:00:00.000Z',
    });
    const queued = await outbox();
    assert.deepEqual(queued.map((m) => [m.channelName, m.kind, m.status, m.userName, m.address]).sort(), [
      ['中心工作群', 'taskPublished', 'pending', null, null],
      ['第一村工作群', 'taskPublished', 'pending', null, null],
    ]);
    assert.equal(await t.app.noticeSender.drain(), 2);
    assert.equal(hook.requests.length, 2);
    const body = `镇里发布了任务「${task.title}」，截止时间 2031-01-15 18:00，请按时提交。`;
    const toVillage = hook.requests.find((r) => r.query.key === KEY);
    assert.ok(toVillage);
    assert.equal(toVillage.method, 'POST');
    assert.equal(toVillage.path, '/cgi-bin/webhook/send');
    assert.equal(toVillage.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(JSON.parse(toVillage.body), { msgtype: 'text', text: { content: `【${centreName}】新任务\n${body}` } });
    const toCentre = hook.requests.find((r) => r.query.key === 'centre-key');
    assert.ok(toCentre);
    // Markdown: the title's brackets cannot make a link in the group.
    assert.deepEqual(JSON.parse(toCentre.body), {
      msgtype: 'markdown',
      markdown: { content: `### 新任务\n${body.replace('[防火](http://x.cn)', '［防火］（http://x.cn）')}\n> ${centreName}` },
    });
    assert.deepEqual(
      (await outbox()).map((m) => [m.status, m.attempts, m.lastError]),
      [
        ['sent', 1, null],
        ['sent', 1, null],
      ],
    );
    expectOk(await post(`/api/notice-channels/${village.id}/disable`));
    expectOk(await post(`/api/notice-channels/${centre.id}/disable`));
    await remove(village.id);
    await remove(centre.id);
  });

  test('switching a robot off cancels what it has not sent', async () => {
    const village = await createRobot();
    expectOk(await post(`/api/notice-channels/${village.id}/enable`));
    await publishedTask(t, staff, { title: '还没发出去', areas: [2] });
    const res = await post(`/api/notice-channels/${village.id}/disable`);
    assert.equal(res.json().message, '消息通道已停用，尚未发出的消息已取消');
    assert.deepEqual(
      (await outbox(`channelId=${village.id}`)).map((m) => [m.status, m.lastError]),
      [['cancelled', '通道已停用']],
    );
    assert.equal(await t.app.noticeSender.drain(), 0);
    assert.equal(hook.requests.length, 0);
    await remove(village.id);
  });
});

describe('发送测试', () => {
  test('sends at once, on or off, and keeps what happened on the channel', async () => {
    const village = await createRobot();
    const sent = expectOk(await post(`/api/notice-channels/${village.id}/test`, {}));
    assert.deepEqual(sent, { ok: true, error: null });
    const [request] = hook.requests;
    assert.deepEqual(JSON.parse(request.body), {
      msgtype: 'text',
      text: {
        content: `【${centreName}】消息通道测试\n这是「第一村工作群」的测试消息。收到说明企业微信群机器人配置正确，可以在平台上启用它。`,
      },
    });
    hook.answer(() => ({ status: 200, body: '{"errcode":93000,"errmsg":"invalid webhook url"}' }));
    const failed = await post(`/api/notice-channels/${village.id}/test`, {});
    assert.deepEqual(expectOk(failed), { ok: false, error: 'HTTP 200，errcode 93000：invalid webhook url' });
    assert.equal(failed.json().message, '测试未成功：HTTP 200，errcode 93000：invalid webhook url');
    const [listed] = (expectOk(await t.call(admin, { method: 'GET', url: '/api/notice-channels' })) as { list: ChannelItem[] }).list;
    assert.equal(listed.lastTestOk, false);
    assert.equal(listed.lastTestError, 'HTTP 200，errcode 93000：invalid webhook url');
    // Nothing listens here: the network's words.
    expectOk(await put(`/api/notice-channels/${village.id}`, robot({ url: 'http://127.0.0.1:9/cgi-bin/webhook/send?key=x' })));
    const refused = expectOk(await post(`/api/notice-channels/${village.id}/test`, {}));
    assert.deepEqual(refused, { ok: false, error: '连接被拒绝：对方服务没有运行，或端口不对' });
    assert.equal((await post('/api/notice-channels/99999/test', {})).statusCode, 404);
    await remove(village.id);
  });
});
