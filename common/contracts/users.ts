import { Type, type Static } from '@sinclair/typebox';
import { USER_STATUSES } from '../constants';
import { LIMITS } from '../limits';
import { Account, Password, PersonName, Phone } from './auth';
import { AreaId, BatchIds, Nullable, NullableTimestamp, PageQuery, Text, Timestamp } from './base';

const UserStatusSchema = Type.Union(
  USER_STATUSES.map((status) => Type.Literal(status)),
  { title: '状态' },
);

const GroupRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const UserItem = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  roleId: Type.Integer(),
  roleName: Type.String(),
  roleCode: Type.String(),
  groupIds: Type.Array(Type.Integer()),
  groups: Type.Array(GroupRef),
  area: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  status: UserStatusSchema,
  lastLoginAt: NullableTimestamp,
  createdAt: Timestamp,
  /** Locked out from some address after wrong passwords (ADR 0023); POST /api/users/:id/unlock lifts it. */
  locked: Type.Optional(Type.Boolean()),
});
export type UserItem = Static<typeof UserItem>;

const USER_SORT_FIELDS = ['createdAt', 'lastLoginAt', 'account', 'name'] as const;

export const UserListQuery = Type.Object(
  {
    ...PageQuery,
    keyword: Type.Optional(Text('关键词', LIMITS.filter, 0)),
    account: Type.Optional(Text('账号', LIMITS.filter, 0)),
    name: Type.Optional(Text('姓名', LIMITS.filter, 0)),
    phone: Type.Optional(Text('手机号码', LIMITS.phoneFilter, 0)),
    roleId: Type.Optional(Type.Integer({ minimum: 1, title: '角色' })),
    area: Type.Optional(AreaId()),
    groupId: Type.Optional(Type.Integer({ minimum: 1, title: '分组' })),
    status: Type.Optional(UserStatusSchema),
    sortField: Type.Optional(
      Type.Union(
        USER_SORT_FIELDS.map((f) => Type.Literal(f)),
        { title: '排序字段' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

const userFields = {
  account: Account,
  name: PersonName,
  phone: Phone,
  roleId: Type.Integer({ minimum: 1, title: '角色' }),
  groupIds: Type.Array(Type.Integer({ minimum: 1, title: '用户分组' }), {
    title: '用户分组',
    maxItems: 50,
    default: [],
  }),
  area: Type.Union([AreaId(), Type.Null()], { title: '所属区域' }),
};

export const UserCreateBody = Type.Object({ ...userFields, password: Password() }, { additionalProperties: false });
export type UserCreateBody = Static<typeof UserCreateBody>;

export const UserUpdateBody = Type.Object(
  {
    account: Type.Optional(userFields.account),
    name: Type.Optional(userFields.name),
    phone: Type.Optional(userFields.phone),
    roleId: Type.Optional(userFields.roleId),
    groupIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1, title: '用户分组' }), { title: '用户分组', maxItems: 50 })),
    area: Type.Optional(userFields.area),
  },
  { additionalProperties: false },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

/** POST /api/users/batch/groups (批量调整分组): add the ticked accounts to the groups, or take them out. */
export const UserBatchGroupsBody = Type.Object(
  {
    ids: BatchIds,
    groupIds: Type.Array(Type.Integer({ minimum: 1, title: '用户分组' }), {
      title: '用户分组',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
    }),
    mode: Type.Union([Type.Literal('add'), Type.Literal('remove')], { title: '调整方式' }),
  },
  { additionalProperties: false },
);
export type UserBatchGroupsBody = Static<typeof UserBatchGroupsBody>;

export const ResetPasswordBody = Type.Object({ password: Password('新密码') }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const UserImportRow = Type.Object({
  /** The row's number in the sheet, as the spreadsheet shows it. */
  row: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  role: Type.String(),
  area: Type.String(),
  groups: Type.String(),
  errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
});
export type UserImportRow = Static<typeof UserImportRow>;

export const UserImportPreview = Type.Object({
  rows: Type.Array(UserImportRow),
  valid: Type.Integer(),
  invalid: Type.Integer(),
});
export type UserImportPreview = Static<typeof UserImportPreview>;

/** The form fields sent with the file to POST /api/users/import. */
export const UserImportFields = Type.Object(
  {
    password: Password('初始密码'),
    skipInvalid: Type.Boolean({ title: '跳过有误的行' }),
  },
  { additionalProperties: false },
);
export type UserImportFields = Static<typeof UserImportFields>;

export const UserImportResult = Type.Object({ imported: Type.Integer(), skipped: Type.Integer() });
export type UserImportResult = Static<typeof UserImportResult>;
