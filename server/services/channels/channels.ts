import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type { ChannelBody, ChannelFilters, ChannelItem, ChannelTestResult } from '../../../common/contracts/channels';
import {
  CENTRE_CHANNEL,
  CHANNEL_FORMAT_LABELS,
  CHANNEL_KIND_LABELS,
  CHANNEL_MESSAGES,
  GROUP_NOTICE_KINDS,
  isGroupChannel,
  NOTICE_KIND_LABELS,
} from '../../../common/constants';
import { quietHoursText } from '../../../common/quietHours';
import { OUTBOX_WAITING_STATES } from '../../../common/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { areas, noticeChannels, noticeOutbox } from '../../db/schema';
import { AppError, badRequest, isUniqueViolation } from '../../errors';
import { maskUrl, OutboundError, sendOutbound, urlProblem } from '../../lib/outboundHttp';
import { localDateTime } from '../../lib/workingDays';
import type { XlsxColumn } from '../../lib/xlsx';
import { assertActiveAreas } from '../system/areas';
import { readSettings } from '../system/settings';
import { type ChannelConfig, channelRequest, channelVerdict, type SendContext } from './adapters';
import { cancelWaiting } from './outbox';

// 系统设置 › 消息通道 (docs/product.md §16, ADR 0069): group robots and the SMS gateway, off until
// an admin switches one on. Addresses and secrets are kept here and never answered: the list shows
// the address with its key masked and whether a secret is set.

type Row = typeof noticeChannels.$inferSelect;

const waitingCount = sql<number>`(select count(*)::int from ${noticeOutbox} o
  where o.channel_id = ${noticeChannels.id} and o.status in (${sql.join(
    OUTBOX_WAITING_STATES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
const deadCount = sql<number>`(select count(*)::int from ${noticeOutbox} o where o.channel_id = ${noticeChannels.id} and o.status = 'dead')`;

function channelWhere(f: ChannelFilters): SQL | undefined {
  return and(
    f.kind ? eq(noticeChannels.kind, f.kind) : undefined,
    f.enabled !== undefined ? eq(noticeChannels.enabled, f.enabled) : undefined,
  );
}

function channelItem(row: Row & { areaName: string | null; waiting: number; dead: number }): ChannelItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    area: row.area,
    areaName: row.areaName,
    enabled: row.enabled,
    format: row.format,
    urlMasked: maskUrl(row.url),
    secretSet: Boolean(row.secret),
    noticeKinds: row.noticeKinds,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    lastTestAt: row.lastTestAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
    lastTestError: row.lastTestError,
    waiting: Number(row.waiting),
    dead: Number(row.dead),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function channelPage(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ row: noticeChannels, areaName: areas.name, waiting: waitingCount, dead: deadCount })
    .from(noticeChannels)
    .leftJoin(areas, eq(areas.id, noticeChannels.area))
    .where(where)
    .orderBy(asc(noticeChannels.kind), sql`${noticeChannels.area} nulls first`, asc(noticeChannels.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((r) => channelItem({ ...r.row, areaName: r.areaName, waiting: r.waiting, dead: r.dead })));
}

export async function listChannels(
  db: Db,
  query: ChannelFilters & { current: number; pageSize: number },
): Promise<PageResult<ChannelItem>> {
  const { current, pageSize, ...filters } = query;
  const where = channelWhere(filters);
  const [list, [{ total }]] = await Promise.all([
    channelPage(db, where, pageSize, (current - 1) * pageSize),
    db.select({ total: count() }).from(noticeChannels).where(where),
  ]);
  return { list, total, current, pageSize };
}

export const channelBatch = (db: Db, filters: ChannelFilters) => (limit: number, offset: number) =>
  channelPage(db, channelWhere(filters), limit, offset);

export async function channelOrFail(db: DbOrTx, id: number): Promise<ChannelItem> {
  const [item] = await channelPage(db, eq(noticeChannels.id, id), 1, 0);
  if (!item) throw new AppError(404, CHANNEL_MESSAGES.notFound);
  return item;
}

async function rowOrFail(db: DbOrTx, id: number): Promise<Row> {
  const [row] = await db.select().from(noticeChannels).where(eq(noticeChannels.id, id));
  if (!row) throw new AppError(404, CHANNEL_MESSAGES.notFound);
  return row;
}

/** The columns a body sets, checked: 400 naming the field for what the schema cannot say. */
async function checkedValues(db: DbOrTx, body: ChannelBody, stored?: Row) {
  if (stored && stored.kind !== body.kind) throw badRequest('kind', '通道类型', '通道类型创建后不能修改，请另外添加');
  const url = body.url?.trim();
  if (!stored && !url) throw badRequest('url', '地址', '请填写地址');
  if (url) {
    const problem = urlProblem(url);
    if (problem) throw badRequest('url', '地址', problem);
  }
  const group = isGroupChannel(body.kind);
  if (group) {
    if (body.area !== null) await assertActiveAreas(db, [body.area], 'area', '所属村（社区）', stored?.area ? [stored.area] : []);
    const personal = body.noticeKinds.filter((kind) => !GROUP_NOTICE_KINDS.includes(kind));
    if (personal.length) {
      throw badRequest('noticeKinds', '发送的消息类型', `${personal.map((k) => NOTICE_KIND_LABELS[k]).join('、')}只发给本人，不能发到群里`);
    }
  }
  const quietStart = body.quietStart ?? null;
  const quietEnd = body.quietEnd ?? null;
  if ((quietStart === null) !== (quietEnd === null)) {
    throw badRequest(quietStart === null ? 'quietStart' : 'quietEnd', '免打扰时段', '请同时填写开始和结束时间，或都不填');
  }
  if (quietStart !== null && quietStart === quietEnd) throw badRequest('quietEnd', '免打扰结束时间', '开始和结束时间不能相同');
  return {
    kind: body.kind,
    name: body.name.trim(),
    area: group ? body.area : null,
    format: body.format ?? 'text',
    ...(url ? { url } : {}),
    ...(body.secret !== undefined ? { secret: body.secret === null || body.secret === '' ? null : body.secret } : {}),
    noticeKinds: body.noticeKinds,
    quietStart,
    quietEnd,
  };
}

function duplicatePlace(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError(409, CHANNEL_MESSAGES.duplicateRobot, [
      { field: 'area', label: '所属村（社区）', message: CHANNEL_MESSAGES.duplicateRobot },
    ]);
  throw error;
}

/** A new channel, off until switched on. */
export async function createChannel(db: Db, callerId: number, body: ChannelBody): Promise<number> {
  const values = await checkedValues(db, body);
  try {
    const [row] = await db
      .insert(noticeChannels)
      .values({ ...values, url: values.url ?? '', enabled: false, createdById: callerId })
      .returning({ id: noticeChannels.id });
    return row.id;
  } catch (error) {
    duplicatePlace(error);
  }
}

export async function updateChannel(db: Db, id: number, body: ChannelBody): Promise<void> {
  const stored = await rowOrFail(db, id);
  const values = await checkedValues(db, body, stored);
  try {
    await db
      .update(noticeChannels)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(noticeChannels.id, id));
  } catch (error) {
    duplicatePlace(error);
  }
}

/** 启用 / 停用. Switching off cancels what the channel has not sent yet. */
export async function setChannelEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(noticeChannels)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(noticeChannels.id, id))
      .returning({ id: noticeChannels.id });
    if (!row) throw new AppError(404, CHANNEL_MESSAGES.notFound);
    if (!enabled) await cancelWaiting(tx, id, '通道已停用');
  });
}

/** Deletes a channel and its sending history. */
export async function deleteChannel(db: Db, id: number): Promise<void> {
  const rows = await db.delete(noticeChannels).where(eq(noticeChannels.id, id)).returning({ id: noticeChannels.id });
  if (!rows.length) throw new AppError(404, CHANNEL_MESSAGES.notFound);
}

/** The channels of these ids, as the sender needs them (addresses and secrets included). */
export async function channelConfigs(db: Db, ids: number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(noticeChannels)
    .where(inArray(noticeChannels.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What every message opens with: the centre's name. */
export async function sendContext(db: DbOrTx, now: number): Promise<SendContext> {
  return { now, centreName: (await readSettings(db)).centreName };
}

/** Sends one message on a channel now; answers why it did not go, or undefined. */
export async function deliver(
  channel: ChannelConfig,
  message: { title: string; body: string },
  context: SendContext,
): Promise<string | undefined> {
  try {
    const response = await sendOutbound(channelRequest(channel, message, context));
    return channelVerdict(channel, response);
  } catch (error) {
    if (error instanceof OutboundError) return error.message;
    throw error;
  }
}

/** 发送测试: one message on the channel at once, whether it is on or off; the result is kept on the channel. */
export async function testChannel(db: Db, id: number, now = Date.now()): Promise<ChannelTestResult> {
  const channel = await rowOrFail(db, id);
  const context = await sendContext(db, now);
  const error = await deliver(
    channel,
    {
      title: '消息通道测试',
      body: `这是「${channel.name}」的测试消息。收到说明${CHANNEL_KIND_LABELS[channel.kind]}配置正确，可以在平台上启用它。`,
    },
    context,
  );
  await db
    .update(noticeChannels)
    .set({ lastTestAt: new Date(now), lastTestOk: !error, lastTestError: error ?? null })
    .where(eq(noticeChannels.id, id));
  return { ok: !error, error: error ?? null };
}

const time = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : '');

export const CHANNEL_COLUMNS: Array<XlsxColumn<ChannelItem>> = [
  { header: '名称', width: 20, value: (r) => r.name },
  { header: '类型', width: 18, value: (r) => CHANNEL_KIND_LABELS[r.kind] ?? r.kind },
  { header: '所属', width: 16, value: (r) => (isGroupChannel(r.kind) ? (r.areaName ?? CENTRE_CHANNEL) : '') },
  { header: '状态', width: 8, value: (r) => (r.enabled ? '启用' : '停用') },
  { header: '地址', width: 50, value: (r) => r.urlMasked },
  { header: '格式', width: 10, value: (r) => CHANNEL_FORMAT_LABELS[r.format] },
  { header: '发送的消息类型', width: 40, value: (r) => r.noticeKinds.map((k) => NOTICE_KIND_LABELS[k] ?? k).join('、') },
  {
    header: '免打扰',
    width: 16,
    value: (r) => (r.quietStart !== null && r.quietEnd !== null ? quietHoursText({ start: r.quietStart, end: r.quietEnd }) : '无'),
  },
  {
    header: '最近测试',
    width: 30,
    value: (r) => (r.lastTestAt ? `${time(r.lastTestAt)} ${r.lastTestOk ? '成功' : `失败：${r.lastTestError ?? ''}`}` : ''),
  },
  { header: '待发送', width: 8, value: (r) => r.waiting },
  { header: '发送失败', width: 10, value: (r) => r.dead },
];
