/**
 * /api/photo-reports (server/routes/photoReports.ts), on the records of mock/peopleDb.ts:
 * - the admin (`photoReportAdminHandlers`): the list, the status tabs' counts, the export, one
 *   report, 处理 (with a result and photos) or 无效 (with a reason) while open, 转派 and 撤回, and
 *   the review of a village's answer (审核通过, 退回 with a reason), each as common/workflow.ts allows;
 * - the villager on the phone (`photoReportSubmitterHandlers`): sending one (400 naming the field,
 *   a client-key replay answers the first record) and reading their own (another's is the same
 *   404); their list, GET /api/my/photo-reports, is in mock/my.ts.
 */
import { PEOPLE_MESSAGES, PHOTO_REPORT_STATUSES, UPLOAD_MESSAGES } from '@common/constants';
import {
  AppealDispatchBody,
  PhotoReportApproveBody,
  PhotoReportBody,
  PhotoReportHandleBody,
  PhotoReportInvalidBody,
  PhotoReportReturnBody,
  type PhotoReportDetail,
} from '@common/contracts/people';
import { PHOTO_REPORT_STEPS, isPhotoReportOpen } from '@common/workflow';
import { appTaskDb } from './appTaskDb';
import { adminUser, areaName } from './fixtures';
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
import { historyEvent, peopleDb, toReportItem } from './peopleDb';
import { anyContains, inPeriod, newestFirst, numberParam } from './query';
import { bodyErrors } from './validate';

const findReport = (id: unknown) => peopleDb.reports.find((r) => r.id === Number(id));
export const reportNotFound = () => apiError(404, PEOPLE_MESSAGES.reportNotFound);

function filterReports(q: URLSearchParams, withStatus = true): PhotoReportDetail[] {
  const area = numberParam(q, 'area');
  const type = numberParam(q, 'type');
  const status = q.get('status');
  return peopleDb.reports
    .filter(
      (r) =>
        (!withStatus || !status || r.status === status) &&
        (area === undefined || r.area === area) &&
        (type === undefined || r.type === type) &&
        anyContains([r.description, r.location, r.submitterName], q.get('keyword')) &&
        inPeriod(r.createdAt, q),
    )
    .sort(newestFirst);
}

/** The back office's steps: the body each takes, and what it does besides moving the state. */
const STEPS = {
  handle: {
    schema: PhotoReportHandleBody,
    apply: (found: PhotoReportDetail, body: PhotoReportHandleBody) => {
      found.result = body.result.trim();
      found.resultImages = (body.imageIds ?? []).map((id) => ({ id, url: `/api/uploads/photo-${id}.jpg`, width: 800, height: 600 }));
      return found.result;
    },
  },
  invalid: {
    schema: PhotoReportInvalidBody,
    apply: (found: PhotoReportDetail, body: PhotoReportInvalidBody) => {
      found.invalidReason = body.reason.trim();
      return found.invalidReason;
    },
  },
  approve: { schema: PhotoReportApproveBody, apply: (_found: PhotoReportDetail, body: PhotoReportApproveBody) => body.note?.trim() ?? '' },
  return: {
    schema: PhotoReportReturnBody,
    apply: (found: PhotoReportDetail, body: PhotoReportReturnBody) => {
      found.result = null;
      found.resultImages = [];
      found.returnReason = body.reason.trim();
      return found.returnReason;
    },
  },
} as const;

export const photoReportAdminHandlers = [
  exportHandler('/photo-reports/export', '随手拍.xlsx'),
  admin.get('/photo-reports', ({ request }) => {
    const url = new URL(request.url);
    return okPage(filterReports(url.searchParams).map(toReportItem), url);
  }),
  admin.get('/photo-reports/counts', ({ request }) => {
    const base = filterReports(new URL(request.url).searchParams, false);
    const of = Object.fromEntries(PHOTO_REPORT_STATUSES.map((status) => [status, base.filter((r) => r.status === status).length]));
    return ok({ all: base.length, ...of });
  }),
  signedIn.get('/photo-reports/:id', ({ params }) => {
    const found = findReport(params.id);
    return found ? ok(found) : reportNotFound();
  }),
  ...(['handle', 'invalid', 'approve', 'return'] as const).map((step) =>
    admin.post(`/photo-reports/:id/${step}`, async ({ request, params }) => {
      const found = findReport(params.id);
      if (!found) return reportNotFound();
      const { from, to, by, done } = PHOTO_REPORT_STEPS[step];
      if (!from.includes(found.status)) return apiError(409, PEOPLE_MESSAGES.reportMoved(found.status));
      const body = await request.json().catch(() => ({}));
      const errors = bodyErrors(STEPS[step].schema, body);
      if (errors.length) return invalid(errors);
      const note = STEPS[step].apply(found, body as never);
      const now = new Date();
      found.history.push(historyEvent(step, adminUser, note, now));
      found.status = to;
      if (to === 'handled' || to === 'invalid') found.handledAt = now.toISOString();
      if (step !== 'return') found.returnReason = null;
      if (by !== 'centre') {
        found.handlerId = adminUser.id;
        found.handlerName = adminUser.name;
      }
      return okWithMessage(found, done);
    }),
  ),
  admin.post('/photo-reports/:id/dispatch', async ({ request, params }) => {
    const found = findReport(params.id);
    if (!found) return reportNotFound();
    const body = await request.json().catch(() => ({}));
    const errors = bodyErrors(AppealDispatchBody, body);
    if (errors.length) return invalid(errors);
    const { areaId, note } = body as AppealDispatchBody;
    if (!isPhotoReportOpen(found.status)) return apiError(409, PEOPLE_MESSAGES.reportMoved(found.status));
    if (found.dispatchedArea === areaId) return apiError(409, PEOPLE_MESSAGES.dispatchSameVillage);
    found.dispatchedArea = areaId;
    found.dispatchedAreaName = areaName(areaId);
    found.dispatchedAt = new Date().toISOString();
    found.history.push({ ...historyEvent('dispatch', adminUser, note?.trim() ?? ''), areaName: found.dispatchedAreaName });
    return okWithMessage(found, `已转派至${found.dispatchedAreaName}`);
  }),
  admin.post('/photo-reports/:id/recall', async ({ params }) => {
    const found = findReport(params.id);
    if (!found) return reportNotFound();
    if (!isPhotoReportOpen(found.status)) return apiError(409, PEOPLE_MESSAGES.reportMoved(found.status));
    if (found.dispatchedArea === null) return apiError(409, PEOPLE_MESSAGES.dispatchNotDispatched);
    found.dispatchedArea = null;
    found.dispatchedAreaName = null;
    found.dispatchedAt = null;
    found.history.push(historyEvent('recall', adminUser));
    return okWithMessage(found, '已撤回，由镇里处理');
  }),
];

const uploadedImage = (id: number) => ({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 });

/** POST /api/photo-reports as the server answers it (exported: a test can run it and then lose the answer). */
export async function answerCreatePhotoReport({ request }: { request: Request }) {
  const user = phoneUser(request);
  if (!user) return unauthorized();
  const body = (await request.json()) as PhotoReportBody;
  const errors = bodyErrors(PhotoReportBody, body);
  if (errors.length) return invalid(errors);

  const key = `${user.id}:${body.clientKey}`;
  const replay = peopleDb.clientKeys.reports.get(key);
  if (replay) return okWithMessage(toReportItem(peopleDb.reports.find((r) => r.id === replay)!), PEOPLE_MESSAGES.reportReplayed);
  if (!body.imageIds.every((id) => appTaskDb.uploads.has(id)))
    return invalid([{ field: 'imageIds', label: '照片', message: UPLOAD_MESSAGES.imageNotOwn }]);

  const images = body.imageIds.map(uploadedImage);
  const now = new Date();
  const created: PhotoReportDetail = {
    id: peopleDb.nextId++,
    type: body.type,
    excerpt: body.description.trim().slice(0, 100),
    description: body.description.trim(),
    area: body.area,
    areaName: areaName(body.area) ?? '',
    location: body.location.trim(),
    lat: body.lat,
    lng: body.lng,
    status: 'pending',
    submitterId: user.id,
    submitterName: user.name,
    handlerId: null,
    handlerName: null,
    cover: images[0] ?? null,
    imageCount: images.length,
    images,
    createdAt: now.toISOString(),
    handledAt: null,
    result: null,
    resultImages: [],
    invalidReason: null,
    returnReason: null,
    dispatchedArea: null,
    dispatchedAreaName: null,
    dispatchedAt: null,
    history: [historyEvent('submit', user, '', now)],
  };
  peopleDb.reports.push(created);
  peopleDb.clientKeys.reports.set(key, created.id);
  return okWithMessage(toReportItem(created), PEOPLE_MESSAGES.reportSubmitted);
}

export const photoReportSubmitterHandlers = [
  route.post('/photo-reports', answerCreatePhotoReport),

  // The submitter reads their own; anything else is the same 404.
  phone.get('/photo-reports/:id', ({ request, params }) => {
    const user = phoneUser(request)!;
    const found = peopleDb.reports.find((r) => r.id === Number(params.id) && r.submitterId === user.id);
    return found ? ok(found) : reportNotFound();
  }),
];
