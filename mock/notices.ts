/**
 * msw handlers for a signed-in person's own notices (ADR 0031; server/routes/my.ts): the list
 * (newest first, `unread` filter), the unread count, marking one read and marking all read. The bell
 * is on every phone tab page, so these are among the shared handlers (mock/server.ts). Notices are
 * kept per sign-in token in `noticeDb`: nobody has any until a test or mock/dispatch.ts adds some.
 */
import { HttpResponse, http } from 'msw';
import { MESSAGES, PAGE_SIZE_DEFAULT, PEOPLE_MESSAGES } from '@common/constants';
import type { UserNotice } from '@common/contracts/people';
import { api, apiError, ok } from './handlers';

export const noticeDb = {
  byToken: new Map<string, UserNotice[]>(),
  nextId: 1,
};

export function resetNoticeDb() {
  noticeDb.byToken = new Map();
  noticeDb.nextId = 1;
}

/** Adds a notice for the holder of `token`, as the server writes one in the step's transaction. */
export function addNotice(token: string, notice: Omit<UserNotice, 'id' | 'read' | 'createdAt'> & Partial<UserNotice>): UserNotice {
  const created: UserNotice = { read: false, createdAt: new Date().toISOString(), ...notice, id: noticeDb.nextId++ };
  noticeDb.byToken.set(token, [...(noticeDb.byToken.get(token) ?? []), created]);
  return created;
}

const tokenOf = (request: Request) => request.headers.get('authorization');
const unauthorized = () => apiError(401, MESSAGES.unauthorizedRelogin);
const newestFirst = (a: UserNotice, b: UserNotice) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
const unreadOf = (token: string) => (noticeDb.byToken.get(token) ?? []).filter((n) => !n.read).length;

export const noticeHandlers = [
  http.get(api('/my/notices'), ({ request }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const url = new URL(request.url);
    const unread = url.searchParams.get('unread');
    if (unread !== null && unread !== 'true' && unread !== 'false') {
      return apiError(400, '仅未读：必须是布尔值', [{ field: 'unread', label: '仅未读', message: '必须是布尔值' }]);
    }
    const list = (noticeDb.byToken.get(token) ?? []).filter((n) => unread !== 'true' || !n.read).sort(newestFirst);
    const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
    const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
    return ok({ list: list.slice((current - 1) * pageSize, current * pageSize), total: list.length, current, pageSize });
  }),

  http.get(api('/my/notices/count'), ({ request }) => {
    const token = tokenOf(request);
    return token ? ok({ unread: unreadOf(token) }) : unauthorized();
  }),

  http.post(api('/my/notices/read-all'), ({ request }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const unread = (noticeDb.byToken.get(token) ?? []).filter((n) => !n.read);
    for (const notice of unread) notice.read = true;
    return HttpResponse.json({ code: 200, data: { marked: unread.length }, message: unread.length ? '已全部标为已读' : '没有未读消息' });
  }),

  // Another's notice is the same 404 as a missing one.
  http.post(api('/my/notices/:id/read'), ({ request, params }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const notice = (noticeDb.byToken.get(token) ?? []).find((n) => n.id === Number(params.id));
    if (!notice) return apiError(404, PEOPLE_MESSAGES.noticeNotFound);
    notice.read = true;
    return ok({ unread: unreadOf(token) });
  }),
];
