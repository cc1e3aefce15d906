/**
 * /api/users (server/routes/users.ts): the list with the server's filters and sorting, one user,
 * creating, approving, disabling, enabling, resetting a password, deleting, the import (preview,
 * then import) and the downloads. Users live in `mockDb`; `resetMockDb()` runs after each test
 * (mock/server.ts).
 */
import { PASSWORD_PATTERN, PHONE_PATTERN, RULE_MESSAGES, USER_MESSAGES } from '@common/constants';
import type { UserCreateBody, UserImportRow, UserItem } from '@common/contracts/users';
import { BatchBody } from '@common/contracts/base';
import { bodyErrors } from './validate';
import { USER_STATUS_CHANGE_NAMES, USER_STATUS_CHANGES } from '@common/workflow';
import { adminUser, areas, groups, importSheetRows, initialUsers, roles, userItem } from './fixtures';
import { admin, apiError, exportHandler, invalid, ok, okEmpty, okPage, okWithMessage } from './http';
import { contains } from './query';

export const mockDb = {
  users: initialUsers(),
  nextId: 100,
};

export function resetMockDb() {
  mockDb.users = initialUsers();
  mockDb.nextId = 100;
}

/** The server's user filters, on the fixture array. */
function filterUsers(users: UserItem[], q: URLSearchParams): UserItem[] {
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
const notFound = () => apiError(404, '用户不存在');

const fileError = (message: string) => invalid([{ field: 'file', label: '文件', message }]);

/** The import file of a request checked as the server does (its name), then the fixture rows validated. */
async function importRows(request: Request): Promise<{ rows: UserImportRow[]; form: FormData } | Response> {
  const form = await request.formData();
  const file = form.get('file');
  // Not `instanceof File`: the parsed form's files are Node's, jsdom's File is another class.
  if (!file || typeof file === 'string') return fileError('请选择要导入的 .xlsx 文件');
  if (!/\.xlsx$/i.test(file.name)) return fileError(`「${file.name}」不是 Excel 文件，请下载模板填写后上传 .xlsx 文件`);
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

export const userHandlers = [
  exportHandler('/users/export', '用户列表.xlsx'),
  exportHandler('/users/import-template', '用户导入模板.xlsx'),
  admin.post('/users/import/preview', async ({ request }) => {
    const read = await importRows(request);
    if (read instanceof Response) return read;
    const invalidRows = read.rows.filter((r) => r.errors.length).length;
    return ok({ rows: read.rows, valid: read.rows.length - invalidRows, invalid: invalidRows });
  }),
  admin.post('/users/import', async ({ request }) => {
    const read = await importRows(request);
    if (read instanceof Response) return read;
    const password = String(read.form.get('password') ?? '');
    if (!new RegExp(PASSWORD_PATTERN).test(password)) {
      return invalid([{ field: 'password', label: '初始密码', message: RULE_MESSAGES.password }]);
    }
    const bad = read.rows.filter((r) => r.errors.length);
    if (bad.length && read.form.get('skipInvalid') !== 'true') {
      return fileError(`${bad.map((r) => `第${r.row}行`).join('、')}有误，请改正后重新上传，或选择跳过有误的行`);
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

  admin.get('/users', ({ request }) => {
    const url = new URL(request.url);
    return okPage(filterUsers(mockDb.users, url.searchParams), url);
  }),

  admin.get('/users/:id', ({ params }) => {
    const user = findUser(params.id);
    return user ? ok(user) : notFound();
  }),

  admin.post('/users', async ({ request }) => {
    const body = (await request.json()) as UserCreateBody;
    if (mockDb.users.some((u) => u.account.toLowerCase() === body.account.toLowerCase())) {
      return apiError(409, USER_MESSAGES.accountTaken, [{ field: 'account', label: '账号', message: USER_MESSAGES.accountTaken }]);
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

  admin.post('/users/:id/reset-password', ({ params }) => (findUser(params.id) ? okEmpty(USER_MESSAGES.passwordReset) : notFound())),

  // Bulk (ADR 0063): every account is checked first, so a refusal names one and changes none.
  ...(['disable', 'enable'] as const).map((action) =>
    admin.post(`/users/batch/${action}`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { ids: number[] };
      const errors = bodyErrors(BatchBody, body);
      if (errors.length) return invalid(errors);
      const rule = USER_STATUS_CHANGES[action];
      for (const id of body.ids) {
        const user = findUser(String(id));
        const why = !user
          ? '用户不存在'
          : user.id === adminUser.id
            ? USER_MESSAGES.ownStatus
            : !rule.from.includes(user.status)
              ? rule.refusal
              : '';
        if (why) return apiError(user ? 409 : 404, `编号 ${id} 的用户：${why}。所选用户都未处理`);
      }
      for (const id of body.ids) findUser(String(id))!.status = rule.to;
      return okWithMessage({ count: body.ids.length }, `已${action === 'disable' ? '停用' : '启用'} ${body.ids.length} 个用户`);
    }),
  ),

  ...USER_STATUS_CHANGE_NAMES.map((action) =>
    admin.post(`/users/:id/${action}`, ({ params }) => {
      const user = findUser(params.id);
      if (!user) return notFound();
      const rule = USER_STATUS_CHANGES[action];
      if (user.id === adminUser.id) return apiError(409, USER_MESSAGES.ownStatus);
      if (!rule.from.includes(user.status)) return apiError(409, rule.refusal);
      user.status = rule.to;
      return ok(user);
    }),
  ),

  admin.delete('/users/:id', ({ params }) => {
    const user = findUser(params.id);
    if (!user) return notFound();
    if (user.id === adminUser.id) return apiError(409, USER_MESSAGES.ownDelete);
    mockDb.users = mockDb.users.filter((u) => u.id !== user.id);
    return okEmpty(USER_MESSAGES.deleted);
  }),
];
