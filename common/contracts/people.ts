import { Type, type Static } from '@sinclair/typebox';
import {
  AREA_ID_MAX,
  AREA_MIN,
  APPEAL_CATEGORIES,
  APPEAL_IMAGES_MAX,
  APPEAL_REGISTERED_SOURCES,
  APPEAL_SOURCES,
  APPEAL_STATUSES,
  CONTACT_PHONE_PATTERN,
  OPINION_LEVELS,
  OPINION_SENTIMENTS,
  OPINION_SOURCES,
  OPINION_STATUSES,
  PHOTO_REPORT_IMAGES_MAX,
  PHOTO_REPORT_IMAGES_MIN,
  PHOTO_REPORT_STATUSES,
  PHOTO_REPORT_TYPES,
  SATISFACTION_SOURCES,
  USER_NOTICE_KINDS,
  VILLAGE_AREA_MIN,
} from '../constants';
import { LIMITS } from '../limits';
import {
  AreaId,
  BatchBody,
  ClientKey,
  literals,
  LongText,
  Name,
  Nullable,
  NullableNumber,
  NullableTimestamp,
  PageQuery,
  Period,
  Text,
  Timestamp,
} from './base';
import { CheckedImage, ImageRef } from './tasks';

// People services (docs/product.md §6–§9): appeals (群众诉求), photo reports (随手拍), public-opinion items
// (舆情监测) with watch keywords, and the notice bell. Every string here is plain text, rendered
// as text. Phones write appeals and reports; staff move them along their states.

const ImageIds = (title: string, maxItems: number, minItems = 0) =>
  Type.Array(Type.Integer({ minimum: 1, title }), { title, minItems, maxItems, uniqueItems: true, default: [] });
/** A mobile or landline number as people write it. */
const ContactPhone = Type.String({
  title: '联系电话',
  minLength: 5,
  maxLength: LIMITS.contactPhone,
  pattern: CONTACT_PHONE_PATTERN,
  errorMessage: '请输入正确的联系电话',
});
/** Inclusive range on createdAt, ISO date-times. */
const Keyword = Type.Optional(Text('关键字', LIMITS.peopleKeyword, 0));

/** One step in an appeal's or photo report's history (who did what, when). */
const HISTORY_ACTIONS = [
  'submit',
  'accept',
  'reply',
  'close',
  'reject',
  'rate',
  'handle',
  'invalid',
  'dispatch',
  'recall',
  'callback',
  'callbackMissed',
  'approve',
  'return',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
/** The history steps as the admin and the villager read them; appeals and photo reports share the names. */
export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  submit: '提交',
  accept: '受理',
  reply: '答复',
  close: '办结',
  reject: '不予受理',
  rate: '评价',
  handle: '处理完成',
  invalid: '标记为无效',
  dispatch: '转派',
  recall: '撤回至镇里办理',
  callback: '回访',
  callbackMissed: '回访未接通',
  approve: '审核通过',
  return: '退回重新处置',
};
export const HistoryEvent = Type.Object({
  id: Type.Integer(),
  action: literals(HISTORY_ACTIONS, '操作'),
  actorId: Nullable(Type.Integer()),
  actorName: Type.String(),
  /** The reply, reason, result or rating comment that went with the step; '' when none. */
  note: Type.String(),
  /** 转派: the village the appeal was handed to; null or absent for every other step. */
  areaName: Type.Optional(Nullable(Type.String())),
  /** The photos that went with a reply or a result (ADR 0064), at signed addresses; absent when none. */
  images: Type.Optional(Type.Array(ImageRef)),
  createdAt: Timestamp,
});
export type HistoryEvent = Static<typeof HistoryEvent>;

// ---- Appeals ----

const AppealCategory = Type.Integer({ minimum: 1, maximum: APPEAL_CATEGORIES.length, title: '诉求类别' });
const AppealStatusSchema = literals(APPEAL_STATUSES, '状态');
const AppealSourceSchema = literals(APPEAL_SOURCES, '诉求来源');

/** POST /api/appeals (any signed-in user; a villager's phone). Created as pending, due in N working days. */
export const AppealBody = Type.Object(
  {
    title: Name('诉求标题', LIMITS.appealTitle),
    content: LongText('诉求内容', LIMITS.appealContent),
    category: AppealCategory,
    area: AreaId('所在村（社区）'),
    phone: ContactPhone,
    imageIds: ImageIds('图片', APPEAL_IMAGES_MAX),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type AppealBody = Static<typeof AppealBody>;

/**
 * POST /api/appeals/register (peopleService, within the caller's data scope): staff register an
 * appeal for a villager who came to the window, phoned or wrote (ADR 0054). `userId` links it to the
 * villager's account: it then shows in their 我的诉求 and they get its notices.
 */
export const AppealRegisterBody = Type.Object(
  {
    name: Name('群众姓名', LIMITS.personName),
    phone: ContactPhone,
    area: AreaId('所在村（社区）'),
    category: AppealCategory,
    title: Name('诉求标题', LIMITS.appealTitle),
    content: LongText('诉求内容', LIMITS.appealContent),
    imageIds: ImageIds('图片', APPEAL_IMAGES_MAX),
    source: literals(APPEAL_REGISTERED_SOURCES, '登记方式'),
    userId: Type.Optional(Type.Integer({ minimum: 1, title: '关联群众账号' })),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type AppealRegisterBody = Static<typeof AppealRegisterBody>;

/** GET /api/appeals/accounts?phone=: the active accounts with this phone number, to link a registration to. */
export const AppealAccountQuery = Type.Object({ phone: ContactPhone }, { additionalProperties: false });
export type AppealAccountQuery = Static<typeof AppealAccountQuery>;
export const AppealAccount = Type.Object({ id: Type.Integer(), name: Type.String(), areaName: Nullable(Type.String()) });
export type AppealAccount = Static<typeof AppealAccount>;

export const AppealItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The content's first 100 characters, for lists. */
  excerpt: Type.String(),
  category: Type.Integer(),
  area: Type.Integer(),
  areaName: Type.String(),
  phone: Type.String(),
  status: AppealStatusSchema,
  /** How it reached the centre (APPEAL_SOURCES). */
  source: AppealSourceSchema,
  /** The villager's account; null for one registered for someone without an account. */
  submitterId: Nullable(Type.Integer()),
  submitterName: Type.String(),
  /** Who registered it at the window, by phone or from a letter; null when made on the phone pages. */
  registeredByName: Nullable(Type.String()),
  handlerId: Nullable(Type.Integer()),
  handlerName: Nullable(Type.String()),
  imageCount: Type.Integer(),
  createdAt: Timestamp,
  acceptedAt: NullableTimestamp,
  repliedAt: NullableTimestamp,
  closedAt: NullableTimestamp,
  rejectedAt: NullableTimestamp,
  dueAt: Timestamp,
  /** Past due and not yet replied, closed or rejected (as of the answer). */
  overdue: Type.Boolean(),
  satisfaction: Nullable(Type.Integer()),
  /** Who gave the satisfaction: the villager on the phone or a call-back (回访). */
  satisfactionSource: Nullable(literals(SATISFACTION_SOURCES, '评价方式')),
  /** When the call-back (回访) ended: it reached the villager, or the last allowed attempt did not. */
  calledBackAt: NullableTimestamp,
  /** Whether the call-back that ended reached the villager; null while none has ended. */
  callbackReached: Nullable(Type.Boolean()),
  /** Call-back attempts so far, reached or not. */
  callbackAttempts: Type.Integer(),
  calledBackByName: Nullable(Type.String()),
  /**
   * 待回访: answered, unrated, no call-back ended, and the reply at least the configured number of
   * working days old (as of the answer).
   */
  callbackDue: Type.Boolean(),
  /** The village it is handed to (转派), or null while the town handles it. */
  dispatchedArea: Nullable(Type.Integer()),
  dispatchedAreaName: Nullable(Type.String()),
  dispatchedAt: NullableTimestamp,
});
export type AppealItem = Static<typeof AppealItem>;

export const AppealDetail = Type.Composite([
  AppealItem,
  Type.Object({
    content: Type.String(),
    images: Type.Array(CheckedImage),
    reply: Nullable(Type.String()),
    /** The photos that went with the reply (up to 9). */
    replyImages: Type.Array(ImageRef),
    rejectReason: Nullable(Type.String()),
    satisfactionComment: Nullable(Type.String()),
    ratedAt: NullableTimestamp,
    history: Type.Array(HistoryEvent),
  }),
]);
export type AppealDetail = Static<typeof AppealDetail>;

/** GET /api/appeals (peopleService, by data scope) and GET /api/appeals/export (same filters, .xlsx). */
export const AppealListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(AppealStatusSchema),
    area: Type.Optional(AreaId('所在村（社区）')),
    category: Type.Optional(AppealCategory),
    overdue: Type.Optional(Type.Boolean({ title: '是否超期' })),
    source: Type.Optional(AppealSourceSchema),
    /** Rated by the submitter (true) or not (false): the dashboard's 群众满意度 opens the rated ones. */
    rated: Type.Optional(Type.Boolean({ title: '是否已评价' })),
    /** 待回访 (true), or everything else (false). */
    callbackDue: Type.Optional(Type.Boolean({ title: '待回访' })),
    keyword: Keyword,
    ...Period,
    sortField: Type.Optional(Type.Union([Type.Literal('createdAt'), Type.Literal('dueAt')], { title: '排序字段' })),
  },
  { additionalProperties: false },
);
export type AppealListQuery = Static<typeof AppealListQuery>;

/** GET /api/appeals/counts: the status tabs' numbers under the list's other filters. */
export const AppealCountsQuery = Type.Omit(AppealListQuery, [
  'current',
  'pageSize',
  'sortOrder',
  'sortField',
  'status',
  'overdue',
  'callbackDue',
]);
export type AppealCountsQuery = Static<typeof AppealCountsQuery>;
export const AppealCounts = Type.Object({
  all: Type.Integer(),
  pending: Type.Integer(),
  processing: Type.Integer(),
  replied: Type.Integer(),
  closed: Type.Integer(),
  rejected: Type.Integer(),
  overdue: Type.Integer(),
  /** 待回访. */
  callback: Type.Integer(),
});
export type AppealCounts = Static<typeof AppealCounts>;

/** A reply, by the town or a village's cadre, with up to 9 of the replier's own photos (private, as the appeal's). */
export const AppealReplyBody = Type.Object(
  { reply: LongText('答复内容', LIMITS.appealReply), imageIds: Type.Optional(ImageIds('答复照片', APPEAL_IMAGES_MAX)) },
  { additionalProperties: false },
);
export type AppealReplyBody = Static<typeof AppealReplyBody>;
export const AppealRejectBody = Type.Object({ reason: LongText('不予受理原因', LIMITS.refusalReason) }, { additionalProperties: false });
export type AppealRejectBody = Static<typeof AppealRejectBody>;
/** POST /api/appeals/:id/dispatch: hand an open appeal to a village (2–12), with an optional note. */
export const AppealDispatchBody = Type.Object(
  {
    areaId: Type.Integer({ minimum: VILLAGE_AREA_MIN, maximum: AREA_ID_MAX, title: '转派村' }),
    note: Type.Optional(LongText('转派说明', LIMITS.dispatchNote, 0)),
  },
  { additionalProperties: false },
);
export type AppealDispatchBody = Static<typeof AppealDispatchBody>;
/** POST /api/appeals/batch/dispatch, /api/photo-reports/batch/dispatch: one village for all. */
export const BatchDispatchBody = Type.Composite([BatchBody, AppealDispatchBody], { additionalProperties: false });
export type BatchDispatchBody = Static<typeof BatchDispatchBody>;
/** POST /api/appeals/batch/reject: one reason for all. */
export const AppealBatchRejectBody = Type.Composite([BatchBody, AppealRejectBody], { additionalProperties: false });
export type AppealBatchRejectBody = Static<typeof AppealBatchRejectBody>;
/** POST /api/appeals/:id/recall: take a dispatched appeal back to the town. */
export const AppealRecallBody = Type.Object(
  { note: Type.Optional(LongText('撤回说明', LIMITS.dispatchNote, 0)) },
  { additionalProperties: false },
);
export type AppealRecallBody = Static<typeof AppealRecallBody>;

/**
 * POST /api/appeals/:id/callback (peopleService, within the data scope): a call-back (回访) on an
 * answered, unrated appeal. Reached: the villager's satisfaction (1–5) is required and becomes the
 * appeal's; not reached: no score, the attempt is kept in the history.
 */
export const AppealCallbackBody = Type.Object(
  {
    reached: Type.Boolean({ title: '是否接通' }),
    score: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, title: '满意度' })),
    note: Type.Optional(LongText('回访记录', LIMITS.callbackNote, 0)),
  },
  { additionalProperties: false },
);
export type AppealCallbackBody = Static<typeof AppealCallbackBody>;

/** GET /api/my/dispatched-appeals and /dispatched-photo-reports: a village cadre's matters handed to their village; open ones or done ones. */
export const DispatchedAppealQuery = Type.Object(
  { ...PageQuery, state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('done')], { title: '办理状态' })) },
  { additionalProperties: false },
);
export type DispatchedAppealQuery = Static<typeof DispatchedAppealQuery>;

/** POST /api/my/appeals/:id/rate: the submitter, once, after the reply; rating a replied appeal closes it. */
export const AppealRateBody = Type.Object(
  {
    score: Type.Integer({ minimum: 1, maximum: 5, title: '满意度' }),
    comment: Type.Optional(LongText('评价内容', LIMITS.rateComment, 0)),
  },
  { additionalProperties: false },
);
export type AppealRateBody = Static<typeof AppealRateBody>;

/** GET /api/my/appeals: the caller's own, newest first. */
export const MyAppealQuery = Type.Object({ ...PageQuery, status: Type.Optional(AppealStatusSchema) }, { additionalProperties: false });
export type MyAppealQuery = Static<typeof MyAppealQuery>;
export const MyAppealItem = Type.Composite([
  AppealItem,
  Type.Object({ reply: Nullable(Type.String()), rejectReason: Nullable(Type.String()) }),
]);
export type MyAppealItem = Static<typeof MyAppealItem>;

// ---- Photo reports ----

const PhotoReportType = Type.Integer({ minimum: 1, maximum: PHOTO_REPORT_TYPES.length, title: '问题类型' });
const PhotoReportStatusSchema = literals(PHOTO_REPORT_STATUSES, '状态');

/** POST /api/photo-reports (any signed-in user). Photos first: at least one. */
export const PhotoReportBody = Type.Object(
  {
    description: LongText('问题描述', LIMITS.reportDescription),
    type: PhotoReportType,
    area: AreaId('所在村（社区）'),
    imageIds: ImageIds('照片', PHOTO_REPORT_IMAGES_MAX, PHOTO_REPORT_IMAGES_MIN),
    /** Typed by the villager, or filled from the phone's position. */
    location: Name('位置', LIMITS.reportLocation, 0),
    lat: NullableNumber('number', { title: '纬度', minimum: -90, maximum: 90 }),
    lng: NullableNumber('number', { title: '经度', minimum: -180, maximum: 180 }),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type PhotoReportBody = Static<typeof PhotoReportBody>;

export const PhotoReportItem = Type.Object({
  id: Type.Integer(),
  type: Type.Integer(),
  /** The description's first 100 characters, for lists. */
  excerpt: Type.String(),
  area: Type.Integer(),
  areaName: Type.String(),
  location: Type.String(),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  status: PhotoReportStatusSchema,
  submitterId: Type.Integer(),
  submitterName: Type.String(),
  handlerId: Nullable(Type.Integer()),
  handlerName: Nullable(Type.String()),
  /** The first photo, for list thumbnails. */
  cover: Nullable(ImageRef),
  imageCount: Type.Integer(),
  createdAt: Timestamp,
  handledAt: NullableTimestamp,
  /** The village it is handed to (转派, ADR 0064), or null while the town handles it. */
  dispatchedArea: Nullable(Type.Integer()),
  dispatchedAreaName: Nullable(Type.String()),
  dispatchedAt: NullableTimestamp,
});
export type PhotoReportItem = Static<typeof PhotoReportItem>;

export const PhotoReportDetail = Type.Composite([
  PhotoReportItem,
  Type.Object({
    description: Type.String(),
    images: Type.Array(CheckedImage),
    /** The handler's result; while 待审核, the village's answer the centre reviews. */
    result: Nullable(Type.String()),
    resultImages: Type.Array(ImageRef),
    invalidReason: Nullable(Type.String()),
    /** Why the centre sent the village's last answer back, while the village works on it again. */
    returnReason: Nullable(Type.String()),
    history: Type.Array(HistoryEvent),
  }),
]);
export type PhotoReportDetail = Static<typeof PhotoReportDetail>;

export const PhotoReportListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(PhotoReportStatusSchema),
    area: Type.Optional(AreaId('所在村（社区）')),
    type: Type.Optional(PhotoReportType),
    keyword: Keyword,
    ...Period,
  },
  { additionalProperties: false },
);
export type PhotoReportListQuery = Static<typeof PhotoReportListQuery>;
export const PhotoReportCountsQuery = Type.Omit(PhotoReportListQuery, ['current', 'pageSize', 'sortOrder', 'status']);
export type PhotoReportCountsQuery = Static<typeof PhotoReportCountsQuery>;
export const PhotoReportCounts = Type.Object({
  all: Type.Integer(),
  pending: Type.Integer(),
  processing: Type.Integer(),
  reviewing: Type.Integer(),
  handled: Type.Integer(),
  invalid: Type.Integer(),
});
export type PhotoReportCounts = Static<typeof PhotoReportCounts>;

export const PhotoReportHandleBody = Type.Object(
  { result: LongText('处理结果', LIMITS.reportResult), imageIds: ImageIds('处理照片', PHOTO_REPORT_IMAGES_MAX) },
  { additionalProperties: false },
);
export type PhotoReportHandleBody = Static<typeof PhotoReportHandleBody>;
export const PhotoReportInvalidBody = Type.Object({ reason: LongText('无效原因', LIMITS.refusalReason) }, { additionalProperties: false });
export type PhotoReportInvalidBody = Static<typeof PhotoReportInvalidBody>;
/** POST /api/photo-reports/batch/invalid: one reason for all. */
export const PhotoReportBatchInvalidBody = Type.Composite([BatchBody, PhotoReportInvalidBody], { additionalProperties: false });
export type PhotoReportBatchInvalidBody = Static<typeof PhotoReportBatchInvalidBody>;
/** POST /api/my/dispatched-photo-reports/:id/reply: the village's answer, with 1–9 photos of the place after it (ADR 0064). */
export const PhotoReportReplyBody = Type.Object(
  {
    result: LongText('处置情况', LIMITS.reportResult),
    imageIds: ImageIds('处置后照片', PHOTO_REPORT_IMAGES_MAX, PHOTO_REPORT_IMAGES_MIN),
  },
  { additionalProperties: false },
);
export type PhotoReportReplyBody = Static<typeof PhotoReportReplyBody>;
/** POST /api/photo-reports/:id/approve: the centre accepts the village's answer, with an optional remark. */
export const PhotoReportApproveBody = Type.Object(
  { note: Type.Optional(LongText('审核意见', LIMITS.refusalReason, 0)) },
  { additionalProperties: false },
);
export type PhotoReportApproveBody = Static<typeof PhotoReportApproveBody>;
/** POST /api/photo-reports/:id/return: the centre sends the village's answer back, saying why. */
export const PhotoReportReturnBody = Type.Object({ reason: LongText('退回原因', LIMITS.refusalReason) }, { additionalProperties: false });
export type PhotoReportReturnBody = Static<typeof PhotoReportReturnBody>;
/** GET /api/my/photo-reports: the caller's own, newest first. */
export const MyPhotoReportQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(PhotoReportStatusSchema) },
  { additionalProperties: false },
);
export type MyPhotoReportQuery = Static<typeof MyPhotoReportQuery>;
export const MyPhotoReportItem = Type.Composite([
  PhotoReportItem,
  Type.Object({ result: Nullable(Type.String()), invalidReason: Nullable(Type.String()) }),
]);
export type MyPhotoReportItem = Static<typeof MyPhotoReportItem>;

// ---- Public opinion ----

const OpinionSource = Type.Integer({ minimum: 1, maximum: OPINION_SOURCES.length, title: '来源' });
const OpinionSentimentSchema = literals(OPINION_SENTIMENTS, '情感倾向');
const OpinionLevel = Type.Integer({ minimum: 1, maximum: OPINION_LEVELS.length, title: '级别' });
const OpinionStatusSchema = literals(OPINION_STATUSES, '状态');

/** POST /api/opinions and PUT /api/opinions/:id (peopleService). */
export const OpinionBody = Type.Object(
  {
    source: OpinionSource,
    title: Name('标题', LIMITS.opinionTitle),
    summary: LongText('摘要', LIMITS.opinionSummary, 0),
    /** An http(s) address or ''. */
    link: Type.String({
      title: '链接',
      maxLength: LIMITS.opinionLink,
      pattern: '^$|^https?://\\S+$',
      errorMessage: '请输入以 http:// 或 https:// 开头的链接',
    }),
    sentiment: OpinionSentimentSchema,
    level: OpinionLevel,
    area: NullableNumber('integer', { title: '相关区域', minimum: AREA_MIN, maximum: AREA_ID_MAX }),
  },
  { additionalProperties: false },
);
export type OpinionBody = Static<typeof OpinionBody>;

export const OpinionItem = Type.Object({
  id: Type.Integer(),
  source: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  link: Type.String(),
  sentiment: OpinionSentimentSchema,
  level: Type.Integer(),
  area: Nullable(Type.Integer()),
  /** '全镇' when none. */
  areaName: Type.String(),
  status: OpinionStatusSchema,
  appealId: Nullable(Type.Integer()),
  photoReportId: Nullable(Type.Integer()),
  /** The watch keyword that made it, for items made automatically. */
  keyword: Nullable(Type.String()),
  createdByName: Type.String(),
  createdAt: Timestamp,
  handledAt: NullableTimestamp,
});
export type OpinionItem = Static<typeof OpinionItem>;

export const OpinionListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(OpinionStatusSchema),
    sentiment: Type.Optional(OpinionSentimentSchema),
    level: Type.Optional(OpinionLevel),
    source: Type.Optional(OpinionSource),
    area: Type.Optional(AreaId('相关区域')),
    keyword: Keyword,
    ...Period,
  },
  { additionalProperties: false },
);
export type OpinionListQuery = Static<typeof OpinionListQuery>;

/** GET /api/opinions/trend: one row per day of the last OPINION_TREND_DAYS days (today last), zeros included. */
export const OpinionTrendDay = Type.Object({
  /** YYYY-MM-DD in the server's time zone. */
  date: Type.String(),
  positive: Type.Integer(),
  neutral: Type.Integer(),
  negative: Type.Integer(),
});
export type OpinionTrendDay = Static<typeof OpinionTrendDay>;
export const OpinionTrend = Type.Object({ days: Type.Array(OpinionTrendDay) });
export type OpinionTrend = Static<typeof OpinionTrend>;

export const OpinionKeywordBody = Type.Object({ keyword: Name('关键词', LIMITS.opinionKeyword) }, { additionalProperties: false });
export type OpinionKeywordBody = Static<typeof OpinionKeywordBody>;
export const OpinionKeyword = Type.Object({
  id: Type.Integer(),
  keyword: Type.String(),
  /** How many opinion items it has made. */
  matches: Type.Integer(),
  createdByName: Type.String(),
  createdAt: Timestamp,
});
export type OpinionKeyword = Static<typeof OpinionKeyword>;
export const OpinionKeywordQuery = Type.Object({ ...PageQuery, keyword: Keyword }, { additionalProperties: false });
export type OpinionKeywordQuery = Static<typeof OpinionKeywordQuery>;

// ---- Notices (the header's bell) ----

const NOTICE_KINDS = ['submissions', 'appeals', 'photoReports', 'reviewPhotoReports', 'overdueAppeals'] as const;
export const NoticeEntry = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Who and where, e.g. '张红梅 · 第一村'. */
  subtitle: Type.String(),
  time: Timestamp,
});
export type NoticeEntry = Static<typeof NoticeEntry>;
export const NoticeGroup = Type.Object({
  kind: literals(NOTICE_KINDS, '类别'),
  /** 待审核提交, 新的群众诉求, 新的随手拍, 待审核随手拍 (a village's answer, ADR 0064), 超期诉求. */
  title: Type.String(),
  count: Type.Integer(),
  /** The admin list that holds them, with its filter: /taskManage/audit, /peopleService/appeal?status=pending, … */
  link: Type.String(),
  /** The latest few (at most 5). */
  items: Type.Array(NoticeEntry),
});
export type NoticeGroup = Static<typeof NoticeGroup>;

// ---- A person's own kept notices (the bell on /app, 我的消息, the admin bell's 我的消息) ----

export const UserNotice = Type.Object({
  id: Type.Integer(),
  kind: literals(USER_NOTICE_KINDS, '消息类型'),
  title: Type.String(),
  body: Type.String(),
  /** The record the notice is about: an appeal (APPEAL_NOTICE_KINDS) or a task; the kind says which page opens it. */
  appealId: Nullable(Type.Integer()),
  taskId: Nullable(Type.Integer()),
  /** A photo report handed to the cadre's village (PHOTO_REPORT_NOTICE_KINDS). */
  photoReportId: Nullable(Type.Integer()),
  read: Type.Boolean(),
  createdAt: Timestamp,
});
export type UserNotice = Static<typeof UserNotice>;
export const UserNoticeQuery = Type.Object(
  { ...PageQuery, unread: Type.Optional(Type.Boolean({ title: '仅未读' })) },
  { additionalProperties: false },
);
export type UserNoticeQuery = Static<typeof UserNoticeQuery>;
export const UserNoticeCount = Type.Object({ unread: Type.Integer() });
export type UserNoticeCount = Static<typeof UserNoticeCount>;

/**
 * GET /api/notices: only the groups the caller's permissions cover, within their data scope; total
 * sums the groups' counts. `mine`: the caller's own unread notices, the latest few, and how many.
 */
export const Notices = Type.Object({
  total: Type.Integer(),
  groups: Type.Array(NoticeGroup),
  mine: Type.Object({ unread: Type.Integer(), items: Type.Array(UserNotice) }),
});
export type Notices = Static<typeof Notices>;
