import { Type, type Static } from '@sinclair/typebox';
import { LongText, Name, Nullable, PageQuery, Text, Timestamp } from './base';
import { LIMITS } from '../limits';

export const GroupItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  memberCount: Type.Integer(),
  createdAt: Timestamp,
});
export type GroupItem = Static<typeof GroupItem>;

export const GroupMember = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  area: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
});
export type GroupMember = Static<typeof GroupMember>;

export const GroupDetail = Type.Composite([GroupItem, Type.Object({ members: Type.Array(GroupMember) })]);
export type GroupDetail = Static<typeof GroupDetail>;

export const GroupListQuery = Type.Object(
  { ...PageQuery, name: Type.Optional(Text('分组名称', LIMITS.filter, 0)) },
  { additionalProperties: false },
);
export type GroupListQuery = Static<typeof GroupListQuery>;

export const GroupBody = Type.Object(
  {
    name: Name('分组名称', LIMITS.groupName),
    description: Type.Optional(LongText('分组说明', LIMITS.groupDescription, 0)),
  },
  { additionalProperties: false },
);
export type GroupBody = Static<typeof GroupBody>;

export const GroupMembersBody = Type.Object(
  {
    userIds: Type.Array(Type.Integer({ minimum: 1, title: '成员' }), {
      title: '成员',
      maxItems: 5000,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type GroupMembersBody = Static<typeof GroupMembersBody>;
