import { type Static, Type } from '@sinclair/typebox';
import { AREA_ID_MAX, CHANNEL_FORMATS, CHANNEL_KINDS, OUTBOX_STATUSES, TOWN_AREA_ID, USER_NOTICE_KINDS } from '../constants';
import { MINUTES_PER_DAY } from '../quietHours';
import { LIMITS } from '../limits';
import { DateTime, literals, Name, Nullable, NullableNumber, NullableTimestamp, PageQuery, Text, Timestamp } from './base';

// 系统设置 › 消息通道 and 发送记录 (docs/product.md §16): the channels a notice may travel by
// beyond the browser, and the outbox of what they carry.

export const NoticeKind = literals(USER_NOTICE_KINDS, '消息类型');
const ChannelKind = literals(CHANNEL_KINDS, '通道类型');
/** A minute of the Beijing day, for quiet hours. */
export const DayMinute = (title: string) => NullableNumber('integer', { title, minimum: 0, maximum: MINUTES_PER_DAY - 1 });

/** A channel as the admin sees it: its keys and secrets never leave the server, only whether they are set. */
export const ChannelItem = Type.Object({
  id: Type.Integer(),
  kind: ChannelKind,
  name: Type.String(),
  /** A robot's village; null: the centre's robot. */
  area: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  enabled: Type.Boolean(),
  format: literals(CHANNEL_FORMATS, '消息格式'),
  /** The address with its key replaced by ******. */
  urlMasked: Type.String(),
  secretSet: Type.Boolean(),
  noticeKinds: Type.Array(NoticeKind),
  quietStart: Nullable(Type.Integer()),
  quietEnd: Nullable(Type.Integer()),
  lastTestAt: NullableTimestamp,
  lastTestOk: Nullable(Type.Boolean()),
  lastTestError: Nullable(Type.String()),
  /** Messages waiting (待发送, 失败待重试, 免打扰顺延) and given up (发送失败). */
  waiting: Type.Integer(),
  dead: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ChannelItem = Static<typeof ChannelItem>;

/**
 * A new or changed channel. On a change, an absent `url` keeps the stored one (the form never shows
 * it back); `secret` absent keeps it, null removes it.
 */
export const ChannelBody = Type.Object(
  {
    kind: ChannelKind,
    name: Name('名称', LIMITS.channelName),
    area: NullableNumber('integer', { title: '所属村（社区）', minimum: TOWN_AREA_ID + 1, maximum: AREA_ID_MAX }),
    format: Type.Optional(literals(CHANNEL_FORMATS, '消息格式')),
    url: Type.Optional(Text('地址', LIMITS.channelUrl)),
    secret: Type.Optional(Nullable(Text('密钥', LIMITS.channelSecret))),
    noticeKinds: Type.Array(NoticeKind, { title: '发送的消息类型', uniqueItems: true, maxItems: USER_NOTICE_KINDS.length }),
    quietStart: Type.Optional(DayMinute('免打扰开始时间')),
    quietEnd: Type.Optional(DayMinute('免打扰结束时间')),
  },
  { additionalProperties: false },
);
export type ChannelBody = Static<typeof ChannelBody>;

const ChannelFilterFields = {
  kind: Type.Optional(ChannelKind),
  enabled: Type.Optional(Type.Boolean({ title: '状态' })),
};
export const ChannelFilters = Type.Object(ChannelFilterFields, { additionalProperties: false });
export type ChannelFilters = Static<typeof ChannelFilters>;
export const ChannelQuery = Type.Object({ ...PageQuery, ...ChannelFilterFields }, { additionalProperties: false });
export type ChannelQuery = Static<typeof ChannelQuery>;

/** 发送测试: what happened, at once (a test does not go through the outbox). */
export const ChannelTestResult = Type.Object({
  ok: Type.Boolean(),
  /** Why it did not go: the network's or the channel's words. */
  error: Nullable(Type.String()),
});
export type ChannelTestResult = Static<typeof ChannelTestResult>;
export const ChannelTestBody = Type.Object({}, { additionalProperties: false });

/** One message of the outbox. */
export const OutboxItem = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  channelName: Type.String(),
  channelKind: ChannelKind,
  kind: NoticeKind,
  /** A text message's person; null for a group robot's. */
  userName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  title: Type.String(),
  body: Type.String(),
  status: literals(OUTBOX_STATUSES, '状态'),
  attempts: Type.Integer(),
  nextAttemptAt: Timestamp,
  lastError: Nullable(Type.String()),
  sentAt: NullableTimestamp,
  createdAt: Timestamp,
});
export type OutboxItem = Static<typeof OutboxItem>;

const OutboxFilterFields = {
  status: Type.Optional(literals(OUTBOX_STATUSES, '状态')),
  channelId: Type.Optional(Type.Integer({ minimum: 1, title: '通道' })),
  kind: Type.Optional(NoticeKind),
  address: Type.Optional(Text('手机号', LIMITS.phoneFilter, 0)),
  from: Type.Optional(DateTime('开始时间')),
  to: Type.Optional(DateTime('结束时间')),
};
export const OutboxFilters = Type.Object(OutboxFilterFields, { additionalProperties: false });
export type OutboxFilters = Static<typeof OutboxFilters>;
export const OutboxQuery = Type.Object({ ...PageQuery, ...OutboxFilterFields }, { additionalProperties: false });
export type OutboxQuery = Static<typeof OutboxQuery>;
