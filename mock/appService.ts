/**
 * msw handlers for the phone's 便民服务 pages (issue 5): a villager's appeals and photo reports, their
 * own records, the detail of one of them and the rating of a reply, with the answers of
 * server/routes/appeals.ts and photoReports.ts (messages, client-key replays, 400 field errors,
 * 404 for another's record, 409 on a second rating). Records live in peopleDb (mock/people.ts);
 * signing in and photo uploads are the phone task handlers' (mock/appTasks.ts).
 * Use `useAppServiceHandlers()` after `useMockServer()`.
 */
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import {
  APPEAL_CATEGORIES,
  APPEAL_IMAGES_MAX,
  AREA_MAX,
  AREA_MIN,
  PAGE_SIZE_DEFAULT,
  PEOPLE_MESSAGES,
  PHOTO_REPORT_IMAGES_MAX,
  PHOTO_REPORT_IMAGES_MIN,
  PHOTO_REPORT_TYPES,
} from '@common/constants';
import type { FieldError } from '@common/contracts/base';
import {
  AppealBody,
  type AppealDetail,
  type AppealRateBody,
  type HistoryAction,
  type MyAppealItem,
  type MyPhotoReportItem,
  type PhotoReportBody,
  type PhotoReportDetail,
} from '@common/contracts/people';
import { CADRE_TOKEN, VILLAGER_TOKEN, appTaskDb, appTaskHandlers, cadreUser, resetAppTaskDb, villagerUser } from './appTasks';
import { areaName } from './fixtures';
import { api, apiError, ok } from './handlers';
import { appeal, peopleDb, report, resetPeopleDb, toAppealItem, toReportItem, withOverdue } from './people';
import { server } from './server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The server's due time is N working days on; here simply three days. */
const DUE_AFTER = 3 * DAY;
/** server/services/uploadRefs.ts */
export const IMAGE_NOT_OWN = '图片不存在或不是您本人上传的，请重新上传';

const me = { id: villagerUser.id, name: villagerUser.name, phone: villagerUser.phone };

/** The villager's own appeals, by title: one in each state the records page tells apart. */
export const MY_APPEALS = {
  pending: '村卫生室周末不开门，看病不方便',
  overdue: '村西头小桥桥面裂缝越来越大',
  replied: '申请在村口加装减速带',
  closed: '村广场健身器材损坏',
  rejected: '要求补发去年的种粮补贴',
} as const;

export const MY_REPLY = '已联系交通部门，下月在村口两侧各加装一条减速带，并设置警示标志。';
export const MY_REJECT_REASON = '种粮补贴由镇农业服务中心统一发放，请携带身份证到镇农业服务中心窗口查询。';
export const MY_RATING_COMMENT = '修好了，谢谢！';

/** The villager's own photo reports, by description. */
export const MY_REPORTS = {
  pending: '第一村小广场的路灯杆被撞歪了',
  handled: '村小学门口的下水道堵了，污水漫到路上',
  invalid: '手滑拍错了',
} as const;

export const MY_RESULT = '已疏通下水道并清理路面。';
export const MY_INVALID_REASON = '照片未反映具体问题。';

function seedMyRecords(now: number) {
  const mine = { submitter: me, area: villagerUser.area! };
  peopleDb.appeals.push(
    appeal(
      {
        id: 21,
        title: MY_APPEALS.pending,
        content: '村卫生室周六周日都关门，老人有个头疼脑热只能跑到镇上。',
        category: 4,
        ...mine,
        status: 'pending',
        age: 30 * MINUTE,
      },
      now,
    ),
    appeal(
      {
        id: 22,
        title: MY_APPEALS.overdue,
        content: '小桥桥面的裂缝已经有两指宽，农用车每天都从上面过，担心塌了。',
        category: 1,
        ...mine,
        status: 'processing',
        age: 4 * DAY,
        dueAfter: DUE_AFTER,
        images: 2,
      },
      now,
    ),
    appeal(
      {
        id: 23,
        title: MY_APPEALS.replied,
        content: '村口是下坡，车开得很快，孩子上学过马路很危险。',
        category: 5,
        ...mine,
        status: 'replied',
        age: 2 * DAY,
        reply: MY_REPLY,
      },
      now,
    ),
    appeal(
      {
        id: 24,
        title: MY_APPEALS.closed,
        content: '广场上的两台健身器材坏了，螺丝松动，老人用着不安全。',
        category: 1,
        ...mine,
        status: 'closed',
        age: 10 * DAY,
        reply: '已更换损坏的健身器材配件。',
        satisfaction: 4,
        satisfactionComment: MY_RATING_COMMENT,
      },
      now,
    ),
    appeal(
      {
        id: 25,
        title: MY_APPEALS.rejected,
        content: '去年的种粮补贴一直没有到账。',
        category: 4,
        ...mine,
        status: 'rejected',
        age: 6 * DAY,
        rejectReason: MY_REJECT_REASON,
      },
      now,
    ),
  );
  peopleDb.reports.push(
    report(
      {
        id: 21,
        type: 2,
        description: MY_REPORTS.pending,
        ...mine,
        location: '第一村小广场东侧',
        lat: 30.2741,
        lng: 120.1551,
        status: 'pending',
        age: 1 * HOUR,
        images: 2,
      },
      now,
    ),
    report(
      {
        id: 22,
        type: 1,
        description: MY_REPORTS.handled,
        ...mine,
        location: '村小学门口',
        status: 'handled',
        age: 3 * DAY,
        images: 1,
        result: MY_RESULT,
        resultImages: 1,
      },
      now,
    ),
    report(
      {
        id: 23,
        type: 4,
        description: MY_REPORTS.invalid,
        ...mine,
        location: '',
        status: 'invalid',
        age: 5 * DAY,
        images: 1,
        invalidReason: MY_INVALID_REASON,
      },
      now,
    ),
  );
}

/** History events made here are numbered apart from the seeded ones. */
let nextEventId = 10_000;

/** Client key → record id, per user, as the server keeps them. */
export const serviceKeys = { appeals: new Map<string, number>(), reports: new Map<string, number>() };

export function resetAppServiceDb() {
  resetAppTaskDb();
  resetPeopleDb();
  seedMyRecords(peopleDb.now);
  serviceKeys.appeals = new Map();
  serviceKeys.reports = new Map();
  nextEventId = 10_000;
}

const whoIs = (request: Request) => {
  const token = request.headers.get('authorization');
  if (token === VILLAGER_TOKEN) return villagerUser;
  if (token === CADRE_TOKEN) return cadreUser;
  return undefined;
};
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');

const newestFirst = <T extends { createdAt: string; id: number }>(a: T, b: T) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

function page<T>(items: T[], url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

/** The schema's checks on a text (Text() in common/contracts/base.ts). */
function text(errors: FieldError[], value: unknown, field: string, label: string, max: number, required = true) {
  if (typeof value !== 'string') errors.push({ field, label, message: '必须是文本' });
  else if (required && !/\S/.test(value)) errors.push({ field, label, message: '不能为空' });
  else if (value.length > max) errors.push({ field, label, message: `不能超过${max}个字符` });
}
function integer(errors: FieldError[], value: unknown, field: string, label: string, min: number, max: number) {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    errors.push({ field, label, message: `必须是${min}-${max}之间的整数` });
}
/** The contract's patterns, so the mock refuses what the server's schema refuses. */
const PHONE_PATTERN = new RegExp(AppealBody.properties.phone.pattern!);
const CLIENT_KEY_PATTERN = new RegExp(AppealBody.properties.clientKey.pattern!);
function clientKey(errors: FieldError[], value: unknown) {
  if (typeof value !== 'string' || !CLIENT_KEY_PATTERN.test(value))
    errors.push({ field: 'clientKey', label: '提交标识', message: '提交标识格式不正确' });
}
/** A 400 the way the error handler sends one: every field, and their messages joined. */
const invalid = (errors: FieldError[]) => apiError(400, errors.map((e) => `${e.label}：${e.message}`).join('；'), errors);

const ownImages = (ids: number[]) => ids.every((id) => appTaskDb.uploads.has(id));
const uploadedImage = (id: number) => ({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 });

function event(action: HistoryAction, actor: { id: number; name: string } | null, note = '') {
  return {
    id: nextEventId++,
    action,
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? '系统',
    note,
    createdAt: new Date().toISOString(),
  };
}

const mineOnly = <T extends { submitterId: number }>(record: T | undefined, userId: number) =>
  record && record.submitterId === userId ? record : undefined;

/** `{ code: 200, data, message }`, as the server's create and rate answers are. */
const withMessage = <T>(data: T, message: string) => HttpResponse.json({ code: 200, data, message });

const myAppealItem = (a: AppealDetail): MyAppealItem => ({ ...toAppealItem(a), reply: a.reply, rejectReason: a.rejectReason });
const myReportItem = (r: PhotoReportDetail): MyPhotoReportItem => ({
  ...toReportItem(r),
  result: r.result,
  invalidReason: r.invalidReason,
});

/** POST /api/appeals as the server answers it (exported: a test can run it and then lose the answer). */
export async function answerCreateAppeal({ request }: { request: Request }) {
  const user = whoIs(request);
  if (!user) return unauthorized();
  const body = (await request.json()) as AppealBody;
  const errors: FieldError[] = [];
  text(errors, body.title, 'title', '诉求标题', 50);
  text(errors, body.content, 'content', '诉求内容', 2000);
  integer(errors, body.category, 'category', '诉求类别', 1, APPEAL_CATEGORIES.length);
  integer(errors, body.area, 'area', '所在村（社区）', AREA_MIN, AREA_MAX);
  if (typeof body.phone !== 'string' || !PHONE_PATTERN.test(body.phone))
    errors.push({ field: 'phone', label: '联系电话', message: '请输入正确的联系电话' });
  if (!Array.isArray(body.imageIds) || body.imageIds.length > APPEAL_IMAGES_MAX) {
    errors.push({ field: 'imageIds', label: '图片', message: `不能超过${APPEAL_IMAGES_MAX}项` });
  }
  clientKey(errors, body.clientKey);
  if (errors.length) return invalid(errors);

  const replay = serviceKeys.appeals.get(`${user.id}:${body.clientKey}`);
  if (replay) return withMessage(toAppealItem(peopleDb.appeals.find((a) => a.id === replay)!), '该诉求已提交，无需重复提交');
  if (!ownImages(body.imageIds)) return invalid([{ field: 'imageIds', label: '图片', message: IMAGE_NOT_OWN }]);

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
    submitterId: user.id,
    submitterName: user.name,
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
    dispatchedArea: null,
    dispatchedAreaName: null,
    dispatchedAt: null,
    reply: null,
    rejectReason: null,
    satisfactionComment: null,
    ratedAt: null,
    history: [],
  };
  created.history.push(event('submit', user));
  peopleDb.appeals.push(created);
  serviceKeys.appeals.set(`${user.id}:${body.clientKey}`, created.id);
  return withMessage(toAppealItem(created), '诉求已提交');
}

/** POST /api/photo-reports as the server answers it. */
export async function answerCreatePhotoReport({ request }: { request: Request }) {
  const user = whoIs(request);
  if (!user) return unauthorized();
  const body = (await request.json()) as PhotoReportBody;
  const errors: FieldError[] = [];
  text(errors, body.description, 'description', '问题描述', 1000);
  integer(errors, body.type, 'type', '问题类型', 1, PHOTO_REPORT_TYPES.length);
  integer(errors, body.area, 'area', '所在村（社区）', AREA_MIN, AREA_MAX);
  if (!Array.isArray(body.imageIds) || body.imageIds.length < PHOTO_REPORT_IMAGES_MIN) {
    errors.push({ field: 'imageIds', label: '照片', message: `至少需要${PHOTO_REPORT_IMAGES_MIN}项` });
  } else if (body.imageIds.length > PHOTO_REPORT_IMAGES_MAX) {
    errors.push({ field: 'imageIds', label: '照片', message: `不能超过${PHOTO_REPORT_IMAGES_MAX}项` });
  }
  text(errors, body.location, 'location', '位置', 100, false);
  for (const [field, label, limit] of [
    ['lat', '纬度', 90],
    ['lng', '经度', 180],
  ] as const) {
    const value = body[field];
    if (value !== null && (typeof value !== 'number' || Math.abs(value) > limit))
      errors.push({ field, label, message: `必须在-${limit}到${limit}之间` });
  }
  clientKey(errors, body.clientKey);
  if (errors.length) return invalid(errors);

  const replay = serviceKeys.reports.get(`${user.id}:${body.clientKey}`);
  if (replay) return withMessage(toReportItem(peopleDb.reports.find((r) => r.id === replay)!), '该随手拍已提交，无需重复提交');
  if (!ownImages(body.imageIds)) return invalid([{ field: 'imageIds', label: '照片', message: IMAGE_NOT_OWN }]);

  const images = body.imageIds.map(uploadedImage);
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
    createdAt: new Date().toISOString(),
    handledAt: null,
    result: null,
    resultImages: [],
    invalidReason: null,
    history: [event('submit', user)],
  };
  peopleDb.reports.push(created);
  serviceKeys.reports.set(`${user.id}:${body.clientKey}`, created.id);
  return withMessage(toReportItem(created), '随手拍已提交');
}

export const appServiceHandlers = [
  http.post(api('/appeals'), answerCreateAppeal),
  http.post(api('/photo-reports'), answerCreatePhotoReport),

  http.get(api('/my/appeals'), ({ request }) => {
    const user = whoIs(request);
    if (!user) return unauthorized();
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const list = peopleDb.appeals.filter((a) => a.submitterId === user.id && (!status || a.status === status)).sort(newestFirst);
    return ok(page(list.map(myAppealItem), url));
  }),

  http.get(api('/my/photo-reports'), ({ request }) => {
    const user = whoIs(request);
    if (!user) return unauthorized();
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    const list = peopleDb.reports.filter((r) => r.submitterId === user.id && (!status || r.status === status)).sort(newestFirst);
    return ok(page(list.map(myReportItem), url));
  }),

  // The submitter reads their own; anything else is the same 404 (a villager handles nothing).
  http.get(api('/appeals/:id'), ({ request, params }) => {
    const user = whoIs(request);
    if (!user) return unauthorized();
    const found = mineOnly(
      peopleDb.appeals.find((a) => a.id === Number(params.id)),
      user.id,
    );
    return found ? ok(withOverdue(found)) : apiError(404, PEOPLE_MESSAGES.appealNotFound);
  }),

  http.get(api('/photo-reports/:id'), ({ request, params }) => {
    const user = whoIs(request);
    if (!user) return unauthorized();
    const found = mineOnly(
      peopleDb.reports.find((r) => r.id === Number(params.id)),
      user.id,
    );
    return found ? ok(found) : apiError(404, PEOPLE_MESSAGES.reportNotFound);
  }),

  http.post(api('/my/appeals/:id/rate'), async ({ request, params }) => {
    const user = whoIs(request);
    if (!user) return unauthorized();
    const body = (await request.json()) as AppealRateBody;
    const errors: FieldError[] = [];
    integer(errors, body.score, 'score', '满意度', 1, 5);
    if (body.comment !== undefined) text(errors, body.comment, 'comment', '评价内容', 500, false);
    if (Object.keys(body).some((key) => key !== 'score' && key !== 'comment'))
      errors.push({ field: 'body', label: '请求内容', message: '格式不正确' });
    if (errors.length) return invalid(errors);
    const found = mineOnly(
      peopleDb.appeals.find((a) => a.id === Number(params.id)),
      user.id,
    );
    if (!found) return apiError(404, PEOPLE_MESSAGES.appealNotFound);
    if (found.satisfaction !== null) return apiError(409, PEOPLE_MESSAGES.appealRated);
    if (!found.repliedAt || (found.status !== 'replied' && found.status !== 'closed'))
      return apiError(409, PEOPLE_MESSAGES.appealNotReplied);
    const comment = body.comment?.trim() ?? '';
    const now = new Date().toISOString();
    found.satisfaction = body.score;
    found.satisfactionComment = comment;
    found.ratedAt = now;
    found.history.push(event('rate', user, comment));
    if (found.status === 'replied') {
      found.status = 'closed';
      found.closedAt = now;
      found.history.push(event('close', null, '群众评价后自动办结'));
    }
    return withMessage(withOverdue(found), '感谢您的评价');
  }),
];

/** Puts these in front of the shared handlers for every test of the file, on fresh records. */
export function useAppServiceHandlers() {
  beforeEach(() => {
    resetAppServiceDb();
    server.use(...appServiceHandlers, ...appTaskHandlers);
  });
}

/**
 * A phone's photos in jsdom, for every test of the file: each photo reads as 800×600 (small, so it
 * is sent as it is) and object URLs are stubbed. `photo()` is a chosen file: Node's File, because the
 * test environment's FormData is Node's and refuses jsdom's Blob.
 */
export function usePhotoDevice() {
  beforeEach(() => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = async () => ({ width: 800, height: 600, close() {} });
    jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  });
}

export const photo = (name: string) => new NodeFile([new Uint8Array(2048).fill(7)], name, { type: 'image/jpeg' }) as unknown as File;
