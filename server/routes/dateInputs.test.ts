import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { expectError, inDays, taskBody } from '../../tests/helpers/tasks';

// Every date and date-time a caller sends (list and export filters, a task's deadline, a report's
// day, a calendar's days) is refused with a 400 naming the field unless JavaScript and the database
// can both hold it: a value that passed the schema and then became an Invalid Date was a 500.
let t: TestContext;
let admin: string;

before(async () => {
  // The routes are found in the OpenAPI description, served only with the API docs on.
  // Hundreds of bad values a minute from one address: the API's rate limit is not what is tested here.
  t = await createTestContext({ config: { apiDocs: true, rateLimitPerMinute: 1_000_000 } });
  admin = await t.login('admin');
});
after(async () => {
  await t.close();
});

/** Values a date-time field must refuse: each passed RFC 3339 or the year check and then failed, or is simply not a time. */
const BAD_DATE_TIMES = [
  '2026-12-31T23:59:60Z', // a leap second: valid RFC 3339, an Invalid Date in JavaScript
  '2026-06-30T23:59:60+00:00',
  '2026-02-30T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T23:60:00Z',
  '2026-01-01T00:00:00+24:00',
  '0000-01-01T00:00:00Z',
  '275761-01-01T00:00:00Z',
  '+275760-09-13T00:00:01Z',
  '-000001-01-01T00:00:00Z',
  '+002026-01-01T00:00:00Z',
  '',
  ' ',
  ' 2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00Z ',
  '2026-01-01T00:00:00Zjunk',
  '2026-01-01T00:00:00',
  '2026-01-01',
  '1767225600000',
  '0',
  'NaN',
  'Invalid Date',
  `2026-01-01T00:00:00.${'1'.repeat(5000)}Z`,
  '2'.repeat(10000),
];

/** Values a calendar day (YYYY-MM-DD) must refuse. */
const BAD_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-01',
  '2026-04-31',
  '0000-01-01',
  '9999-12-31',
  '',
  ' ',
  '2026-01-01 ',
  '2026-01-01x',
  '2026-01-01T00:00:00Z',
  '20260101',
  '1767225600000',
];

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { format?: string };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}

/** Every GET route with a date-time in its query, from the app's own OpenAPI description. */
function dateTimeQueryRoutes(): { url: string; query: string; field: string }[] {
  const doc = t.app.swagger() as unknown as OpenApiDoc;
  const found: { url: string; query: string; field: string }[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    const parameters = methods.get?.parameters ?? [];
    const url = route.replace(/\{[^}]+\}/g, '1');
    // Other required query values (a ledger's user) are given, so that only the date is wrong.
    const required = parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=1&`);
    for (const p of parameters) {
      if (p.in === 'query' && p.schema?.format === 'date-time') found.push({ url, query: required.join(''), field: p.name });
    }
  }
  return found;
}

describe('date-time filters', () => {
  test('every list and export with a period filter is covered', () => {
    const routes = new Set(dateTimeQueryRoutes().map((r) => r.url));
    // The lists and their exports known to filter by a period: more may come, none may go unseen.
    for (const url of ['/api/appeals', '/api/appeals/export', '/api/tasks', '/api/tasks/export', '/api/news', '/api/login-logs']) {
      assert.ok(routes.has(url), `${url} among ${[...routes].join(' ')}`);
    }
    assert.ok(routes.size >= 19, `${routes.size} routes`);
  });

  test('a value JavaScript cannot represent is a 400 naming the field, on every route', async () => {
    for (const { url, query, field } of dateTimeQueryRoutes()) {
      for (const bad of BAD_DATE_TIMES) {
        const res = await t.call(admin, { method: 'GET', url: `${url}?${query}${field}=${encodeURIComponent(bad)}` });
        assert.equal(res.statusCode, 400, `${url} ${field}=${bad.slice(0, 40)}: ${res.body.slice(0, 200)}`);
        const body = res.json();
        assert.deepEqual(
          body.errors?.map((e: { field: string }) => e.field),
          [field],
          `${url} ${field}=${bad.slice(0, 40)}`,
        );
      }
    }
  });

  test('the leap second of the report is refused with the field named in Chinese', async () => {
    const body = expectError(
      await t.call(admin, { method: 'GET', url: '/api/appeals?current=1&pageSize=5&from=2026-12-31T23:59:60Z' }),
      400,
      undefined,
      'from',
    );
    assert.match(body.message, /^开始时间：/);
  });

  test('a good value with an offset or milliseconds still filters', async () => {
    for (const good of ['2026-01-01T08:00:00+08:00', '2026-01-01T00:00:00.123Z', '2026-12-31T23:59:59Z']) {
      const res = await t.call(admin, { method: 'GET', url: `/api/appeals?from=${encodeURIComponent(good)}&to=2999-12-31T00:00:00Z` });
      assert.equal(res.statusCode, 200, `${good}: ${res.body}`);
    }
    // The lists promise no order between the bounds: a start after the end is simply an empty period.
    const res = await t.call(admin, { method: 'GET', url: '/api/appeals?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.total, 0);
  });
});

describe('other dates', () => {
  test("a task's deadline", async () => {
    for (const bad of BAD_DATE_TIMES) {
      const res = await t.call(admin, { method: 'POST', url: '/api/tasks', payload: taskBody({ deadline: bad }) });
      expectError(res, 400, /^截止时间：/, 'deadline');
    }
    const res = await t.call(admin, { method: 'POST', url: '/api/tasks', payload: taskBody({ deadline: inDays(3) }) });
    assert.equal(res.statusCode, 200, res.body);
  });

  test("a report's day", async () => {
    for (const bad of BAD_DATES) {
      expectError(await t.call(admin, { method: 'GET', url: `/api/reports?date=${encodeURIComponent(bad)}` }), 400, /^日期：/, 'date');
    }
  });

  test("a calendar's days", async () => {
    for (const bad of BAD_DATES) {
      const res = await t.call(admin, {
        method: 'PUT',
        url: '/api/calendar/2026',
        payload: { days: [{ date: bad, kind: 'off', name: '元旦' }] },
      });
      expectError(res, 400, /日期：/, 'days.0.date');
    }
  });
});
