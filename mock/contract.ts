/**
 * What each route the mocks answer may reply: the TypeBox schema its server route declares in
 * `response: replies(X)` (server/http.ts), keyed by method and the server's path. Every reply a
 * mock handler gives (mock/http.ts `route`, `admin`) is checked here; a reply the server could not
 * give is a drift, and `useMockServer` (mock/server.ts) fails the test that saw one.
 * mock/contract.test.ts proves each line equals what the server route declares.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { FormatRegistry, TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CurrentUser, LoginCaptcha, LoginResult } from '@common/contracts/auth';
import { ApiError, BatchResult, Ok, OkEmpty, Page } from '@common/contracts/base';
import { YearCalendar } from '@common/contracts/calendar';
import { isDateText, isDateTimeText } from '@common/dateText';
import {
  CenterIntroduction,
  NewsDetail,
  NewsItem,
  OrgUnit,
  OrgUnitNode,
  PublicNewsDetail,
  PublicNewsItem,
  VillageIntroduction,
} from '@common/contracts/content';
import { GroupItem } from '@common/contracts/groups';
import {
  AppealAccount,
  AppealCounts,
  AppealDetail,
  AppealItem,
  MyAppealItem,
  MyPhotoReportItem,
  Notices,
  OpinionItem,
  OpinionKeyword,
  OpinionTrend,
  PhotoReportCounts,
  PhotoReportDetail,
  PhotoReportItem,
  UserNotice,
  UserNoticeCount,
} from '@common/contracts/people';
import { Report } from '@common/contracts/reports';
import { RoleItem } from '@common/contracts/roles';
import { LedgerEntry, LedgerPage, MyScore, RankingRow } from '@common/contracts/scores';
import { DisplayLink, NewDisplayLink, StatsOverview } from '@common/contracts/stats';
import {
  AreaItem,
  DemoCleared,
  DemoSummary,
  LoginLogItem,
  OperationLogItem,
  Settings,
  UploadResult,
  VillageItem,
} from '@common/contracts/system';
import {
  BatchAuditResult,
  MyTaskCounts,
  MyTaskDetail,
  MyTaskItem,
  PublicTaskDetail,
  PublicTaskItem,
  SubmissionItem,
  TaskDetail,
  TaskFormOptions,
  TaskItem,
} from '@common/contracts/tasks';
import { UserImportPreview, UserImportResult, UserItem } from '@common/contracts/users';
import { SearchResult } from '@common/contracts/search';

/** `replies()`: a 200 without data. */
export const EMPTY = 'empty';
/** A download: the 200 is a file, not JSON (errors are still the JSON error body). */
export const FILE = 'file';
export type Reply = TSchema | typeof EMPTY | typeof FILE;

export const ROUTES = {
  // server/routes/auth.ts
  'GET /login/captcha': LoginCaptcha,
  'POST /login/account': LoginResult,
  'GET /currentUser': CurrentUser,
  'GET /admin/logout': EMPTY,
  'PUT /currentUser/password': EMPTY,
  // server/routes/users.ts
  'GET /users': Page(UserItem),
  'GET /users/export': FILE,
  'GET /users/import-template': FILE,
  'POST /users/import/preview': UserImportPreview,
  'POST /users/import': UserImportResult,
  'GET /users/:id': UserItem,
  'POST /users': UserItem,
  'DELETE /users/:id': EMPTY,
  'POST /users/:id/approve': UserItem,
  'POST /users/:id/disable': UserItem,
  'POST /users/:id/enable': UserItem,
  'POST /users/batch/disable': BatchResult,
  'POST /users/batch/enable': BatchResult,
  'POST /users/:id/reset-password': EMPTY,
  // server/routes/groups.ts, roles.ts
  'GET /groups': Page(GroupItem),
  'GET /roles': Page(RoleItem),
  // server/routes/system.ts
  'GET /demo-data': DemoSummary,
  'DELETE /demo-data': DemoCleared,
  'GET /areas': Type.Array(AreaItem),
  'GET /villages': Page(VillageItem),
  'POST /villages': VillageItem,
  'PUT /villages/:id': VillageItem,
  'POST /villages/:id/archive': VillageItem,
  'POST /villages/:id/restore': VillageItem,
  'DELETE /villages/:id': EMPTY,
  'GET /settings': Settings,
  'GET /operation-logs': Page(OperationLogItem),
  'GET /operation-logs/export': FILE,
  'GET /login-logs': Page(LoginLogItem),
  'GET /login-logs/export': FILE,
  // server/routes/search.ts
  'GET /search': SearchResult,
  // server/routes/calendar.ts
  'GET /calendar/:year': YearCalendar,
  'PUT /calendar/:year': YearCalendar,
  'POST /calendar/:year/restore': YearCalendar,
  // server/routes/uploads.ts
  'POST /uploads': UploadResult,
  // server/routes/tasks.ts
  'GET /tasks': Page(TaskItem),
  'GET /tasks/export': FILE,
  'GET /tasks/form-options': TaskFormOptions,
  'GET /tasks/:id': TaskDetail,
  'POST /tasks': TaskDetail,
  'PUT /tasks/:id': TaskDetail,
  'DELETE /tasks/:id': EMPTY,
  'POST /tasks/:id/publish': TaskDetail,
  'POST /tasks/:id/close': TaskDetail,
  'POST /tasks/:id/copy': TaskDetail,
  'GET /tasks/:id/completion/export': FILE,
  'GET /tasks/:id/completion/areas/export': FILE,
  // server/routes/submissions.ts
  'POST /tasks/:id/submissions': SubmissionItem,
  'GET /submissions': Page(SubmissionItem),
  'GET /submissions/export': FILE,
  'GET /submissions/:id': SubmissionItem,
  'POST /submissions/:id/audit': SubmissionItem,
  'POST /submissions/audit': BatchAuditResult,
  // server/routes/scores.ts
  'GET /scores/ranking': Page(RankingRow),
  'GET /scores/ledger': LedgerPage,
  'POST /scores/adjust': LedgerEntry,
  'GET /scores/export': FILE,
  // server/routes/my.ts
  'GET /my/tasks': Page(MyTaskItem),
  'GET /my/tasks/counts': MyTaskCounts,
  'GET /my/tasks/:id': MyTaskDetail,
  'GET /my/score': MyScore,
  'GET /my/notices': Page(UserNotice),
  'GET /my/notices/count': UserNoticeCount,
  'POST /my/notices/:id/read': UserNoticeCount,
  // Declared inline in the route, not in common/contracts.
  'POST /my/notices/read-all': Type.Object({ marked: Type.Integer() }),
  'GET /my/dispatched-appeals': Page(AppealItem),
  'POST /my/dispatched-appeals/:id/accept': AppealDetail,
  'POST /my/dispatched-appeals/:id/reply': AppealDetail,
  'POST /my/dispatched-appeals/:id/reject': AppealDetail,
  'GET /my/dispatched-photo-reports': Page(PhotoReportItem),
  'POST /my/dispatched-photo-reports/:id/accept': PhotoReportDetail,
  'POST /my/dispatched-photo-reports/:id/reply': PhotoReportDetail,
  'GET /my/appeals': Page(MyAppealItem),
  'POST /my/appeals/:id/rate': AppealDetail,
  'GET /my/photo-reports': Page(MyPhotoReportItem),
  // server/routes/publicTasks.ts
  'GET /public/tasks': Page(PublicTaskItem),
  'GET /public/tasks/:id': PublicTaskDetail,
  // server/routes/news.ts
  'GET /news': Page(NewsItem),
  'GET /news/export': FILE,
  'GET /news/:id': NewsDetail,
  'POST /news': NewsDetail,
  'PUT /news/:id': NewsDetail,
  'DELETE /news/:id': EMPTY,
  'POST /news/:id/publish': NewsItem,
  'POST /news/:id/offline': NewsItem,
  'POST /news/:id/pin': NewsItem,
  'POST /news/:id/unpin': NewsItem,
  // server/routes/introductions.ts
  'GET /introductions/center': CenterIntroduction,
  'PUT /introductions/center': CenterIntroduction,
  'GET /introductions/villages': Type.Array(VillageIntroduction),
  'PUT /introductions/villages/:area': VillageIntroduction,
  // server/routes/orgUnits.ts
  'GET /org-units': Type.Array(OrgUnitNode),
  'POST /org-units': OrgUnit,
  'PUT /org-units/:id': OrgUnit,
  'DELETE /org-units/:id': EMPTY,
  // server/routes/publicContent.ts
  'GET /public/news': Page(PublicNewsItem),
  'GET /public/news/:id': PublicNewsDetail,
  'GET /public/introductions/center': CenterIntroduction,
  'GET /public/introductions/villages': Type.Array(VillageIntroduction),
  'GET /public/introductions/villages/:area': VillageIntroduction,
  'GET /public/org-units': Type.Array(OrgUnitNode),
  // server/routes/appeals.ts
  'POST /appeals': AppealItem,
  'GET /appeals': Page(AppealItem),
  'GET /appeals/counts': AppealCounts,
  'POST /appeals/register': AppealDetail,
  'GET /appeals/accounts': Type.Array(AppealAccount),
  'GET /appeals/export': FILE,
  'GET /appeals/:id': AppealDetail,
  'POST /appeals/:id/accept': AppealDetail,
  'POST /appeals/:id/close': AppealDetail,
  'POST /appeals/:id/reply': AppealDetail,
  'POST /appeals/:id/reject': AppealDetail,
  'POST /appeals/:id/callback': AppealDetail,
  'POST /appeals/:id/dispatch': AppealDetail,
  'POST /appeals/batch/accept': BatchResult,
  'POST /appeals/batch/dispatch': BatchResult,
  'POST /appeals/batch/reject': BatchResult,
  // server/routes/photoReports.ts
  'POST /photo-reports': PhotoReportItem,
  'GET /photo-reports': Page(PhotoReportItem),
  'GET /photo-reports/export': FILE,
  'GET /photo-reports/counts': PhotoReportCounts,
  'GET /photo-reports/:id': PhotoReportDetail,
  'POST /photo-reports/:id/handle': PhotoReportDetail,
  'POST /photo-reports/:id/invalid': PhotoReportDetail,
  'POST /photo-reports/:id/approve': PhotoReportDetail,
  'POST /photo-reports/:id/return': PhotoReportDetail,
  'POST /photo-reports/:id/dispatch': PhotoReportDetail,
  'POST /photo-reports/:id/recall': PhotoReportDetail,
  // server/routes/opinions.ts
  'GET /opinions': Page(OpinionItem),
  'GET /opinions/export': FILE,
  'GET /opinions/trend': OpinionTrend,
  'POST /opinions': OpinionItem,
  'PUT /opinions/:id': OpinionItem,
  'DELETE /opinions/:id': EMPTY,
  'POST /opinions/:id/handle': OpinionItem,
  'POST /opinions/:id/reopen': OpinionItem,
  'GET /opinion-keywords': Page(OpinionKeyword),
  'POST /opinion-keywords': OpinionKeyword,
  'DELETE /opinion-keywords/:id': EMPTY,
  'GET /notices': Notices,
  // server/routes/stats.ts
  'GET /stats/overview': StatsOverview,
  'GET /stats/screen': StatsOverview,
  'GET /display-links': Page(DisplayLink),
  'POST /display-links': NewDisplayLink,
  'POST /display-links/:id/revoke': DisplayLink,
  // server/routes/reports.ts
  'GET /reports': Report,
  'GET /reports/docx': FILE,
} satisfies Record<string, Reply>;

export type RouteKey = keyof typeof ROUTES;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The server paths that answer `method`. */
export type PathOf<M extends Method> = RouteKey extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
/** Any route, for a handler that only refuses (a 200 from it is a drift). */
export const ANY_ROUTE = 'any route';

// TypeBox checks a format only once it is told how: the same checks the server registers (ADR 0039).
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', isDateTimeText);
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isDateText);
// NullableNumber (common/contracts/base.ts) is a Type.Unsafe: a JSON-schema `type` list with bounds.
if (!TypeRegistry.Has('Unsafe')) {
  TypeRegistry.Set<{ type?: string | string[]; minimum?: number; maximum?: number }>('Unsafe', (schema, value) => {
    const types = ([] as string[]).concat(schema.type ?? []);
    if (value === null) return types.includes('null');
    if (typeof value !== 'number') return false;
    if (!(types.includes('number') || (types.includes('integer') && Number.isInteger(value)))) return false;
    return (schema.minimum === undefined || value >= schema.minimum) && (schema.maximum === undefined || value <= schema.maximum);
  });
}

const bodySchemas = new Map<string, TSchema>();
function bodySchema(key: RouteKey): TSchema | undefined {
  const reply: Reply = ROUTES[key];
  if (reply === FILE) return undefined;
  if (!bodySchemas.has(key)) bodySchemas.set(key, reply === EMPTY ? OkEmpty : Ok(reply));
  return bodySchemas.get(key);
}

/** Where `value` has properties `cleaned` lost: what the server's serializer would have dropped. */
function extraPaths(value: unknown, cleaned: unknown, path = ''): string[] {
  if (Array.isArray(value) && Array.isArray(cleaned)) return value.flatMap((item, i) => extraPaths(item, cleaned[i], `${path}/${i}`));
  if (value && typeof value === 'object' && cleaned && typeof cleaned === 'object') {
    return Object.keys(value).flatMap((k) =>
      k in cleaned
        ? extraPaths((value as Record<string, unknown>)[k], (cleaned as Record<string, unknown>)[k], `${path}/${k}`)
        : [`${path}/${k}`],
    );
  }
  return [];
}

/** What is wrong with `body` as a `schema` reply; [] when nothing. */
function schemaProblems(schema: TSchema, body: unknown): string[] {
  if (!Value.Check(schema, body)) {
    const firstPerPath = new Map<string, string>();
    for (const e of Value.Errors(schema, body)) {
      if (!firstPerPath.has(e.path)) firstPerPath.set(e.path, `${e.path || '/'}: ${e.message} (got ${JSON.stringify(e.value)})`);
    }
    return [...firstPerPath.values()].slice(0, 8);
  }
  // Type.Object lets unknown properties through, but the server's serializer drops them: a mock that
  // sends one lets the client lean on a field it never gets.
  return extraPaths(body, Value.Clean(schema, Value.Clone(body))).map((path) => `${path}: not in the contract (the server never sends it)`);
}

/** What is wrong with a mock's reply to `key`; [] when the server could have given it. */
async function replyProblems(key: RouteKey | typeof ANY_ROUTE, response: Response): Promise<string[]> {
  if (response.type === 'error') return []; // a network failure, not a reply
  const json = /\bjson\b/.test(response.headers.get('content-type') ?? '');
  if (response.status === 200) {
    if (key === ANY_ROUTE) return ['a 200 where only refusals are expected'];
    const schema = bodySchema(key);
    if (!schema) return json ? ['a JSON body where the server sends a file'] : [];
    if (!json) return ['not JSON'];
    return schemaProblems(schema, await response.json());
  }
  if (response.status < 400) return [`status ${response.status}, which the server never answers`];
  if (!json) return ['an error without the JSON error body'];
  const body: unknown = await response.json();
  const problems = schemaProblems(ApiError, body);
  const code = (body as { code?: unknown } | null)?.code;
  if (!problems.length && code !== response.status)
    problems.push(`/code: ${String(code)} in the body, ${response.status} in the status line`);
  return problems;
}

const drifts: string[] = [];

/** Checks a reply and keeps what drifted for `assertNoDrift`. */
export async function checkReply(key: RouteKey | typeof ANY_ROUTE, request: Request, response: Response) {
  const problems = await replyProblems(key, response.clone());
  if (!problems.length) return;
  const { pathname } = new URL(request.url);
  drifts.push(`${request.method} ${pathname} (${key}) answered ${response.status}:\n    ${problems.join('\n    ')}`);
}

/** Throws, naming every drifted reply since the last call; the mock server calls it after each test. */
export function assertNoDrift() {
  if (!drifts.length) return;
  const found = drifts.splice(0);
  throw new Error(
    `A mock replied what the server's response schema does not allow (fix the mock in mock/, not the contract):\n  ${found.join('\n  ')}`,
  );
}
