// Reference data shared by client and server. One place for each fact.
import { LIMITS } from './limits';

export const PLATFORM_TITLE = '乡村两级治理中心联动平台';

/** Work categories 1–15 (工作类别). */
export const WORK_CATEGORIES = [
  { id: 1, label: '综合执法' },
  { id: 2, label: '党建工作' },
  { id: 3, label: '民政工作' },
  { id: 4, label: '社保工作' },
  { id: 5, label: '日常工作' },
  { id: 6, label: '生态环境' },
  { id: 7, label: '农业工作' },
  { id: 8, label: '人大工作' },
  { id: 9, label: '纪检工作' },
  { id: 10, label: '乡村振兴' },
  { id: 11, label: '综治工作' },
  { id: 12, label: '精神文明建设' },
  { id: 13, label: '信访工作' },
  { id: 14, label: '人居环境' },
  { id: 15, label: '其他' },
] as const;

/** Content template types: a task's template is a ';'-separated string of these values. */
export const TEMPLATE_TYPES = [
  { value: 1, label: '文字' },
  { value: 2, label: '图片' },
] as const;
export const DEFAULT_IMAGE_NUM = 3;

/**
 * Areas: 1 is the town community, the others its villages (村/社区). Which areas exist, their
 * names and order are data (系统 组织架构 › 村（社区）, ADR 0050); a new install starts with the
 * town community and the eleven DEFAULT village names, ids 2–12. The id range is the column's.
 */
export const TOWN_AREA_ID = 1;
export const AREA_MIN = 1;
/** The largest area id the database holds (a smallint); ids are never reused. */
export const AREA_ID_MAX = 32767;
/** How many areas (the town community included) one installation may hold. */
export const AREAS_MAX = 500;
/** The 统计用区划代码 of a village: 12 digits. */
export const AREA_CODE_PATTERN = '^\\d{12}$';
/** The largest sort order an area may be given (smaller comes first). */
export const AREA_SORT_MAX = 9999;

export const PERMISSION_KEYS = [
  'dashboard',
  'userManage',
  'taskManage',
  'newsManage',
  'introduction',
  'organization',
  'peopleService',
  'screen',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  dashboard: '数据概览',
  userManage: '用户管理',
  taskManage: '任务管理',
  newsManage: '新闻管理',
  introduction: '介绍管理',
  organization: '组织架构',
  peopleService: '群众服务',
  screen: '数据大屏',
};

export const ADMIN_ROLE_CODE = 'admin';

export const DATA_SCOPES = ['all', 'area', 'self'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_LABELS: Record<DataScope, string> = {
  all: '全部数据',
  area: '本村（社区）数据',
  self: '仅本人数据',
};

export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: '待审核',
  active: '正常',
  disabled: '已停用',
};
/** What the server answers about accounts (the mocks answer the same). */
export const USER_MESSAGES = {
  accountTaken: '该账号已存在，请换一个账号',
  ownStatus: '不能修改自己账号的状态',
  ownDelete: '不能删除自己的账号',
  deleted: '用户已删除',
  passwordReset: '密码已重置',
} as const;

/** Session storage key holding the token (docs/product.md §14). */
export const TOKEN_STORAGE_KEY = 'token';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

/** Validation rules used by both the client's forms and the server's schemas. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';
export const ACCOUNT_PATTERN = '^[A-Za-z0-9_]{3,32}$';
/** At least 8 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d).{8,64}$';
/** A mobile or landline number as people write it: an appeal's, a village's or an org unit's contact. */
export const CONTACT_PHONE_PATTERN = `^[0-9+\\- ]{5,${LIMITS.contactPhone}}$`;
export const RULE_MESSAGES = {
  phone: '请输入11位手机号码',
  account: '账号为3-32位字母、数字或下划线',
  password: '密码至少8位，且同时包含字母和数字',
  commonPassword: '该密码过于常见，容易被猜中，请换一个',
} as const;

/** Shared messages so client and server say the same thing. */
export const MESSAGES = {
  unauthorizedRelogin: '未授权或授权已过期，请重新登录',
  loginFailed: '账号或密码错误',
  accountPending: '账号正在审核中，请等待管理员审核通过后再登录',
  accountDisabled: '账号已停用，请联系管理员',
  accountLocked: '密码错误次数过多，账号已锁定15分钟，请稍后再试',
  tooManyAttempts: '登录尝试过于频繁，请稍后再试',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误或已过期，请重新输入',
  passwordChangeRequired: '首次登录请先修改初始密码',
  forbidden: '拒绝访问：没有该操作的权限',
  noBackOffice: '拒绝访问：您的账号没有管理后台的权限',
  notFound: '请求的资源不存在',
  operationSuccess: '操作成功',
  requestError: '请求错误，请重试',
  requestFailed: '请求出错',
  retryLater: '请稍后再试；如果问题持续出现，请联系系统管理员',
  networkFailed: 'Network request failed',
  serverError: '服务器内部错误',
} as const;

/** What the server answers about an upload, or a record naming pictures that are not the caller's. */
export const UPLOAD_MESSAGES = {
  noFile: '请选择要上传的图片',
  emptyFile: '文件为空',
  imageNotOwn: '图片不存在或不是您本人上传的，请重新上传',
  /** A photo that did not decode (ADR 0058): shown on its tile and refused when a form attaches it. */
  decodeFailed: '图片处理失败',
  /** A photo accepted in a burst, waiting for its decode (ADR 0058). */
  decoding: '处理中',
  failedNotAttachable: '有图片处理失败，请删除后重新上传',
} as const;

/**
 * How the client shows a failed call (docs/product.md §13). An error body may carry one as
 * `showType`; which answers do, and why, is ADR 0025. Without one the client shows an error message.
 */
export const ErrorShowType = {
  SILENT: 0,
  WARN_MESSAGE: 1,
  ERROR_MESSAGE: 2,
  NOTIFICATION: 3,
  REDIRECT: 9,
} as const;
export type ErrorShowType = (typeof ErrorShowType)[keyof typeof ErrorShowType];
export const ERROR_SHOW_TYPES = Object.values(ErrorShowType);

/**
 * How the server marks an error answer of this status unless the error or its route says otherwise
 * (ADR 0025): a conflict or a "too many" is a warning, since nothing broke; a fault of the platform
 * is a notification, which stays until read. Anything else gets none: the client's error message.
 */
export function defaultShowType(status: number): ErrorShowType | undefined {
  if (status === 409 || status === 429) return ErrorShowType.WARN_MESSAGE;
  if (status >= 500) return ErrorShowType.NOTIFICATION;
  return undefined;
}

/** What the client shows for each HTTP status (docs/product.md §14). */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  408: '请求超时',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

export const HTTP_TIMEOUT_MS = 30000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const PRIMARY_COLOR = '#1890ff';
/**
 * The brand blue is 3.2:1 against white: enough for fills, borders, icons and large figures, not for
 * small text. Small text in the brand colour, and fills behind small white text, use the 7th step of
 * its own palette (@ant-design/colors generate('#1890ff')), 5.0:1 on white (ADR 0021).
 */
export const PRIMARY_TEXT_COLOR = '#096dd9';
/** The next step of the same palette: hover and pressed states of PRIMARY_TEXT_COLOR. */
export const PRIMARY_TEXT_COLOR_HOVER = '#0050b3';
/** Grey meta text (antd's tertiary text is 3.4:1): 4.9:1 on white, more on light greys. */
export const MUTED_TEXT_COLOR = 'rgba(0, 0, 0, 0.56)';
/** Error text and fills behind white text: the 7th step of antd's red (#ff4d4f is 3.3:1), 4.6:1 on white. */
export const ERROR_TEXT_COLOR = '#d9363e';
/** Small green and orange text (antd's #52c41a and #fa8c16 are 2.3:1): their palettes' 8th step, 5:1 and more. */
export const SUCCESS_TEXT_COLOR = '#237804';
export const WARNING_TEXT_COLOR = '#ad4e00';

// ---- Tasks (docs/product.md §4) ----

export const TASK_STATUSES = ['draft', 'published', 'closed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  draft: '草稿',
  published: '进行中',
  closed: '已关闭',
};
/**
 * A task list filter beside the states: published or closed, i.e. every task that went out (the
 * dashboard's per-category figures count these).
 */
export const TASK_STATUS_ISSUED = 'issued';
/** The states of a task that went out: the phone lists them and the figures count them. */
export const TASK_ISSUED_STATES = ['published', 'closed'] as const satisfies readonly TaskStatus[];
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, TASK_STATUS_ISSUED] as const;
export const TASK_STATUS_ISSUED_LABEL = '进行中和已关闭';

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

/** The templates a task may ask for: text, images, or both (docs/product.md §2: ';'-separated values). */
export const TASK_TEMPLATES = ['1', '2', '1;2'] as const;
export type TaskTemplate = (typeof TASK_TEMPLATES)[number];
export const MAX_IMAGE_NUM = 9;

/** Role codes whose users receive tasks for their area (村干部/网格员). */
export const TASK_ROLE_CODES = ['village'] as const;

export const SCORE_SOURCES = ['task', 'manual'] as const;
export type ScoreSource = (typeof SCORE_SOURCES)[number];
export const SCORE_SOURCE_LABELS: Record<ScoreSource, string> = { task: '任务奖励', manual: '人工调整' };

/** The caller's view of one targeted task on the phone (我的任务 tabs). */
export const MY_TASK_STATES = ['todo', 'pending', 'approved', 'rejected', 'missed'] as const;
export type MyTaskState = (typeof MY_TASK_STATES)[number];
export const MY_TASK_STATE_LABELS: Record<MyTaskState, string> = {
  todo: '待提交',
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  missed: '未完成',
};

export const categoryLabel = (id: number) => WORK_CATEGORIES.find((c) => c.id === id)?.label ?? '未知类别';

/** The template as 文字/图片 (docs/product.md §2). */
export const templateLabel = (template: string) =>
  template
    .split(';')
    .map((value) => TEMPLATE_TYPES.find((t) => String(t.value) === value)?.label)
    .filter(Boolean)
    .join('、');

/** imageNum above zero is that many images, otherwise 'default 3 images' (docs/product.md §2). */
export const imageRuleLabel = (imageNum: number) => (imageNum > 0 ? `${imageNum}张` : `默认${DEFAULT_IMAGE_NUM}张`);
export const requiredImageCount = (imageNum: number) => (imageNum > 0 ? imageNum : DEFAULT_IMAGE_NUM);
export const templateHasText = (template: string) => template.split(';').includes('1');
export const templateHasImages = (template: string) => template.split(';').includes('2');

/** What the server answers about tasks and submissions; the phone pages show the same words. */
export const TASK_MESSAGES = {
  taskClosed: '任务已关闭',
  notTargeted: '该任务未派发给您，不能提交',
  notYourTask: '该任务未派发给您',
  alreadyReviewed: '该提交已被审核',
  pendingExists: '您已提交过该任务，请等待审核结果',
  approvedExists: '该任务已审核通过，无需再次提交',
  alreadySubmitted: '已提交过，无需重复提交',
  ownSubmission: '不能审核自己提交的任务',
} as const;

// ---- News and introductions (docs/product.md §5) ----

/** News columns; the id stored is the index + 1. */
export const NEWS_COLUMNS = ['工作动态', '通知公告', '政策宣传', '村务公开'] as const;
export const newsColumnLabel = (column: number) => NEWS_COLUMNS[column - 1] ?? '其他';
export const NEWS_STATUSES = ['draft', 'published', 'offline'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_STATUS_LABELS: Record<NewsStatus, string> = {
  draft: '草稿',
  published: '已发布',
  offline: '已下线',
};
/** How many pinned news items the phone home's banner shows at most. */
export const NEWS_BANNER_MAX = 5;
/** How many images the centre's introduction may carry besides its rich text. */
export const INTRODUCTION_IMAGES_MAX = 9;
/** Org units nest at most this deep (town → office → team → …), so the chart stays readable. */
export const ORG_UNIT_DEPTH_MAX = 5;
/** The most units the chart may hold: a township's has tens, and it is read whole. */
export const ORG_UNIT_MAX = 2000;

/** What the server answers when a news or org-chart change is refused (the mocks answer the same). */
export const CONTENT_MESSAGES = {
  newsNotFound: '新闻不存在',
  newsMoved: '新闻状态已变化，请刷新后重试',
  deletePublished: '新闻已发布，不能删除，请先下线',
  orgHasChildren: '该单位下还有下级单位，请先删除或移走下级单位',
  orgFull: `组织架构最多${ORG_UNIT_MAX}个单位，已达上限`,
  orgUnknownParent: '上级单位不存在，请刷新后重新选择',
  orgSelfParent: '不能把单位设为自己的上级单位',
  orgUnderItself: '不能把单位移到它自己的下级单位之下',
  orgTooDeep: `组织架构最多${ORG_UNIT_DEPTH_MAX}级，不能再往下添加`,
} as const;
/** A news step refused in the state the item is in: its words (others: newsMoved). */
export const NEWS_REFUSALS: Record<'delete' | 'publish' | 'offline', Partial<Record<NewsStatus, string>>> = {
  delete: { published: CONTENT_MESSAGES.deletePublished },
  publish: { published: '新闻已发布，请勿重复发布' },
  offline: { draft: '草稿尚未发布，无需下线', offline: '新闻已下线，请勿重复操作' },
};
export const NEWS_PIN_REFUSALS = { pin: '新闻已置顶，请勿重复操作', unpin: '新闻未置顶，无需取消' } as const;

// ---- People services (docs/product.md §6–§8): appeals, photo reports, public opinion ----

/** Appeal categories (诉求类别); the id stored is the index + 1. */
export const APPEAL_CATEGORIES = ['基础设施', '环境卫生', '矛盾纠纷', '社会保障', '治安安全', '政策咨询', '其他'] as const;
export const appealCategoryLabel = (category: number) => APPEAL_CATEGORIES[category - 1] ?? '其他';
/** The steps between them, and which are open, are common/workflow.ts. */
export const APPEAL_STATUSES = ['pending', 'processing', 'replied', 'closed', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  pending: '待受理',
  processing: '处理中',
  replied: '已答复',
  closed: '已办结',
  rejected: '不予受理',
};
/**
 * How an appeal reached the centre: made by the villager on the phone pages (网上), or registered
 * by staff for someone who came to the window, phoned or wrote (ADR 0054).
 */
export const APPEAL_SOURCES = ['online', 'window', 'phone', 'letter', 'other'] as const;
export type AppealSource = (typeof APPEAL_SOURCES)[number];
export const APPEAL_SOURCE_LABELS: Record<AppealSource, string> = {
  online: '网上',
  window: '窗口',
  phone: '电话',
  letter: '来信',
  other: '其他',
};
/** The sources staff register an appeal under; `online` is the phone pages' own. */
export const APPEAL_REGISTERED_SOURCES = ['window', 'phone', 'letter', 'other'] as const satisfies readonly AppealSource[];
/** Where an appeal's satisfaction came from: the villager's rating on the phone, or a staff call-back (回访). */
export const SATISFACTION_SOURCES = ['phone', 'callback'] as const;
export type SatisfactionSource = (typeof SATISFACTION_SOURCES)[number];
export const SATISFACTION_SOURCE_LABELS: Record<SatisfactionSource, string> = { phone: '群众评价', callback: '回访评价' };
/** Working days after the reply with no rating before an appeal is due a call-back (待回访), unless the setting says otherwise. */
export const CALLBACK_WORKING_DAYS_DEFAULT = 3;
export const CALLBACK_WORKING_DAYS_MIN = 1;
export const CALLBACK_WORKING_DAYS_MAX = 30;
/**
 * A call-back that does not reach the villager is tried again from 待回访; after this many attempts
 * that did not, the call-back ends unreached and leaves the tab (ADR 0062).
 */
export const CALLBACK_ATTEMPTS_MAX = 3;
/**
 * Why a call-back cannot be recorded (common/workflow.ts `callbackRefusal`). Apart from PEOPLE_MESSAGES,
 * which no page of the client loads: the workflow is part of the admin and phone pages.
 */
export const CALLBACK_REFUSALS = {
  notAnswered: '诉求答复后才能回访',
  rated: '该诉求已有满意度评价，无需回访',
  ended: '该诉求已回访完毕',
} as const;
/** Working days (Saturday and Sunday skipped) from submission to the due time, unless the setting says otherwise. */
export const APPEAL_DUE_WORKING_DAYS_DEFAULT = 3;
export const APPEAL_DUE_WORKING_DAYS_MIN = 1;
export const APPEAL_DUE_WORKING_DAYS_MAX = 30;
export const APPEAL_IMAGES_MAX = 9;
/** The areas an appeal can be handed to: the eleven villages, not the town community itself. */
export const VILLAGE_AREA_MIN = TOWN_AREA_ID + 1;
/**
 * Kept notices (the bell on /app, 我的消息, the admin bell's own part; ADR 0031, 0055): one row per
 * event per person, naming the record it is about (an appeal or a task); the client derives the page
 * that opens it from the kind (`noticeLink` in src/utils/noticeLink.ts).
 */
export const USER_NOTICE_KINDS = [
  // The submitter's own appeal moved.
  'appealAccepted',
  'appealReplied',
  'appealRejected',
  'appealDispatched',
  // A cadre's work: an appeal handed to their village, a task for them, its deadline, their report.
  'appealHandedDown',
  'taskPublished',
  'taskDueTomorrow',
  'reportApproved',
  'reportRejected',
  // A photo report handed to a cadre's village, and the centre sending the village's answer back (ADR 0064).
  'photoReportHandedDown',
  'photoReportReturned',
] as const;
export type UserNoticeKind = (typeof USER_NOTICE_KINDS)[number];
/** The kinds whose record is an appeal; the others name a task. */
export const APPEAL_NOTICE_KINDS: readonly UserNoticeKind[] = [
  'appealAccepted',
  'appealReplied',
  'appealRejected',
  'appealDispatched',
  'appealHandedDown',
];
/** The kinds whose record is a photo report. */
export const PHOTO_REPORT_NOTICE_KINDS: readonly UserNoticeKind[] = ['photoReportHandedDown', 'photoReportReturned'];
/** How much of a reply or reason a notice quotes; the appeal's page shows the rest. */
const NOTICE_QUOTE = 80;
const quote = (text: string) => (text.length > NOTICE_QUOTE ? `${text.slice(0, NOTICE_QUOTE)}…` : text);
/** What a notice says, from its record's title and the event's detail (the reply, the reason, the village, the deadline). */
export const USER_NOTICE_TEXTS: Record<UserNoticeKind, (title: string, detail: string) => { title: string; body: string }> = {
  appealAccepted: (t) => ({ title: '诉求已受理', body: `您的诉求「${t}」已受理，正在办理。` }),
  appealReplied: (t, d) => ({ title: '诉求已答复', body: `您的诉求「${t}」已答复：${quote(d)}` }),
  appealRejected: (t, d) => ({ title: '诉求不予受理', body: `您的诉求「${t}」不予受理，原因：${quote(d)}` }),
  appealDispatched: (t, d) => ({ title: '诉求已转交村里办理', body: `您的诉求「${t}」已转交${d}办理，办理时限不变。` }),
  appealHandedDown: (t, d) => ({ title: '新的转派诉求', body: `镇里将诉求「${t}」转派给${d}办理，请及时受理。` }),
  taskPublished: (t, d) => ({ title: '新任务', body: `镇里发布了任务「${t}」，截止时间 ${d}，请按时提交。` }),
  taskDueTomorrow: (t, d) => ({ title: '任务明天截止', body: `任务「${t}」将于 ${d} 截止，您还没有提交。` }),
  reportApproved: (t, d) => ({ title: '提交已通过', body: `您在任务「${t}」的提交已审核通过${d ? `：${quote(d)}` : '。'}` }),
  reportRejected: (t, d) => ({ title: '提交被驳回', body: `您在任务「${t}」的提交被驳回，原因：${quote(d)}。请修改后重新提交。` }),
  photoReportHandedDown: (t, d) => ({ title: '新的转派随手拍', body: `镇里将随手拍「${t}」转派给${d}处置，请及时受理。` }),
  photoReportReturned: (t, d) => ({
    title: '随手拍处置被退回',
    body: `镇里退回了随手拍「${t}」的处置结果，原因：${quote(d)}。请重新处置后回复。`,
  }),
};
/** The note of the step the system takes itself when a rating closes an appeal. */
export const APPEAL_AUTO_CLOSE_NOTE = '群众评价后自动办结';
/** The same, when the rating came from a call-back (回访). */
export const APPEAL_CALLBACK_CLOSE_NOTE = '回访评价后自动办结';
/** 满意度 1–5, index + 1. */
export const SATISFACTION_LABELS = ['非常不满意', '不满意', '一般', '满意', '非常满意'] as const;

/** Photo report (随手拍) types; the id stored is the index + 1. */
export const PHOTO_REPORT_TYPES = ['环境卫生', '安全隐患', '基础设施', '其他'] as const;
export const photoReportTypeLabel = (type: number) => PHOTO_REPORT_TYPES[type - 1] ?? '其他';
/**
 * pending → handled (with a result) or invalid (with a reason); a report handed down to a village
 * (ADR 0064) is accepted there (processing), answered (reviewing, the centre reviews the village's
 * answer) and approved (handled) or sent back (processing). The steps are common/workflow.ts.
 */
export const PHOTO_REPORT_STATUSES = ['pending', 'processing', 'reviewing', 'handled', 'invalid'] as const;
export type PhotoReportStatus = (typeof PHOTO_REPORT_STATUSES)[number];
export const PHOTO_REPORT_STATUS_LABELS: Record<PhotoReportStatus, string> = {
  pending: '待处理',
  processing: '处理中',
  reviewing: '待审核',
  handled: '已处理',
  invalid: '无效',
};
export const PHOTO_REPORT_IMAGES_MIN = 1;
export const PHOTO_REPORT_IMAGES_MAX = 9;

/** Two photos whose 64-bit difference hashes differ in at most this many bits are near-identical (ADR 0027). */
export const PHOTO_DUPLICATE_MAX_DISTANCE = 6;
/** A photo taken more than this many days before its upload is flagged as old (系统设置 › 平台设置). */
export const PHOTO_STALE_DAYS_DEFAULT = 30;
export const PHOTO_STALE_DAYS_MIN = 1;
export const PHOTO_STALE_DAYS_MAX = 365;
/** Why a photo is flagged as old (the review and handling pages show it). */
export const PHOTO_STALE_REASONS = {
  beforeTask: '拍摄于任务发布之前',
  olderThan: (days: number) => `拍摄时间早于上传${days}天以上`,
} as const;
/** The records whose photos are compared with each other. */
export const PHOTO_RECORD_KINDS = ['submission', 'appeal', 'photoReport'] as const;
export type PhotoRecordKind = (typeof PHOTO_RECORD_KINDS)[number];
export const PHOTO_RECORD_KIND_LABELS: Record<PhotoRecordKind, string> = { submission: '提交', appeal: '诉求', photoReport: '随手拍' };

/** Opinion sources; the id stored is the index + 1. 4 and 5 are made by the keyword watch. */
export const OPINION_SOURCES = ['网络', '电话', '走访', '群众诉求', '随手拍'] as const;
export const opinionSourceLabel = (source: number) => OPINION_SOURCES[source - 1] ?? '其他';
export const OPINION_SOURCE_APPEAL = 4;
export const OPINION_SOURCE_PHOTO = 5;
export const OPINION_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type OpinionSentiment = (typeof OPINION_SENTIMENTS)[number];
export const OPINION_SENTIMENT_LABELS: Record<OpinionSentiment, string> = { positive: '正面', neutral: '中性', negative: '负面' };
/** Opinion levels; the id stored is the index + 1. */
export const OPINION_LEVELS = ['一般', '重要', '紧急'] as const;
export const opinionLevelLabel = (level: number) => OPINION_LEVELS[level - 1] ?? '一般';
export const OPINION_STATUSES = ['monitoring', 'handled'] as const;
export type OpinionStatus = (typeof OPINION_STATUSES)[number];
export const OPINION_STATUS_LABELS: Record<OpinionStatus, string> = { monitoring: '监测中', handled: '已处置' };
/** Days the sentiment trend covers, today included. */
export const OPINION_TREND_DAYS = 30;
/** Sources a person may record by hand; 群众诉求 and 随手拍 items are made by the keyword watch. */
export const OPINION_MANUAL_SOURCES = [1, 2, 3] as const;
/** At most this many watch keywords: each new appeal and report is checked against all of them. */
export const OPINION_KEYWORDS_MAX = 200;

/** What the server answers about people-service steps, refused or done (the client's tests assert them). */
export const PEOPLE_MESSAGES = {
  appealSubmitted: '诉求已提交',
  appealReplayed: '该诉求已提交，无需重复提交',
  reportSubmitted: '随手拍已提交',
  reportReplayed: '该随手拍已提交，无需重复提交',
  rated: '感谢您的评价',
  noticesAllRead: '已全部标为已读',
  noticesNoneUnread: '没有未读消息',
  appealNotFound: '诉求不存在',
  appealMoved: (status: AppealStatus) => `该诉求当前状态为「${APPEAL_STATUS_LABELS[status]}」，不能进行此操作，请刷新后重试`,
  appealNotReplied: '诉求答复后才能评价',
  appealRated: '您已评价过该诉求',
  registerOtherVillage: '只能登记本村（社区）的诉求',
  registerNoAccount: '未找到该群众账号，或不在您的数据范围内',
  reportNotFound: '随手拍不存在',
  reportDone: '该随手拍已处理，不能重复操作',
  opinionNotFound: '舆情不存在',
  opinionHandled: '该舆情已处置',
  opinionMonitoring: '该舆情正在监测中',
  opinionAutoSource: '「群众诉求」「随手拍」来源的舆情由关键词监测自动生成，不能手动选择',
  keywordNotFound: '关键词不存在',
  keywordTaken: '该关键词已在监测中',
  keywordsFull: `监测关键词最多${OPINION_KEYWORDS_MAX}个，请先删除不再需要的关键词`,
  clientKeyUsed: '提交标识已被使用，请刷新页面后重新提交',
  dispatchTownWide: '只有数据范围为“全部数据”的用户才能转派或撤回诉求',
  dispatchSameVillage: '该诉求已转派至这个村，无需重复转派',
  dispatchNotDispatched: '该诉求未转派到村，无需撤回',
  notVillageCadre: '只有村干部、网格员可以办理转派到村的诉求',
  reportMoved: (status: PhotoReportStatus) => `该随手拍当前状态为「${PHOTO_REPORT_STATUS_LABELS[status]}」，不能进行此操作，请刷新后重试`,
  reportDispatchTownWide: '只有数据范围为“全部数据”的用户才能转派、撤回或审核随手拍',
  reportNotVillageCadre: '只有村干部、网格员可以处置转派到村的随手拍',
  noticeNotFound: '消息不存在',
  callbackDone: '已记录回访',
  callbackMissed: '已记录：未接通',
  callbackScoreRequired: '接通后请选择群众的满意度',
  callbackScoreUnreached: '未接通时不能记录满意度',
} as const;

/**
 * The township's clock: China Standard Time, UTC+8 all year (no daylight saving since 1991).
 * Due times skip its Saturdays and Sundays and daily figures count its days, whatever time zone
 * the server or the database runs in.
 */
export const TIME_ZONE = 'Asia/Shanghai';
export const TIME_ZONE_OFFSET_MS = 8 * 3600_000;

// ---- Data overview and the wall display (docs/product.md §10) ----

/** Days the per-day figures cover, today included. */
export const STATS_DAYS = 30;
/** How many entries the ranking and the rolling lists hold. */
export const STATS_LIST_SIZE = 10;
/** How often the wall display asks for fresh figures, in seconds (the issue allows at most 30). */
export const SCREEN_REFRESH_SECONDS = 10;

/** Import of users from the .xlsx template: at most this many rows, in a file of at most this size. */
export const USER_IMPORT_MAX_ROWS = 2000;
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The template's columns, in order; 分组 holds several group names separated by 、. */
export const USER_IMPORT_HEADERS = ['账号', '姓名', '手机号', '角色', '所属区域', '分组'] as const;
/** What 所属区域 says for a user of the whole township (no village). */
export const WHOLE_TOWNSHIP = '全镇';

// ---- Channels beyond the browser (docs/product.md §16; ADR 0068, 0069) ----

/**
 * Where a kept notice may also travel: a 企业微信 or 钉钉 group robot (a village's group, or the
 * centre's for villages without one) and an SMS gateway (to the person's phone).
 */
export const CHANNEL_KINDS = ['wecom'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];
export const CHANNEL_KIND_LABELS: Record<ChannelKind, string> = {
  wecom: '企业微信群机器人',
};
/** The robots post to a group; the others reach one person. */
export const GROUP_CHANNEL_KINDS: readonly ChannelKind[] = ['wecom'];
export const isGroupChannel = (kind: ChannelKind) => GROUP_CHANNEL_KINDS.includes(kind);
/** A robot's message: plain text, or the robot's markdown. */
export const CHANNEL_FORMATS = ['text', 'markdown'] as const;
export type ChannelFormat = (typeof CHANNEL_FORMATS)[number];
export const CHANNEL_FORMAT_LABELS: Record<ChannelFormat, string> = { text: '文本', markdown: 'Markdown' };
/** What a channel's place says when it is the centre's (no village). */
export const CENTRE_CHANNEL = '中心（没有自己机器人的村）';

/**
 * Per kind of notice: its name in lists and settings, who can get it at all (everyone with an
 * account, or only the task roles), whether a text message goes by default (people change it for
 * themselves) and whether a group robot carries it by default — `null`: never, the notice is one
 * person's business (their appeal, their report). A new kind of notice must say all four here.
 */
export const NOTICE_KIND_CHANNELS: Record<
  UserNoticeKind,
  { label: string; audience: 'everyone' | 'taskRoles'; sms: boolean; group: boolean | null }
> = {
  appealAccepted: { label: '诉求已受理', audience: 'everyone', sms: false, group: null },
  appealReplied: { label: '诉求已答复', audience: 'everyone', sms: false, group: null },
  appealRejected: { label: '诉求不予受理', audience: 'everyone', sms: false, group: null },
  appealDispatched: { label: '诉求转交村里办理', audience: 'everyone', sms: false, group: null },
  appealHandedDown: { label: '转派诉求', audience: 'taskRoles', sms: false, group: true },
  taskPublished: { label: '新任务', audience: 'taskRoles', sms: false, group: true },
  taskDueTomorrow: { label: '任务明天截止', audience: 'taskRoles', sms: false, group: false },
  reportApproved: { label: '提交已通过', audience: 'taskRoles', sms: false, group: null },
  reportRejected: { label: '提交被驳回', audience: 'taskRoles', sms: false, group: null },
  photoReportHandedDown: { label: '转派随手拍', audience: 'taskRoles', sms: false, group: true },
  photoReportReturned: { label: '随手拍退回重新处置', audience: 'taskRoles', sms: false, group: true },
};
export const NOTICE_KIND_LABELS = Object.fromEntries(USER_NOTICE_KINDS.map((kind) => [kind, NOTICE_KIND_CHANNELS[kind].label])) as Record<
  UserNoticeKind,
  string
>;
/** The kinds a group robot may carry. */
export const GROUP_NOTICE_KINDS = USER_NOTICE_KINDS.filter((kind) => NOTICE_KIND_CHANNELS[kind].group !== null);
/** The kinds a new robot carries until the admin chooses. */
export const GROUP_NOTICE_KINDS_DEFAULT = USER_NOTICE_KINDS.filter((kind) => NOTICE_KIND_CHANNELS[kind].group === true);

/**
 * A message in the outbox: waiting (pending), taken by a sender (sending), sent, failed and waiting
 * for its next try (retrying), held until quiet hours end (held), given up after the last try
 * (dead: an admin may send it again), or not sent at all (cancelled: its channel was switched off).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'retrying', 'held', 'dead', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  retrying: '失败待重试',
  held: '免打扰顺延',
  dead: '发送失败',
  cancelled: '已取消',
};
/** After this many failed tries a message is dead (发送失败) until an admin sends it again. */
export const OUTBOX_MAX_ATTEMPTS = 6;
/** The wait after the first failure; each further failure waits four times longer, at most OUTBOX_RETRY_MAX_MS. */
export const OUTBOX_RETRY_FIRST_MS = 30_000;
export const OUTBOX_RETRY_MAX_MS = 2 * 3600_000;
/** How long to wait after the n-th failed try (1-based): 30 s, 2 min, 8 min, 32 min, 2 h, 2 h. */
export const outboxRetryDelay = (attempts: number) => Math.min(OUTBOX_RETRY_FIRST_MS * 4 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);

export const CHANNEL_MESSAGES = {
  notFound: '消息通道不存在',
  created: '消息通道已添加，默认停用：确认测试成功后再启用',
  updated: '消息通道已保存',
  deleted: '消息通道已删除',
  enabled: '消息通道已启用',
  disabled: '消息通道已停用，尚未发出的消息已取消',
  testSent: '测试消息已发送',
  duplicateRobot: '这个村（或中心）已经有一个群机器人，请编辑原有的',
  outboxNotFound: '发送记录不存在',
  retryOnlyDead: '只有“发送失败”的消息可以重试',
  retried: '已重新排队发送',
} as const;
