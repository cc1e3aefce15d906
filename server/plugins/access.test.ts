import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../tests/helpers/app';
import { imageUpload, redImage } from '../../tests/helpers/multipart';
import authPlugin from './auth';

/** Every route in `printRoutes()`'s radix tree: one line per node, nested by 4 columns, the path is the concatenation. */
function parsePrintedRoutes(tree: string): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || !match[2]) continue;
    const depth = [...match[1]].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

// One app for the whole file: building one costs seconds.
let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(async () => {
  await t.close();
});

describe('route access declarations', () => {
  test('every /api route the app serves has an access declaration, and every declaration a route', () => {
    const served = parsePrintedRoutes(t.app.printRoutes());
    // The parser itself is checked: each route it finds is one fastify knows.
    const api = served.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
    for (const route of api) assert.ok(t.app.hasRoute(route), `${route.method} ${route.url}`);
    assert.ok(api.length >= 30, `found ${api.length} routes`);
    const declared = new Set(t.app.routeAccessTable.map((r) => `${r.method} ${r.url}`));
    // A plugin's '/' route under a prefix is served at '/prefix' and '/prefix/'; fastify runs onRoute
    // once for the pair, and both share one config, so the twin with the slash is covered by the other.
    const undeclared = api
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key) && !(key.endsWith('/') && declared.has(key.slice(0, -1))));
    assert.deepEqual(undeclared, []);
    const servedKeys = new Set(api.map((r) => `${r.method} ${r.url}`));
    assert.deepEqual(
      [...declared].filter((key) => !servedKeys.has(key)),
      [],
    );
  });

  test('only the API documentation is public among the non-auth reading routes', () => {
    const publicRoutes = t.app.routeAccessTable
      .filter((r) => r.access === 'public' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    assert.deepEqual(publicRoutes, [
      'GET /api/areas',
      'GET /api/health',
      'GET /api/login/captcha',
      'GET /api/public/introductions/center',
      'GET /api/public/introductions/villages',
      'GET /api/public/introductions/villages/:area',
      'GET /api/public/news',
      'GET /api/public/news/:id',
      'GET /api/public/org-units',
      'GET /api/public/tasks',
      'GET /api/public/tasks/:id',
      'GET /api/settings',
      'GET /api/stats/screen',
      'GET /api/uploads/:name',
      'POST /api/login/account',
      'POST /api/register',
    ]);
  });

  describe('an app refuses to start with an undeclared /api route', () => {
    const build = async (path: string, config?: Record<string, unknown>) => {
      const app = Fastify({ logger: false });
      try {
        await app.register(authPlugin, { db: t.database.db, policy: { idleMinutes: 30, absoluteHours: 12 } });
        app.get(path, { ...(config ? { config } : {}) }, async () => ({ code: 200 }));
        await app.ready();
      } finally {
        await app.close();
      }
    };

    test('no access at all', async () => {
      await assert.rejects(build('/api/undeclared'), /GET \/api\/undeclared declares no valid access/);
    });

    test('an access value that is not a rule', async () => {
      await assert.rejects(build('/api/unknown-rule', { access: 'superuser' }), /declares no valid access/);
      await assert.rejects(build('/api/empty-rule', { access: '' }), /declares no valid access/);
    });

    test('a declared route, or one outside /api, is fine', async () => {
      await build('/api/declared', { access: 'public' });
      await build('/api/keyed', { access: 'userManage' });
      await build('/healthz');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The access matrix: each management call, as each kind of caller, and the status they get.
// 401 = not signed in; 403 = refused; anything else = let through (then answered on the merits).
// staff holds every permission key but userManage; village cadres and villagers hold none.
// To extend: add a row. The last test fails when a declared route has no row.
// ---------------------------------------------------------------------------------------------

// `village` is the cadre of area 2 (cadre02), `village3` the cadre of area 3 (cadre03). Both hold
// the built-in village role (no keys, area scope): on these calls they are answered alike unless a
// row says otherwise; accessScope.test.ts gives them keys and checks one area against the other.
type Who = 'anonymous' | 'villager' | 'village' | 'village3' | 'staff' | 'admin';
const WHO: Who[] = ['anonymous', 'villager', 'village', 'village3', 'staff', 'admin'];
const ACCOUNTS: Record<Exclude<Who, 'anonymous'>, string> = {
  villager: 'villager02',
  village: 'cadre02',
  village3: 'cadre03',
  staff: 'staff01',
  admin: 'admin',
};

interface Row {
  /** "METHOD /api/route/:param", as declared. */
  route: string;
  expected: Record<Who, number>;
  /** The concrete path, when the route has parameters. */
  url?: string | (() => string);
  payload?: Record<string, unknown>;
  upload?: boolean;
  /** The call ends the session: use a fresh one. */
  freshSession?: boolean;
  /** A 403 decided by the route itself (not the access rule) says why in its own words. */
  forbiddenMessage?: string;
  /** The route's error answers are silent (its pages show failures themselves; ADR 0025). */
  silent?: boolean;
}

const row = (
  route: string,
  [anonymous, villager, village, staff, admin]: [number, number, number, number, number],
  { village3 = village, ...options }: Omit<Row, 'route' | 'expected'> & { village3?: number } = {},
): Row => ({ route, expected: { anonymous, villager, village, village3, staff, admin }, ...options });

let storedImageUrl = '';
const nobody = 99999;
const okRole = { name: '测试角色', code: 'matrix_role', permissions: [], dataScope: 'self' };
const okTask = {
  title: '矩阵任务',
  category: 1,
  content: '<p>内容</p>',
  template: '1',
  imageNum: 0,
  points: 1,
  areas: [2],
  groupIds: [],
  deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
};
const okNews = { title: '矩阵新闻', content: '<p>内容</p>', column: 1, area: null, coverId: null, pinned: false };
const okOpinion = { source: 1, title: '矩阵舆情', summary: '', link: '', sentiment: 'neutral', level: 1, area: null };
const okOrgUnit = { name: '矩阵单位', parentId: null, leader: '', position: '', phone: '', sort: 0, members: '' };
// Demo news 1 is published (the first of server/seed/demoContent.ts).
const demoPublishedNews = 1;
// Demo task 10 is published to villages 2–4 with no groups: cadre02 (village) is targeted.
const demoOpenTask = 10;
const notTargeted = '该任务未派发给您，不能提交';

//                                                anonymous villager village staff admin
const MATRIX: Row[] = [
  row('POST /api/login/account', [200, 200, 200, 200, 200], { payload: { username: 'grid04', password: DEMO_PASSWORD } }),
  row('POST /api/register', [400, 400, 400, 400, 400], { payload: {} }),
  row('GET /api/login/captcha', [200, 200, 200, 200, 200]),
  row('GET /api/currentUser', [401, 200, 200, 200, 200]),
  row('PUT /api/currentUser/password', [401, 400, 400, 400, 400], { payload: { oldPassword: 'Wrong12345', newPassword: 'Better12345' } }),
  row('GET /api/admin/logout', [401, 200, 200, 200, 200], { freshSession: true }),
  row('POST /api/login/outLogin', [401, 200, 200, 200, 200], { freshSession: true }),
  row('GET /api/permissions', [401, 200, 200, 200, 200]),

  row('GET /api/users', [401, 403, 403, 403, 200]),
  row('GET /api/users/export', [401, 403, 403, 403, 200]),
  row('POST /api/users', [401, 403, 403, 403, 400], { payload: {} }),
  row('GET /api/users/import-template', [401, 403, 403, 403, 200]),
  row('POST /api/users/import/preview', [401, 403, 403, 403, 400], { payload: {} }),
  row('POST /api/users/import', [401, 403, 403, 403, 400], { payload: {} }),
  row('GET /api/users/:id', [401, 403, 403, 403, 200], { url: '/api/users/9' }),
  row('PUT /api/users/:id', [401, 403, 403, 403, 200], { url: '/api/users/9', payload: { name: '吴秀兰' } }),
  row('DELETE /api/users/:id', [401, 403, 403, 403, 404], { url: `/api/users/${nobody}` }),
  row('POST /api/users/:id/approve', [401, 403, 403, 403, 404], { url: `/api/users/${nobody}/approve` }),
  row('POST /api/users/:id/disable', [401, 403, 403, 403, 404], { url: `/api/users/${nobody}/disable` }),
  row('POST /api/users/:id/enable', [401, 403, 403, 403, 409], { url: '/api/users/9/enable' }),
  row('POST /api/users/batch/disable', [401, 403, 403, 403, 404], { payload: { ids: [nobody] } }),
  row('POST /api/users/batch/enable', [401, 403, 403, 403, 409], { payload: { ids: [9] } }),
  row('POST /api/users/batch/groups', [401, 403, 403, 403, 400], { payload: { ids: [9], groupIds: [nobody], mode: 'add' } }),
  row('POST /api/users/:id/unlock', [401, 403, 403, 403, 404], { url: `/api/users/${nobody}/unlock` }),
  row('POST /api/users/:id/reset-password', [401, 403, 403, 403, 404], {
    url: `/api/users/${nobody}/reset-password`,
    payload: { password: 'Reset12345' },
  }),

  row('GET /api/groups', [401, 403, 403, 403, 200]),
  row('POST /api/groups', [401, 403, 403, 403, 400], { payload: {} }),
  row('GET /api/groups/:id', [401, 403, 403, 403, 200], { url: '/api/groups/1' }),
  row('PUT /api/groups/:id', [401, 403, 403, 403, 200], { url: '/api/groups/1', payload: { name: '网格员' } }),
  row('DELETE /api/groups/:id', [401, 403, 403, 403, 404], { url: `/api/groups/${nobody}` }),
  row('PUT /api/groups/:id/members', [401, 403, 403, 403, 404], { url: `/api/groups/${nobody}/members`, payload: { userIds: [] } }),

  row('GET /api/roles', [401, 403, 403, 403, 200]),
  row('GET /api/roles/:id', [401, 403, 403, 403, 200], { url: '/api/roles/2' }),
  row('POST /api/roles', [401, 403, 403, 403, 400], { payload: {} }),
  row('PUT /api/roles/:id', [401, 403, 403, 403, 404], { url: `/api/roles/${nobody}`, payload: okRole }),
  row('DELETE /api/roles/:id', [401, 403, 403, 403, 409], { url: '/api/roles/2' }),

  row('GET /api/areas', [200, 200, 200, 200, 200]),
  row('GET /api/villages', [401, 403, 403, 200, 200]),
  row('POST /api/villages', [401, 403, 403, 400, 400], { payload: {} }),
  row('PUT /api/villages/:id', [401, 403, 403, 404, 404], {
    url: '/api/villages/30000',
    payload: { name: '某村', code: null, sortOrder: 1 },
  }),
  row('POST /api/villages/:id/archive', [401, 403, 403, 404, 404], { url: '/api/villages/30000/archive' }),
  row('POST /api/villages/:id/restore', [401, 403, 403, 404, 404], { url: '/api/villages/30000/restore' }),
  row('DELETE /api/villages/:id', [401, 403, 403, 404, 404], { url: '/api/villages/30000' }),
  row('PUT /api/areas/:id', [401, 403, 403, 200, 200], { url: '/api/areas/2', payload: { name: '第一村' } }),
  row('GET /api/settings', [200, 200, 200, 200, 200]),
  row('PUT /api/settings', [401, 403, 403, 403, 200], { payload: {} }),
  row('GET /api/operation-logs', [401, 403, 403, 403, 200]),
  row('GET /api/login-logs', [401, 403, 403, 403, 200]),
  row('GET /api/operation-logs/export', [401, 403, 403, 403, 200]),
  row('GET /api/login-logs/export', [401, 403, 403, 403, 200]),

  row('POST /api/uploads', [401, 200, 200, 200, 200], { upload: true }),
  row('GET /api/uploads/:name', [200, 200, 200, 200, 200], { url: () => storedImageUrl }),

  row('GET /api/tasks', [401, 403, 403, 200, 200]),
  row('GET /api/tasks/export', [401, 403, 403, 200, 200]),
  row('GET /api/tasks/form-options', [401, 403, 403, 200, 200]),
  row('POST /api/tasks', [401, 403, 403, 400, 400], { payload: {} }),
  row('GET /api/tasks/:id', [401, 403, 403, 200, 200], { url: '/api/tasks/1' }),
  row('PUT /api/tasks/:id', [401, 403, 403, 404, 404], { url: `/api/tasks/${nobody}`, payload: okTask }),
  row('DELETE /api/tasks/:id', [401, 403, 403, 404, 404], { url: `/api/tasks/${nobody}` }),
  row('POST /api/tasks/:id/publish', [401, 403, 403, 404, 404], { url: `/api/tasks/${nobody}/publish` }),
  row('POST /api/tasks/:id/close', [401, 403, 403, 404, 404], { url: `/api/tasks/${nobody}/close` }),
  row('POST /api/tasks/:id/copy', [401, 403, 403, 404, 404], { url: `/api/tasks/${nobody}/copy` }),
  row('GET /api/tasks/:id/completion', [401, 403, 403, 200, 200], { url: '/api/tasks/2/completion' }),
  row('GET /api/tasks/:id/completion/people', [401, 403, 403, 200, 200], { url: '/api/tasks/2/completion/people' }),
  row('GET /api/tasks/:id/completion/export', [401, 403, 403, 200, 200], { url: '/api/tasks/2/completion/export' }),
  row('GET /api/tasks/:id/completion/areas/export', [401, 403, 403, 200, 200], { url: '/api/tasks/2/completion/areas/export' }),
  row('POST /api/tasks/:id/submissions', [401, 403, 200, 403, 403], {
    url: `/api/tasks/${demoOpenTask}/submissions`,
    payload: { text: '已完成', clientKey: 'matrix-key-1' },
    forbiddenMessage: notTargeted,
  }),

  row('GET /api/submissions', [401, 403, 403, 200, 200]),
  row('GET /api/submissions/export', [401, 403, 403, 200, 200]),
  row('GET /api/submissions/:id', [401, 403, 403, 200, 200], { url: '/api/submissions/1' }),
  row('POST /api/submissions/:id/audit', [401, 403, 403, 404, 404], {
    url: `/api/submissions/${nobody}/audit`,
    payload: { result: 'approved' },
  }),
  row('POST /api/submissions/audit', [401, 403, 403, 200, 200], { payload: { ids: [nobody], result: 'approved' } }),

  row('GET /api/scores/ranking', [401, 403, 403, 403, 200]),
  row('GET /api/scores/ledger', [401, 403, 403, 403, 200], { url: '/api/scores/ledger?userId=4' }),
  row('POST /api/scores/adjust', [401, 403, 403, 403, 400], { payload: {} }),
  row('GET /api/scores/export', [401, 403, 403, 403, 200]),

  row('GET /api/my/tasks', [401, 200, 200, 200, 200]),
  row('GET /api/my/tasks/counts', [401, 200, 200, 200, 200]),
  row('GET /api/my/tasks/:id', [401, 403, 200, 403, 403], { url: `/api/my/tasks/${demoOpenTask}`, forbiddenMessage: '该任务未派发给您' }),
  row('GET /api/my/score', [401, 200, 200, 200, 200]),
  row('GET /api/health', [200, 200, 200, 200, 200]),
  row('GET /api/calendar/:year', [401, 403, 403, 403, 200], { url: '/api/calendar/2026' }),
  row('PUT /api/calendar/:year', [401, 403, 403, 403, 200], { url: '/api/calendar/2030', payload: { days: [] } }),
  row('POST /api/calendar/:year/restore', [401, 403, 403, 403, 200], { url: '/api/calendar/2026/restore' }),
  row('GET /api/public/tasks', [200, 200, 200, 200, 200]),
  row('GET /api/public/tasks/:id', [200, 200, 200, 200, 200], { url: '/api/public/tasks/2' }),

  row('GET /api/news', [401, 403, 403, 200, 200]),
  row('GET /api/news/export', [401, 403, 403, 200, 200]),
  row('POST /api/news', [401, 403, 403, 400, 400], { payload: {} }),
  row('GET /api/news/:id', [401, 403, 403, 200, 200], { url: `/api/news/${demoPublishedNews}` }),
  row('PUT /api/news/:id', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}`, payload: okNews }),
  row('DELETE /api/news/:id', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}` }),
  row('POST /api/news/:id/publish', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}/publish` }),
  row('POST /api/news/:id/offline', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}/offline` }),
  row('POST /api/news/:id/pin', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}/pin` }),
  row('POST /api/news/:id/unpin', [401, 403, 403, 404, 404], { url: `/api/news/${nobody}/unpin` }),
  row('GET /api/public/news', [200, 200, 200, 200, 200]),
  row('GET /api/public/news/:id', [200, 200, 200, 200, 200], { url: `/api/public/news/${demoPublishedNews}` }),

  row('GET /api/introductions/center', [401, 403, 403, 200, 200]),
  row('PUT /api/introductions/center', [401, 403, 403, 400, 400], { payload: {} }),
  row('GET /api/introductions/villages', [401, 403, 403, 200, 200]),
  row('PUT /api/introductions/villages/:area', [401, 403, 403, 400, 400], { url: '/api/introductions/villages/2', payload: {} }),
  row('GET /api/public/introductions/center', [200, 200, 200, 200, 200]),
  row('GET /api/public/introductions/villages', [200, 200, 200, 200, 200]),
  row('GET /api/public/introductions/villages/:area', [200, 200, 200, 200, 200], { url: '/api/public/introductions/villages/2' }),

  row('GET /api/org-units', [401, 403, 403, 200, 200]),
  row('POST /api/org-units', [401, 403, 403, 400, 400], { payload: {} }),
  row('PUT /api/org-units/:id', [401, 403, 403, 404, 404], { url: `/api/org-units/${nobody}`, payload: okOrgUnit }),
  row('DELETE /api/org-units/:id', [401, 403, 403, 404, 404], { url: `/api/org-units/${nobody}` }),
  row('GET /api/public/org-units', [200, 200, 200, 200, 200]),

  // Anyone signed in submits appeals and photo reports; reading one is for its submitter or a
  // handler in scope (404 otherwise, here for an id nobody has).
  row('POST /api/appeals', [401, 400, 400, 400, 400], { payload: {} }),
  row('GET /api/appeals', [401, 403, 403, 200, 200]),
  row('GET /api/appeals/counts', [401, 403, 403, 200, 200]),
  row('GET /api/appeals/export', [401, 403, 403, 200, 200]),
  row('POST /api/appeals/register', [401, 403, 403, 400, 400], { payload: {} }),
  row('GET /api/appeals/accounts', [401, 403, 403, 200, 200], { url: '/api/appeals/accounts?phone=13800000000' }),
  row('GET /api/appeals/:id', [401, 404, 404, 404, 404], { url: `/api/appeals/${nobody}` }),
  row('POST /api/appeals/:id/accept', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/accept` }),
  row('POST /api/appeals/:id/reply', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/reply`, payload: { reply: '答复' } }),
  row('POST /api/appeals/:id/close', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/close` }),
  row('POST /api/appeals/:id/reject', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/reject`, payload: { reason: '原因' } }),
  row('POST /api/appeals/:id/callback', [401, 403, 403, 404, 404], {
    url: `/api/appeals/${nobody}/callback`,
    payload: { reached: true, score: 4 },
  }),
  row('POST /api/appeals/:id/dispatch', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/dispatch`, payload: { areaId: 3 } }),
  row('POST /api/appeals/:id/recall', [401, 403, 403, 404, 404], { url: `/api/appeals/${nobody}/recall`, payload: {} }),
  // Bulk steps: all or nothing, so one record nobody has refuses the batch.
  row('POST /api/appeals/batch/accept', [401, 403, 403, 404, 404], { payload: { ids: [nobody] } }),
  row('POST /api/appeals/batch/dispatch', [401, 403, 403, 404, 404], { payload: { ids: [nobody], areaId: 3 } }),
  row('POST /api/appeals/batch/reject', [401, 403, 403, 404, 404], { payload: { ids: [nobody], reason: '原因' } }),
  row('GET /api/my/dispatched-appeals', [401, 403, 200, 403, 403], { forbiddenMessage: PEOPLE_MESSAGES.notVillageCadre }),
  row('POST /api/my/dispatched-appeals/:id/accept', [401, 403, 404, 403, 403], {
    url: `/api/my/dispatched-appeals/${nobody}/accept`,
    forbiddenMessage: PEOPLE_MESSAGES.notVillageCadre,
  }),
  row('POST /api/my/dispatched-appeals/:id/reply', [401, 403, 404, 403, 403], {
    url: `/api/my/dispatched-appeals/${nobody}/reply`,
    payload: { reply: '已处理' },
    forbiddenMessage: PEOPLE_MESSAGES.notVillageCadre,
  }),
  row('POST /api/my/dispatched-appeals/:id/reject', [401, 403, 404, 403, 403], {
    url: `/api/my/dispatched-appeals/${nobody}/reject`,
    payload: { reason: '原因' },
    forbiddenMessage: PEOPLE_MESSAGES.notVillageCadre,
  }),
  row('GET /api/my/notices', [401, 200, 200, 200, 200]),
  row('GET /api/my/notices/count', [401, 200, 200, 200, 200]),
  row('POST /api/my/notices/:id/read', [401, 404, 404, 404, 404], { url: `/api/my/notices/${nobody}/read` }),
  row('POST /api/my/notices/read-all', [401, 200, 200, 200, 200]),
  row('GET /api/my/appeals', [401, 200, 200, 200, 200]),
  row('POST /api/my/appeals/:id/rate', [401, 404, 404, 404, 404], { url: `/api/my/appeals/${nobody}/rate`, payload: { score: 5 } }),

  row('POST /api/photo-reports', [401, 400, 400, 400, 400], { payload: {} }),
  row('GET /api/photo-reports', [401, 403, 403, 200, 200]),
  row('GET /api/photo-reports/export', [401, 403, 403, 200, 200]),
  row('GET /api/photo-reports/counts', [401, 403, 403, 200, 200]),
  row('GET /api/photo-reports/:id', [401, 404, 404, 404, 404], { url: `/api/photo-reports/${nobody}` }),
  row('POST /api/photo-reports/:id/handle', [401, 403, 403, 404, 404], {
    url: `/api/photo-reports/${nobody}/handle`,
    payload: { result: '已处理', imageIds: [] },
  }),
  row('POST /api/photo-reports/:id/invalid', [401, 403, 403, 404, 404], {
    url: `/api/photo-reports/${nobody}/invalid`,
    payload: { reason: '无效' },
  }),
  row('POST /api/photo-reports/batch/dispatch', [401, 403, 403, 404, 404], { payload: { ids: [nobody], areaId: 3 } }),
  row('POST /api/photo-reports/batch/invalid', [401, 403, 403, 404, 404], { payload: { ids: [nobody], reason: '无效' } }),
  row('GET /api/my/photo-reports', [401, 200, 200, 200, 200]),
  row('POST /api/photo-reports/:id/approve', [401, 403, 403, 404, 404], { url: `/api/photo-reports/${nobody}/approve`, payload: {} }),
  row('POST /api/photo-reports/:id/return', [401, 403, 403, 404, 404], {
    url: `/api/photo-reports/${nobody}/return`,
    payload: { reason: '照片不清楚' },
  }),
  row('POST /api/photo-reports/:id/dispatch', [401, 403, 403, 404, 404], {
    url: `/api/photo-reports/${nobody}/dispatch`,
    payload: { areaId: 3 },
  }),
  row('POST /api/photo-reports/:id/recall', [401, 403, 403, 404, 404], { url: `/api/photo-reports/${nobody}/recall`, payload: {} }),
  row('GET /api/my/dispatched-photo-reports', [401, 403, 200, 403, 403], { forbiddenMessage: PEOPLE_MESSAGES.reportNotVillageCadre }),
  row('POST /api/my/dispatched-photo-reports/:id/accept', [401, 403, 404, 403, 403], {
    url: `/api/my/dispatched-photo-reports/${nobody}/accept`,
    forbiddenMessage: PEOPLE_MESSAGES.reportNotVillageCadre,
  }),
  row('POST /api/my/dispatched-photo-reports/:id/reply', [401, 403, 404, 403, 403], {
    url: `/api/my/dispatched-photo-reports/${nobody}/reply`,
    payload: { result: '已处置', imageIds: [1] },
    forbiddenMessage: PEOPLE_MESSAGES.reportNotVillageCadre,
  }),

  row('GET /api/opinions', [401, 403, 403, 200, 200]),
  row('GET /api/opinions/export', [401, 403, 403, 200, 200]),
  row('GET /api/opinions/trend', [401, 403, 403, 200, 200]),
  row('GET /api/opinions/:id', [401, 403, 403, 404, 404], { url: `/api/opinions/${nobody}` }),
  row('POST /api/opinions', [401, 403, 403, 400, 400], { payload: {} }),
  row('PUT /api/opinions/:id', [401, 403, 403, 404, 404], { url: `/api/opinions/${nobody}`, payload: okOpinion }),
  row('DELETE /api/opinions/:id', [401, 403, 403, 404, 404], { url: `/api/opinions/${nobody}` }),
  row('POST /api/opinions/:id/handle', [401, 403, 403, 404, 404], { url: `/api/opinions/${nobody}/handle` }),
  row('POST /api/opinions/:id/reopen', [401, 403, 403, 404, 404], { url: `/api/opinions/${nobody}/reopen` }),
  row('GET /api/opinion-keywords', [401, 403, 403, 200, 200]),
  row('POST /api/opinion-keywords', [401, 403, 403, 400, 400], { payload: {} }),
  row('DELETE /api/opinion-keywords/:id', [401, 403, 403, 404, 404], { url: `/api/opinion-keywords/${nobody}` }),
  row('GET /api/notices', [401, 200, 200, 200, 200]),
  // Any signed-in caller asks; each kind answers only to holders of its key (search.test.ts).
  row('GET /api/search', [401, 200, 200, 200, 200], { url: '/api/search?q=%E9%81%93%E8%B7%AF' }),

  row('GET /api/stats/overview', [401, 403, 403, 200, 200]),
  // Declared public: a display key in the query opens it without a session (stats.test.ts).
  row('GET /api/stats/screen', [401, 403, 403, 200, 200], { forbiddenMessage: '拒绝访问：没有该操作的权限', silent: true }),
  row('GET /api/reports', [401, 403, 403, 200, 200]),
  row('GET /api/reports/docx', [401, 403, 403, 200, 200]),
  row('GET /api/display-links', [401, 403, 403, 403, 200]),
  row('POST /api/display-links', [401, 403, 403, 403, 400], { payload: {} }),
  row('POST /api/display-links/:id/revoke', [401, 403, 403, 403, 404], { url: `/api/display-links/${nobody}/revoke` }),

  row('GET /api/notice-channels', [401, 403, 403, 403, 200]),
  row('GET /api/notice-channels/export', [401, 403, 403, 403, 200]),
  row('POST /api/notice-channels', [401, 403, 403, 403, 400], { payload: {} }),
  row('PUT /api/notice-channels/:id', [401, 403, 403, 403, 400], { url: `/api/notice-channels/${nobody}`, payload: {} }),
  row('POST /api/notice-channels/:id/enable', [401, 403, 403, 403, 404], { url: `/api/notice-channels/${nobody}/enable` }),
  row('POST /api/notice-channels/:id/disable', [401, 403, 403, 403, 404], { url: `/api/notice-channels/${nobody}/disable` }),
  row('POST /api/notice-channels/:id/test', [401, 403, 403, 403, 404], { url: `/api/notice-channels/${nobody}/test`, payload: {} }),
  row('DELETE /api/notice-channels/:id', [401, 403, 403, 403, 404], { url: `/api/notice-channels/${nobody}` }),
  row('GET /api/notice-outbox', [401, 403, 403, 403, 200]),
  row('GET /api/notice-outbox/export', [401, 403, 403, 403, 200]),
  row('POST /api/notice-outbox/:id/retry', [401, 403, 403, 403, 404], { url: `/api/notice-outbox/${nobody}/retry` }),

  row('GET /api/demo-data', [401, 403, 403, 403, 200]),
  // Last: the admin's call clears the demo the rows above use (demoData.test.ts checks what it removes).
  row('DELETE /api/demo-data', [401, 403, 403, 403, 200]),
];

/**
 * The access rule's refusal: an account holding no back-office key (village cadres, villagers) is
 * sent to the exception page, since no admin page can work for it; others get a message (ADR 0025).
 */
const refusal = (who: Who) =>
  who === 'villager' || who === 'village' || who === 'village3'
    ? { code: 403, message: '拒绝访问：您的账号没有管理后台的权限', showType: 9 }
    : { code: 403, message: '拒绝访问：没有该操作的权限' };

describe('access matrix', () => {
  let png: Buffer;
  const tokens: Partial<Record<Who, string>> = {};

  before(async () => {
    for (const who of WHO) if (who !== 'anonymous') tokens[who] = await t.login(ACCOUNTS[who]);
    png = await redImage('png');
    const stored = await t.call(tokens.admin, { method: 'POST', url: '/api/uploads', ...imageUpload(png) });
    storedImageUrl = stored.json().data.url;
  });

  for (const entry of MATRIX) {
    test(entry.route, async () => {
      const [method, route] = entry.route.split(' ');
      const url = typeof entry.url === 'function' ? entry.url() : (entry.url ?? route);
      const actual = {} as Record<Who, number>;
      for (const who of WHO) {
        const token = who === 'anonymous' ? undefined : entry.freshSession ? await t.login(ACCOUNTS[who]) : tokens[who];
        const res = await t.call(token, {
          method: method as 'GET',
          url,
          ...(entry.upload ? imageUpload(png) : entry.payload ? { payload: entry.payload } : {}),
        });
        actual[who] = res.statusCode;
        if (!String(res.headers['content-type']).startsWith('application/json')) continue;
        const body = res.json();
        assert.equal(body.code, res.statusCode, `${who}: body code`);
        if (res.statusCode === 403) {
          const expected = entry.forbiddenMessage ? { code: 403, message: entry.forbiddenMessage } : refusal(who);
          assert.deepEqual(body, entry.silent ? { ...expected, showType: 0 } : expected, who);
        }
        if (res.statusCode === 401 && who === 'anonymous') {
          assert.deepEqual(body, { code: 401, message: '未授权或授权已过期，请重新登录' });
        }
      }
      assert.deepEqual(actual, entry.expected);
    });
  }

  test('every declared route has a row in the matrix', () => {
    const rows = new Set(MATRIX.map((r) => r.route));
    const missing = t.app.routeAccessTable
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !rows.has(key));
    assert.deepEqual(missing, []);
  });
});
