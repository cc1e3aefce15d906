import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { ErrorShowType } from '../../common/constants';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { taskBody } from '../../tests/helpers/tasks';
import errorsPlugin from './errors';

const CHINESE = /[\u4e00-\u9fa5]/;

describe('error answers', () => {
  let t: TestContext;
  let admin: string;

  before(async () => {
    t = await createTestContext();
    admin = await t.login('admin');
  });
  after(async () => {
    await t.close();
  });

  test('bad JSON is a 400 in Chinese, never a 500', async () => {
    for (const payload of ['{bad', '{"name":', "{'name':'x'}", '[1,', 'undefined']) {
      for (const [token, url] of [
        [undefined, '/api/register'],
        [admin, '/api/groups'],
      ] as const) {
        const res = await t.call(token, { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        assert.equal(res.statusCode, 400, `${url} ${payload}`);
        assert.deepEqual(res.json(), { code: 400, message: '请求内容不是有效的JSON' });
      }
    }
    const empty = await t.call(admin, { method: 'POST', url: '/api/groups', payload: '', headers: { 'content-type': 'application/json' } });
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json(), { code: 400, message: '请求内容不能为空' });
  });

  test('a body that is not an object is a 400 on the request content', async () => {
    for (const options of [
      {},
      { payload: [1, 2] },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: 'name=x', headers: { 'content-type': 'text/plain' } },
    ]) {
      const res = await t.call(admin, { method: 'POST', url: '/api/groups', ...options });
      assert.equal(res.statusCode, 400, JSON.stringify(options));
      assert.deepEqual(res.json().errors, [{ field: 'body', label: '请求内容', message: '格式不正确' }]);
    }
  });

  test('an unknown /api path, or a known one with another method, is a JSON 404', async () => {
    for (const [token, method, url] of [
      [undefined, 'GET', '/api/nothing'],
      [admin, 'GET', '/api/nothing/here?x=1'],
      [admin, 'POST', '/api/rule'],
      [admin, 'DELETE', '/api/settings'],
      [undefined, 'GET', '/api'],
      [undefined, 'GET', '/no-client-built'],
    ] as const) {
      const res = await t.call(token, { method, url });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.deepEqual(res.json(), { code: 404, message: '请求地址出错' });
    }
  });

  test('a 400 lists each bad field as { field, label, message }, labelled in Chinese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { account: 'ab', name: '张三', phone: '12345678901', password: 'Secret123', area: 2 },
    });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['code', 'errors', 'message']);
    assert.equal(body.code, 400);
    assert.deepEqual(body.errors, [
      { field: 'account', label: '账号', message: '账号为3-32位字母、数字或下划线' },
      { field: 'phone', label: '手机号码', message: '请输入11位手机号码' },
    ]);
    assert.equal(body.message, '账号：账号为3-32位字母、数字或下划线；手机号码：请输入11位手机号码');
  });

  test('every validation answer labels its fields and says what is wrong in Chinese', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/register', {}],
      ['POST', '/api/register', { account: 1, name: 1, phone: 1, password: 1, area: 'x' }],
      ['POST', '/api/users', {}],
      ['POST', '/api/users', { account: 'a', name: '', phone: 'x', password: 'x', roleId: 'x', area: 99, groupIds: ['x', 0] }],
      ['PUT', '/api/users/1', { account: '', area: 0, groupIds: 'x' }],
      ['POST', '/api/users/1/reset-password', {}],
      ['POST', '/api/roles', {}],
      ['POST', '/api/roles', { name: '', code: '1', permissions: ['x'], dataScope: 'x' }],
      ['POST', '/api/groups', { name: '', description: 'x'.repeat(201) }],
      ['PUT', '/api/groups/1/members', { userIds: ['x', 0] }],
      ['PUT', '/api/settings', { platformTitle: '', centreName: 'x'.repeat(65) }],
      ['PUT', '/api/areas/0', { name: '' }],
      ['PUT', '/api/currentUser/password', {}],
      ['POST', '/api/login/account', {}],
      ['GET', '/api/users?pageSize=x&current=0&area=40000&status=x&sortField=x&sortOrder=x&roleId=0&groupId=x', undefined],
      ['GET', '/api/groups/x', undefined],
      ['GET', '/api/operation-logs?method=GET&from=x&to=y', undefined],
      ['GET', '/api/login-logs?success=x', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.call(admin, { method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      assert.equal(res.statusCode, 400, `${method} ${url}`);
      const body = res.json();
      assert.ok(body.errors.length > 0);
      for (const error of body.errors) {
        assert.deepEqual(Object.keys(error).sort(), ['field', 'label', 'message']);
        assert.match(error.label, CHINESE, `${method} ${url}: ${error.field} labelled "${error.label}"`);
        assert.match(error.message, CHINESE, `${method} ${url}: ${error.field} says "${error.message}"`);
        assert.ok(body.message.includes(`${error.label}：${error.message}`));
      }
    }
  });

  test('the real routes answer with the display types of ADR 0025', async () => {
    // A known resource that is gone: its own words, shown as an error message.
    const gone = await t.call(admin, { method: 'GET', url: '/api/appeals/99999' });
    assert.equal(gone.statusCode, 404);
    assert.deepEqual(gone.json(), { code: 404, message: '诉求不存在' });
    // A conflict: the data moved on, nothing broke — a warning.
    const builtIn = await t.call(admin, { method: 'DELETE', url: '/api/roles/1' });
    assert.equal(builtIn.statusCode, 409);
    assert.deepEqual(builtIn.json(), { code: 409, message: '内置角色不能删除', showType: ErrorShowType.WARN_MESSAGE });
    // The wall display's call is silent: its page shows a refused link itself.
    const wall = await t.call(undefined, { method: 'GET', url: '/api/stats/screen?key=not-a-display-key' });
    assert.equal(wall.statusCode, 403);
    assert.equal(wall.json().showType, ErrorShowType.SILENT);
    // A villager has nothing of the back office: the exception page rather than a toast.
    const villager = await t.login('villager02');
    const users = await t.call(villager, { method: 'GET', url: '/api/users' });
    assert.equal(users.statusCode, 403);
    assert.deepEqual(users.json(), { code: 403, message: '拒绝访问：您的账号没有管理后台的权限', showType: ErrorShowType.REDIRECT });
    // An expired or missing session: body code 401, nothing else to choose.
    const anonymous = await t.call(undefined, { method: 'GET', url: '/api/notices' });
    assert.deepEqual(anonymous.json(), { code: 401, message: '未授权或授权已过期，请重新登录' });
  });

  test('an id past the database range is a 400, not a 500', async () => {
    for (const url of ['/api/users/99999999999', '/api/groups/99999999999', '/api/roles/99999999999', '/api/users?roleId=99999999999']) {
      const res = await t.call(admin, { method: 'GET', url });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { code: 400, message: '请求参数超出允许范围' });
    }
  });

  test('a date far out of range on any list is a 400 naming the field, never a 500', async () => {
    const absurd = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1969-12-31T23:59:59Z'];
    // The lists that filter by time, each refusing either bound.
    for (const url of [
      '/api/tasks',
      '/api/appeals',
      '/api/photo-reports',
      '/api/opinions',
      '/api/scores/ranking',
      '/api/scores/ledger?userId=1',
      '/api/operation-logs',
      '/api/login-logs',
    ]) {
      for (const field of ['from', 'to']) {
        for (const value of absurd) {
          const res = await t.call(admin, {
            method: 'GET',
            url: `${url}${url.includes('?') ? '&' : '?'}${field}=${encodeURIComponent(value)}`,
          });
          assert.equal(res.statusCode, 400, `${url} ${field}=${value}: ${res.body}`);
          assert.deepEqual(res.json().errors, [
            { field, label: field === 'from' ? '开始时间' : '结束时间', message: '时间须在1970年至2999年之间' },
          ]);
        }
      }
      const fine = await t.call(admin, {
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}from=2020-01-01T00:00:00Z&to=2999-12-31T23:59:59Z`,
      });
      assert.equal(fine.statusCode, 200, `${url}: ${fine.body}`);
      const garbled = await t.call(admin, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}from=yesterday` });
      assert.deepEqual(garbled.json().errors, [{ field: 'from', label: '开始时间', message: '时间格式不正确' }]);
    }
    // Every other list shrugs the parameters off, and none of them answers 500.
    for (const route of t.app.routeAccessTable.filter(
      (r) => r.method === 'GET' && !r.url.includes(':') && !r.url.startsWith('/api/docs') && r.url !== '/api/admin/logout',
    )) {
      const res = await t.call(admin, { method: 'GET', url: `${route.url}?from=0000-01-01T00:00:00Z&to=0000-01-01T00:00:00Z` });
      assert.ok(res.statusCode < 500, `${route.url}: ${res.statusCode} ${res.body}`);
    }
    // A deadline is a date too.
    const task = await t.call(admin, {
      method: 'POST',
      url: '/api/tasks',
      payload: taskBody({ deadline: '0000-01-01T00:00:00Z' }),
    });
    assert.equal(task.statusCode, 400, task.body);
    assert.deepEqual(task.json().errors, [{ field: 'deadline', label: '截止时间', message: '时间须在1970年至2999年之间' }]);
  });

  test('names refuse zero-width and text-direction characters; other text keeps them', async () => {
    // U+202E shows the rest reversed; U+200B is invisible: both make one name look like another.
    for (const name of ['张\u202E三', '张\u200B三', '\uFEFF李四', '王\u2066五', '赵\u061C六', '钱\u180E七']) {
      const register = await t.call(undefined, {
        method: 'POST',
        url: '/api/register',
        payload: { account: `bidi_${name.codePointAt(1)}`, name, phone: '13712349999', password: 'Village123', area: 2 },
        remoteAddress: '10.123.0.1',
      });
      assert.equal(register.statusCode, 400, JSON.stringify(name));
      assert.deepEqual(register.json().errors, [{ field: 'name', label: '姓名', message: '不能含有不可见字符或文字方向控制字符' }]);
      for (const [url, payload, field, label] of [
        ['/api/groups', { name }, 'name', '分组名称'],
        ['/api/roles', { name, code: 'bidi_role', permissions: [], dataScope: 'self' }, 'name', '角色名称'],
        ['/api/opinion-keywords', { keyword: name }, 'keyword', '关键词'],
        ['/api/display-links', { name }, 'name', '名称'],
      ] as const) {
        const res = await t.call(admin, { method: 'POST', url, payload });
        assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(name)}: ${res.body}`);
        assert.deepEqual(res.json().errors, [{ field, label, message: '不能含有不可见字符或文字方向控制字符' }]);
      }
    }
    // A blank name still says it is empty, a name too long says its limit; a plain name passes.
    const long = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '长'.repeat(200) } });
    assert.equal(long.statusCode, 400);
    assert.match(long.json().errors[0].message, /^不能超过\d+个字符$/);
    const blank = await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '  ' } });
    assert.deepEqual(blank.json().errors, [{ field: 'name', label: '分组名称', message: '不能为空' }]);
    assert.equal((await t.call(admin, { method: 'POST', url: '/api/groups', payload: { name: '普通分组' } })).statusCode, 200);
  });

  test('an unsupported content type is a 415 and an oversized body a 413', async () => {
    const xml = await t.call(admin, {
      method: 'POST',
      url: '/api/groups',
      payload: '<group/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.equal(xml.statusCode, 415);
    assert.deepEqual(xml.json(), { code: 415, message: '不支持的内容类型' });
    const big = await t.call(admin, {
      method: 'POST',
      url: '/api/groups',
      payload: JSON.stringify({ name: 'x', description: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(big.statusCode, 413);
    assert.deepEqual(big.json(), { code: 413, message: '上传内容过大' });
  });
});

describe('the error handler on its own', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false });
    await app.register(errorsPlugin, {});
    const fail = (error: unknown) => async () => {
      throw error;
    };
    app.get('/internal', fail(new Error('password authentication failed for user "postgres" at 10.0.0.5')));
    app.get('/db-down', fail(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    // What pg and drizzle throw when PostgreSQL goes away, as drizzle wraps them (cause).
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
    const lost: Record<string, unknown> = {
      refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111 }),
      reset: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      terminated: new Error('Connection terminated unexpectedly'),
      'pool-timeout': new Error('timeout exceeded when trying to connect'),
      'admin-shutdown': Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
      'cannot-connect-now': Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      'connection-failure': Object.assign(new Error('connection failure'), { code: '08006' }),
    };
    for (const [name, error] of Object.entries(lost)) {
      app.get(`/lost/${name}`, fail(error));
      app.get(`/lost-wrapped/${name}`, fail(wrapped(error)));
    }
    app.get('/not-lost/syntax', fail(wrapped(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))));
    app.get('/app-error', fail(new AppError(409, '任务已关闭，不能再提交')));
    app.get('/field', fail(badRequest('deadline', '截止时间', '不能早于现在')));
    app.get('/unique', fail(Object.assign(new Error('duplicate key'), { code: '23505' })));
    app.get('/gone', fail(notFound('诉求')));
    app.get('/refused', fail(forbidden()));
    app.get('/redirected', fail(forbidden('拒绝访问：您的账号没有管理后台的权限', ErrorShowType.REDIRECT)));
    app.get('/signed-out', fail(unauthorized()));
    app.get('/limited', fail(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 })));
    // A route a page polls by itself: every failure is silent, whatever its status.
    const polled = { config: { errorShowType: ErrorShowType.SILENT } };
    app.get('/polled/db-down', polled, fail(lost.refused));
    app.get('/polled/conflict', polled, fail(new AppError(409, '该舆情已处置')));
    app.get('/polled/signed-out', polled, fail(unauthorized()));
    app.get('/wrapped-unique', fail(Object.assign(new Error('query failed'), { cause: { code: '23505' } })));
    await app.ready();
  });
  after(async () => {
    await app.close();
  });

  test('an unexpected error is a 500 with a generic Chinese message and no detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/internal' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { code: 500, message: '服务器内部错误', showType: ErrorShowType.NOTIFICATION });
    assert.doesNotMatch(res.body, /postgres|10\.0\.0\.5|stack/);
  });

  test('a lost database is a 503 asking to retry, however pg words it and however deep drizzle wraps it', async () => {
    const urls = ['/db-down'];
    for (const name of ['refused', 'reset', 'terminated', 'pool-timeout', 'admin-shutdown', 'cannot-connect-now', 'connection-failure']) {
      urls.push(`/lost/${name}`, `/lost-wrapped/${name}`);
    }
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 503, url);
      assert.deepEqual(res.json(), { code: 503, message: '数据库暂时无法连接，请稍后再试', showType: ErrorShowType.NOTIFICATION }, url);
      assert.equal(res.headers['retry-after'], '5');
    }
    // Any other database error stays a 500.
    const other = await app.inject({ method: 'GET', url: '/not-lost/syntax' });
    assert.equal(other.statusCode, 500);
  });

  test('an AppError keeps its status, message and field', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { code: 409, message: '任务已关闭，不能再提交', showType: ErrorShowType.WARN_MESSAGE });
    const field = await app.inject({ method: 'GET', url: '/field' });
    assert.equal(field.statusCode, 400);
    assert.deepEqual(field.json(), {
      code: 400,
      message: '截止时间：不能早于现在',
      errors: [{ field: 'deadline', label: '截止时间', message: '不能早于现在' }],
    });
  });

  test('a unique violation the route did not expect is a 409', async () => {
    for (const url of ['/unique', '/wrapped-unique']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 409, url);
      assert.deepEqual(res.json(), { code: 409, message: '数据已存在，请勿重复提交', showType: ErrorShowType.WARN_MESSAGE });
    }
  });

  test('each answer carries the display type of its kind (ADR 0025)', async () => {
    const bodies: Record<string, unknown> = {};
    for (const url of ['/gone', '/refused', '/redirected', '/signed-out', '/limited', '/field']) {
      bodies[url] = (await app.inject({ method: 'GET', url })).json();
    }
    assert.deepEqual(bodies, {
      // A known resource that is gone keeps its own words; no display type: an error message.
      '/gone': { code: 404, message: '诉求不存在' },
      '/refused': { code: 403, message: '拒绝访问：没有该操作的权限' },
      '/redirected': { code: 403, message: '拒绝访问：您的账号没有管理后台的权限', showType: ErrorShowType.REDIRECT },
      // Body code 401 signs out on the client whatever else it says.
      '/signed-out': { code: 401, message: '未授权或授权已过期，请重新登录' },
      '/limited': { code: 429, message: '请求过于频繁，请稍后再试', showType: ErrorShowType.WARN_MESSAGE },
      '/field': {
        code: 400,
        message: '截止时间：不能早于现在',
        errors: [{ field: 'deadline', label: '截止时间', message: '不能早于现在' }],
      },
    });
  });

  test('a route that declares its errors silent gets them silent, a 401 excepted', async () => {
    const down = await app.inject({ method: 'GET', url: '/polled/db-down' });
    assert.equal(down.statusCode, 503);
    assert.deepEqual(down.json(), { code: 503, message: '数据库暂时无法连接，请稍后再试', showType: ErrorShowType.SILENT });
    const conflict = await app.inject({ method: 'GET', url: '/polled/conflict' });
    assert.deepEqual(conflict.json(), { code: 409, message: '该舆情已处置', showType: ErrorShowType.SILENT });
    const signedOut = await app.inject({ method: 'GET', url: '/polled/signed-out' });
    assert.deepEqual(signedOut.json(), { code: 401, message: '未授权或授权已过期，请重新登录' });
  });
});
