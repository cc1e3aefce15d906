import { Type, type Static } from '@sinclair/typebox';
import {
  AREA_CODE_PATTERN,
  AREA_SORT_MAX,
  AREAS_MAX,
  APPEAL_DUE_WORKING_DAYS_MAX,
  APPEAL_DUE_WORKING_DAYS_MIN,
  CALLBACK_WORKING_DAYS_MAX,
  CALLBACK_WORKING_DAYS_MIN,
  PHOTO_STALE_DAYS_MAX,
  PHOTO_STALE_DAYS_MIN,
} from '../constants';
import { LIMITS } from '../limits';
import { DateTime, ImageDecodeStatus, literals, Name, Nullable, NullableTimestamp, PageQuery, Text, Timestamp } from './base';

/**
 * One area (the town community or a village), as every picker and name lookup reads it. Archived
 * ones are listed too, for the names of old records; pickers offer only the active (ADR 0050).
 */
export const AreaItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The 12-digit statistical division code, where known. */
  code: Nullable(Type.String()),
  sortOrder: Type.Integer(),
  active: Type.Boolean(),
});
export type AreaItem = Static<typeof AreaItem>;
export const AreaBody = Type.Object({ name: Name('区域名称', LIMITS.areaName) }, { additionalProperties: false });
export type AreaBody = Static<typeof AreaBody>;

/** A row of 组织架构 › 村（社区）. */
export const VillageItem = Type.Object({
  ...AreaItem.properties,
  archivedAt: NullableTimestamp,
  updatedAt: Timestamp,
});
export type VillageItem = Static<typeof VillageItem>;
export const VILLAGE_STATUSES = ['active', 'archived'] as const;
export type VillageStatus = (typeof VILLAGE_STATUSES)[number];
export const VILLAGE_STATUS_LABELS: Record<VillageStatus, string> = { active: '使用中', archived: '已归档' };
export const VillageListQuery = Type.Object(
  {
    ...PageQuery,
    name: Type.Optional(Text('名称', LIMITS.filter, 0)),
    status: Type.Optional(literals(VILLAGE_STATUSES, '状态')),
  },
  { additionalProperties: false },
);
export type VillageListQuery = Static<typeof VillageListQuery>;
export const VillageBody = Type.Object(
  {
    name: Name('名称', LIMITS.areaName),
    code: Nullable(Type.String({ title: '区划代码', pattern: AREA_CODE_PATTERN, errorMessage: '应为12位数字' })),
    sortOrder: Type.Integer({ minimum: 0, maximum: AREA_SORT_MAX, title: '排序' }),
  },
  { additionalProperties: false },
);
export type VillageBody = Static<typeof VillageBody>;
/** What 组织架构 › 村（社区） answers after each step. */
export const VILLAGE_MESSAGES = {
  created: '村（社区）已新增',
  updated: '村（社区）已保存',
  archived: '已归档：选择框中不再出现，历史记录保留原名称',
  restored: '已恢复使用',
  deleted: '村（社区）已删除',
  inUse: '该村（社区）已有账号或业务记录，不能删除，请改为归档',
  townFixed: '镇社区是全镇数据的归属，不能归档或删除',
  nameTaken: (name: string) => `名称“${name}”已被其他村（社区）使用`,
  codeTaken: (code: string) => `区划代码${code}已被其他村（社区）使用`,
  tooMany: `最多${AREAS_MAX}个村（社区）`,
} as const;

/** The settings a new installation is asked to fill in (系统设置's first-run reminder). */
const SETUP_SETTING_KEYS = ['centreName', 'icpNumber'] as const;
export type SetupSettingKey = (typeof SETUP_SETTING_KEYS)[number];

export const Settings = Type.Object({
  platformTitle: Type.String(),
  centreName: Type.String(),
  /** The ICP filing number (备案号); empty until an admin sets it, and then the footer shows no line. */
  icpNumber: Type.String(),
  /** Working days from an appeal's submission to its due time. */
  appealDueDays: Type.Integer(),
  /** Working days after the reply with no rating before an appeal is due a call-back (待回访). */
  callbackDays: Type.Integer(),
  /** A photo taken more than this many days before its upload is pointed out to the reviewer. */
  photoStaleDays: Type.Integer(),
  /**
   * For an admin only: which of SETUP_SETTING_KEYS still wait for a first look (the filing number
   * while empty, the centre name while the seeded one); empty once an admin has saved the settings.
   */
  unset: Type.Optional(Type.Array(Type.Union(SETUP_SETTING_KEYS.map((key) => Type.Literal(key))))),
});
export type Settings = Static<typeof Settings>;
export const SettingsBody = Type.Object(
  {
    platformTitle: Type.Optional(Name('平台名称', LIMITS.platformText)),
    centreName: Type.Optional(Name('中心名称', LIMITS.platformText)),
    icpNumber: Type.Optional(Name('备案号', LIMITS.platformText, 0)),
    appealDueDays: Type.Optional(
      Type.Integer({ minimum: APPEAL_DUE_WORKING_DAYS_MIN, maximum: APPEAL_DUE_WORKING_DAYS_MAX, title: '诉求办理期限（工作日）' }),
    ),
    callbackDays: Type.Optional(
      Type.Integer({ minimum: CALLBACK_WORKING_DAYS_MIN, maximum: CALLBACK_WORKING_DAYS_MAX, title: '回访期限（工作日）' }),
    ),
    photoStaleDays: Type.Optional(
      Type.Integer({ minimum: PHOTO_STALE_DAYS_MIN, maximum: PHOTO_STALE_DAYS_MAX, title: '照片拍摄时间早于上传多少天提示' }),
    ),
  },
  { additionalProperties: false },
);
export type SettingsBody = Static<typeof SettingsBody>;

/** One field an operation changed; null before: created; null after: deleted. */
export const OperationChange = Type.Object({
  field: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type OperationChange = Static<typeof OperationChange>;

export const OperationLogItem = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  account: Type.String(),
  method: Type.String(),
  route: Type.String(),
  action: Type.String(),
  targetId: Nullable(Type.String()),
  ip: Type.String(),
  statusCode: Type.Integer(),
  changes: Nullable(Type.Array(OperationChange)),
  createdAt: Timestamp,
});
export type OperationLogItem = Static<typeof OperationLogItem>;

const LOG_RESULTS = ['success', 'failure'] as const;
type LogResult = (typeof LOG_RESULTS)[number];
export const LOG_RESULT_LABELS: Record<LogResult, string> = { success: '成功', failure: '失败' };

const LogFilterFields = {
  account: Type.Optional(Text('账号', LIMITS.filter, 0)),
  ip: Type.Optional(Text('地址', LIMITS.filter, 0)),
  from: Type.Optional(DateTime('开始时间')),
  to: Type.Optional(DateTime('结束时间')),
};

const OperationLogFilterFields = {
  ...LogFilterFields,
  action: Type.Optional(Text('操作', LIMITS.filter, 0)),
  method: Type.Optional(
    Type.Union(
      ['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)),
      { title: '方法' },
    ),
  ),
  result: Type.Optional(literals(LOG_RESULTS, '结果')),
};
/** The list's filters: the export takes the same. */
export const OperationLogFilters = Type.Object(OperationLogFilterFields, { additionalProperties: false });
export type OperationLogFilters = Static<typeof OperationLogFilters>;
export const OperationLogQuery = Type.Object({ ...PageQuery, ...OperationLogFilterFields }, { additionalProperties: false });
export const OperationLogExportQuery = Type.Object(
  { sortOrder: PageQuery.sortOrder, ...OperationLogFilterFields },
  { additionalProperties: false },
);
export type OperationLogQuery = Static<typeof OperationLogQuery>;

/** Why a sign-in ended as it did (login_logs.reason). */
export const LOGIN_REASON_LABELS: Record<string, string> = {
  ok: '登录成功',
  bad_password: '密码错误',
  unknown_account: '账号不存在',
  locked: '账号已锁定',
  rate_limited: '尝试过于频繁',
  pending: '账号待审核',
  disabled: '账号已停用',
  checking: '校验中',
};

export const LoginLogItem = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  userId: Nullable(Type.Integer()),
  ip: Type.String(),
  success: Type.Boolean(),
  reason: Type.String(),
  userAgent: Type.String(),
  createdAt: Timestamp,
});
export type LoginLogItem = Static<typeof LoginLogItem>;
const LoginLogFilterFields = { ...LogFilterFields, success: Type.Optional(Type.Boolean({ title: '是否成功' })) };
export const LoginLogFilters = Type.Object(LoginLogFilterFields, { additionalProperties: false });
export type LoginLogFilters = Static<typeof LoginLogFilters>;
export const LoginLogQuery = Type.Object({ ...PageQuery, ...LoginLogFilterFields }, { additionalProperties: false });
export const LoginLogExportQuery = Type.Object(
  { sortOrder: PageQuery.sortOrder, ...LoginLogFilterFields },
  { additionalProperties: false },
);
export type LoginLogQuery = Static<typeof LoginLogQuery>;

export const UploadResult = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  size: Type.Integer(),
  /** 'pending': accepted in a burst, decoded shortly (ADR 0058); never 'failed' here. */
  status: Type.Optional(ImageDecodeStatus),
});
export type UploadResult = Static<typeof UploadResult>;

// ---- Demo data (清除演示数据, ADR 0024) ----

export const DemoSummary = Type.Object({
  /** Demo accounts or records are still there. */
  present: Type.Boolean(),
  accounts: Type.Integer(),
  /** Demo records listed at seeding that are not accounts (tasks, news, appeals, pictures...). */
  records: Type.Integer(),
});
export type DemoSummary = Static<typeof DemoSummary>;

const DemoCounts = <K extends string>(keys: readonly K[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])) as Record<K, ReturnType<typeof Type.Integer>>);
export const DemoCleared = Type.Object({
  removed: DemoCounts([
    'accounts',
    'tasks',
    'submissions',
    'news',
    'appeals',
    'photoReports',
    'opinions',
    'keywords',
    'groups',
    'orgUnits',
    'pictures',
    'introductions',
  ] as const),
  /** Demo records kept because real records use them (a real report on a demo task, a real unit under a demo one). */
  kept: DemoCounts(['tasks', 'groups', 'orgUnits'] as const),
});
export type DemoCleared = Static<typeof DemoCleared>;
