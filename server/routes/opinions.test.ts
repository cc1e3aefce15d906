import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Notices, OpinionItem, OpinionKeyword, OpinionTrendDay } from '../../common/contracts/people';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal, createPhotoReport, peopleHandler } from '../../tests/helpers/people';
import { audit, expectError, expectOk, lookups, uploadImages } from '../../tests/helpers/tasks';
import { appeals, opinions } from '../db/schema';
import { opinionTrend } from '../services/people/opinions';
import type { AuthUser } from '../services/accounts/sessions';
import { localDate } from '../lib/workingDays';

let t: TestContext;
let admin: string;
let staff: string;
let villager: string;
let cadre: string;
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff, villager, cadre] = await Promise.all(['admin', 'staff01', 'villager02', 'cadre02'].map((a) => t.login(a)));
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method, url, ...(payload ? { payload } : {}) });
const opinionBody = (overrides: Record<string, unknown> = {}) => ({
  source: 1,
  title: '网帖反映集市占道',
  summary: '论坛网帖称周末集市占道经营。',
  link: 'https://bbs.example.cn/t/1',
  sentiment: 'negative',
  level: 2,
  area: 2,
  ...overrides,
});
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/opinions?pageSize=100&${query}`)) as { list: OpinionItem[]; total: number };

describe('opinion items', () => {
  test('staff record an item by hand; it starts monitoring and can be edited, handled, reopened and deleted', async () => {
    const res = await send(staff, 'POST', '/api/opinions', opinionBody({ title: '  网帖反映集市占道  ' }));
    const created = expectOk(res) as OpinionItem;
    assert.equal(res.json().message, '舆情已登记');
    assert.equal(created.title, '网帖反映集市占道');
    assert.equal(created.status, 'monitoring');
    assert.equal(created.areaName, '第一村');
    assert.equal(created.createdByName, '李晓燕');
    assert.equal(created.keyword, null);
    const edited = expectOk(
      await send(staff, 'PUT', `/api/opinions/${created.id}`, opinionBody({ sentiment: 'neutral', area: null, link: '' })),
    ) as OpinionItem;
    assert.equal(edited.sentiment, 'neutral');
    assert.equal(edited.areaName, '全镇');
    assert.equal(edited.link, '');
    const handled = expectOk(await send(staff, 'POST', `/api/opinions/${created.id}/handle`)) as OpinionItem;
    assert.equal(handled.status, 'handled');
    assert.ok(handled.handledAt);
    expectError(await send(staff, 'POST', `/api/opinions/${created.id}/handle`), 409, '该舆情已处置');
    const reopened = expectOk(await send(staff, 'POST', `/api/opinions/${created.id}/reopen`)) as OpinionItem;
    assert.equal(reopened.status, 'monitoring');
    assert.equal(reopened.handledAt, null);
    expectError(await send(staff, 'POST', `/api/opinions/${created.id}/reopen`), 409, '该舆情正在监测中');
    assert.equal((await send(staff, 'DELETE', `/api/opinions/${created.id}`)).json().message, '已删除');
    expectError(await get(staff, `/api/opinions/${created.id}`), 404, '舆情不存在');
    expectError(await send(staff, 'DELETE', `/api/opinions/${created.id}`), 404, '舆情不存在');
  });

  test("bad input names the field; 群众诉求 and 随手拍 are the keyword watch's sources only", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'title'],
      [{ title: '长'.repeat(101) }, 'title'],
      [{ summary: '长'.repeat(1001) }, 'summary'],
      [{ link: 'javascript:alert(1)' }, 'link'],
      [{ link: 'ftp://x' }, 'link'],
      [{ sentiment: 'angry' }, 'sentiment'],
      [{ level: 4 }, 'level'],
      [{ source: 6 }, 'source'],
      [{ area: 13 }, 'area'],
    ];
    for (const [overrides, field] of cases)
      expectError(await send(staff, 'POST', '/api/opinions', opinionBody(overrides)), 400, undefined, field);
    for (const source of [4, 5]) {
      expectError(await send(staff, 'POST', '/api/opinions', opinionBody({ source })), 400, /关键词监测自动生成/, 'source');
    }
    // An automatic item keeps its source when edited; it cannot become another automatic source.
    const [auto] = (await list(staff, 'source=4')).list;
    assert.ok(auto, 'the demo has an item made from an appeal');
    const kept = expectOk(await send(staff, 'PUT', `/api/opinions/${auto.id}`, opinionBody({ source: 4, level: 3 }))) as OpinionItem;
    assert.equal(kept.level, 3);
    assert.equal(kept.appealId, auto.appealId);
    expectError(await send(staff, 'PUT', `/api/opinions/${auto.id}`, opinionBody({ source: 5 })), 400, undefined, 'source');
  });

  test('filters: status, sentiment, level, source, area, keyword, period', async () => {
    const mark = `舆情${Date.now()}`;
    const a = expectOk(
      await send(staff, 'POST', '/api/opinions', opinionBody({ title: `${mark}甲`, sentiment: 'positive', level: 1, source: 2, area: 3 })),
    );
    const b = expectOk(await send(staff, 'POST', '/api/opinions', opinionBody({ title: `${mark}乙` })));
    expectOk(await send(staff, 'POST', `/api/opinions/${b.id}/handle`));
    assert.deepEqual(
      (await list(staff, `keyword=${mark}`)).list.map((o) => o.id),
      [b.id, a.id],
    );
    assert.deepEqual(
      (await list(staff, `keyword=${mark}&status=handled`)).list.map((o) => o.id),
      [b.id],
    );
    assert.deepEqual(
      (await list(staff, `keyword=${mark}&sentiment=positive`)).list.map((o) => o.id),
      [a.id],
    );
    assert.deepEqual(
      (await list(staff, `keyword=${mark}&level=2`)).list.map((o) => o.id),
      [b.id],
    );
    assert.deepEqual(
      (await list(staff, `keyword=${mark}&source=2&area=3`)).list.map((o) => o.id),
      [a.id],
    );
    assert.equal((await list(staff, `keyword=${mark}&from=2999-01-01T00:00:00Z`)).total, 0);
    expectError(await get(staff, '/api/opinions?sentiment=happy'), 400, undefined, 'sentiment');
  });

  test('scope: an area-scoped handler sees and records only their area', async () => {
    const handler = await peopleHandler(t, admin, { code: 'opinion_area3', dataScope: 'area', area: 3 });
    const seen = await list(handler.token);
    assert.ok(seen.total > 0 && seen.list.every((o) => o.area === 3));
    expectError(await send(handler.token, 'POST', '/api/opinions', opinionBody({ area: 2 })), 400, undefined, 'area');
    expectError(await send(handler.token, 'POST', '/api/opinions', opinionBody({ area: null })), 400, undefined, 'area');
    const outside = (await list(staff, 'area=2')).list[0];
    expectError(await get(handler.token, `/api/opinions/${outside.id}`), 404);
    expectError(await send(handler.token, 'POST', `/api/opinions/${outside.id}/handle`), 404);
    expectError(await send(handler.token, 'DELETE', `/api/opinions/${outside.id}`), 404);
    assert.equal((expectOk(await send(handler.token, 'POST', '/api/opinions', opinionBody({ area: 3 }))) as OpinionItem).area, 3);
  });

  test('villagers and cadres reach none of it', async () => {
    for (const token of [villager, cadre]) {
      for (const url of ['/api/opinions', '/api/opinions/trend', '/api/opinion-keywords']) expectError(await get(token, url), 403);
      expectError(await send(token, 'POST', '/api/opinions', opinionBody()), 403);
      expectError(await send(token, 'POST', '/api/opinion-keywords', { keyword: '越权' }), 403);
    }
  });
});

describe('watch keywords', () => {
  test('added once (case-insensitively), listed with their matches, deleted without removing the items they made', async () => {
    const added = expectOk(await send(staff, 'POST', '/api/opinion-keywords', { keyword: ' Wifi ' })) as OpinionKeyword;
    assert.equal(added.keyword, 'Wifi');
    assert.equal(added.matches, 0);
    assert.equal(added.createdByName, '李晓燕');
    expectError(await send(staff, 'POST', '/api/opinion-keywords', { keyword: 'WIFI' }), 409, '该关键词已在监测中', 'keyword');
    expectError(await send(staff, 'POST', '/api/opinion-keywords', { keyword: '' }), 400, undefined, 'keyword');
    expectError(await send(staff, 'POST', '/api/opinion-keywords', { keyword: '长'.repeat(21) }), 400, undefined, 'keyword');

    const appeal = await createAppeal(t, villager, { title: '村委会wifi连不上', content: '广场的WiFi经常断' });
    const keywords = expectOk(await get(staff, '/api/opinion-keywords?pageSize=100')) as { list: OpinionKeyword[] };
    assert.equal(keywords.list.find((k) => k.id === added.id)?.matches, 1);
    assert.equal((await list(staff, 'keyword=wifi')).list.find((o) => o.appealId === appeal.id)?.keyword, 'Wifi');

    assert.equal((await send(staff, 'DELETE', `/api/opinion-keywords/${added.id}`)).json().message, '已删除');
    expectError(await send(staff, 'DELETE', `/api/opinion-keywords/${added.id}`), 404, '关键词不存在');
    assert.equal((await t.database.db.select().from(opinions).where(eq(opinions.appealId, appeal.id))).length, 1);
  });

  test('several keywords in one text make one item that names them all', async () => {
    expectOk(await send(staff, 'POST', '/api/opinion-keywords', { keyword: '积水' }));
    expectOk(await send(staff, 'POST', '/api/opinion-keywords', { keyword: '路面' }));
    const appeal = await createAppeal(t, villager, { title: '路面积水', content: '雨后路面积水很深' });
    const rows = await t.database.db.select().from(opinions).where(eq(opinions.appealId, appeal.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].keyword, '积水、路面');
  });

  test('a keyword in a photo report makes an item too', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, [photo], { description: '自来水管漏水了' });
    const rows = await t.database.db.select().from(opinions).where(eq(opinions.photoReportId, report.id));
    assert.equal(rows.length, 1, 'the demo watches 漏水');
    assert.equal(rows[0].keyword, '漏水');
  });
});

describe('sentiment trend', () => {
  test('30 days on the township clock, today last, zeros included, each item counted on its day', async () => {
    const caller = { id: ids.userIds.staff01, dataScope: 'all', area: 1 } as AuthUser;
    const now = new Date();
    const before = await opinionTrend(t.database.db, caller, now);
    assert.equal(before.length, 30);
    assert.equal(before[29].date, localDate(now));
    assert.equal(before[0].date, localDate(new Date(now.getTime() - 29 * 86400_000)));
    expectOk(await send(staff, 'POST', '/api/opinions', opinionBody({ sentiment: 'positive' })));
    // One more, dated 10 days back; one 40 days back (outside the window).
    const tenDaysAgo = new Date(now.getTime() - 10 * 86400_000);
    const second = expectOk(await send(staff, 'POST', '/api/opinions', opinionBody({ sentiment: 'neutral' }))) as OpinionItem;
    await t.database.db.update(opinions).set({ createdAt: tenDaysAgo }).where(eq(opinions.id, second.id));
    const third = expectOk(await send(staff, 'POST', '/api/opinions', opinionBody({ sentiment: 'negative' }))) as OpinionItem;
    await t.database.db
      .update(opinions)
      .set({ createdAt: new Date(now.getTime() - 40 * 86400_000) })
      .where(eq(opinions.id, third.id));

    const after = expectOk(await get(staff, '/api/opinions/trend')).days as OpinionTrendDay[];
    const diff = after.map((day, i) => ({
      date: day.date,
      positive: day.positive - before[i].positive,
      neutral: day.neutral - before[i].neutral,
      negative: day.negative - before[i].negative,
    }));
    assert.deepEqual(
      diff.filter((d) => d.positive || d.neutral || d.negative),
      [
        { date: localDate(tenDaysAgo), positive: 0, neutral: 1, negative: 0 },
        { date: localDate(now), positive: 1, neutral: 0, negative: 0 },
      ],
    );
  });

  test('a day boundary is the township midnight, not UTC midnight', async () => {
    const caller = { id: ids.userIds.staff01, dataScope: 'all', area: 1 } as AuthUser;
    // 23:30 on 15 March in Beijing is 15:30 UTC the same day; 00:30 on 16 March is 16:30 UTC on the 15th.
    const now = new Date('2026-03-20T04:00:00Z');
    const late = expectOk(await send(staff, 'POST', '/api/opinions', opinionBody({ sentiment: 'negative', title: '深夜' }))) as OpinionItem;
    const early = expectOk(
      await send(staff, 'POST', '/api/opinions', opinionBody({ sentiment: 'negative', title: '凌晨' })),
    ) as OpinionItem;
    await t.database.db
      .update(opinions)
      .set({ createdAt: new Date('2026-03-15T15:30:00Z') })
      .where(eq(opinions.id, late.id));
    await t.database.db
      .update(opinions)
      .set({ createdAt: new Date('2026-03-15T16:30:00Z') })
      .where(eq(opinions.id, early.id));
    const days = await opinionTrend(t.database.db, caller, now);
    assert.equal(days.at(-1)?.date, '2026-03-20');
    assert.equal(days.find((d) => d.date === '2026-03-15')?.negative, 1);
    assert.equal(days.find((d) => d.date === '2026-03-16')?.negative, 1);
  });
});

describe('notices (the bell)', () => {
  const bell = async (token: string) => expectOk(await get(token, '/api/notices')) as Notices;
  const group = (notices: Notices, kind: string) => notices.groups.find((g) => g.kind === kind);

  test('staff see review work and people services with counts, the latest items and links; the total counts each item once', async () => {
    const notices = await bell(staff);
    assert.deepEqual(
      notices.groups.map((g) => g.kind),
      ['submissions', 'appeals', 'photoReports', 'overdueAppeals', 'reviewPhotoReports'],
    );
    assert.deepEqual(
      notices.groups.map((g) => g.link),
      [
        '/taskManage/audit',
        '/peopleService/appeal?status=pending',
        '/peopleService/shot?status=pending',
        '/peopleService/appeal?status=overdue',
        '/peopleService/shot?status=reviewing',
      ],
    );
    // An appeal both new and overdue sits in two groups but is one piece of work.
    const db = t.database.db;
    const appealWork = await db.$count(
      appeals,
      or(eq(appeals.status, 'pending'), and(inArray(appeals.status, ['pending', 'processing']), lt(appeals.dueAt, new Date()))),
    );
    const others = ['submissions', 'photoReports', 'reviewPhotoReports'].reduce((sum, kind) => sum + (group(notices, kind)?.count ?? 0), 0);
    assert.equal(notices.total, others + appealWork);
    for (const g of notices.groups) assert.ok(g.items.length <= 5 && g.items.length <= g.count, g.kind);
    assert.equal(group(notices, 'appeals')?.count, await t.database.db.$count(appeals, eq(appeals.status, 'pending')));
  });

  test('a new appeal raises the count at once and leads the list; accepting it lowers the count', async () => {
    const before = await bell(staff);
    const appeal = await createAppeal(t, villager, { title: '铃铛测试诉求' });
    const after = await bell(staff);
    assert.equal(group(after, 'appeals')?.count, (group(before, 'appeals')?.count ?? 0) + 1);
    assert.equal(after.total, before.total + 1);
    assert.deepEqual(group(after, 'appeals')?.items[0], {
      id: appeal.id,
      title: '铃铛测试诉求',
      subtitle: '周大伯 · 第一村',
      time: appeal.createdAt,
    });
    expectOk(await appealStep(t, staff, appeal.id, 'accept'));
    assert.equal(group(await bell(staff), 'appeals')?.count, group(before, 'appeals')?.count);
  });

  test('an overdue appeal is listed under 超期诉求; reviewing a submission lowers 待审核提交', async () => {
    const before = await bell(staff);
    const appeal = await createAppeal(t, villager, { title: '超期铃铛' });
    await t.database.db
      .update(appeals)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(appeals.id, appeal.id));
    const after = await bell(staff);
    assert.equal(group(after, 'overdueAppeals')?.count, (group(before, 'overdueAppeals')?.count ?? 0) + 1);
    assert.ok(group(after, 'overdueAppeals')?.items.some((i) => i.id === appeal.id));
    assert.equal(group(after, 'appeals')?.count, (group(before, 'appeals')?.count ?? 0) + 1);
    assert.equal(after.total, before.total + 1, 'a new appeal already overdue is one more piece of work, not two');

    const pending = group(after, 'submissions');
    assert.ok(pending && pending.count > 0);
    expectOk(await audit(t, staff, pending.items[0].id, 'approved'));
    assert.equal(group(await bell(staff), 'submissions')?.count, pending.count - 1);
  });

  test('villagers and cadres get an empty bell; a role with one key sees only its groups, within its scope', async () => {
    // No pending work without a management key; their own notices come under `mine`, only theirs.
    for (const token of [villager, cadre]) {
      const own = await bell(token);
      assert.deepEqual({ total: own.total, groups: own.groups }, { total: 0, groups: [] });
      assert.equal(own.mine.unread, (await get(token, '/api/my/notices/count')).json().data.unread);
    }
    const handler = await peopleHandler(t, admin, { code: 'bell_area3', dataScope: 'area', area: 3 });
    const scoped = await bell(handler.token);
    assert.deepEqual(
      scoped.groups.map((g) => g.kind),
      ['appeals', 'photoReports', 'overdueAppeals'],
    );
    const allPending = await t.database.db.$count(appeals, eq(appeals.status, 'pending'));
    assert.ok((group(scoped, 'appeals')?.count ?? 0) < allPending);
    for (const g of scoped.groups) for (const item of g.items) assert.match(item.subtitle, /第二村$/);
    expectError(await get(undefined, '/api/notices'), 401);
  });
});
