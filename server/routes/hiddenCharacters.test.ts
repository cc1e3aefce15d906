import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HIDDEN_CHARACTERS_MESSAGE } from '../../common/textRules';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealBody } from '../../tests/helpers/people';
import { expectOk, taskBody } from '../../tests/helpers/tasks';

// Names and titles refuse characters that show nothing, reverse the text or carry hidden text, with
// a 400 naming the field; long texts lose only the direction controls and tag characters, and keep
// their line breaks and emoji (common/textRules.ts, ADR 0039).
let t: TestContext;
let admin: string;
let staff: string;
let villager: string;

before(async () => {
  t = await createTestContext();
  [admin, staff, villager] = await Promise.all(['admin', 'staff01', 'villager02'].map((a) => t.login(a)));
});
after(async () => {
  await t.close();
});

const HIDDEN = {
  'Hangul filler U+3164 (shows blank)': '\u3164',
  'tag character U+E0041': '\u{E0041}',
  'soft hyphen U+00AD': '\u00AD',
  'combining grapheme joiner U+034F': '\u034F',
  'right-to-left override U+202E': '\u202E',
  'left-to-right isolate U+2066': '\u2066',
  'zero-width space U+200B': '\u200B',
  'zero-width joiner between letters': '\u200D',
  'word joiner U+2060': '\u2060',
  'line feed': '\n',
  'blank braille U+2800': '\u2800',
};

const opinionBody = (title: string) => ({ source: 1, title, summary: '摘要', link: '', sentiment: 'neutral', level: 1, area: 2 });

/** Each short text field: who sends it where, and the body around it. */
const SHORT_FIELDS: Array<{
  name: string;
  token: () => string;
  method: 'POST' | 'PUT';
  url: string;
  body: (v: string) => Record<string, unknown>;
  field: string;
  label: string;
}> = [
  {
    name: 'task title',
    token: () => staff,
    method: 'POST',
    url: '/api/tasks',
    body: (v) => taskBody({ title: v }),
    field: 'title',
    label: '任务标题',
  },
  {
    name: 'appeal title',
    token: () => villager,
    method: 'POST',
    url: '/api/appeals',
    body: (v) => appealBody({ title: v }),
    field: 'title',
    label: '诉求标题',
  },
  { name: 'opinion title', token: () => staff, method: 'POST', url: '/api/opinions', body: opinionBody, field: 'title', label: '标题' },
  {
    name: 'group name',
    token: () => admin,
    method: 'POST',
    url: '/api/groups',
    body: (v) => ({ name: v }),
    field: 'name',
    label: '分组名称',
  },
  {
    name: 'calendar day name',
    token: () => admin,
    method: 'PUT',
    url: '/api/calendar/2030',
    body: (v) => ({ days: [{ date: '2030-01-01', kind: 'off', name: v }] }),
    field: 'days.0.name',
    label: '名称',
  },
  {
    name: 'ICP number',
    token: () => admin,
    method: 'PUT',
    url: '/api/settings',
    body: (v) => ({ icpNumber: v }),
    field: 'icpNumber',
    label: '备案号',
  },
];

describe('short texts', () => {
  for (const f of SHORT_FIELDS) {
    test(`${f.name}: every hidden character is a 400 naming the field`, async () => {
      for (const [what, c] of Object.entries(HIDDEN)) {
        const res = await t.call(f.token(), { method: f.method, url: f.url, payload: f.body(`路灯${c}维修`) });
        assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
        assert.deepEqual(res.json().errors, [{ field: f.field, label: f.label, message: HIDDEN_CHARACTERS_MESSAGE }], what);
      }
      // A text of nothing but fillers is not "filled in".
      const blank = await t.call(f.token(), { method: f.method, url: f.url, payload: f.body('\u3164\u3164') });
      assert.equal(blank.statusCode, 400, blank.body);
    });
  }

  test('emoji joined into one picture are harmless in a title', async () => {
    const title = '家庭👨‍👩‍👧活动🏳️‍🌈报名';
    const task = expectOk(await t.call(staff, { method: 'POST', url: '/api/tasks', payload: taskBody({ title }) }));
    assert.equal(task.title, title);
  });
});

describe('long texts', () => {
  test('an appeal keeps its lines and emoji and loses direction controls and tag characters', async () => {
    const content = '第一行\u202E反转\u202C👨‍👩‍👧\n第二行\u2067隔离\u2069\u{E0041}\u{E0042}结束';
    const appeal = expectOk(await t.call(villager, { method: 'POST', url: '/api/appeals', payload: appealBody({ content }) }));
    const detail = () => t.call(staff, { method: 'GET', url: `/api/appeals/${appeal.id}` });
    assert.equal(expectOk(await detail()).content, '第一行反转👨‍👩‍👧\n第二行隔离结束');
    const reply = '已处理\u202E完毕\r\n谢谢';
    await t.call(staff, { method: 'POST', url: `/api/appeals/${appeal.id}/accept` });
    expectOk(await t.call(staff, { method: 'POST', url: `/api/appeals/${appeal.id}/reply`, payload: { reply } }));
    assert.equal(expectOk(await detail()).reply, '已处理完毕\r\n谢谢');
  });

  test('rich text loses them too', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/news',
      payload: { title: '通知', column: 1, area: null, content: '<p>正文\u202E倒序\u{E0041}</p>', pinned: false, coverId: null },
    });
    const news = expectOk(res);
    assert.equal(news.content, '<p>正文倒序</p>');
  });
});
