import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SearchGroup, SearchHit, SearchResult } from '../../common/contracts/search';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews } from '../../tests/helpers/content';
import { createAppeal, createPhotoReport, peopleHandler } from '../../tests/helpers/people';
import { createTask, expectError, expectOk, uploadImages } from '../../tests/helpers/tasks';

// The header search (ADR 0059): any part of Chinese text, ranked, highlighted, within each kind's
// access key and data scope.

let t: TestContext;
let admin: string;
let villager2: string; // villager02, area 2
let villager3: string; // villager03, area 3
let areaHandler: string; // peopleService only, scope area, area 3

before(async () => {
  t = await createTestContext();
  [admin, villager2, villager3] = await Promise.all(['admin', 'villager02', 'villager03'].map((a) => t.login(a)));
  areaHandler = (await peopleHandler(t, admin, { code: 'search_area3', dataScope: 'area', area: 3 })).token;
});
after(async () => {
  await t.close();
});

const search = async (token: string, q: string, extra = '') =>
  expectOk(await t.call(token, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` })) as SearchResult;
const group = (result: SearchResult, kind: SearchGroup['kind']) => result.groups.find((g) => g.kind === kind);
const marked = (text: string, marks: Array<[number, number]>) => marks.map(([start, end]) => text.slice(start, end));

describe('finding records by any part of their text', () => {
  test('a middle substring of Chinese text finds appeals, photo reports, tasks, news and people, each with its marks', async () => {
    const appeal = await createAppeal(t, villager2, { title: '水渠堵塞', content: '村民反映东头道路积水严重，希望尽快疏通。' });
    const [image] = await uploadImages(t, villager2, 1);
    const report = await createPhotoReport(t, villager2, [image], { description: '桥头道路积水成片', location: '第一村桥头' });
    const task = await createTask(t, admin, { title: '道路积水排查', content: '<p>各村排查<b>积水</b>点位</p>' });
    const item = await createNews(t, admin, { title: '镇里部署', summary: '', content: '<p>集中整治道路积水问题</p>' });

    const result = await search(admin, '路积');
    const ids = (kind: SearchGroup['kind']) => group(result, kind)!.hits.map((h) => h.id);
    assert.ok(ids('appeal').includes(appeal.id));
    assert.ok(ids('photoReport').includes(report.id));
    assert.ok(ids('task').includes(task.id));
    assert.ok(ids('news').includes(item.id));

    const hit = group(result, 'appeal')!.hits.find((h) => h.id === appeal.id)!;
    assert.equal(hit.title, '水渠堵塞');
    assert.deepEqual(hit.titleMarks, []);
    assert.deepEqual(marked(hit.snippet, hit.snippetMarks), ['路积']);
    assert.equal(hit.snippet, '村民反映东头道路积水严重，希望尽快疏通。');
    assert.deepEqual(hit.snippetMarks, [[7, 9]]);
    assert.match(hit.meta, /第一村 · 待受理/);

    const taskHit = group(result, 'task')!.hits.find((h) => h.id === task.id)!;
    assert.deepEqual(taskHit.titleMarks, [[1, 3]]);
    const newsHit = group(result, 'news')!.hits.find((h) => h.id === item.id)!;
    assert.equal(newsHit.snippet.trim(), '集中整治道路积水问题');
    assert.deepEqual(marked(newsHit.snippet, newsHit.snippetMarks), ['路积']);

    const people = await search(admin, '晓燕');
    assert.deepEqual(
      group(people, 'user')!.hits.map((h) => [h.title, marked(h.title, h.titleMarks)]),
      [['李晓燕', ['晓燕']]],
    );
  });

  test('every term must occur, anywhere; the tags of rich text are not text', async () => {
    const appeal = await createAppeal(t, villager2, { title: '垃圾清运不及时', content: '西头巷子里堆了三天。' });
    const both = await search(admin, '清运 巷子');
    assert.deepEqual(
      group(both, 'appeal')!.hits.map((h) => h.id),
      [appeal.id],
    );
    const hit = group(both, 'appeal')!.hits[0];
    assert.deepEqual(marked(hit.title, hit.titleMarks), ['清运']);
    assert.deepEqual(marked(hit.snippet, hit.snippetMarks), ['巷子']);
    assert.equal(group(await search(admin, '清运 没有这个词'), 'appeal')!.hits.length, 0);
    assert.equal(group(await search(admin, '<b>'), 'task')!.hits.length, 0);
  });

  test('one character finds too, and Latin letters match whatever their case', async () => {
    const appeal = await createAppeal(t, villager2, { title: '鳝鱼塘', content: 'WiFi 信号差' });
    assert.ok(group(await search(admin, '鳝'), 'appeal')!.hits.some((h) => h.id === appeal.id));
    const hit = group(await search(admin, 'wifi'), 'appeal')!.hits.find((h) => h.id === appeal.id)!;
    assert.deepEqual(marked(hit.snippet, hit.snippetMarks), ['WiFi']);
  });

  test('titles holding the words come first, then the newest', async () => {
    const older = await createAppeal(t, villager2, { title: '古井护栏', content: '请修一下。' });
    const inBody = await createAppeal(t, villager2, { title: '一件事', content: '古井护栏断了。' });
    const newer = await createAppeal(t, villager2, { title: '古井护栏松动', content: '请修一下。' });
    const hits = group(await search(admin, '井护'), 'appeal')!.hits.map((h: SearchHit) => h.id);
    assert.deepEqual(hits, [newer.id, older.id, inBody.id]);
  });

  test('at most `limit` a kind, and says there are more', async () => {
    for (let i = 0; i < 3; i += 1) await createAppeal(t, villager2, { title: `稻田灌溉${i}` });
    const result = await search(admin, '田灌', '&limit=2');
    assert.equal(group(result, 'appeal')!.hits.length, 2);
    assert.equal(group(result, 'appeal')!.more, true);
    assert.equal(group(await search(admin, '田灌', '&limit=3'), 'appeal')!.more, false);
  });
});

describe('scope', () => {
  test("a village-scoped handler finds their village's appeals and reports, never another village's, and no kind without its key", async () => {
    const mine = await createAppeal(t, villager3, { title: '鱼塘漏水', area: 3, phone: '13900000303' });
    const theirs = await createAppeal(t, villager2, { title: '鱼塘漏水', area: 2 });
    const result = await search(areaHandler, '塘漏');
    assert.deepEqual(
      result.groups.map((g) => g.kind),
      ['appeal', 'photoReport'],
    );
    const ids = group(result, 'appeal')!.hits.map((h) => h.id);
    assert.ok(ids.includes(mine.id));
    assert.ok(!ids.includes(theirs.id));
    const all = group(await search(admin, '塘漏'), 'appeal')!.hits.map((h) => h.id);
    assert.ok(all.includes(mine.id) && all.includes(theirs.id));
  });

  test('a villager with no admin key finds nothing', async () => {
    assert.deepEqual((await search(villager2, '路灯')).groups, []);
  });

  test('only signed-in callers', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/search?q=路灯' }), 401);
  });
});

describe('bad input', () => {
  test('an empty or blank query, or a too long one, is a 400 naming 搜索内容', async () => {
    for (const q of ['', '   ', '路'.repeat(51)]) {
      expectError(await t.call(admin, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` }), 400, /搜索内容/, 'q');
    }
    expectError(await t.call(admin, { method: 'GET', url: '/api/search' }), 400, /搜索内容/, 'q');
  });

  test('a limit outside 1–10 is a 400 naming 每类条数; wildcards are text', async () => {
    expectError(await t.call(admin, { method: 'GET', url: '/api/search?q=abc&limit=0' }), 400, /每类条数/, 'limit');
    expectError(await t.call(admin, { method: 'GET', url: '/api/search?q=abc&limit=11' }), 400, /每类条数/, 'limit');
    const appeal = await createAppeal(t, villager2, { title: '百分之50%的路', content: '下划线_也是字' });
    assert.deepEqual(
      group(await search(admin, '50%'), 'appeal')!.hits.map((h) => h.id),
      [appeal.id],
    );
    assert.equal(group(await search(admin, '%'), 'appeal')!.hits[0].id, appeal.id);
  });
});
