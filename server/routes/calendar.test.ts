import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createAppeal } from '../../tests/helpers/people';
import { localDate } from '../lib/workingDays';

const DAY = 86400_000;

describe('系统设置 › 节假日安排 (/api/calendar)', () => {
  let t: TestContext;
  let admin: string;
  let villager: string;
  before(async () => {
    t = await createTestContext();
    [admin, villager] = await Promise.all([t.login('admin'), t.login('villager02')]);
  });
  after(() => t.close());

  const get = (url: string) => t.call(admin, { method: 'GET', url });
  const put = (url: string, days: unknown[]) => t.call(admin, { method: 'PUT', url, payload: { days } });

  test('the shipped 2026 arrangement is seeded: 国庆 off, 调休 Saturday worked', async () => {
    const res = await get('/api/calendar/2026');
    assert.equal(res.statusCode, 200, res.body);
    const year = res.json().data;
    assert.equal(year.source, 'builtin');
    assert.equal(year.builtinAvailable, true);
    assert.deepEqual(
      year.days.find((d: { date: string }) => d.date === '2026-10-01'),
      { date: '2026-10-01', kind: 'off', name: '国庆节' },
    );
    assert.equal(year.days.find((d: { date: string }) => d.date === '2026-10-10')?.kind, 'work');
  });

  test('a year the package lacks is unknown until an admin enters it, and stays as entered', async () => {
    const unknown = (await get('/api/calendar/2031')).json().data;
    assert.deepEqual(unknown, { year: 2031, source: null, builtinAvailable: false, days: [] });
    const days = [
      { date: '2031-10-01', kind: 'off', name: '国庆节' },
      { date: '2031-09-28', kind: 'work', name: '国庆节调休' },
    ];
    const saved = await put('/api/calendar/2031', days);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().data.source, 'admin');
    assert.deepEqual(
      saved.json().data.days.map((d: { date: string }) => d.date),
      ['2031-09-28', '2031-10-01'],
    );
    const restore = await t.call(admin, { method: 'POST', url: '/api/calendar/2031/restore' });
    assert.equal(restore.statusCode, 404);
    assert.match(restore.json().message, /2031年的内置节假日安排不存在/);
  });

  test('restoring puts back the shipped days after an edit', async () => {
    assert.equal((await put('/api/calendar/2026', [])).json().data.days.length, 0);
    const restored = await t.call(admin, { method: 'POST', url: '/api/calendar/2026/restore' });
    assert.equal(restored.statusCode, 200);
    assert.equal(restored.json().data.source, 'builtin');
    assert.ok(restored.json().data.days.length > 30);
  });

  test('bad days are refused with a 400 that names the field, and nothing is saved', async () => {
    const before = (await get('/api/calendar/2032')).json().data;
    const cases: Array<[unknown[], RegExp]> = [
      [[{ date: '2033-01-01', kind: 'off', name: '元旦' }], /日期：2033-01-01不在2032年内/],
      [[{ date: '2032-02-30', kind: 'off', name: '春节' }], /日期：2032-02-30不是有效的日期/],
      [[{ date: '2032-01-05', kind: 'work', name: '调休' }], /调休上班日应为周六或周日/],
      [
        [
          { date: '2032-01-01', kind: 'off', name: '元旦' },
          { date: '2032-01-01', kind: 'off', name: '元旦' },
        ],
        /2032-01-01重复/,
      ],
      [[{ date: '1月1日', kind: 'off', name: '元旦' }], /日期格式应为YYYY-MM-DD/],
      [[{ date: '2032-01-01', kind: 'holiday', name: '元旦' }], /类型/],
      [[{ date: '2032-01-01', kind: 'off', name: '' }], /名称/],
    ];
    for (const [days, message] of cases) {
      const res = await put('/api/calendar/2032', days);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().message, message);
    }
    const year = await get('/api/calendar/1999');
    assert.equal(year.statusCode, 400);
    assert.match(year.json().message, /年份/);
    assert.deepEqual((await get('/api/calendar/2032')).json().data, before);
  });

  test('an appeal filed now skips the days an admin marks off', async () => {
    // The next ten days off: a 3-working-day appeal is due no sooner than the 13th day from today.
    const today = Date.now();
    const days = Array.from({ length: 10 }, (_, i) => localDate(new Date(today + (i + 1) * DAY)));
    const byYear = new Map<number, Array<{ date: string; kind: string; name: string }>>();
    for (const date of days) {
      const year = Number(date.slice(0, 4));
      byYear.set(year, [...(byYear.get(year) ?? []), { date, kind: 'off', name: '测试放假' }]);
    }
    for (const [year, list] of byYear) assert.equal((await put(`/api/calendar/${year}`, list)).statusCode, 200);
    const appeal = await createAppeal(t, villager);
    const due = new Date(appeal.dueAt).getTime();
    assert.ok(due >= today + 11 * DAY, `due ${appeal.dueAt} should skip the ten days off`);
  });
});
