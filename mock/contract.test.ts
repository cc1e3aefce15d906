/**
 * The mocks cannot drift from the server: each line of mock/contract.ts is what its server route
 * declares, and a mock reply outside that schema fails the test that saw it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { TSchema } from '@sinclair/typebox';
import { ApiError, Ok, OkEmpty } from '@common/contracts/base';
import { assertNoDrift, EMPTY, FILE, ROUTES, type RouteKey } from './contract';
import { admin, apiError, type GuardKind, mockGuards, ok, route } from './http';
import { ADMIN_TOKEN } from './fixtures';

type RouteOptions = { schema?: { response?: Record<string | number, TSchema> }; config?: { access?: unknown } };

/**
 * Every route the server registers, with its response schemas: each route module is run against
 * a stand-in for the fastify instance that only writes down `app.get(path, options)` and the like.
 * This is the one place mock/ reads server/ (ARCHITECTURE.md): to prove the table above.
 */
async function serverRoutes() {
  const declared = new Map<string, RouteOptions>();
  const record = (method: string) => (url: string, options: RouteOptions) => declared.set(`${method} ${url}`, options);
  // Whatever else a route module reads off the instance at registration (db, config...) is there and empty.
  const inert = new Proxy(() => undefined, { get: () => undefined });
  const recorder = { get: record('GET'), post: record('POST'), put: record('PUT'), delete: record('DELETE'), patch: record('PATCH') };
  const app = new Proxy(recorder, { get: (target, key) => (key in target ? target[key as keyof typeof target] : inert) });
  const dir = path.join(__dirname, '../server/routes');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const plugin = (await import(path.join(dir, file))).default as (app: unknown, options: object) => Promise<void>;
    await plugin(app, {});
  }
  return declared;
}

describe('mock/contract.ts', () => {
  let declared: Map<string, RouteOptions>;
  beforeAll(async () => {
    declared = await serverRoutes();
  }, 60_000);

  test('names only routes the server has', () => {
    const missing = Object.keys(ROUTES).filter((key) => !declared.has(key));
    expect(missing).toEqual([]);
  });

  test.each(Object.keys(ROUTES) as RouteKey[])('%s replies what the server route declares', (key) => {
    const response = declared.get(key)?.schema?.response ?? {};
    const reply = ROUTES[key];
    expect(response['4xx']).toEqual(ApiError);
    if (reply === FILE) expect(response[200]).toBeUndefined();
    else expect(response[200]).toEqual(reply === EMPTY ? OkEmpty : Ok(reply));
  });
});

/**
 * Which of the mocks' guards may stand for a server route's access: a guard stricter than the route
 * (the admin's token only, where the server lets any signed-in caller in) makes a page's test see a
 * 401 the real server never sends.
 */
function guardsFor(access: unknown): GuardKind[] | undefined {
  if (access === 'public') return ['none'];
  // The phone's person: the /api/my routes let any signed-in caller in and refuse inside.
  if (access === 'signedIn') return ['none', 'signedIn', 'phone'];
  if (typeof access === 'string') return ['none', 'admin'];
  return undefined; // decided per request (a role's own routes): nothing to compare
}

describe('mock guards', () => {
  test('no mock refuses a caller its server route lets in', async () => {
    const declared = await serverRoutes();
    // Loading every handler module records the guard each handler was made with.
    const skip = new Set(['contract.test.ts', 'renderApp.tsx', 'testKit.ts', 'echarts.ts']);
    for (const file of fs.readdirSync(__dirname).filter((f) => /\.tsx?$/.test(f) && !skip.has(f))) {
      await import(path.join(__dirname, file));
    }
    expect(mockGuards.size).toBeGreaterThan(100);
    const wrong = [...mockGuards].flatMap(([key, kinds]) => {
      const allowed = guardsFor(declared.get(key)?.config?.access);
      const bad = allowed ? [...kinds].filter((kind) => !allowed.includes(kind)) : [];
      return bad.length ? [`${key}: mock guard ${bad.join(', ')}, server access ${String(declared.get(key)?.config?.access)}`] : [];
    });
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('a mock reply outside its schema fails the test', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  /** What the check after a test would fail it with ('' when nothing drifted). */
  const driftMessage = () => {
    try {
      assertNoDrift();
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };
  const get = (path: string) => fetch(`http://localhost/api${path}`, { headers: { authorization: ADMIN_TOKEN } });

  test('a reply the server could give passes', async () => {
    server.use(admin.get('/groups', () => ok({ list: [], total: 0, current: 1, pageSize: 10 })));
    expect((await get('/groups')).status).toBe(200);
    expect(() => assertNoDrift()).not.toThrow();
  });

  test('a missing field, a wrong type or a field the server never sends is named with its path', async () => {
    server.use(
      admin.get('/groups', () => ok({ list: [{ id: 1, name: '志愿者', description: '', memberCount: '3', createdAt: 'x' }], total: 1 })),
      route.get('/settings', () =>
        ok({ platformTitle: 't', centreName: 'c', icpNumber: '', appealDueDays: 3, callbackDays: 3, photoStaleDays: 30, theme: 'dark' }),
      ),
    );
    await get('/groups');
    const message = driftMessage();
    expect(message).toMatch(/GET \/api\/groups \(GET \/groups\) answered 200:\n/);
    expect(message).toMatch(/\n\s+\/data\/current: Expected required property/);
    expect(message).toMatch(/\n\s+\/data\/list\/0\/memberCount: Expected integer \(got "3"\)/);
    expect(message).toMatch(/\n\s+\/data\/list\/0\/createdAt: Expected string to match 'date-time' format/);
    await get('/settings');
    expect(driftMessage()).toMatch(/GET \/api\/settings .*\n\s+\/data\/theme: not in the contract \(the server never sends it\)/);
  });

  test('an error body is the server error body, with its status as its code', async () => {
    server.use(
      route.get('/settings', () => HttpResponse.json({ code: 500, msg: '坏了' }, { status: 500 })),
      route.get('/areas', () => HttpResponse.json({ code: 200, message: '坏了' }, { status: 503 })),
    );
    await get('/settings');
    expect(() => assertNoDrift()).toThrow(/\/message: Expected required property/);
    await get('/areas');
    expect(() => assertNoDrift()).toThrow(/\/code: 200 in the body, 503 in the status line/);
    server.use(route.get('/areas', () => apiError(503, '服务不可用')));
    await get('/areas');
    expect(() => assertNoDrift()).not.toThrow();
  });

  test('a download is a file, and a JSON route answers JSON', async () => {
    server.use(
      admin.get('/users/export', () => ok({ url: '/x.xlsx' })),
      admin.get('/reports', () => new HttpResponse('<html></html>', { headers: { 'content-type': 'text/html' } })),
    );
    await get('/users/export');
    await get('/reports');
    expect(() => assertNoDrift()).toThrow(
      /a JSON body where the server sends a file[\s\S]*GET \/api\/reports .* answered 200:\n\s+not JSON/,
    );
  });
});
