import { Type, type Static } from '@sinclair/typebox';
import { SCORE_SOURCES } from '../constants';
import { LIMITS } from '../limits';
import { AreaId, DateTime, LongText, Nullable, NullableTimestamp, PageQuery, Text, Timestamp } from './base';

export const RankingQuery = Type.Object(
  {
    ...PageQuery,
    area: Type.Optional(AreaId()),
    groupId: Type.Optional(Type.Integer({ minimum: 1, title: '分组' })),
    name: Type.Optional(Text('姓名', LIMITS.filter, 0)),
    /** Entries created within [from, to]; without them the all-time total. */
    from: Type.Optional(DateTime('开始时间')),
    to: Type.Optional(DateTime('结束时间')),
  },
  { additionalProperties: false },
);
export type RankingQuery = Static<typeof RankingQuery>;
export const RankingRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String(),
  account: Type.String(),
  area: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  points: Type.Integer(),
});
export type RankingRow = Static<typeof RankingRow>;

export const LedgerQuery = Type.Object(
  {
    ...PageQuery,
    userId: Type.Integer({ minimum: 1, title: '用户' }),
    from: Type.Optional(DateTime('开始时间')),
    to: Type.Optional(DateTime('结束时间')),
  },
  { additionalProperties: false },
);
export type LedgerQuery = Static<typeof LedgerQuery>;
export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  delta: Type.Integer(),
  reason: Type.String(),
  source: Type.Union(SCORE_SOURCES.map((s) => Type.Literal(s))),
  submissionId: Nullable(Type.Integer()),
  taskId: Nullable(Type.Integer()),
  taskTitle: Nullable(Type.String()),
  operatorId: Nullable(Type.Integer()),
  operatorName: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type LedgerEntry = Static<typeof LedgerEntry>;
export const LedgerPage = Type.Object({
  list: Type.Array(LedgerEntry),
  total: Type.Integer(),
  current: Type.Integer(),
  pageSize: Type.Integer(),
  /** The user's all-time points (sum of every entry). */
  points: Type.Integer(),
});
export type LedgerPage = Static<typeof LedgerPage>;

export const AdjustBody = Type.Object(
  {
    userId: Type.Integer({ minimum: 1, title: '用户' }),
    delta: Type.Integer({
      minimum: -LIMITS.scorePoints,
      maximum: LIMITS.scorePoints,
      not: { const: 0 },
      title: '调整分值',
      errorMessage: '调整分值不能为0',
    }),
    reason: LongText('调整原因', LIMITS.scoreReason),
  },
  { additionalProperties: false },
);
export type AdjustBody = Static<typeof AdjustBody>;

export const MyScore = Type.Object({
  points: Type.Integer(),
  /** Place among users of the same area (1 = most points), null without an area. */
  areaRank: Nullable(Type.Integer()),
  recent: Type.Array(LedgerEntry),
  lastEntryAt: NullableTimestamp,
});
export type MyScore = Static<typeof MyScore>;
