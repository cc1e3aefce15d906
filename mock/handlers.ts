/**
 * msw handlers for the client tests: the server's paths under /api with its answer shapes —
 * `{ code: 200, data }`, lists as `{ code: 200, data: { list, total, current, pageSize } }`, errors as
 * `{ code, message, errors? }` with the same HTTP status. State lives in `mockDb`; call
 * `resetMockDb()` between tests (mock/server.ts does).
 */
import { http, HttpResponse } from 'msw';
import { defaultShowType, MESSAGES, PAGE_SIZE_DEFAULT, PASSWORD_PATTERN, PHONE_PATTERN, RULE_MESSAGES } from '@common/constants';
import type { FieldError } from '@common/contracts/base';
import type { UserCreateBody, UserImportRow, UserItem } from '@common/contracts/users';
import { ADMIN_TOKEN, PASSWORDS, adminUser, areas, groups, importSheetRows, initialUsers, roles, settings, userItem } from './fixtures';

/** Matches the API on any origin (jsdom's is http://localhost). */
export const api = (path: string) => `*/api${path}`;

export const mockDb = {
  users: initialUsers(),
  nextId: 100,
};

export function resetMockDb() {
  mockDb.users = initialUsers();
  mockDb.nextId = 100;
}

export const ok = <T>(data: T) => HttpResponse.json({ code: 200, data });
export const okEmpty = (message?: string) => HttpResponse.json({ code: 200, ...(message ? { message } : {}) });
/** An error the way the server sends it: same code in the status line and the body, the status's display type. */
export const apiError = (status: number, message: string, errors?: FieldError[]) => {
  const showType = defaultShowType(status);
  return HttpResponse.json(
    { code: status, message, ...(errors ? { errors } : {}), ...(showType === undefined ? {} : { showType }) },
    { status },
  );
};

const ACCOUNT_TAKEN = '该账号已存在，请换一个账号';

/** Signed-in calls need the token the login handed out. */
const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, MESSAGES.unauthorizedRelogin);

function page<T>(items: T[], url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
  return {
    list: items.slice((current - 1) * pageSize, current * pageSize),
    total: items.length,
    current,
    pageSize,
  };
}

const contains = (value: string, part: string | null) => !part || value.toLowerCase().includes(part.toLowerCase());

/** The server's user filters, on the fixture array. */
export function filterUsers(users: UserItem[], q: URLSearchParams): UserItem[] {
  const num = (key: string) => (q.get(key) ? Number(q.get(key)) : undefined);
  const keyword = q.get('keyword');
  const roleId = num('roleId');
  const area = num('area');
  const groupId = num('groupId');
  const status = q.get('status');
  const sortField = (q.get('sortField') ?? 'createdAt') as 'createdAt' | 'lastLoginAt' | 'account' | 'name';
  const direction = q.get('sortOrder') === 'ascend' ? 1 : -1;
  return users
    .filter(
      (u) =>
        (!keyword || [u.name, u.account, u.phone].some((v) => contains(v, keyword))) &&
        contains(u.account, q.get('account')) &&
        contains(u.name, q.get('name')) &&
        contains(u.phone, q.get('phone')) &&
        (roleId === undefined || u.roleId === roleId) &&
        (area === undefined || u.area === area) &&
        (groupId === undefined || u.groupIds.includes(groupId)) &&
        (!status || u.status === status),
    )
    .sort((a, b) => {
      const x = a[sortField] ?? '';
      const y = b[sortField] ?? '';
      return x === y ? b.id - a.id : (x < y ? -1 : 1) * direction;
    });
}

const findUser = (id: string | readonly string[] | undefined) => mockDb.users.find((u) => u.id === Number(id));

const STATUS_ACTIONS = {
  approve: { from: ['pending'], to: 'active', refusal: '该用户不是待审核状态' },
  disable: { from: ['active', 'pending'], to: 'disabled', refusal: '该用户已是停用状态' },
  enable: { from: ['disabled'], to: 'active', refusal: '该用户不是停用状态' },
} as const;

/** An .xlsx download as the server sends it (only the zip signature: jsdom saves nothing). */
export const xlsxFile = (name: string) =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

/** GET <path>: a list's 导出Excel, for the signed-in admin. Put it before the list's `/:id` route. */
export const exportHandler = (path: string, name: string) =>
  http.get(api(path), ({ request }) => (signedIn(request) ? xlsxFile(name) : unauthorized()));

/** The import file of a request checked as the server does (its name), then the fixture rows validated. */
async function importRows(request: Request): Promise<{ rows: UserImportRow[]; form: FormData } | Response> {
  const form = await request.formData();
  const file = form.get('file');
  // Not `instanceof File`: the parsed form's files are Node's, jsdom's File is another class.
  if (!file || typeof file === 'string')
    return apiError(400, '文件：请选择要导入的 .xlsx 文件', [{ field: 'file', label: '文件', message: '请选择要导入的 .xlsx 文件' }]);
  if (!/\.xlsx$/i.test(file.name)) {
    const message = `「${file.name}」不是 Excel 文件，请下载模板填写后上传 .xlsx 文件`;
    return apiError(400, `文件：${message}`, [{ field: 'file', label: '文件', message }]);
  }
  const raw = importSheetRows();
  const rows = raw.map((r) => {
    const errors: UserImportRow['errors'] = [];
    if (mockDb.users.some((u) => u.account.toLowerCase() === r.account.toLowerCase()))
      errors.push({ field: 'account', message: '该账号已存在' });
    if (!new RegExp(PHONE_PATTERN).test(r.phone)) errors.push({ field: 'phone', message: RULE_MESSAGES.phone });
    if (!roles.some((role) => role.name === r.role)) errors.push({ field: 'role', message: `没有名为“${r.role}”的角色` });
    if (r.area && !areas.some((a) => a.name === r.area)) errors.push({ field: 'area', message: `没有名为“${r.area}”的村（社区）` });
    for (const name of r.groups.split('、').filter(Boolean)) {
      if (!groups.some((g) => g.name === name)) errors.push({ field: 'groups', message: `没有名为“${name}”的分组` });
    }
    return { ...r, errors };
  });
  return { rows, form };
}

export const handlers = [
  exportHandler('/users/export', '用户列表.xlsx'),
  exportHandler('/users/import-template', '用户导入模板.xlsx'),
  http.post(api('/users/import/preview'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const read = await importRows(request);
    if (read instanceof Response) return read;
    const invalid = read.rows.filter((r) => r.errors.length).length;
    return ok({ rows: read.rows, valid: read.rows.length - invalid, invalid });
  }),
  http.post(api('/users/import'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const read = await importRows(request);
    if (read instanceof Response) return read;
    const password = String(read.form.get('password') ?? '');
    if (!new RegExp(PASSWORD_PATTERN).test(password)) {
      return apiError(400, `初始密码：${RULE_MESSAGES.password}`, [
        { field: 'password', label: '初始密码', message: RULE_MESSAGES.password },
      ]);
    }
    const bad = read.rows.filter((r) => r.errors.length);
    if (bad.length && read.form.get('skipInvalid') !== 'true') {
      const message = `${bad.map((r) => `第${r.row}行`).join('、')}有误，请改正后重新上传，或选择跳过有误的行`;
      return apiError(400, `文件：${message}`, [{ field: 'file', label: '文件', message }]);
    }
    const good = read.rows.filter((r) => !r.errors.length);
    for (const r of good) {
      mockDb.users.push(
        userItem({
          id: mockDb.nextId++,
          account: r.account,
          name: r.name,
          phone: r.phone,
          roleId: roles.find((role) => role.name === r.role)?.id ?? 4,
          area: areas.find((a) => a.name === r.area)?.id ?? null,
          status: 'active',
          groupIds: groups.filter((g) => r.groups.split('、').includes(g.name)).map((g) => g.id),
          createdAt: new Date().toISOString(),
        }),
      );
    }
    return ok({ imported: good.length, skipped: bad.length });
  }),
  http.post(api('/login/account'), async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    const account = (body.username ?? '').trim().toLowerCase();
    if (!account || !body.password) {
      return apiError(400, '账号：不能为空', [{ field: 'username', label: '账号', message: '不能为空' }]);
    }
    if (PASSWORDS[account] !== body.password) return apiError(401, MESSAGES.loginFailed);
    const user = mockDb.users.find((u) => u.account === account);
    if (user?.status === 'pending') return apiError(403, MESSAGES.accountPending);
    if (user?.status === 'disabled') return apiError(403, MESSAGES.accountDisabled);
    return ok({ token: ADMIN_TOKEN });
  }),

  http.get(api('/currentUser'), ({ request }) => (signedIn(request) ? ok(adminUser) : unauthorized())),

  http.get(api('/admin/logout'), ({ request }) => (signedIn(request) ? okEmpty(MESSAGES.operationSuccess) : unauthorized())),

  http.get(api('/settings'), () => ok(settings)),

  // The admin header's bell asks on every admin page; people-service tests answer with real groups.
  http.get(api('/notices'), ({ request }) => (signedIn(request) ? ok({ total: 0, groups: [] }) : unauthorized())),

  http.get(api('/areas'), ({ request }) => (signedIn(request) ? ok(areas) : unauthorized())),

  http.get(api('/roles'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(
      page(
        roles.filter((r) => contains(r.name, url.searchParams.get('name'))),
        url,
      ),
    );
  }),

  http.get(api('/groups'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(
      page(
        groups.filter((g) => contains(g.name, url.searchParams.get('name'))),
        url,
      ),
    );
  }),

  http.get(api('/users'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(page(filterUsers(mockDb.users, url.searchParams), url));
  }),

  http.get(api('/users/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const user = findUser(params.id);
    return user ? ok(user) : apiError(404, '用户不存在');
  }),

  http.post(api('/users'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as UserCreateBody;
    if (mockDb.users.some((u) => u.account.toLowerCase() === body.account.toLowerCase())) {
      return apiError(409, ACCOUNT_TAKEN, [{ field: 'account', label: '账号', message: ACCOUNT_TAKEN }]);
    }
    const user = userItem({
      id: mockDb.nextId++,
      account: body.account,
      name: body.name.trim(),
      phone: body.phone,
      roleId: body.roleId,
      area: body.area ?? null,
      status: 'active',
      groupIds: body.groupIds ?? [],
      createdAt: new Date().toISOString(),
    });
    mockDb.users.push(user);
    return ok(user);
  }),

  http.post(api('/users/:id/:action'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const user = findUser(params.id);
    if (!user) return apiError(404, '用户不存在');
    if (params.action === 'reset-password') return okEmpty('密码已重置');
    const rule = STATUS_ACTIONS[params.action as keyof typeof STATUS_ACTIONS];
    if (!rule) return apiError(404, '请求地址出错');
    if (user.id === adminUser.id) return apiError(409, '不能修改自己账号的状态');
    if (!(rule.from as readonly string[]).includes(user.status)) return apiError(409, rule.refusal);
    user.status = rule.to;
    return ok(user);
  }),

  http.delete(api('/users/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const user = findUser(params.id);
    if (!user) return apiError(404, '用户不存在');
    if (user.id === adminUser.id) return apiError(409, '不能删除自己的账号');
    mockDb.users = mockDb.users.filter((u) => u.id !== user.id);
    return okEmpty('用户已删除');
  }),
];
