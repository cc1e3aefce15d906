import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type {
  CenterIntroduction,
  OrgUnitNode,
  PublicNewsDetail,
  PublicNewsItem,
  VillageIntroduction,
} from '../../common/contracts/content';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { flatten, newsBody, orgBody, villageBody } from '../../tests/helpers/content';
import { expectError, expectOk } from '../../tests/helpers/tasks';
import { DANGEROUS, XSS_VECTORS } from '../../tests/helpers/xss';
import { hasHiddenCharacters } from '../../common/textRules';
import { plainText } from '../lib/sanitize';

// Every known XSS vector (tests/helpers/xss.ts) through every field of news, introductions and
// org units, over HTTP, read back from the public endpoints:
// - a rich field comes back as the sanitiser's output, with nothing executable or page-covering left;
// - a plain field comes back exactly as typed (trimmed, NUL removed: PostgreSQL text cannot hold
//   it), because the client renders it as text; one too long for its field is refused with a 400
//   naming it, and a phone number that is not one is refused the same way.

let t: TestContext;
let staff: string;

before(async () => {
  t = await createTestContext();
  staff = await t.login('staff01');
});
after(async () => {
  await t.close();
});

assert.ok(XSS_VECTORS.length >= 50, `${XSS_VECTORS.length} vectors`);

/** What a plain field stores for `text`. */
const plain = (text: string) => text.replace(/\u0000/g, '').trim();
const fits = (text: string, max: number) => Array.from(plain(text)).length <= max;
/** A name or title takes the vector when it fits and holds no hidden characters (common/textRules.ts); else a 400. */
const fitsName = (text: string, max: number) => fits(text, max) && !hasHiddenCharacters(text);
/** Rich fields get a fixed paragraph first, so a vector the sanitiser removes whole still leaves valid content. */
const LEAD = '<p>固定段落</p>';

function assertSafeRich(output: string, expected: string, where: string) {
  assert.equal(output, `${LEAD}${expected}`, where);
  for (const pattern of DANGEROUS) assert.doesNotMatch(output, pattern, `${where}: ${output}`);
}

// About a thousand requests: spread over client addresses so the per-address rate limit is not the subject.
let requests = 0;
const call = (token: string | undefined, options: InjectOptions) =>
  t.call(token, { ...options, remoteAddress: `10.44.${Math.floor(requests++ / 200)}.1` });

function json(res: LightMyRequestResponse) {
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return expectOk(res);
}

describe('XSS vectors through every field', () => {
  test('news: title and summary as text, content sanitised, on the public list and detail', async () => {
    const created = new Map<number, { title: string; summary: string; name: string }>();
    for (const [i, [name, vector, expected]] of XSS_VECTORS.entries()) {
      const title = fitsName(vector, 100) ? vector : `标题${i}`;
      const summary = fits(vector, 300) ? vector : `摘要${i}`;
      if (!fitsName(vector, 100))
        expectError(await call(staff, { method: 'POST', url: '/api/news', payload: newsBody({ title: vector }) }), 400, undefined, 'title');
      if (!fits(vector, 300))
        expectError(
          await call(staff, { method: 'POST', url: '/api/news', payload: newsBody({ summary: vector }) }),
          400,
          undefined,
          'summary',
        );
      const draft = json(
        await call(staff, {
          method: 'POST',
          url: '/api/news',
          payload: newsBody({ title, summary, content: `${LEAD}${vector}`, column: 3 }),
        }),
      );
      json(await call(staff, { method: 'POST', url: `/api/news/${draft.id}/publish` }));
      const shown = json(await call(undefined, { method: 'GET', url: `/api/public/news/${draft.id}` })) as PublicNewsDetail;
      assert.equal(shown.title, plain(title), name);
      assert.equal(shown.summary, plain(summary), name);
      assertSafeRich(shown.content, expected, name);
      created.set(draft.id, { title: plain(title), summary: plain(summary), name });
    }
    const listed: PublicNewsItem[] = [];
    for (let current = 1; ; current++) {
      const page = json(await call(undefined, { method: 'GET', url: `/api/public/news?column=3&pageSize=100&current=${current}` }));
      listed.push(...page.list);
      if (listed.length >= page.total) break;
    }
    for (const [id, expected] of created) {
      const item = listed.find((n) => n.id === id);
      assert.deepEqual({ title: item?.title, summary: item?.summary, name: expected.name }, expected);
    }
  });

  test('the centre introduction: title as text, content sanitised', async () => {
    for (const [i, [name, vector, expected]] of XSS_VECTORS.entries()) {
      const title = fitsName(vector, 100) ? vector : `中心${i}`;
      if (!fitsName(vector, 100)) {
        expectError(
          await call(staff, { method: 'PUT', url: '/api/introductions/center', payload: { title: vector, content: '', imageIds: [] } }),
          400,
          undefined,
          'title',
        );
      }
      json(
        await call(staff, {
          method: 'PUT',
          url: '/api/introductions/center',
          payload: { title, content: `${LEAD}${vector}`, imageIds: [] },
        }),
      );
      const shown = json(await call(undefined, { method: 'GET', url: '/api/public/introductions/center' })) as CenterIntroduction;
      assert.equal(shown.title, plain(title), name);
      assertSafeRich(shown.content, expected, name);
    }
  });

  test('village introductions: name and leader as text, content sanitised, phone refused', async () => {
    for (const [i, [name, vector, expected]] of XSS_VECTORS.entries()) {
      const area = 2 + (i % 11);
      const url = `/api/introductions/villages/${area}`;
      // Area names are unique: a placeholder carries the vector's number.
      const villageName = fitsName(vector, 30) ? vector : `测试村${i}`;
      const leader = fitsName(vector, 30) ? vector : `负责人${i}`;
      if (!fitsName(vector, 30)) {
        expectError(await call(staff, { method: 'PUT', url, payload: villageBody({ name: vector }) }), 400, undefined, 'name');
        expectError(
          await call(staff, { method: 'PUT', url, payload: villageBody({ name: `测试村${i}`, leader: vector }) }),
          400,
          undefined,
          'leader',
        );
      }
      expectError(
        await call(staff, { method: 'PUT', url, payload: villageBody({ name: `测试村${i}`, phone: vector }) }),
        400,
        undefined,
        'phone',
      );
      json(await call(staff, { method: 'PUT', url, payload: villageBody({ name: villageName, leader, content: `${LEAD}${vector}` }) }));
      const shown = json(
        await call(undefined, { method: 'GET', url: `/api/public/introductions/villages/${area}` }),
      ) as VillageIntroduction;
      assert.equal(shown.name, plain(villageName), name);
      assert.equal(shown.leader, plain(leader), name);
      assertSafeRich(shown.content, expected, name);
      assert.equal(shown.summary, plainText(shown.content, 120), name);
      const all = json(await call(undefined, { method: 'GET', url: '/api/public/introductions/villages' })) as VillageIntroduction[];
      assert.deepEqual(all[area - 1], shown, name);
    }
  });

  test('org units: name, leader, position and members as text, phone refused', async () => {
    const created = new Map<number, Record<string, string>>();
    for (const [i, [name, vector]] of XSS_VECTORS.entries()) {
      const fields = {
        name: fitsName(vector, 50) ? vector : `单位${i}`,
        leader: fitsName(vector, 30) ? vector : `负责人${i}`,
        position: fitsName(vector, 30) ? vector : `职务${i}`,
        members: vector,
      };
      for (const [field, max] of [
        ['name', 50],
        ['leader', 30],
        ['position', 30],
      ] as const) {
        if (!fitsName(vector, max))
          expectError(
            await call(staff, { method: 'POST', url: '/api/org-units', payload: orgBody({ [field]: vector }) }),
            400,
            undefined,
            field,
          );
      }
      expectError(
        await call(staff, { method: 'POST', url: '/api/org-units', payload: orgBody({ phone: vector }) }),
        400,
        undefined,
        'phone',
      );
      const unit = json(await call(staff, { method: 'POST', url: '/api/org-units', payload: orgBody(fields) }));
      created.set(unit.id, { vector: name, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, plain(v)])) });
    }
    const nodes = flatten(json(await call(undefined, { method: 'GET', url: '/api/public/org-units' })) as OrgUnitNode[]);
    for (const [id, expected] of created) {
      const node = nodes.find((n) => n.id === id);
      assert.deepEqual(
        { vector: expected.vector, name: node?.name, leader: node?.leader, position: node?.position, members: node?.members },
        expected,
      );
    }
  });
});
