import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { eq, like, sql } from 'drizzle-orm';
import type { ChannelItem, OutboxItem } from '../../common/contracts/channels';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelay, TIME_ZONE_OFFSET_MS } from '../../common/constants';
import { addDays, townshipMidnight, townshipToday } from '../../common/reportPeriod';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { type CaptureServer, startCaptureServer } from '../../tests/helpers/captureServer';
import { expectError, expectOk } from '../../tests/helpers/tasks';
import { noticeOutbox, userNotices, users } from '../db/schema';
import { claimDue, CLAIM_LEASE_MS, settleFailed } from '../services/channels/outbox';
import { notifyUsers } from '../services/people/userNotices';
import { NoticeSender } from './noticeSender';

// The outbox and its sender (ADR 0068): messages are written with their notice or not at all,
// tried again with a growing wait, given up after the last try until an admin sends them again,
// held for quiet hours, and never sent twice however many senders share the database. The clock
// is the test's: each sender here is given it.

let t: TestContext;
let admin: string;
let hook: CaptureServer;
let robot: ChannelItem;
let clock = 0;
const sender = () => new NoticeSender(t.database.db, { now: () => clock });

before(async () => {
  t = await createTestContext({ config: { noticeSender: false } });
  admin = await t.login('admin');
  hook = await startCaptureServer();
  robot = expectOk(
    await t.call(admin, {
      method: 'POST',
      url: '/api/notice-channels',
      payload: { kind: 'wecom', name: '第二村工作群', area: 3, url: `${hook.url}/hook?key=k2`, noticeKinds: ['taskPublished'] },
    }),
  );
  expectOk(await t.call(admin, { method: 'POST', url: `/api/notice-channels/${robot.id}/enable` }));
});
after(async () => {
  await hook.close();
  await t.close();
});
beforeEach(async () => {
  hook.requests.length = 0;
  hook.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' }));
  await t.database.db.delete(noticeOutbox);
  clock = Date.now() + 1000;
});

const cadre03 = sql`${users.account} = 'cadre03'`;
const notice = (title: string) => ({ kind: 'taskPublished' as const, title: '新任务', body: `镇里发布了任务「${title}」` });
const outbox = async () =>
  (expectOk(await t.call(admin, { method: 'GET', url: '/api/notice-outbox?pageSize=100' })) as { list: OutboxItem[] }).list;
const statusOf = async () => (await outbox()).map((m) => [m.status, m.attempts]);

describe('written with the notice, in its transaction', () => {
  test('a rolled-back event leaves neither its notice nor its message; a committed one both', async () => {
    const db = t.database.db;
    await assert.rejects(
      db.transaction(async (tx) => {
        assert.equal(await notifyUsers(tx, cadre03, notice('撤回的任务')), 1);
        throw new Error('the event fails after its notice');
      }),
      /the event fails/,
    );
    assert.deepEqual(await outbox(), []);
    const kept = await db.select({ id: userNotices.id }).from(userNotices).where(like(userNotices.body, '%撤回的任务%'));
    assert.deepEqual(kept, []);
    await db.transaction(async (tx) => {
      await notifyUsers(tx, cadre03, notice('发布的任务'));
      // The same message again in the same transaction stays one message for the group.
      await notifyUsers(tx, cadre03, notice('发布的任务'));
    });
    assert.deepEqual(
      (await outbox()).map((m) => [m.channelName, m.body, m.status]),
      [['第二村工作群', '镇里发布了任务「发布的任务」', 'pending']],
    );
  });
});

describe('tries, back-off and the dead letter', () => {
  test('a failing robot is tried again after 30 s, 2 min, 8 min…, given up after the last try, and sent again by 重试', async () => {
    hook.answer(() => ({ status: 502, body: 'Bad Gateway' }));
    await notifyUsers(t.database.db, cadre03, notice('网络不通时'));
    const worker = sender();
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      assert.equal(await worker.drain(), 1, `try ${attempt} is due`);
      assert.equal(hook.requests.length, attempt);
      const [message] = await outbox();
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        assert.deepEqual([message.status, message.attempts, message.lastError], ['retrying', attempt, 'HTTP 502，Bad Gateway']);
        const wait = outboxRetryDelay(attempt);
        assert.equal(new Date(message.nextAttemptAt).getTime(), clock + wait);
        // Not a moment before its time.
        clock += wait - 1;
        assert.equal(await worker.drain(), 0);
        clock += 1;
      } else {
        assert.deepEqual([message.status, message.attempts], ['dead', OUTBOX_MAX_ATTEMPTS]);
      }
    }
    assert.deepEqual(
      [30_000, 120_000, 480_000, 1_920_000, 7_200_000].map((ms, i) => outboxRetryDelay(i + 1) === ms),
      [true, true, true, true, true],
    );
    // Dead stays dead.
    clock += 24 * 3600_000;
    assert.equal(await worker.drain(), 0);
    const [dead] = await outbox();
    assert.equal(dead.lastError, 'HTTP 502，Bad Gateway');
    hook.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}' }));
    const retried = await t.call(admin, { method: 'POST', url: `/api/notice-outbox/${dead.id}/retry` });
    assert.equal(retried.json().message, '已重新排队发送');
    assert.deepEqual(await statusOf(), [['pending', 0]]);
    assert.equal(await worker.drain(), 1);
    assert.deepEqual(await statusOf(), [['sent', 1]]);
    assert.equal(hook.requests.length, OUTBOX_MAX_ATTEMPTS + 1);
    expectError(await t.call(admin, { method: 'POST', url: `/api/notice-outbox/${dead.id}/retry` }), 409, '只有“发送失败”的消息可以重试');
    expectError(await t.call(admin, { method: 'POST', url: '/api/notice-outbox/999999/retry' }), 404, '发送记录不存在');
  });
});

describe('quiet hours of a robot', () => {
  test('a message inside 22:00–07:00 waits for 07:00, without counting a try', async () => {
    expectOk(
      await t.call(admin, {
        method: 'PUT',
        url: `/api/notice-channels/${robot.id}`,
        payload: { kind: 'wecom', name: '第二村工作群', area: 3, noticeKinds: ['taskPublished'], quietStart: 22 * 60, quietEnd: 7 * 60 },
      }),
    );
    await notifyUsers(t.database.db, cadre03, notice('深夜发布'));
    const tomorrow = townshipMidnight(addDays(townshipToday(), 1));
    clock = tomorrow + 23.5 * 3600_000;
    const worker = sender();
    assert.equal(await worker.drain(), 1);
    const [held] = await outbox();
    const seven = tomorrow + 31 * 3600_000;
    assert.deepEqual([held.status, held.attempts, new Date(held.nextAttemptAt).getTime()], ['held', 0, seven]);
    assert.equal(new Date(seven + TIME_ZONE_OFFSET_MS).getUTCHours(), 7);
    clock = seven - 60_000;
    assert.equal(await worker.drain(), 0);
    assert.equal(hook.requests.length, 0);
    clock = seven;
    assert.equal(await worker.drain(), 1);
    assert.equal(hook.requests.length, 1);
    assert.deepEqual(await statusOf(), [['sent', 1]]);
    expectOk(
      await t.call(admin, {
        method: 'PUT',
        url: `/api/notice-channels/${robot.id}`,
        payload: { kind: 'wecom', name: '第二村工作群', area: 3, noticeKinds: ['taskPublished'], quietStart: null, quietEnd: null },
      }),
    );
  });
});

describe('several senders on one database', () => {
  test('two senders working through the same rows send each one exactly once', async () => {
    const db = t.database.db;
    const count = 40;
    await db.insert(noticeOutbox).values(
      Array.from({ length: count }, (_, i) => ({
        channelId: robot.id,
        kind: 'taskPublished' as const,
        title: '新任务',
        body: `第${i + 1}条`,
      })),
    );
    // Slow answers, so that both senders are busy at the same time.
    hook.answer(() => ({ status: 200, body: '{"errcode":0,"errmsg":"ok"}', delayMs: 40 }));
    const [a, b] = [sender(), sender()];
    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    assert.equal(sentByA + sentByB, count);
    assert.ok(sentByA > 0 && sentByB > 0, `both took part (${sentByA} + ${sentByB})`);
    const bodies = hook.requests.map((r) => (JSON.parse(r.body) as { text: { content: string } }).text.content.split('\n')[1]);
    assert.equal(bodies.length, count);
    assert.equal(new Set(bodies).size, count);
    assert.ok((await outbox()).every((m) => m.status === 'sent' && m.attempts === 1));
  });

  test('a sender that stopped mid-send leaves its row to another once the claim lapses, and cannot settle it late', async () => {
    const db = t.database.db;
    await notifyUsers(db, cadre03, notice('发送中断'));
    const [lost] = await claimDue(db, clock, 5);
    assert.ok(lost);
    assert.equal(await sender().drain(), 0, 'held by the first claim');
    clock += CLAIM_LEASE_MS + 1;
    assert.equal(await sender().drain(), 1);
    assert.deepEqual(await statusOf(), [['sent', 1]]);
    // The first claim's late answer changes nothing.
    await settleFailed(db, lost, clock, 'late');
    assert.deepEqual(await statusOf(), [['sent', 1]]);
    assert.equal(hook.requests.length, 1);
    const [row] = await db.select({ token: noticeOutbox.claimToken }).from(noticeOutbox).where(eq(noticeOutbox.id, lost.id));
    assert.equal(row.token, null);
  });
});
