/**
 * The server's HTTP envelope for the mocks, once: `{ code: 200, data }` (server/http.ts `ok`), lists
 * as `{ list, total, current, pageSize }` (common/contracts/base.ts Page), errors as
 * `{ code, message, errors?, showType? }` with the same status, and the 401 and 403 refusals.
 * Mock handlers are made with `route` or `admin`, which check every reply against the route's
 * response schema (mock/contract.ts).
 */
import { http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import { defaultShowType, MESSAGES, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import type { FieldError, PageResult } from '@common/contracts/base';
import { ANY_ROUTE, checkReply, type Method, type PathOf, type RouteKey } from './contract';
import { ADMIN_TOKEN, CADRE_TOKEN, cadreUser, VILLAGER_TOKEN, villagerUser } from './fixtures';

/** Matches the API on any origin (jsdom's is http://localhost). */
export const api = (path: string) => `*/api${path}`;

export const ok = <T>(data: T) => HttpResponse.json({ code: 200, data });
/** `ok` with the message the server adds to some answers (create, rate, steps). */
export const okWithMessage = <T>(data: T, message: string) => HttpResponse.json({ code: 200, data, message });
export const okEmpty = (message?: string) => HttpResponse.json({ code: 200, ...(message ? { message } : {}) });

/** An error the way the server sends it: same code in the status line and the body, the status's display type. */
export const apiError = (status: number, message: string, errors?: FieldError[]) => {
  const showType = defaultShowType(status);
  return HttpResponse.json(
    { code: status, message, ...(errors ? { errors } : {}), ...(showType === undefined ? {} : { showType }) },
    { status },
  );
};
/** A 400 naming each field, as server/plugins/errors.ts words it: "label：message", joined by "；". */
export const invalid = (errors: FieldError[]) => apiError(400, errors.map((e) => `${e.label}：${e.message}`).join('；'), errors);
export const unauthorized = () => apiError(401, MESSAGES.unauthorizedRelogin);
export const forbidden = (message: string = MESSAGES.forbidden) => apiError(403, message);
/** A network failure, as a phone on a bad connection sees it. */
export const networkError = () => HttpResponse.error();

/** Signed in as the admin (the only token the admin pages' mocks accept). */
export const isAdmin = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
/** The phone's signed-in person: the village cadre or the villager; undefined for anyone else. */
export function phoneUser(request: Request): CurrentUser | undefined {
  const token = request.headers.get('authorization');
  if (token === CADRE_TOKEN) return cadreUser;
  if (token === VILLAGER_TOKEN) return villagerUser;
  return undefined;
}

/** The paging query as the server's PageQuery reads it, or the 400 it answers for a bad one. */
function paging(url: URL): { current: number; pageSize: number } | Response {
  const read = (field: 'current' | 'pageSize', label: string, fallback: number, max: number): number | FieldError => {
    const raw = url.searchParams.get(field);
    const value = raw === null ? fallback : Number(raw);
    if (!Number.isInteger(value)) return { field, label, message: '必须是数字' };
    if (value < 1) return { field, label, message: '不能小于1' };
    if (value > max) return { field, label, message: `不能大于${max}` };
    return value;
  };
  const current = read('current', '页码', 1, 100000);
  const pageSize = read('pageSize', '每页条数', PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  const errors = [current, pageSize].filter((v): v is FieldError => typeof v !== 'number');
  return errors.length ? invalid(errors) : { current: current as number, pageSize: pageSize as number };
}

/** One page of `items` for the request's current/pageSize (with `extra` fields beside the page, as the ledger has). */
export function okPage<T, E extends object = object>(items: T[], url: URL, extra?: E) {
  const query = paging(url);
  if (query instanceof Response) return query;
  const { current, pageSize } = query;
  const page: PageResult<T> = { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
  return ok({ ...page, ...extra });
}

type Resolver = (info: { request: Request; params: PathParams }) => Response | undefined | Promise<Response | undefined>;
/** Answers instead of the resolver (a refusal), or lets it answer (undefined). */
type Guard = (request: Request) => Response | undefined;

function handler(
  method: Method | 'ALL',
  key: RouteKey | typeof ANY_ROUTE,
  pattern: string,
  resolver: Resolver,
  guard?: Guard,
): HttpHandler {
  const make = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete, ALL: http.all }[method];
  return make(pattern, async ({ request, params }) => {
    const response = guard?.(request) ?? (await resolver({ request, params }));
    if (response) await checkReply(key, request, response);
    return response;
  });
}

/** Who a mock handler lets in before its resolver runs; mock/contract.test.ts holds it to the server route's access. */
export type GuardKind = 'none' | 'admin' | 'phone' | 'signedIn';
/** Every guard a route's mock handlers were made with, by route (filled as handler modules load). */
export const mockGuards = new Map<RouteKey, Set<GuardKind>>();

function routes(kind: GuardKind, guard?: Guard) {
  const on =
    <M extends Method>(method: M) =>
    (path: PathOf<M>, resolver: Resolver) => {
      const key = `${method} ${path}` as RouteKey;
      mockGuards.set(key, (mockGuards.get(key) ?? new Set<GuardKind>()).add(kind));
      return handler(method, key, api(path), resolver, guard);
    };
  return { get: on('GET'), post: on('POST'), put: on('PUT'), delete: on('DELETE') };
}

/** A handler for one server route (a path of mock/contract.ts), its replies checked against the route's schema. */
export const route = routes('none');
/** The same for a route only the signed-in admin reaches here: any other caller gets the server's 401. */
export const admin = routes('admin', (request) => (isAdmin(request) ? undefined : unauthorized()));
/** The same for a route of the phone's signed-in person (the cadre or the villager, `phoneUser`); anyone else gets the 401. */
export const phone = routes('phone', (request) => (phoneUser(request) ? undefined : unauthorized()));
/** The same for a route every signed-in caller reaches (access `signedIn`): the admin or the phone's person. */
export const signedIn = routes('signedIn', (request) => (isAdmin(request) || phoneUser(request) ? undefined : unauthorized()));
/** A handler for every route that may only refuse (e.g. a session that must change its password first). */
export const refuseAnyRoute = (resolver: Resolver) => handler('ALL', ANY_ROUTE, api('/*'), resolver);

const download = (bytes: number[], type: string, asciiName: string, name: string) =>
  new HttpResponse(new Uint8Array(bytes), {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
/** An .xlsx download as the server sends it (only the zip signature: jsdom saves nothing). */
export const xlsxFile = (name: string, asciiName = 'export.xlsx') =>
  download([0x50, 0x4b, 0x03, 0x04], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', asciiName, name);
/** A .docx download (a zip too). */
export const docxFile = (name: string, asciiName: string) =>
  download([0x50, 0x4b, 0x03, 0x04], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', asciiName, name);

/** GET <path>: a list's 导出Excel, for the signed-in admin. Put it before the list's `/:id` route. */
export const exportHandler = (path: PathOf<'GET'>, name: string) => admin.get(path, () => xlsxFile(name));
