/**
 * /api/appeals (server/routes/appeals.ts), on the records of mock/peopleDb.ts, for three callers:
 * - the admin (`appealAdminHandlers`): the list, the status tabs' counts, the export, one appeal,
 *   受理 / 答复 / 办结 / 不予受理, 回访 and 转派;
 * - the villager on the phone (`appealSubmitterHandlers`): submitting (400 naming the field, a
 *   client-key replay answers the first record) and reading their own (another's is the same 404);
 * - the village cadre (`appealCadreHandlers`, ADR 0031): reading one handed to their village.
 * Their /api/my/* routes (own list, rating, the handed-down list and its steps) are in mock/my.ts.
 */
import {
  APPEAL_CALLBACK_CLOSE_NOTE,
  APPEAL_SOURCE_LABELS,
  type AppealSource,
  type AppealStatus,
  PEOPLE_MESSAGES,
  UPLOAD_MESSAGES,
} from '@common/constants';
import {
  APPEAL_CALLBACK,
  APPEAL_STEP_NAMES,
  APPEAL_STEPS,
  type AppealStep,
  appealStepAllowed,
  callbackRefusal,
  isAppealOpen,
} from '@common/workflow';
import {
  AppealAccountQuery,
  AppealBatchRejectBody,
  AppealBody,
  AppealCallbackBody,
  AppealDispatchBody,
  AppealRegisterBody,
  AppealRejectBody,
  AppealReplyBody,
  BatchDispatchBody,
  type AppealCounts,
  type AppealDetail,
} from '@common/contracts/people';
import { BatchBody } from '@common/contracts/base';
import type { TSchema } from '@sinclair/typebox';
import { appTaskDb } from './appTaskDb';
import { adminUser, areaName, cadreUser, CADRE_TOKEN, VILLAGER_TOKEN, villagerUser } from './fixtures';
import {
  admin,
  apiError,
  exportHandler,
  invalid,
  ok,
  okPage,
  okWithMessage,
  phone,
  phoneUser,
  route,
  signedIn,
  unauthorized,
} from './http';
import { DUE_AFTER, dispatchDb, historyEvent, peopleDb, peopleImage, toAppealItem, withOverdue } from './peopleDb';
import { anyContains, inPeriod, newestFirst, numberParam } from './query';
import { bodyErrors } from './validate';

/** The body each step takes, and where its text goes. */
const STEP_BODIES: Partial<Record<AppealStep, { schema: TSchema; field: 'reply' | 'reason'; into: 'reply' | 'rejectReason' }>> = {
  reply: { schema: AppealReplyBody, field: 'reply', into: 'reply' },
  reject: { schema: AppealRejectBody, field: 'reason', into: 'rejectReason' },
};

/** The step's text from the body (trimmed), or the server's 400 for a body it refuses. */
export async function stepNote(step: AppealStep, request: Request): Promise<StepInput | Response> {
  const rule = STEP_BODIES[step];
  if (!rule) return { note: '', imageIds: [] };
  const body = (await request.json().catch(() => ({}))) as Record<string, string> & { imageIds?: number[] };
  const errors = bodyErrors(rule.schema, body);
  return errors.length ? invalid(errors) : { note: body[rule.field].trim(), imageIds: body.imageIds ?? [] };
}

/** A step's words, and the photos a reply carries (ADR 0064). */
export interface StepInput {
  note: string;
  imageIds: number[];
}

/** Moves `found` by `step` as `actor`, with the step's note and photos; the 409 when its state does not allow it. */
export function move(found: AppealDetail, step: AppealStep, input: StepInput, actor: { id: number; name: string }): Response | undefined {
  const { note } = input;
  if (!appealStepAllowed(step, found.status)) return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
  const { to, at } = APPEAL_STEPS[step];
  const now = new Date();
  found.status = to;
  found[at] = now.toISOString();
  const into = STEP_BODIES[step]?.into;
  if (into) found[into] = note;
  found.handlerId = actor.id;
  found.handlerName = actor.name;
  const images = input.imageIds.map(peopleImage);
  if (step === 'reply') found.replyImages = images;
  found.history.push({ ...historyEvent(step, actor, note, now), ...(images.length ? { images } : {}) });
  return undefined;
}

// ---- the admin ----

const findAppeal = (id: unknown) => peopleDb.appeals.find((a) => a.id === Number(id));
export const appealNotFound = () => apiError(404, PEOPLE_MESSAGES.appealNotFound);

/** The server's appeal filters other than state (the counts' scope). */
function filterAppealsBase(q: URLSearchParams): AppealDetail[] {
  const area = numberParam(q, 'area');
  const category = numberParam(q, 'category');
  const source = q.get('source');
  return peopleDb.appeals
    .map(withOverdue)
    .filter(
      (a) =>
        (area === undefined || a.area === area) &&
        (category === undefined || a.category === category) &&
        (!source || a.source === source) &&
        anyContains([a.title, a.content, a.submitterName, a.phone], q.get('keyword')) &&
        inPeriod(a.createdAt, q),
    )
    .sort(newestFirst);
}

function filterAppeals(q: URLSearchParams): AppealDetail[] {
  const status = q.get('status');
  const overdue = q.get('overdue');
  const callbackDue = q.get('callbackDue');
  return filterAppealsBase(q).filter(
    (a) => (!status || a.status === status) && (overdue !== 'true' || a.overdue) && (callbackDue !== 'true' || a.callbackDue),
  );
}

function appealCounts(q: URLSearchParams): AppealCounts {
  const base = filterAppealsBase(q);
  const of = (status: AppealStatus) => base.filter((a) => a.status === status).length;
  return {
    all: base.length,
    pending: of('pending'),
    processing: of('processing'),
    replied: of('replied'),
    closed: of('closed'),
    rejected: of('rejected'),
    overdue: base.filter((a) => a.overdue).length,
    callback: base.filter((a) => a.callbackDue).length,
  };
}

export const appealAdminHandlers = [
  admin.get('/appeals', ({ request }) => {
    const url = new URL(request.url);
    return okPage(filterAppeals(url.searchParams).map(toAppealItem), url);
  }),
  // 窗口/电话登记 (ADR 0054): the accounts a registration may be linked to, found by their phone number.
  admin.get('/appeals/accounts', ({ request }) => {
    const phoneNumber = new URL(request.url).searchParams.get('phone') ?? '';
    const errors = bodyErrors(AppealAccountQuery, { phone: phoneNumber });
    if (errors.length) return invalid(errors);
    const accounts = [villagerUser].filter((u) => u.phone === phoneNumber.trim());
    return ok(accounts.map((u) => ({ id: u.id, name: u.name, areaName: u.areaName })));
  }),
  admin.post('/appeals/register', async ({ request }) => {
    const body = (await request.json()) as AppealRegisterBody;
    const errors = bodyErrors(AppealRegisterBody, body);
    if (errors.length) return invalid(errors);
    const key = `staff:${body.clientKey}`;
    const replay = peopleDb.clientKeys.appeals.get(key);
    if (replay) return okWithMessage(withOverdue(findAppeal(replay)!), PEOPLE_MESSAGES.appealReplayed);
    if (body.userId !== undefined && body.userId !== villagerUser.id) {
      return invalid([{ field: 'userId', label: '关联群众账号', message: PEOPLE_MESSAGES.registerNoAccount }]);
    }
    const { name, source, userId, ...rest } = body;
    const submitter = userId === undefined ? null : { id: userId };
    const created = newAppeal(rest, { source, submitter, contactName: name.trim(), registeredBy: adminUser.name }, adminUser);
    peopleDb.clientKeys.appeals.set(key, created.id);
    return okWithMessage(withOverdue(created), '诉求已登记');
  }),
  admin.get('/appeals/counts', ({ request }) => ok(appealCounts(new URL(request.url).searchParams))),
  exportHandler('/appeals/export', '群众诉求.xlsx'),
  signedIn.get('/appeals/:id', ({ params }) => {
    const found = findAppeal(params.id);
    return found ? ok(withOverdue(found)) : appealNotFound();
  }),
  // 回访 (ADR 0062): reached sets the satisfaction (and closes a replied appeal); unreached counts the attempt.
  admin.post('/appeals/:id/callback', async ({ request, params }) => {
    const found = findAppeal(params.id);
    if (!found) return appealNotFound();
    const body = (await request.json().catch(() => ({}))) as AppealCallbackBody;
    const errors = bodyErrors(AppealCallbackBody, body);
    if (errors.length) return invalid(errors);
    if (body.reached && body.score === undefined) {
      return invalid([{ field: 'score', label: '满意度', message: PEOPLE_MESSAGES.callbackScoreRequired }]);
    }
    const refused = callbackRefusal(found);
    if (refused) return apiError(409, refused);
    const now = new Date().toISOString();
    const note = body.note?.trim() ?? '';
    found.callbackAttempts += 1;
    found.calledBackByName = adminUser.name;
    found.history.push(historyEvent(body.reached ? 'callback' : 'callbackMissed', adminUser, note));
    if (body.reached) {
      Object.assign(found, { satisfaction: body.score, satisfactionSource: 'callback', satisfactionComment: note, ratedAt: now });
      Object.assign(found, { calledBackAt: now, callbackReached: true });
      if (found.status === APPEAL_CALLBACK.closes) {
        Object.assign(found, { status: APPEAL_CALLBACK.to, closedAt: now });
        found.history.push(historyEvent('close', null, APPEAL_CALLBACK_CLOSE_NOTE));
      }
    } else if (found.callbackAttempts >= APPEAL_CALLBACK.attemptsMax) {
      Object.assign(found, { calledBackAt: now, callbackReached: false });
    }
    return okWithMessage(withOverdue(found), body.reached ? PEOPLE_MESSAGES.callbackDone : PEOPLE_MESSAGES.callbackMissed);
  }),
  // Bulk steps (ADR 0063): every appeal is checked first, so a refusal names one and moves none.
  ...(['accept', 'dispatch', 'reject'] as const).map((step) =>
    admin.post(`/appeals/batch/${step}`, async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { ids: number[]; reason?: string; areaId?: number; note?: string };
      const schema = step === 'dispatch' ? BatchDispatchBody : step === 'reject' ? AppealBatchRejectBody : BatchBody;
      const errors = bodyErrors(schema, body);
      if (errors.length) return invalid(errors);
      const picked = body.ids.map((id) => ({ id, found: findAppeal(id) }));
      for (const { id, found } of picked) {
        const fits = found && (step === 'dispatch' ? isAppealOpen(found.status) : appealStepAllowed(step, found.status));
        if (!fits) {
          const why = found ? PEOPLE_MESSAGES.appealMoved(found.status) : PEOPLE_MESSAGES.appealNotFound;
          return apiError(found ? 409 : 404, `编号 ${id} 的诉求：${why}。所选诉求都未处理`);
        }
      }
      for (const { found } of picked) {
        if (step === 'dispatch') {
          Object.assign(found!, {
            dispatchedArea: body.areaId,
            dispatchedAreaName: areaName(body.areaId!),
            dispatchedAt: new Date().toISOString(),
          });
          found!.history.push({ ...historyEvent('dispatch', adminUser, body.note?.trim() ?? ''), areaName: found!.dispatchedAreaName });
        } else move(found!, step, { note: body.reason?.trim() ?? '', imageIds: [] }, adminUser);
      }
      const done = { accept: '已受理', dispatch: '已将', reject: '已将' }[step];
      const tail = { accept: '条诉求', dispatch: '条诉求转派到村', reject: '条诉求不予受理' }[step];
      return okWithMessage({ count: picked.length }, `${done} ${picked.length} ${tail}`);
    }),
  ),
  // 转派 (ADR 0031): the village and the time change, the state and due time do not.
  admin.post('/appeals/:id/dispatch', async ({ request, params }) => {
    const found = findAppeal(params.id);
    if (!found) return appealNotFound();
    if (!isAppealOpen(found.status)) return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
    const body = (await request.json().catch(() => ({}))) as AppealDispatchBody;
    const errors = bodyErrors(AppealDispatchBody, body);
    if (errors.length) return invalid(errors);
    found.dispatchedArea = body.areaId;
    found.dispatchedAreaName = areaName(body.areaId);
    found.dispatchedAt = new Date().toISOString();
    found.history.push({ ...historyEvent('dispatch', adminUser, body.note?.trim() ?? ''), areaName: found.dispatchedAreaName });
    return okWithMessage(withOverdue(found), `已转派至${found.dispatchedAreaName}`);
  }),
  ...APPEAL_STEP_NAMES.map((step) =>
    admin.post(`/appeals/:id/${step}`, async ({ request, params }) => {
      const found = findAppeal(params.id);
      if (!found) return appealNotFound();
      if (!appealStepAllowed(step, found.status)) {
        return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
      }
      const input = await stepNote(step, request);
      if (input instanceof Response) return input;
      return move(found, step, input, adminUser) ?? okWithMessage(withOverdue(found), APPEAL_STEPS[step].done);
    }),
  ),
];

// ---- the villager on the phone ----

const uploadedImage = (id: number) => ({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 });
/** The submitter's own appeal; another's is the same 404 as a missing one. */
export const mine = (id: unknown, userId: number) => peopleDb.appeals.find((a) => a.id === Number(id) && a.submitterId === userId);

/** A new pending appeal from a body the schema accepted, as the server records it. */
function newAppeal(
  body: AppealBody,
  from: { source: AppealSource; submitter: { id: number } | null; contactName: string; registeredBy: string | null },
  actor: { id: number; name: string },
): AppealDetail {
  const now = new Date();
  const created: AppealDetail = {
    id: peopleDb.nextId++,
    title: body.title.trim(),
    excerpt: body.content.trim().slice(0, 100),
    content: body.content.trim(),
    category: body.category,
    area: body.area,
    areaName: areaName(body.area) ?? '',
    phone: body.phone.trim(),
    status: 'pending',
    source: from.source,
    submitterId: from.submitter?.id ?? null,
    submitterName: from.contactName,
    registeredByName: from.registeredBy,
    handlerId: null,
    handlerName: null,
    imageCount: body.imageIds.length,
    images: body.imageIds.map(uploadedImage),
    createdAt: now.toISOString(),
    acceptedAt: null,
    repliedAt: null,
    closedAt: null,
    rejectedAt: null,
    dueAt: new Date(now.getTime() + DUE_AFTER).toISOString(),
    overdue: false,
    satisfaction: null,
    satisfactionSource: null,
    calledBackAt: null,
    callbackReached: null,
    callbackAttempts: 0,
    calledBackByName: null,
    callbackDue: false,
    dispatchedArea: null,
    dispatchedAreaName: null,
    dispatchedAt: null,
    reply: null,
    replyImages: [],
    rejectReason: null,
    satisfactionComment: null,
    ratedAt: null,
    history: [historyEvent('submit', actor, from.registeredBy ? `${APPEAL_SOURCE_LABELS[from.source]}登记` : '', now)],
  };
  peopleDb.appeals.push(created);
  return created;
}

/** POST /api/appeals as the server answers it (exported: a test can run it and then lose the answer). */
export async function answerCreateAppeal({ request }: { request: Request }) {
  const user = phoneUser(request);
  if (!user) return unauthorized();
  const body = (await request.json()) as AppealBody;
  const errors = bodyErrors(AppealBody, body);
  if (errors.length) return invalid(errors);

  const key = `${user.id}:${body.clientKey}`;
  const replay = peopleDb.clientKeys.appeals.get(key);
  if (replay) return okWithMessage(toAppealItem(peopleDb.appeals.find((a) => a.id === replay)!), PEOPLE_MESSAGES.appealReplayed);
  if (!body.imageIds.every((id) => appTaskDb.uploads.has(id)))
    return invalid([{ field: 'imageIds', label: '图片', message: UPLOAD_MESSAGES.imageNotOwn }]);

  const created = newAppeal(body, { source: 'online', submitter: user, contactName: user.name, registeredBy: null }, user);
  peopleDb.clientKeys.appeals.set(key, created.id);
  return okWithMessage(toAppealItem(created), PEOPLE_MESSAGES.appealSubmitted);
}

export const appealSubmitterHandlers = [
  route.post('/appeals', answerCreateAppeal),

  // The submitter reads their own; anything else is the same 404 (a villager handles nothing).
  phone.get('/appeals/:id', ({ request, params }) => {
    const user = phoneUser(request)!;
    const found = mine(params.id, user.id);
    return found ? ok(withOverdue(found)) : appealNotFound();
  }),
];

// ---- the village cadre: appeals handed down (ADR 0031) ----

export const isCadre = (request: Request) => request.headers.get('authorization') === CADRE_TOKEN;

export const appealCadreHandlers = [
  // The cadre reads those handed to their village; the submitter reads their own; others fall through.
  route.get('/appeals/:id', ({ request, params }) => {
    const found = dispatchDb.appeals.find((a) => a.id === Number(params.id));
    if (isCadre(request)) return found && found.dispatchedArea === cadreUser.area ? ok(withOverdue(found)) : appealNotFound();
    if (found && request.headers.get('authorization') === VILLAGER_TOKEN) return ok(withOverdue(found));
    return undefined;
  }),
];
