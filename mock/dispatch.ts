/**
 * msw handlers for appeals handed down to villages on the phone (ADR 0031), with the answers of
 * server/routes/appeals.ts: a cadre's list (open or done), the detail of one handed to their
 * village, and 受理 / 答复 / 不予受理 (400 naming the field, 403 for one who is no cadre, 404 for
 * another village's, 409 when the state moved). Each step tells the submitter, as the server does,
 * through mock/notices.ts. Villager02's notices are seeded too.
 * Use `useDispatchHandlers()` after `useMockServer()`.
 */
import { HttpResponse, http } from 'msw';
import { PEOPLE_MESSAGES } from '@common/constants';
import type { FieldError } from '@common/contracts/base';
import type { AppealDetail, HistoryAction } from '@common/contracts/people';
import { CADRE_TOKEN, VILLAGER_TOKEN, cadreUser, villagerUser } from './appTasks';
import { areaName } from './fixtures';
import { api, apiError, ok } from './handlers';
import { addNotice } from './notices';
import { appeal, toAppealItem, withOverdue } from './people';
import { server } from './server';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The appeals handed to cadre02's village (area 2), by title. */
export const DISPATCHED = {
  pending: '村东头路灯坏了三盏，晚上出行不便',
  processing: '村委会门口排水沟堵塞',
  replied: '申请修缮村文化礼堂屋顶',
  otherVillage: '第三村集市占道经营',
} as const;
export const DISPATCHED_IDS = { pending: 61, processing: 62, replied: 63, otherVillage: 64 } as const;

/** Villager02's notices, newest first: two unread, one read. */
export const NOTICES = {
  dispatched: { title: '诉求已转交村里办理', body: `您的诉求「${DISPATCHED.pending}」已转交第一村办理，办理时限不变。` },
  accepted: { title: '诉求已受理', body: `您的诉求「${DISPATCHED.processing}」已受理，正在办理。` },
  replied: { title: '诉求已答复', body: `您的诉求「${DISPATCHED.replied}」已答复：已安排施工队下周修缮。` },
} as const;

const submitter = { id: villagerUser.id, name: villagerUser.name, phone: villagerUser.phone };

export const dispatchDb = { appeals: [] as AppealDetail[] };

let nextEventId = 20_000;

function handedTo(detail: AppealDetail, area: number, now: number): AppealDetail {
  const at = new Date(now - 2 * HOUR).toISOString();
  return {
    ...detail,
    dispatchedArea: area,
    dispatchedAreaName: areaName(area) ?? '',
    dispatchedAt: at,
    history: [
      ...detail.history,
      {
        id: nextEventId++,
        action: 'dispatch',
        actorId: 3,
        actorName: '李办事员',
        note: '请村里核实处理',
        createdAt: at,
        areaName: areaName(area) ?? '',
      },
    ],
  };
}

export function resetDispatchDb() {
  const now = Date.now();
  nextEventId = 20_000;
  const seed = (id: number, title: string, status: AppealDetail['status'], area: number, extra: { reply?: string } = {}) =>
    handedTo(
      appeal({ id, title, content: `${title}，请尽快处理。`, category: 1, area, submitter, status, age: DAY, ...extra }, now),
      area,
      now,
    );
  dispatchDb.appeals = [
    seed(DISPATCHED_IDS.pending, DISPATCHED.pending, 'pending', 2),
    seed(DISPATCHED_IDS.processing, DISPATCHED.processing, 'processing', 2),
    seed(DISPATCHED_IDS.replied, DISPATCHED.replied, 'replied', 2, { reply: '已安排施工队下周修缮。' }),
    seed(DISPATCHED_IDS.otherVillage, DISPATCHED.otherVillage, 'pending', 4),
  ];
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

const isCadre = (request: Request) => request.headers.get('authorization') === CADRE_TOKEN;
const isOpen = (a: AppealDetail) => a.status === 'pending' || a.status === 'processing';
const mineToHandle = (id: unknown) => dispatchDb.appeals.find((a) => a.id === Number(id) && a.dispatchedArea === cadreUser.area);
/** Only a village cadre (cadre02 here; the villager and the admin are not) handles what is handed to a village. */
function refuse(request: Request) {
  const token = request.headers.get('authorization');
  if (!token) return apiError(401, '未授权或授权已过期，请重新登录');
  return isCadre(request) ? undefined : apiError(403, PEOPLE_MESSAGES.notVillageCadre);
}

function step(action: HistoryAction, field?: { name: 'reply' | 'reason'; label: string; max: number }) {
  return http.post(api(`/my/dispatched-appeals/:id/${action}`), async ({ request, params }) => {
    const refused = refuse(request);
    if (refused) return refused;
    let note = '';
    if (field) {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      const value = body[field.name];
      const errors: FieldError[] = [];
      if (typeof value !== 'string' || !/\S/.test(value)) errors.push({ field: field.name, label: field.label, message: '不能为空' });
      else if (value.length > field.max) errors.push({ field: field.name, label: field.label, message: `不能超过${field.max}个字符` });
      if (errors.length) return apiError(400, `${field.label}：${errors[0].message}`, errors);
      note = (value as string).trim();
    }
    const found = mineToHandle(params.id);
    if (!found) return apiError(404, '诉求不存在');
    const from = action === 'accept' ? ['pending'] : action === 'reply' ? ['processing'] : ['pending', 'processing'];
    if (!from.includes(found.status)) return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
    const now = new Date().toISOString();
    found.handlerId = cadreUser.id;
    found.handlerName = cadreUser.name;
    if (action === 'accept') Object.assign(found, { status: 'processing', acceptedAt: now });
    if (action === 'reply') Object.assign(found, { status: 'replied', repliedAt: now, reply: note });
    if (action === 'reject') Object.assign(found, { status: 'rejected', rejectedAt: now, rejectReason: note });
    found.history.push({ id: nextEventId++, action, actorId: cadreUser.id, actorName: cadreUser.name, note, createdAt: now });
    const texts = {
      accept: { kind: 'appealAccepted', title: '诉求已受理', body: `您的诉求「${found.title}」已受理，正在办理。` },
      reply: { kind: 'appealReplied', title: '诉求已答复', body: `您的诉求「${found.title}」已答复：${note}` },
      reject: { kind: 'appealRejected', title: '诉求不予受理', body: `您的诉求「${found.title}」不予受理，原因：${note}` },
    } as const;
    addNotice(VILLAGER_TOKEN, { ...texts[action as 'accept' | 'reply' | 'reject'], appealId: found.id });
    const message = { accept: '已受理', reply: '已答复', reject: '已不予受理' }[action as 'accept'];
    return HttpResponse.json({ code: 200, data: withOverdue(found), message });
  });
}

export const dispatchHandlers = [
  http.get(api('/my/dispatched-appeals'), ({ request }) => {
    const refused = refuse(request);
    if (refused) return refused;
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    if (state !== null && state !== 'open' && state !== 'done') {
      return apiError(400, '办理状态：取值不正确', [{ field: 'state', label: '办理状态', message: '取值不正确' }]);
    }
    const list = dispatchDb.appeals
      .filter((a) => a.dispatchedArea === cadreUser.area && (!state || (state === 'open') === isOpen(a)))
      .sort((a, b) => (state === 'open' ? a.dueAt.localeCompare(b.dueAt) : b.createdAt.localeCompare(a.createdAt)));
    const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
    const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? 10) || 10);
    return ok({ list: list.slice((current - 1) * pageSize, current * pageSize).map(toAppealItem), total: list.length, current, pageSize });
  }),

  // The cadre reads those handed to their village; the submitter reads their own; others fall through.
  http.get(api('/appeals/:id'), ({ request, params }) => {
    const found = dispatchDb.appeals.find((a) => a.id === Number(params.id));
    if (isCadre(request)) return found && found.dispatchedArea === cadreUser.area ? ok(withOverdue(found)) : apiError(404, '诉求不存在');
    if (found && request.headers.get('authorization') === VILLAGER_TOKEN) return ok(withOverdue(found));
    return undefined;
  }),

  step('accept'),
  step('reply', { name: 'reply', label: '答复内容', max: 2000 }),
  step('reject', { name: 'reason', label: '不予受理原因', max: 500 }),
];

/** Puts these in front of the shared handlers for every test of the file, on fresh records. */
export function useDispatchHandlers() {
  beforeEach(() => {
    resetDispatchDb();
    server.use(...dispatchHandlers);
  });
}
