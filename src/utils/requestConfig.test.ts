/**
 * The request rules of docs/product.md §13 and §14, through Umi's real `request` (its plugin manager
 * is created by @umijs/max/test-setup, so src/app.tsx's `request` config applies) against msw.
 * Messages are observed through registerFeedback, navigations through window.location.
 */
import { request } from '@umijs/max';
import { http, HttpResponse, type JsonBodyType, passthrough } from 'msw';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormInstance } from 'antd';
import { HTTP_STATUS_MESSAGES } from '@common/constants';
import { handleFormError, showApiError } from '@/utils/apiError';
import { registerFeedback } from '@/utils/feedback';
import { resetSignOut, signOut } from '@/utils/signOut';
import { api } from '@mock/http';
import { setPagePath, spyOnLocation } from '@mock/location';
import { server, useMockServer } from '@mock/server';

useMockServer();

interface Shown {
  via: 'message' | 'notification';
  kind: string;
  title?: string;
  text: string;
}
let shown: Shown[];
let location: ReturnType<typeof spyOnLocation>;

beforeEach(() => {
  shown = [];
  registerFeedback({
    message: (kind, text) => shown.push({ via: 'message', kind, text }),
    notification: (kind, title, text) => shown.push({ via: 'notification', kind, title, text }),
  });
  location = spyOnLocation();
  resetSignOut();
  sessionStorage.clear();
  setPagePath('/userManage/list');
});

afterEach(() => {
  registerFeedback(undefined);
  jest.restoreAllMocks();
});

/** GET /api/probe answers with this body and status. */
const answer = (body: JsonBodyType, status = 200) => server.use(http.get(api('/probe'), () => HttpResponse.json(body, { status })));

/** A call that is expected to fail: resolves to the error it was rejected with. */
const failing = (options?: Record<string, unknown>) =>
  request('/probe', { method: 'GET', ...options }).then(
    (value) => {
      throw new Error(`expected the call to fail, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as { response?: { status: number }; message?: string },
  );

describe('what every call carries', () => {
  test('the token from session storage goes in the authorization header, to /api', async () => {
    const seen: Array<{ url: string; authorization: string | null }> = [];
    server.use(
      http.get(api('/echo'), ({ request: req }) => {
        seen.push({ url: req.url, authorization: req.headers.get('authorization') });
        return HttpResponse.json({ code: 200, data: 'ok' });
      }),
    );

    await request('/echo');
    sessionStorage.setItem('token', 'token-abc');
    const body = await request('/echo');

    expect(body).toEqual({ code: 200, data: 'ok' });
    expect(seen).toEqual([
      { url: 'http://localhost/api/echo', authorization: null },
      { url: 'http://localhost/api/echo', authorization: 'token-abc' },
    ]);
  });

  test('a JSON body is sent as JSON', async () => {
    let received: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post(api('/echo'), async ({ request: req }) => {
        received = { type: req.headers.get('content-type'), body: await req.json() };
        return HttpResponse.json({ code: 200 });
      }),
    );
    await request('/echo', { method: 'POST', data: { name: '张三' } });
    expect(received?.type).toMatch(/^application\/json/);
    expect(received?.body).toEqual({ name: '张三' });
  });

  test('calls wait at most 30000 ms', async () => {
    let timeout: number | undefined;
    server.use(http.get(api('/echo'), () => HttpResponse.json({ code: 200 })));
    await request('/echo', {
      requestInterceptors: [
        (config: { timeout?: number }) => {
          timeout = config.timeout;
          return config;
        },
      ],
    });
    expect(timeout).toBe(30000);
  });

  describe('a call that times out', () => {
    // msw answers XMLHttpRequest without honouring its timeout, so the slow server here is a real
    // one that never answers; the call goes there untouched by msw.
    let hanging: Server;
    let origin: string;
    beforeAll(async () => {
      hanging = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      hanging.closeAllConnections();
      hanging.close();
    });

    test("shows '请求超时'", async () => {
      server.use(http.all(`${origin}/*`, () => passthrough()));
      const error = await request(`${origin}/api/slow`, { timeout: 150 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(shown).toEqual([{ via: 'message', kind: 'error', text: '请求超时' }]);
    });
  });
});

describe('body code 401', () => {
  test('one message, one redirect to the login page with the way back, token removed — however many calls fail', async () => {
    setPagePath('/userManage/list?status=pending');
    sessionStorage.setItem('token', 'expired');
    answer({ code: 401, message: '未授权或授权已过期，请重新登录' });

    await Promise.all([failing(), failing(), failing()]);

    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '未授权或授权已过期，请重新登录' }]);
    expect(location.replace).toHaveBeenCalledTimes(1);
    expect(location.replace).toHaveBeenCalledWith('/user/login?redirect=%2FuserManage%2Flist%3Fstatus%3Dpending');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  test('after signing out on purpose, calls still in flight that come back 401 stay quiet', async () => {
    setPagePath('/userManage/list');
    answer({ code: 401, message: '未授权或授权已过期，请重新登录' }, 401);
    await signOut({ notice: { kind: 'success', text: '操作成功' } });

    await Promise.all([failing(), failing()]);

    // Only the sign-out's own message and its one way to the login page.
    expect(shown).toEqual([{ via: 'message', kind: 'success', text: '操作成功' }]);
    expect(location.replace).toHaveBeenCalledTimes(1);
    expect(location.replace).toHaveBeenCalledWith('/user/login');
  });

  test('also with HTTP status 401; from a sign-in page there is no way back to carry', async () => {
    setPagePath('/user/register');
    sessionStorage.setItem('token', 'expired');
    answer({ code: 401, message: '未授权或授权已过期，请重新登录' }, 401);

    await failing();

    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '未授权或授权已过期，请重新登录' }]);
    expect(location.replace).toHaveBeenCalledTimes(1);
    expect(location.replace).toHaveBeenCalledWith('/user/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('HTTP status messages (docs/product.md §14)', () => {
  const table: Array<[number, string]> = [
    [401, '未授权，请登录'],
    [403, '拒绝访问'],
    [404, '请求地址出错'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP版本不受支持'],
  ];

  test('the catalogue holds exactly the table of docs/product.md §14', () => {
    expect(HTTP_STATUS_MESSAGES).toEqual(Object.fromEntries(table));
  });

  test.each(table)('%i without a message of its own shows %s', async (status, text) => {
    // 401 here carries no body code 401: that case is the sign-out above.
    answer(status === 401 ? 'Unauthorized' : { code: status }, status);
    const error = await failing();
    expect(error.response?.status).toBe(status);
    expect(shown).toEqual([{ via: 'message', kind: 'error', text }]);
    expect(location.replace).not.toHaveBeenCalled();
  });

  test("a proxy's page in front of the server (not our JSON) shows the status text", async () => {
    server.use(http.get(api('/probe'), () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502 })));
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '网关错误' }]);
  });

  test("the server's own words win over the status text: a known resource that is gone says which", async () => {
    answer({ code: 404, message: '诉求不存在' }, 404);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '诉求不存在' }]);
  });

  test("401 whose body code is not 401 shows '未授权，请登录' and does not sign out", async () => {
    sessionStorage.setItem('token', 'kept');
    answer({ code: 4011 }, 401);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '未授权，请登录' }]);
    expect(location.replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBe('kept');
  });

  test("400 shows the server's message", async () => {
    answer({ code: 400, message: '姓名：不能为空', errors: [{ field: 'name', label: '姓名', message: '不能为空' }] }, 400);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '姓名：不能为空' }]);
  });

  test("400 without a message shows '请求错误，请重试'", async () => {
    answer({}, 400);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '请求错误，请重试' }]);
  });

  test("a status outside the table shows the server's message", async () => {
    answer({ code: 413, message: '图片不能超过10MB' }, 413);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '图片不能超过10MB' }]);
  });
});

describe('error answers with a display type (showType, as the server sends them: ADR 0025)', () => {
  test('a 409 conflict is a warning in its own words', async () => {
    answer({ code: 409, message: '该诉求当前状态为「已答复」，不能进行此操作，请刷新后重试', showType: 1 }, 409);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'warning', text: '该诉求当前状态为「已答复」，不能进行此操作，请刷新后重试' }]);
  });

  test('a lost database is a notification titled by the status', async () => {
    answer({ code: 503, message: '数据库暂时无法连接，请稍后再试', showType: 3 }, 503);
    await failing();
    expect(shown).toEqual([{ via: 'notification', kind: 'error', title: '服务不可用', text: '数据库暂时无法连接，请稍后再试' }]);
  });

  test('a server fault is a notification that says what to do rather than repeat its title', async () => {
    answer({ code: 500, message: '服务器内部错误', showType: 3 }, 500);
    await failing();
    expect(shown).toEqual([
      { via: 'notification', kind: 'error', title: '服务器内部错误', text: '请稍后再试；如果问题持续出现，请联系系统管理员' },
    ]);
  });

  test('a silent answer shows nothing', async () => {
    answer({ code: 503, message: '数据库暂时无法连接，请稍后再试', showType: 0 }, 503);
    await failing();
    expect(shown).toEqual([]);
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('a redirect goes to /exception with the status and the message', async () => {
    answer({ code: 403, message: '拒绝访问：您的账号没有管理后台的权限', showType: 9 }, 403);
    await failing();
    expect(shown).toEqual([]);
    expect(location.assign).toHaveBeenCalledTimes(1);
    const target = new URL(location.assign.mock.calls[0][0], 'http://localhost');
    expect(target.pathname).toBe('/exception');
    expect(Object.fromEntries(target.searchParams)).toEqual({ errorCode: '403', errorMessage: '拒绝访问：您的账号没有管理后台的权限' });
  });

  test('body code 401 signs out whatever display type it carries', async () => {
    sessionStorage.setItem('token', 'expired');
    answer({ code: 401, message: '未授权或授权已过期，请重新登录', showType: 0 }, 401);
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '未授权或授权已过期，请重新登录' }]);
    expect(location.replace).toHaveBeenCalledTimes(1);
  });

  test('a form that handles its own errors shows them the same way, fields marked', async () => {
    const form = { getFieldsValue: () => ({ name: '' }), setFields: jest.fn() };
    answer(
      { code: 409, message: '已有同名分组', showType: 1, errors: [{ field: 'name', label: '分组名称', message: '已有同名分组' }] },
      409,
    );
    handleFormError(await failing({ skipErrorHandler: true }), form as unknown as FormInstance);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['已有同名分组'] }]);
    expect(shown).toEqual([{ via: 'message', kind: 'warning', text: '已有同名分组' }]);

    shown = [];
    answer({ code: 503, message: '数据库暂时无法连接，请稍后再试', showType: 3 }, 503);
    showApiError(await failing({ skipErrorHandler: true }));
    expect(shown).toEqual([{ via: 'notification', kind: 'error', title: '服务不可用', text: '数据库暂时无法连接，请稍后再试' }]);
  });

  test('a form whose call never reached the server says so', async () => {
    server.use(http.get(api('/probe'), () => HttpResponse.error()));
    handleFormError(await failing({ skipErrorHandler: true }));
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '网络连接失败，请检查网络后重试' }]);
  });
});

describe('business errors: HTTP 200 with a body code other than 200', () => {
  test('the call fails with the body', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 0 });
    const error = await failing();
    expect(error.message).toBe('任务已截止');
  });

  test('showType 0 is silent', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 0 });
    await failing();
    expect(shown).toEqual([]);
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('showType 1 shows a warning message', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 1 });
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'warning', text: '任务已截止' }]);
  });

  test('showType 2 shows an error message', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 2 });
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '任务已截止' }]);
  });

  test('showType 3 shows a notification', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 3 });
    await failing();
    expect(shown).toEqual([{ via: 'notification', kind: 'error', title: '请求出错（4001）', text: '任务已截止' }]);
  });

  test('showType 9 goes to /exception with errorCode and errorMessage', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 9 });
    await failing();
    expect(shown).toEqual([]);
    expect(location.assign).toHaveBeenCalledTimes(1);
    const target = new URL(location.assign.mock.calls[0][0], 'http://localhost');
    expect(target.pathname).toBe('/exception');
    expect(Object.fromEntries(target.searchParams)).toEqual({ errorCode: '4001', errorMessage: '任务已截止' });
  });

  test('no showType: an error message', async () => {
    answer({ code: 4001, message: '任务已截止' });
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '任务已截止' }]);
  });

  test("no message: '请求错误，请重试'", async () => {
    answer({ code: 4001 });
    await failing();
    expect(shown).toEqual([{ via: 'message', kind: 'error', text: '请求错误，请重试' }]);
  });

  test('body code 200 is success', async () => {
    answer({ code: 200, data: [1, 2] });
    await expect(request('/probe')).resolves.toEqual({ code: 200, data: [1, 2] });
    expect(shown).toEqual([]);
  });
});

describe('skipErrorHandler', () => {
  test('the error comes back to the caller and nothing is shown', async () => {
    answer({ code: 500, message: '服务器内部错误' }, 500);
    const error = await failing({ skipErrorHandler: true });
    expect(error.response?.status).toBe(500);
    expect(shown).toEqual([]);
  });

  test('a business error comes back with its message, nothing shown, no redirect', async () => {
    answer({ code: 4001, message: '任务已截止', showType: 9 });
    const error = await failing({ skipErrorHandler: true });
    expect(error.message).toBe('任务已截止');
    expect(shown).toEqual([]);
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('body code 401 leaves the session and the page alone', async () => {
    sessionStorage.setItem('token', 'kept');
    answer({ code: 401, message: '账号或密码错误' }, 401);
    await failing({ skipErrorHandler: true });
    expect(shown).toEqual([]);
    expect(location.replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBe('kept');
  });
});

describe('network failures (docs/product.md §14)', () => {
  test('a network failure is only logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(api('/probe'), () => HttpResponse.error()));
    await failing();
    expect(shown).toEqual([]);
    expect(log).toHaveBeenCalledWith('Network request failed', expect.anything());
    expect(location.replace).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
