import { Type, type Static } from '@sinclair/typebox';
import { DataScopeSchema, PermissionKeySchema } from './auth';
import { Name, PageQuery, Text, Timestamp } from './base';
import { LIMITS } from '../limits';

export const RoleItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  permissions: Type.Array(Type.String()),
  dataScope: DataScopeSchema,
  builtIn: Type.Boolean(),
  userCount: Type.Integer(),
  createdAt: Timestamp,
});
export type RoleItem = Static<typeof RoleItem>;

export const RoleListQuery = Type.Object(
  { ...PageQuery, name: Type.Optional(Text('角色名称', LIMITS.filter, 0)) },
  { additionalProperties: false },
);
export type RoleListQuery = Static<typeof RoleListQuery>;

export const RoleBody = Type.Object(
  {
    name: Name('角色名称', LIMITS.roleName),
    code: Type.String({
      title: '角色编码',
      pattern: '^[a-z][a-z0-9_]{1,31}$',
      errorMessage: '角色编码为2-32位小写字母、数字或下划线，以字母开头',
    }),
    permissions: Type.Array(PermissionKeySchema, { title: '权限', uniqueItems: true, maxItems: 20 }),
    dataScope: DataScopeSchema,
  },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

export const PermissionItem = Type.Object({ key: Type.String(), label: Type.String() });
export type PermissionItem = Static<typeof PermissionItem>;
