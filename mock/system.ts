/**
 * 系统设置 (server/routes/system.ts): the settings and the areas (both public), the demo data's
 * summary and clearing, and the operation and login logs with their exports, filtered the way the
 * server filters. `resetSystemDb()` runs after each test (mock/server.ts).
 */
import type { LoginLogItem, OperationLogItem } from '@common/contracts/system';
import { areas, settings } from './fixtures';
import { admin, exportHandler, ok, okPage, okWithMessage, route } from './http';
import { contains } from './query';

const operationLogFixtures: OperationLogItem[] = [
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

const loginLogFixtures: LoginLogItem[] = [
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

function operationMatches(q: URLSearchParams) {
  return operationLogFixtures.filter(
    (log) =>
      contains(log.account, q.get('account')) &&
      contains(log.action, q.get('action')) &&
      (!q.get('ip') || log.ip.startsWith(q.get('ip') as string)) &&
      (!q.get('result') || (q.get('result') === 'success') === log.statusCode < 400),
  );
}

function loginMatches(q: URLSearchParams) {
  return loginLogFixtures.filter(
    (log) =>
      contains(log.account, q.get('account')) &&
      (!q.get('ip') || log.ip.startsWith(q.get('ip') as string)) &&
      (!q.get('success') || String(log.success) === q.get('success')),
  );
}

/** 系统设置 › 操作日志 and 登录日志: only their pages' tests put these in. */
export const logHandlers = [
  admin.get('/operation-logs', ({ request }) => {
    const url = new URL(request.url);
    return okPage(operationMatches(url.searchParams), url);
  }),
  exportHandler('/operation-logs/export', '操作日志.xlsx'),
  admin.get('/login-logs', ({ request }) => {
    const url = new URL(request.url);
    return okPage(loginMatches(url.searchParams), url);
  }),
  exportHandler('/login-logs/export', '登录日志.xlsx'),
];

/** 系统设置 › 演示数据: a new installation has some until it is cleared. */
const systemDb = { demo: { present: true, accounts: 9, records: 180 } };

export function resetSystemDb() {
  systemDb.demo = { present: true, accounts: 9, records: 180 };
}

export const systemHandlers = [
  route.get('/settings', () => ok(settings)),
  route.get('/areas', () => ok(areas)),
  admin.get('/demo-data', () => ok(systemDb.demo)),
  admin.delete('/demo-data', () => {
    const accounts = systemDb.demo.accounts;
    systemDb.demo = { present: false, accounts: 0, records: 0 };
    const none = { tasks: 0, submissions: 0, news: 0, appeals: 0, photoReports: 0, opinions: 0, keywords: 0, groups: 0, orgUnits: 0 };
    return okWithMessage(
      {
        removed: { ...none, accounts, tasks: 13, news: 9, appeals: 12, pictures: 30, introductions: 6 },
        kept: { tasks: 1, groups: 0, orgUnits: 0 },
      },
      '演示数据已清除',
    );
  }),
];
