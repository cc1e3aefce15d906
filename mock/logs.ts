/**
 * msw handlers for 系统设置 › 操作日志 and 登录日志 (/api/operation-logs, /api/login-logs and their
 * exports), in the shapes of common/contracts/system.ts, filtered the way the server filters.
 */
import { http } from 'msw';
import type { LoginLogItem, OperationLogItem } from '@common/contracts/system';
import { ADMIN_TOKEN } from './fixtures';
import { api, apiError, exportHandler, ok } from './handlers';

export const operationLogFixtures: OperationLogItem[] = [
  {
    id: 3,
    userId: 1,
    account: 'admin',
    method: 'PUT',
    route: '/api/users/:id',
    action: '修改用户',
    targetId: '12',
    ip: '192.168.1.20',
    statusCode: 200,
    changes: [
      { field: '姓名', before: '孙丽', after: '孙丽华' },
      { field: '手机号码', before: '13900000301', after: '13900000399' },
    ],
    createdAt: '2026-11-20T02:30:00.000Z',
  },
  {
    id: 2,
    userId: 2,
    account: 'staff01',
    method: 'POST',
    route: '/api/appeals/:id/reject',
    action: '不予受理',
    targetId: '7',
    ip: '10.0.0.8',
    statusCode: 409,
    changes: null,
    createdAt: '2026-11-19T08:00:00.000Z',
  },
];

export const loginLogFixtures: LoginLogItem[] = [
  {
    id: 2,
    account: 'cadre03',
    userId: 9,
    ip: '10.20.30.40',
    success: false,
    reason: 'bad_password',
    userAgent: 'Mozilla/5.0',
    createdAt: '2026-11-20T01:00:00.000Z',
  },
  {
    id: 1,
    account: 'admin',
    userId: 1,
    ip: '127.0.0.1',
    success: true,
    reason: 'ok',
    userAgent: 'Mozilla/5.0',
    createdAt: '2026-11-19T01:00:00.000Z',
  },
];

const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');
const contains = (value: string, part: string | null) => !part || value.toLowerCase().includes(part.toLowerCase());

function operationMatches(url: URL) {
  const q = url.searchParams;
  return operationLogFixtures.filter(
    (log) =>
      contains(log.account, q.get('account')) &&
      contains(log.action, q.get('action')) &&
      (!q.get('ip') || log.ip.startsWith(q.get('ip') as string)) &&
      (!q.get('result') || (q.get('result') === 'success') === log.statusCode < 400),
  );
}

function loginMatches(url: URL) {
  const q = url.searchParams;
  return loginLogFixtures.filter(
    (log) =>
      contains(log.account, q.get('account')) &&
      (!q.get('ip') || log.ip.startsWith(q.get('ip') as string)) &&
      (!q.get('success') || String(log.success) === q.get('success')),
  );
}

const listOf = <T>(items: T[], url: URL) => {
  const current = Number(url.searchParams.get('current') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
};

export const logHandlers = [
  http.get(api('/operation-logs'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(listOf(operationMatches(url), url));
  }),
  exportHandler('/operation-logs/export', '操作日志.xlsx'),
  http.get(api('/login-logs'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(listOf(loginMatches(url), url));
  }),
  exportHandler('/login-logs/export', '登录日志.xlsx'),
];
