import { Type, type Static } from '@sinclair/typebox';
import { APPEAL_DUE_WORKING_DAYS_MAX, APPEAL_DUE_WORKING_DAYS_MIN } from '../constants';
import { Nullable, PageQuery, Text, Timestamp } from './base';

export const AreaItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type AreaItem = Static<typeof AreaItem>;
export const AreaBody = Type.Object({ name: Text('区域名称', 32) }, { additionalProperties: false });
export type AreaBody = Static<typeof AreaBody>;

export const Settings = Type.Object({
  platformTitle: Type.String(),
  centreName: Type.String(),
  icpNumber: Type.String(),
  /** Working days from an appeal's submission to its due time. */
  appealDueDays: Type.Integer(),
});
export type Settings = Static<typeof Settings>;
export const SettingsBody = Type.Object(
  {
    platformTitle: Type.Optional(Text('平台名称', 64)),
    centreName: Type.Optional(Text('中心名称', 64)),
    icpNumber: Type.Optional(Text('备案号', 64, 0)),
    appealDueDays: Type.Optional(
      Type.Integer({ minimum: APPEAL_DUE_WORKING_DAYS_MIN, maximum: APPEAL_DUE_WORKING_DAYS_MAX, title: '诉求办理期限（工作日）' }),
    ),
  },
  { additionalProperties: false },
);
export type SettingsBody = Static<typeof SettingsBody>;

export const OperationLogItem = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer()),
  account: Type.String(),
  method: Type.String(),
  route: Type.String(),
  targetId: Nullable(Type.String()),
  ip: Type.String(),
  statusCode: Type.Integer(),
  createdAt: Timestamp,
});
export type OperationLogItem = Static<typeof OperationLogItem>;
export const OperationLogQuery = Type.Object(
  {
    ...PageQuery,
    account: Type.Optional(Text('账号', 64, 0)),
    method: Type.Optional(
      Type.Union(
        ['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)),
        { title: '方法' },
      ),
    ),
    from: Type.Optional(Type.String({ format: 'date-time', title: '开始时间' })),
    to: Type.Optional(Type.String({ format: 'date-time', title: '结束时间' })),
  },
  { additionalProperties: false },
);
export type OperationLogQuery = Static<typeof OperationLogQuery>;

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
export const LoginLogQuery = Type.Object(
  {
    ...PageQuery,
    account: Type.Optional(Text('账号', 64, 0)),
    ip: Type.Optional(Text('地址', 64, 0)),
    success: Type.Optional(Type.Boolean({ title: '是否成功' })),
    from: Type.Optional(Type.String({ format: 'date-time', title: '开始时间' })),
    to: Type.Optional(Type.String({ format: 'date-time', title: '结束时间' })),
  },
  { additionalProperties: false },
);
export type LoginLogQuery = Static<typeof LoginLogQuery>;

export const UploadResult = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  size: Type.Integer(),
});
export type UploadResult = Static<typeof UploadResult>;
