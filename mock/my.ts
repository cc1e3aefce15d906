/**
 * /api/my/* (server/routes/my.ts), the signed-in person's own work:
 * - a signed-in person's notices (ADR 0031): the list (newest first, `unread` filter), the unread
 *   count, marking one read and all read. The bell is on every phone tab page, so these handlers
 *   are shared (mock/server.ts). Notices are kept per sign-in token in `noticeDb`: nobody has any
 *   until a test or `seedDispatchNotices` adds some;
 * - the village cadre's tasks and points, on the phone's tasks (mock/appTaskDb.ts);
 * - the villager's own appeals (rating a reply, 409 on a second rating) and photo reports, and the
 *   appeals handed down to the cadre's village with 受理 / 答复 / 不予受理 (403 for one who is no
 *   cadre), each step telling the submitter as the server does; on mock/peopleDb.ts.
 */
import { APPEAL_AUTO_CLOSE_NOTE, MY_TASK_STATES, type MyTaskState, PEOPLE_MESSAGES, USER_NOTICE_TEXTS } from '@common/constants';
import { APPEAL_STEPS, PHOTO_REPORT_STEPS, isAppealOpen, isPhotoReportOpen } from '@common/workflow';
import {
  AppealRateBody,
  PhotoReportReplyBody,
  type AppealDetail,
  type MyAppealItem,
  type MyPhotoReportItem,
  type PhotoReportDetail,
  type UserNotice,
} from '@common/contracts/people';
import type { MyScore } from '@common/contracts/scores';
import type { MyTaskDetail } from '@common/contracts/tasks';
import { appealNotFound, isCadre, mine, move, stepNote } from './appeals';
import { appTaskDb, type MockTask, myState, publicItem } from './appTaskDb';
import { cadreUser, VILLAGER_TOKEN } from './fixtures';
import { apiError, forbidden, invalid, ok, okPage, okWithMessage, phone, phoneUser, route, unauthorized } from './http';
import {
  DISPATCHED,
  DISPATCHED_IDS,
  dispatchDb,
  historyEvent,
  peopleDb,
  peopleImage,
  toAppealItem,
  toReportItem,
  withOverdue,
} from './peopleDb';
import { reportNotFound } from './photoReports';
import { newestFirst } from './query';
import { bodyErrors } from './validate';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const noticeDb = {
  byToken: new Map<string, UserNotice[]>(),
  nextId: 1,
};

export function resetNoticeDb() {
  noticeDb.byToken = new Map();
  noticeDb.nextId = 1;
}

/** Adds a notice for the holder of `token`, as the server writes one in the step's transaction. */
export function addNotice(
  token: string,
  notice: Omit<UserNotice, 'id' | 'read' | 'createdAt' | 'appealId' | 'taskId' | 'photoReportId'> & Partial<UserNotice>,
): UserNotice {
  const created: UserNotice = {
    read: false,
    createdAt: new Date().toISOString(),
    appealId: null,
    taskId: null,
    photoReportId: null,
    ...notice,
    id: noticeDb.nextId++,
  };
  noticeDb.byToken.set(token, [...(noticeDb.byToken.get(token) ?? []), created]);
  return created;
}

const tokenOf = (request: Request) => request.headers.get('authorization');
const noticeOrder = (a: UserNotice, b: UserNotice) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
const unreadOf = (token: string) => (noticeDb.byToken.get(token) ?? []).filter((n) => !n.read).length;

/** The admin bell's `mine` (GET /api/notices): the holder's unread notices, the latest five. */
export function unreadNoticesOf(token: string | null) {
  const list = (token ? (noticeDb.byToken.get(token) ?? []) : []).filter((n) => !n.read).sort(noticeOrder);
  return { unread: list.length, items: list.slice(0, 5) };
}

export const noticeHandlers = [
  route.get('/my/notices', ({ request }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const url = new URL(request.url);
    const unread = url.searchParams.get('unread');
    if (unread !== null && unread !== 'true' && unread !== 'false') {
      return invalid([{ field: 'unread', label: '仅未读', message: '必须是布尔值' }]);
    }
    const list = (noticeDb.byToken.get(token) ?? []).filter((n) => unread !== 'true' || !n.read).sort(noticeOrder);
    return okPage(list, url);
  }),

  route.get('/my/notices/count', ({ request }) => {
    const token = tokenOf(request);
    return token ? ok({ unread: unreadOf(token) }) : unauthorized();
  }),

  route.post('/my/notices/read-all', ({ request }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const unread = (noticeDb.byToken.get(token) ?? []).filter((n) => !n.read);
    for (const notice of unread) notice.read = true;
    return okWithMessage({ marked: unread.length }, unread.length ? PEOPLE_MESSAGES.noticesAllRead : PEOPLE_MESSAGES.noticesNoneUnread);
  }),

  // Another's notice is the same 404 as a missing one.
  route.post('/my/notices/:id/read', ({ request, params }) => {
    const token = tokenOf(request);
    if (!token) return unauthorized();
    const notice = (noticeDb.byToken.get(token) ?? []).find((n) => n.id === Number(params.id));
    if (!notice) return apiError(404, PEOPLE_MESSAGES.noticeNotFound);
    notice.read = true;
    return ok({ unread: unreadOf(token) });
  }),
];

/** Tasks are the village cadre's: no one else signed in has any (403), no one signed out may ask (401). */
function cadreOnly(request: Request) {
  const user = phoneUser(request);
  if (!user) return { error: unauthorized() };
  if (user.access !== 'village') return { error: forbidden() };
  return { user };
}

function myItem(t: MockTask) {
  const { state, latest } = myState(t);
  return {
    ...publicItem(t),
    state,
    submission: latest
      ? {
          id: latest.id,
          status: latest.status,
          late: latest.late,
          comment: latest.comment,
          createdAt: latest.createdAt,
          reviewedAt: latest.reviewedAt,
        }
      : null,
  };
}

export const myTaskHandlers = [
  route.get('/my/tasks/counts', ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const counts = Object.fromEntries(MY_TASK_STATES.map((s) => [s, 0])) as Record<MyTaskState, number>;
    appTaskDb.tasks.forEach((t) => (counts[myState(t).state] += 1));
    return ok(counts);
  }),

  route.get('/my/tasks', ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    return okPage(
      appTaskDb.tasks.map(myItem).filter((t) => !state || t.state === state),
      url,
    );
  }),

  route.get('/my/tasks/:id', ({ request, params }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    if (!t) return apiError(404, '任务不存在');
    const detail: MyTaskDetail = {
      ...myItem(t),
      content: t.content,
      fields: t.fields,
      submissions: appTaskDb.submissions.filter((s) => s.taskId === t.id).sort((a, b) => b.id - a.id),
    };
    return ok(detail);
  }),

  route.get('/my/score', ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const score: MyScore = { points: 35, areaRank: 2, recent: [], lastEntryAt: null };
    return ok(score);
  }),
];

/** Villager02's notices, newest first: two unread, one read. */
export const NOTICES = {
  dispatched: USER_NOTICE_TEXTS.appealDispatched(DISPATCHED.pending, '第一村'),
  accepted: USER_NOTICE_TEXTS.appealAccepted(DISPATCHED.processing, ''),
  replied: USER_NOTICE_TEXTS.appealReplied(DISPATCHED.replied, '已安排施工队下周修缮。'),
};

/** Villager02's notices about the appeals handed down (mock/peopleDb.ts `resetDispatchDb`). */
export function seedDispatchNotices() {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  addNotice(VILLAGER_TOKEN, {
    kind: 'appealReplied',
    ...NOTICES.replied,
    appealId: DISPATCHED_IDS.replied,
    read: true,
    createdAt: ago(3 * DAY),
  });
  addNotice(VILLAGER_TOKEN, { kind: 'appealAccepted', ...NOTICES.accepted, appealId: DISPATCHED_IDS.processing, createdAt: ago(5 * HOUR) });
  addNotice(VILLAGER_TOKEN, {
    kind: 'appealDispatched',
    ...NOTICES.dispatched,
    appealId: DISPATCHED_IDS.pending,
    createdAt: ago(2 * HOUR),
  });
}

// ---- the villager's own appeals and photo reports ----

const myAppealItem = (a: AppealDetail): MyAppealItem => ({ ...toAppealItem(a), reply: a.reply, rejectReason: a.rejectReason });
const myReportItem = (r: PhotoReportDetail): MyPhotoReportItem => ({
  ...toReportItem(r),
  result: r.result,
  invalidReason: r.invalidReason,
});

export const myAppealHandlers = [
  phone.get('/my/appeals', ({ request }) => {
    const user = phoneUser(request)!;
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const list = peopleDb.appeals.filter((a) => a.submitterId === user.id && (!status || a.status === status)).sort(newestFirst);
    return okPage(list.map(myAppealItem), url);
  }),

  phone.post('/my/appeals/:id/rate', async ({ request, params }) => {
    const user = phoneUser(request)!;
    const body = (await request.json()) as AppealRateBody;
    const errors = bodyErrors(AppealRateBody, body);
    if (errors.length) return invalid(errors);
    const found = mine(params.id, user.id);
    if (!found) return appealNotFound();
    if (found.satisfaction !== null) return apiError(409, PEOPLE_MESSAGES.appealRated);
    if (!found.repliedAt || (found.status !== 'replied' && found.status !== 'closed')) {
      return apiError(409, PEOPLE_MESSAGES.appealNotReplied);
    }
    const comment = body.comment?.trim() ?? '';
    const now = new Date();
    found.satisfaction = body.score;
    found.satisfactionComment = comment;
    found.ratedAt = now.toISOString();
    found.history.push(historyEvent('rate', user, comment, now));
    if (found.status === 'replied') {
      found.status = 'closed';
      found.closedAt = now.toISOString();
      found.history.push(historyEvent('close', null, APPEAL_AUTO_CLOSE_NOTE, now));
    }
    return okWithMessage(withOverdue(found), PEOPLE_MESSAGES.rated);
  }),
];

export const myPhotoReportHandlers = [
  phone.get('/my/photo-reports', ({ request }) => {
    const user = phoneUser(request)!;
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const list = peopleDb.reports.filter((r) => r.submitterId === user.id && (!status || r.status === status)).sort(newestFirst);
    return okPage(list.map(myReportItem), url);
  }),
];

// ---- a village cadre's appeals handed down (ADR 0031) ----

const handedToMe = (id: unknown) => dispatchDb.appeals.find((a) => a.id === Number(id) && a.dispatchedArea === cadreUser.area);
/** Only a village cadre (cadre02 here; the villager and the admin are not) handles what is handed to a village. */
function refuse(request: Request) {
  if (!request.headers.get('authorization')) return unauthorized();
  return isCadre(request) ? undefined : forbidden(PEOPLE_MESSAGES.notVillageCadre);
}

export const myDispatchedAppealHandlers = [
  route.get('/my/dispatched-appeals', ({ request }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    if (state !== null && state !== 'open' && state !== 'done') {
      return invalid([{ field: 'state', label: '办理状态', message: '取值不在允许范围内' }]);
    }
    const list = dispatchDb.appeals
      .filter((a) => a.dispatchedArea === cadreUser.area && (!state || (state === 'open') === isAppealOpen(a.status)))
      .sort((a, b) => (state === 'open' ? a.dueAt.localeCompare(b.dueAt) : b.createdAt.localeCompare(a.createdAt)));
    return okPage(list.map(toAppealItem), url);
  }),

  ...(['accept', 'reply', 'reject'] as const).map((step) =>
    route.post(`/my/dispatched-appeals/:id/${step}`, async ({ request, params }) => {
      const refused = refuse(request);
      if (refused) return refused;
      const input = await stepNote(step, request);
      if (input instanceof Response) return input;
      const { note } = input;
      const found = handedToMe(params.id);
      if (!found) return appealNotFound();
      const moved = move(found, step, input, cadreUser);
      if (moved) return moved;
      // The submitter hears of the step as the server tells them (moveAppeal → notifySubmitter).
      const { notice, done } = APPEAL_STEPS[step];
      if (notice) addNotice(VILLAGER_TOKEN, { kind: notice, ...USER_NOTICE_TEXTS[notice](found.title, note), appealId: found.id });
      return okWithMessage(withOverdue(found), done);
    }),
  ),

  // Photo reports handed to the village (ADR 0064): 受理, then the answer with 1–9 photos.
  route.get('/my/dispatched-photo-reports', ({ request }) => {
    if (!request.headers.get('authorization')) return unauthorized();
    if (!isCadre(request)) return forbidden(PEOPLE_MESSAGES.reportNotVillageCadre);
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    const list = dispatchDb.reports
      .filter((r) => r.dispatchedArea === cadreUser.area && (!state || (state === 'open') === isPhotoReportOpen(r.status)))
      .sort((a, b) => (state === 'open' ? a.createdAt.localeCompare(b.createdAt) : b.createdAt.localeCompare(a.createdAt)));
    return okPage(list.map(toReportItem), url);
  }),
  ...(['accept', 'reply'] as const).map((step) =>
    route.post(`/my/dispatched-photo-reports/:id/${step}`, async ({ request, params }) => {
      if (!request.headers.get('authorization')) return unauthorized();
      if (!isCadre(request)) return forbidden(PEOPLE_MESSAGES.reportNotVillageCadre);
      const body = step === 'reply' ? await request.json().catch(() => ({})) : {};
      const errors = step === 'reply' ? bodyErrors(PhotoReportReplyBody, body) : [];
      if (errors.length) return invalid(errors);
      const found = dispatchDb.reports.find((r) => r.id === Number(params.id) && r.dispatchedArea === cadreUser.area);
      if (!found) return reportNotFound();
      const { from, to, done } = PHOTO_REPORT_STEPS[step];
      if (!from.includes(found.status)) return apiError(409, PEOPLE_MESSAGES.reportMoved(found.status));
      const reply = body as PhotoReportReplyBody;
      const images = step === 'reply' ? reply.imageIds.map(peopleImage) : [];
      found.status = to;
      found.handlerId = cadreUser.id;
      found.handlerName = cadreUser.name;
      if (step === 'reply') {
        found.result = reply.result.trim();
        found.resultImages = images;
        found.returnReason = null;
      }
      found.history.push({ ...historyEvent(step, cadreUser, found.result ?? ''), ...(images.length ? { images } : {}) });
      return okWithMessage(found, done);
    }),
  ),
  // One of them as the cadre reads it; anyone else falls through to the other handlers.
  route.get('/photo-reports/:id', ({ request, params }) => {
    if (!isCadre(request)) return undefined;
    const found = dispatchDb.reports.find((r) => r.id === Number(params.id) && r.dispatchedArea === cadreUser.area);
    return found ? ok(found) : reportNotFound();
  }),
];
