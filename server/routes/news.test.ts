import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { NewsDetail, NewsItem, PublicNewsDetail, PublicNewsItem } from '../../common/contracts/content';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { adminNewsRows } from '../services/content/news';
import { createNews, newsAction, newsBody, publishedNews } from '../../tests/helpers/content';
import { createAccount, expectError, expectOk, lookups, uploadImages } from '../../tests/helpers/tasks';

// One app for the whole file: building one costs seconds.
let t: TestContext;
let admin: string;
let staff: string;
let staff2: string;
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff, staff2] = await Promise.all([t.login('admin'), t.login('staff01'), t.login('staff02')]);
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const put = (token: string, id: number, overrides: Record<string, unknown> = {}) =>
  t.call(token, { method: 'PUT', url: `/api/news/${id}`, payload: newsBody(overrides) });
const del = (token: string, id: number) => t.call(token, { method: 'DELETE', url: `/api/news/${id}` });
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/news?pageSize=100&${query}`)) as { list: NewsItem[]; total: number; current: number; pageSize: number };
const publicList = async (query = '') =>
  expectOk(await get(undefined, `/api/public/news?pageSize=100&${query}`)) as { list: PublicNewsItem[]; total: number };

describe('writing news', () => {
  test('a new item is a draft with sanitised content, trimmed title, its author and 全镇 when town-wide', async () => {
    const [coverId] = await uploadImages(t, staff, 1);
    const created = await createNews(t, staff, {
      title: '  村村通公交开通  ',
      summary: '  摘要写在这里  ',
      content: '<p onclick="x()">公交<script>alert(1)</script><strong>开通</strong></p><img src="https://evil.com/a.png">',
      column: 2,
      coverId,
      pinned: true,
    });
    assert.equal(created.status, 'draft');
    assert.equal(created.title, '村村通公交开通');
    assert.equal(created.summary, '摘要写在这里');
    assert.equal(created.content, '<p>公交<strong>开通</strong></p>');
    assert.equal(created.column, 2);
    assert.equal(created.area, null);
    assert.equal(created.areaName, '全镇');
    assert.equal(created.cover?.id, coverId);
    assert.match(created.cover?.url ?? '', /^\/api\/uploads\/[0-9a-f-]{36}\.png$/);
    assert.equal(created.cover?.width, 20);
    assert.equal(created.pinned, true);
    assert.equal(created.views, 0);
    assert.equal(created.publishedAt, null);
    assert.equal(created.authorId, ids.userIds.staff01);
    assert.equal(created.authorName, '李晓燕');
    assert.deepEqual(expectOk(await get(staff, `/api/news/${created.id}`)), created);
  });

  test('a blank summary is made from the content; an area is named', async () => {
    const created = await createNews(t, staff, { summary: '  ', area: 3, content: `<h2>标题</h2><p>${'长'.repeat(200)}</p>` });
    assert.equal(Array.from(created.summary).length, 120);
    assert.ok(created.summary.startsWith('标题 长长'));
    assert.ok(created.summary.endsWith('…'));
    assert.equal(created.areaName, '第二村');
    const { summary: _omitted, ...withoutSummary } = newsBody({ content: '<p>没有摘要字段</p>' });
    assert.equal((expectOk(await post(staff, '/api/news', withoutSummary)) as NewsDetail).summary, '没有摘要字段');
  });

  test('bad input is a 400 naming the field in Chinese', async () => {
    const [villagerUpload] = await uploadImages(t, await t.login('villager02'), 1);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '   ' }, 'title', '标题'],
      [{ title: '长'.repeat(101) }, 'title', '标题'],
      [{ summary: '长'.repeat(301) }, 'summary', '摘要'],
      [{ content: '' }, 'content', '正文'],
      [{ content: '<script>alert(1)</script><p> </p>' }, 'content', '正文'],
      [{ column: 0 }, 'column', '栏目'],
      [{ column: 5 }, 'column', '栏目'],
      [{ area: 13 }, 'area', '所属区域'],
      [{ area: '全镇' }, 'area', '所属区域'],
      [{ coverId: 0 }, 'coverId', '封面图'],
      [{ coverId: 999999 }, 'coverId', '封面图'],
      // Someone else's photo (a villager's, here) cannot become a public cover by its id.
      [{ coverId: villagerUpload }, 'coverId', '封面图'],
      [{ pinned: '也许' }, 'pinned', '置顶'],
    ];
    for (const [overrides, field, label] of cases) {
      const body = expectError(await post(staff, '/api/news', newsBody(overrides)), 400, undefined, field);
      assert.equal(body.errors[0].label, label, JSON.stringify(overrides));
      assert.ok(body.message.startsWith(`${label}：`), body.message);
    }
    for (const [field, label] of [
      ['title', '标题'],
      ['content', '正文'],
      ['column', '栏目'],
      ['area', '所属区域'],
      ['coverId', '封面图'],
    ]) {
      const body: Record<string, unknown> = newsBody();
      delete body[field];
      expectError(await post(staff, '/api/news', body), 400, `${label}：不能为空`, field);
    }
  });

  test('any state may be edited; a colleague keeps the cover someone else uploaded', async () => {
    const [coverId] = await uploadImages(t, staff, 1);
    const item = await publishedNews(t, staff, { title: '原标题', coverId });
    const edited = expectOk(
      await put(staff2, item.id, { title: '新标题', coverId, column: 3, area: 4, content: '<p>改过的正文</p>' }),
    ) as NewsDetail;
    assert.equal(edited.title, '新标题');
    assert.equal(edited.status, 'published');
    assert.equal(edited.cover?.id, coverId);
    assert.equal(edited.column, 3);
    assert.equal(edited.areaName, '第三村');
    assert.equal(edited.authorName, '李晓燕', 'the author stays who wrote it');
    assert.ok(edited.updatedAt > item.updatedAt);
    // A new cover must be the editor's own upload.
    const [other] = await uploadImages(t, staff, 1);
    expectError(await put(staff2, item.id, { coverId: other }), 400, '封面图：图片不存在或不是您本人上传的，请重新上传', 'coverId');
    expectOk(await put(staff2, item.id, { coverId: null }));
    expectError(await put(staff, 99999), 404, '新闻不存在');
  });

  test('delete: drafts and offline items go, a published one must be taken offline first', async () => {
    const draft = await createNews(t, staff);
    assert.deepEqual((await del(staff, draft.id)).json(), { code: 200, message: '新闻已删除' });
    expectError(await get(staff, `/api/news/${draft.id}`), 404, '新闻不存在');
    expectError(await del(staff, draft.id), 404, '新闻不存在');

    const live = await publishedNews(t, staff);
    expectError(await del(staff, live.id), 409, '新闻已发布，不能删除，请先下线');
    expectOk(await newsAction(t, staff, live.id, 'offline'));
    assert.equal((await del(staff, live.id)).statusCode, 200);
  });
});

describe('states and pinning', () => {
  test('draft → published → offline → published, every other move a 409; the first publication dates it', async () => {
    const item = await createNews(t, staff);
    expectError(await newsAction(t, staff, item.id, 'offline'), 409, '草稿尚未发布，无需下线');
    const published = expectOk(await newsAction(t, staff, item.id, 'publish')) as NewsItem;
    assert.equal(published.status, 'published');
    assert.ok(published.publishedAt);
    assert.equal('content' in published, false);
    expectError(await newsAction(t, staff, item.id, 'publish'), 409, '新闻已发布，请勿重复发布');
    const offline = expectOk(await newsAction(t, staff, item.id, 'offline')) as NewsItem;
    assert.equal(offline.status, 'offline');
    assert.equal(offline.publishedAt, published.publishedAt);
    expectError(await newsAction(t, staff, item.id, 'offline'), 409, '新闻已下线，请勿重复操作');
    const again = expectOk(await newsAction(t, staff, item.id, 'publish')) as NewsItem;
    assert.equal(again.status, 'published');
    assert.equal(again.publishedAt, published.publishedAt, 'going back online keeps the first date');
    for (const action of ['publish', 'offline', 'pin', 'unpin'] as const) {
      expectError(await newsAction(t, staff, 99999, action), 404, '新闻不存在');
    }
  });

  test('pin and unpin, in any state, each refused when already done', async () => {
    const item = await createNews(t, staff);
    expectError(await newsAction(t, staff, item.id, 'unpin'), 409, '新闻未置顶，无需取消');
    assert.equal((expectOk(await newsAction(t, staff, item.id, 'pin')) as NewsItem).pinned, true);
    expectError(await newsAction(t, staff, item.id, 'pin'), 409, '新闻已置顶，请勿重复操作');
    assert.equal((expectOk(await newsAction(t, staff, item.id, 'unpin')) as NewsItem).pinned, false);
  });

  test('two publishes or two deletes at once: one wins, the other gets a 409 or 404', async () => {
    const item = await createNews(t, staff);
    const results = await Promise.all([newsAction(t, staff, item.id, 'publish'), newsAction(t, staff2, item.id, 'publish')]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
    const draft = await createNews(t, staff);
    const deletes = await Promise.all([del(staff, draft.id), del(staff2, draft.id)]);
    assert.deepEqual(deletes.map((r) => r.statusCode).sort(), [200, 404]);
  });
});

describe('the admin list', () => {
  test('filters by title, column, status, area and pinned, pinned first then newest, paged in the database', async () => {
    const tag = `筛选${Date.now()}`;
    const a = await createNews(t, staff, { title: `${tag}甲`, column: 4, area: 6 });
    const b = await publishedNews(t, staff, { title: `${tag}乙`, column: 4, area: 6, pinned: true });
    const c = await publishedNews(t, staff, { title: `${tag}丙`, column: 1 });
    const title = `title=${encodeURIComponent(tag)}`;
    assert.deepEqual(
      (await list(staff, title)).list.map((n) => n.id),
      [b.id, c.id, a.id],
    );
    assert.deepEqual(
      (await list(staff, `${title}&column=4`)).list.map((n) => n.id),
      [b.id, a.id],
    );
    assert.deepEqual(
      (await list(staff, `${title}&status=draft`)).list.map((n) => n.id),
      [a.id],
    );
    assert.deepEqual(
      (await list(staff, `${title}&area=6`)).list.map((n) => n.id),
      [b.id, a.id],
    );
    assert.deepEqual(
      (await list(staff, `${title}&pinned=true`)).list.map((n) => n.id),
      [b.id],
    );
    assert.deepEqual(
      (await list(staff, `${title}&pinned=false`)).list.map((n) => n.id),
      [c.id, a.id],
    );
    // LIKE wildcards in the search are plain characters.
    assert.equal((await list(staff, 'title=%25')).total, 0);

    const pageOne = expectOk(await get(staff, `/api/news?${title}&pageSize=2&current=1`));
    const pageTwo = expectOk(await get(staff, `/api/news?${title}&pageSize=2&current=2`));
    assert.equal(pageOne.total, 3);
    assert.deepEqual(
      [...pageOne.list, ...pageTwo.list].map((n: NewsItem) => n.id),
      [b.id, c.id, a.id],
    );
    assert.deepEqual([pageTwo.current, pageTwo.pageSize], [2, 2]);
  });

  test('pinned items come first in any state, newest written first within each; pinning moves an item up', async () => {
    const tag = `置顶在前${Date.now()}`;
    const title = `title=${encodeURIComponent(tag)}`;
    const oldPinnedDraft = await createNews(t, staff, { title: `${tag}旧草稿`, pinned: true });
    const older = await publishedNews(t, staff, { title: `${tag}旧` });
    const pinnedOffline = await publishedNews(t, staff, { title: `${tag}下线`, pinned: true });
    expectOk(await newsAction(t, staff, pinnedOffline.id, 'offline'));
    const newest = await createNews(t, staff, { title: `${tag}新` });
    const order = async () => (await list(staff, title)).list.map((n) => [n.title.slice(tag.length), n.pinned]);
    assert.deepEqual(await order(), [
      ['下线', true],
      ['旧草稿', true],
      ['新', false],
      ['旧', false],
    ]);
    expectOk(await newsAction(t, staff, older.id, 'pin'));
    expectOk(await newsAction(t, staff, oldPinnedDraft.id, 'unpin'));
    assert.deepEqual(await order(), [
      ['下线', true],
      ['旧', true],
      ['新', false],
      ['旧草稿', false],
    ]);
    // Pages follow the same order.
    const pages = await Promise.all(
      [1, 2].map(async (current) => expectOk(await get(staff, `/api/news?${title}&pageSize=2&current=${current}`))),
    );
    assert.deepEqual(
      pages.flatMap((p) => p.list.map((n: NewsItem) => n.id)),
      [pinnedOffline.id, older.id, newest.id, oldPinnedDraft.id],
    );
    // A column the manager sorts by orders alone: the pinned item is no longer held at the top.
    const byCreated = (await list(staff, `${title}&sortField=createdAt&sortOrder=descend`)).list.map((n) => n.id);
    assert.deepEqual(byCreated, [newest.id, pinnedOffline.id, older.id, oldPinnedDraft.id]);
  });

  test('the default order is read from news_pinned_created_idx', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // On a small table the planner would rightly scan and sort; forbid that to see the index serves the order.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(sql`explain ${adminNewsRows(tx, undefined, { current: 1, pageSize: 20 })}`);
    });
    const text = (plan as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(text, /Index Scan Backward using news_pinned_created_idx/, text);
    assert.doesNotMatch(text, /\bSort\b/, text);
  });

  test('sorts by views or publication; drafts go last by publication either way', async () => {
    const byViews = (await list(staff, 'sortField=views&sortOrder=ascend')).list.map((n) => n.views);
    assert.deepEqual(
      byViews,
      [...byViews].sort((x, y) => x - y),
    );
    for (const order of ['ascend', 'descend']) {
      const items = (await list(staff, `sortField=publishedAt&sortOrder=${order}`)).list;
      const firstDraft = items.findIndex((n) => n.publishedAt === null);
      assert.ok(firstDraft > 0);
      assert.ok(
        items.slice(firstDraft).every((n) => n.publishedAt === null),
        order,
      );
    }
  });

  test('bad queries are a 400 naming the field', async () => {
    expectError(await get(staff, '/api/news?sortField=title'), 400, undefined, 'sortField');
    expectError(await get(staff, '/api/news?pageSize=101'), 400, undefined, 'pageSize');
    expectError(await get(staff, '/api/news?status=archived'), 400, undefined, 'status');
    expectError(await get(staff, '/api/news?column=9'), 400, undefined, 'column');
    expectError(await get(staff, '/api/news/abc'), 400, undefined, 'id');
  });
});

describe('data scope', () => {
  let areaManager: string;
  let selfManager: string;
  let villageTwo: NewsDetail;
  let townWide: NewsDetail;

  before(async () => {
    const areaRole = expectOk(
      await post(admin, '/api/roles', { name: '村新闻管理员', code: 'area_news_admin', permissions: ['newsManage'], dataScope: 'area' }),
    );
    const selfRole = expectOk(
      await post(admin, '/api/roles', { name: '通讯员', code: 'self_news_admin', permissions: ['newsManage'], dataScope: 'self' }),
    );
    areaManager = (await createAccount(t, admin, { account: 'newsmgr03', roleId: areaRole.id, area: 3 })).token;
    selfManager = (await createAccount(t, admin, { account: 'reporter04', roleId: selfRole.id, area: 4 })).token;
    villageTwo = await createNews(t, staff, { title: '二村新闻（范围）', area: 2 });
    townWide = await createNews(t, staff, { title: '全镇新闻（范围）', area: null });
  });

  test('an area manager sees and changes only their own area’s news, never town-wide ones', async () => {
    const own = expectOk(await post(areaManager, '/api/news', newsBody({ title: '二村自办新闻', area: 3 }))) as NewsDetail;
    const seen = await list(areaManager);
    assert.ok(seen.total > 0);
    assert.ok(seen.list.every((n) => n.area === 3));
    assert.ok(seen.list.some((n) => n.id === own.id));
    for (const other of [villageTwo, townWide]) {
      expectError(await get(areaManager, `/api/news/${other.id}`), 404, '新闻不存在');
      expectError(await put(areaManager, other.id, { area: 3 }), 404);
      expectError(await newsAction(t, areaManager, other.id, 'publish'), 404);
      expectError(await del(areaManager, other.id), 404);
    }
    expectError(await post(areaManager, '/api/news', newsBody({ area: null })), 400, '所属区域：只能发布本村（社区）的新闻', 'area');
    expectError(await post(areaManager, '/api/news', newsBody({ area: 2 })), 400, undefined, 'area');
    expectError(await put(areaManager, own.id, { area: 2 }), 400, undefined, 'area');
    expectOk(await newsAction(t, areaManager, own.id, 'publish'));
    expectOk(await newsAction(t, areaManager, own.id, 'pin'));
  });

  test('a self-scoped manager sees and changes only what they wrote, for any area', async () => {
    const own = expectOk(await post(selfManager, '/api/news', newsBody({ title: '通讯员稿件', area: null }))) as NewsDetail;
    const seen = await list(selfManager);
    assert.deepEqual(
      seen.list.map((n) => n.id),
      [own.id],
    );
    expectError(await get(selfManager, `/api/news/${townWide.id}`), 404);
    expectOk(await put(selfManager, own.id, { title: '通讯员稿件（改）', area: 2 }));
    expectOk(await newsAction(t, selfManager, own.id, 'publish'));
  });

  test('staff with scope all see everything', async () => {
    const seen = await list(staff, `title=${encodeURIComponent('（范围）')}`);
    assert.deepEqual(seen.list.map((n) => n.id).sort(), [villageTwo.id, townWide.id].sort());
  });
});

describe('public news', () => {
  test('published only; a draft or offline item is a 404; no author id or state is given away', async () => {
    const draft = await createNews(t, staff, { title: '公开草稿' });
    const live = await publishedNews(t, staff, { title: '公开新闻', content: '<p>第一段</p><p>第二段</p>' });
    const gone = await publishedNews(t, staff, { title: '下线新闻' });
    expectOk(await newsAction(t, staff, gone.id, 'offline'));

    const page = await publicList();
    const shown = new Set(page.list.map((n) => n.id));
    assert.ok(shown.has(live.id));
    assert.ok(!shown.has(draft.id) && !shown.has(gone.id));
    const item = page.list.find((n) => n.id === live.id) as PublicNewsItem;
    assert.deepEqual(Object.keys(item).sort(), [
      'area',
      'areaName',
      'authorName',
      'column',
      'cover',
      'id',
      'pinned',
      'publishedAt',
      'summary',
      'title',
      'views',
    ]);
    assert.equal(item.summary, '第一段 第二段');
    const detail = expectOk(await get(undefined, `/api/public/news/${live.id}`)) as PublicNewsDetail;
    assert.equal(detail.content, '<p>第一段</p><p>第二段</p>');
    expectError(await get(undefined, `/api/public/news/${draft.id}`), 404, '新闻不存在');
    expectError(await get(undefined, `/api/public/news/${gone.id}`), 404, '新闻不存在');
    expectError(await get(undefined, '/api/public/news/99999'), 404, '新闻不存在');
  });

  test('pinned first, then newest published, then newest id; pages follow the same order', async () => {
    await publishedNews(t, staff, { title: '排序置顶', pinned: true });
    await publishedNews(t, staff, { title: '排序普通' });
    const all = (await publicList()).list;
    assert.ok(all.length > 10);
    const key = (n: PublicNewsItem) => [n.pinned ? 1 : 0, Date.parse(n.publishedAt), n.id];
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [key(all[i - 1]), key(all[i])];
      const before = a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] > b[2])));
      assert.ok(before, `${all[i - 1].title} before ${all[i].title}`);
    }
    assert.equal(all[0].pinned, true);
    const paged: PublicNewsItem[] = [];
    for (let current = 1; paged.length < all.length; current++) {
      const page = expectOk(await get(undefined, `/api/public/news?pageSize=4&current=${current}`));
      assert.equal(page.total, all.length);
      assert.ok(page.list.length > 0);
      paged.push(...page.list);
    }
    assert.deepEqual(
      paged.map((n) => n.id),
      all.map((n) => n.id),
    );
  });

  test('filters: an area shows its own and the town-wide news; column, pinned and title', async () => {
    const seven = await publishedNews(t, staff, { title: '七村独有新闻', area: 8, column: 4 });
    const town = await publishedNews(t, staff, { title: '全镇共享新闻', area: null, column: 4 });
    const elsewhere = await publishedNews(t, staff, { title: '九村独有新闻', area: 10, column: 4 });
    const areaEight = (await publicList('area=8')).list;
    assert.ok(areaEight.every((n) => n.area === 8 || n.area === null));
    const shown = new Set(areaEight.map((n) => n.id));
    assert.ok(shown.has(seven.id) && shown.has(town.id) && !shown.has(elsewhere.id));
    assert.ok((await publicList('column=4')).list.every((n) => n.column === 4));
    const banner = (await publicList('pinned=true')).list;
    assert.ok(banner.length >= 3 && banner.every((n) => n.pinned));
    assert.deepEqual(
      (await publicList(`title=${encodeURIComponent('九村独有')}`)).list.map((n) => n.id),
      [elsewhere.id],
    );
    expectError(await get(undefined, '/api/public/news?area=0'), 400, undefined, 'area');
  });

  test('the demo banner: three pinned items with covers', async () => {
    const demoPinned = (await publicList('pinned=true')).list.filter((n) => n.id <= 16);
    assert.equal(demoPinned.length, 3);
    assert.ok(demoPinned.every((n) => n.cover !== null));
  });

  test('each read counts one view, atomically: 20 readers at once add exactly 20', async () => {
    const item = await publishedNews(t, staff, { title: '浏览计数' });
    const before = (expectOk(await get(staff, `/api/news/${item.id}`)) as NewsDetail).views;
    assert.equal(before, 0, 'the admin detail counts nothing');
    const reads = await Promise.all(Array.from({ length: 20 }, () => get(undefined, `/api/public/news/${item.id}`)));
    const counts = reads.map((r) => (expectOk(r) as PublicNewsDetail).views).sort((a, b) => a - b);
    assert.deepEqual(
      counts,
      Array.from({ length: 20 }, (_, i) => i + 1),
      'each reader got its own count',
    );
    assert.equal((expectOk(await get(staff, `/api/news/${item.id}`)) as NewsDetail).views, 20);
    assert.equal((await publicList()).list.find((n) => n.id === item.id)?.views, 20, 'the list counts nothing');
  });
});
