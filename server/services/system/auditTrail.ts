import { sql, type SQL } from 'drizzle-orm';
import {
  APPEAL_STATUS_LABELS,
  appealCategoryLabel,
  CHANNEL_FORMAT_LABELS,
  CHANNEL_KIND_LABELS,
  categoryLabel,
  DATA_SCOPE_LABELS,
  imageRuleLabel,
  NEWS_STATUS_LABELS,
  newsColumnLabel,
  NOTICE_KIND_LABELS,
  OPINION_SENTIMENT_LABELS,
  OPINION_STATUS_LABELS,
  opinionLevelLabel,
  OUTBOX_STATUS_LABELS,
  opinionSourceLabel,
  PERMISSION_LABELS,
  PHOTO_REPORT_STATUS_LABELS,
  photoReportTypeLabel,
  SATISFACTION_SOURCE_LABELS,
  SUBMISSION_STATUS_LABELS,
  TASK_STATUS_LABELS,
  templateLabel,
  USER_STATUS_LABELS,
} from '../../../common/constants';
import type { OperationChange } from '../../../common/contracts/system';
import { minutesText } from '../../../common/quietHours';
import type { Db } from '../../db/client';
import { operationLogs } from '../../db/schema';
import { localDateTime } from '../../lib/workingDays';

/**
 * What an operation changed, for the operation log: the record is read before and after the write
 * and the fields that differ are kept, as the admin reads them (labels, names, local times). Secrets
 * never enter the log: a password shows as changed, never as a value (ADR 0018).
 */

type Row = Record<string, unknown>;
type Names = { areas: Map<number, string> };

interface Field {
  label: string;
  show?: (value: unknown, names: Names) => string;
  /** Compared, never shown. */
  secret?: boolean;
}

interface Audited {
  /** The record as one JSON object (columns and any related lists), or no row. */
  read: (id: string) => SQL;
  fields: Record<string, Field>;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const labelOf =
  <K extends string>(labels: Record<K, string>) =>
  (v: unknown) =>
    labels[v as K] ?? text(v);
const time = (v: unknown) => (v ? localDateTime(new Date(String(v))) : '');
const yesNo = (v: unknown) => (v ? '是' : '否');
const area = (v: unknown, names: Names) => (v === null || v === undefined ? '全镇' : (names.areas.get(Number(v)) ?? `区域${v}`));
const areaList = (v: unknown, names: Names) => (Array.isArray(v) ? v.map((a) => area(a, names)).join('、') : '');
const idList = (v: unknown) => (Array.isArray(v) ? v.join('、') : '');
/** Rich text as its words: the first 40 characters and the length. */
function richText(v: unknown) {
  const plain = text(v)
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 40 ? `${plain.slice(0, 40)}…（共${plain.length}字）` : plain;
}
/** Text too long for a log line: the beginning. */
const excerpt = (v: unknown) => {
  const s = text(v);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

const byId = (table: string) => (id: string) => sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t WHERE t.id = ${Number(id)}`;

const AUDITED: Record<string, Audited> = {
  '/api/users/': {
    read: (id) => sql`SELECT to_jsonb(t) || jsonb_build_object(
        'group_ids', (SELECT coalesce(jsonb_agg(g.group_id ORDER BY g.group_id), '[]') FROM user_groups g WHERE g.user_id = t.id),
        'role_name', (SELECT r.name FROM roles r WHERE r.id = t.role_id)) AS row
      FROM users t WHERE t.id = ${Number(id)}`,
    fields: {
      account: { label: '账号' },
      name: { label: '姓名' },
      phone: { label: '手机号码' },
      role_name: { label: '角色' },
      area: { label: '所属区域', show: area },
      status: { label: '状态', show: labelOf(USER_STATUS_LABELS) },
      group_ids: { label: '分组编号', show: idList },
      password_hash: { label: '密码', secret: true },
    },
  },
  '/api/groups/': {
    read: (id) => sql`SELECT to_jsonb(t) || jsonb_build_object(
        'member_count', (SELECT count(*) FROM user_groups g WHERE g.group_id = t.id)) AS row
      FROM groups t WHERE t.id = ${Number(id)}`,
    fields: { name: { label: '分组名称' }, description: { label: '说明' }, member_count: { label: '成员人数' } },
  },
  '/api/roles/': {
    read: byId('roles'),
    fields: {
      name: { label: '角色名称' },
      code: { label: '角色编码' },
      permissions: {
        label: '权限',
        show: (v) => (Array.isArray(v) ? v.map((k) => PERMISSION_LABELS[k as keyof typeof PERMISSION_LABELS] ?? k).join('、') : ''),
      },
      data_scope: { label: '数据范围', show: labelOf(DATA_SCOPE_LABELS) },
    },
  },
  '/api/tasks/': {
    read: (id) => sql`SELECT to_jsonb(t) || jsonb_build_object(
        'areas', (SELECT coalesce(jsonb_agg(a.area ORDER BY a.area), '[]') FROM task_areas a WHERE a.task_id = t.id),
        'group_ids', (SELECT coalesce(jsonb_agg(g.group_id ORDER BY g.group_id), '[]') FROM task_groups g WHERE g.task_id = t.id)) AS row
      FROM tasks t WHERE t.id = ${Number(id)}`,
    fields: {
      title: { label: '任务标题' },
      category: { label: '工作类别', show: (v) => categoryLabel(Number(v)) },
      content: { label: '任务内容', show: richText },
      template: { label: '提交模板', show: (v) => templateLabel(text(v)) },
      image_num: { label: '图片数量', show: (v) => imageRuleLabel(Number(v)) },
      points: { label: '积分' },
      areas: { label: '目标区域', show: areaList },
      group_ids: { label: '目标分组编号', show: idList },
      deadline: { label: '截止时间', show: time },
      fields: { label: '填报字段', show: (v) => (Array.isArray(v) ? v.map((f: { label?: string }) => f.label ?? '').join('、') : '') },
      status: { label: '状态', show: labelOf(TASK_STATUS_LABELS) },
    },
  },
  '/api/submissions/': {
    read: byId('submissions'),
    fields: {
      status: { label: '审核状态', show: labelOf(SUBMISSION_STATUS_LABELS) },
      comment: { label: '审核意见', show: excerpt },
    },
  },
  '/api/news/': {
    read: byId('news'),
    fields: {
      title: { label: '标题' },
      summary: { label: '摘要', show: excerpt },
      content: { label: '正文', show: richText },
      column: { label: '栏目', show: (v) => newsColumnLabel(Number(v)) },
      area: { label: '所属区域', show: area },
      cover_id: { label: '封面图片编号' },
      status: { label: '状态', show: labelOf(NEWS_STATUS_LABELS) },
      pinned: { label: '置顶', show: yesNo },
    },
  },
  '/api/introductions/center': {
    read: () => sql`SELECT to_jsonb(t) AS row FROM centre_introduction t WHERE t.id = 1`,
    fields: { title: { label: '标题' }, content: { label: '介绍正文', show: richText } },
  },
  '/api/introductions/villages/': {
    read: (id) => sql`SELECT to_jsonb(t) AS row FROM village_introductions t WHERE t.area = ${Number(id)}`,
    fields: {
      content: { label: '介绍正文', show: richText },
      population: { label: '人口' },
      households: { label: '户数' },
      land_area: { label: '面积' },
      party_members: { label: '党员人数' },
      leader: { label: '负责人' },
      phone: { label: '联系电话' },
      cover_id: { label: '封面图片编号' },
    },
  },
  '/api/areas/': {
    read: byId('areas'),
    fields: { name: { label: '区域名称' } },
  },
  '/api/villages': {
    read: byId('areas'),
    fields: {
      name: { label: '名称' },
      code: { label: '区划代码' },
      sort_order: { label: '排序' },
      archived_at: { label: '归档时间', show: time },
    },
  },
  '/api/org-units/': {
    read: byId('org_units'),
    fields: {
      name: { label: '单位名称' },
      parent_id: { label: '上级单位编号' },
      leader: { label: '负责人' },
      position: { label: '职务' },
      phone: { label: '电话' },
      sort: { label: '排序' },
      members: { label: '成员', show: excerpt },
    },
  },
  '/api/appeals/': {
    read: byId('appeals'),
    fields: {
      status: { label: '状态', show: labelOf(APPEAL_STATUS_LABELS) },
      category: { label: '类别', show: (v) => appealCategoryLabel(Number(v)) },
      area: { label: '所属区域', show: area },
      handler_id: { label: '经办人编号' },
      reply: { label: '答复', show: excerpt },
      reject_reason: { label: '不予受理理由', show: excerpt },
      due_at: { label: '办理时限', show: time },
      satisfaction: { label: '满意度' },
      satisfaction_source: { label: '评价方式', show: labelOf(SATISFACTION_SOURCE_LABELS) },
      callback_attempts: { label: '回访次数' },
      called_back_at: { label: '回访结束时间', show: time },
    },
  },
  '/api/photo-reports/': {
    read: byId('photo_reports'),
    fields: {
      status: { label: '状态', show: labelOf(PHOTO_REPORT_STATUS_LABELS) },
      type: { label: '类型', show: (v) => photoReportTypeLabel(Number(v)) },
      handler_id: { label: '经办人编号' },
      result: { label: '处理结果', show: excerpt },
      invalid_reason: { label: '无效理由', show: excerpt },
      dispatched_area: { label: '转派至', show: area },
    },
  },
  '/api/opinions/': {
    read: byId('opinions'),
    fields: {
      title: { label: '标题' },
      summary: { label: '摘要', show: excerpt },
      source: { label: '来源', show: (v) => opinionSourceLabel(Number(v)) },
      sentiment: { label: '倾向', show: labelOf(OPINION_SENTIMENT_LABELS) },
      level: { label: '等级', show: (v) => opinionLevelLabel(Number(v)) },
      area: { label: '所属区域', show: area },
      status: { label: '状态', show: labelOf(OPINION_STATUS_LABELS) },
      link: { label: '链接' },
    },
  },
  '/api/opinion-keywords/': {
    read: byId('opinion_keywords'),
    fields: { keyword: { label: '关键词' } },
  },
  '/api/settings': {
    read: () => sql`SELECT jsonb_object_agg(key, value) AS row FROM settings`,
    fields: {
      platformTitle: { label: '平台名称' },
      centreName: { label: '中心名称' },
      icpNumber: { label: '备案号' },
      appealDueDays: { label: '诉求办理期限（工作日）' },
      callbackDays: { label: '回访期限（工作日）' },
      photoStaleDays: { label: '照片拍摄时间早于上传多少天提示' },
    },
  },
  '/api/display-links/': {
    read: byId('display_links'),
    fields: { name: { label: '名称' }, key_hash: { label: '密钥', secret: true }, revoked_at: { label: '停用时间', show: time } },
  },
  // 消息通道: the address (it holds a robot's key) and the secret are compared, never shown (ADR 0069).
  '/api/notice-channels': {
    read: byId('notice_channels'),
    fields: {
      name: { label: '名称' },
      kind: { label: '类型', show: labelOf(CHANNEL_KIND_LABELS) },
      area: { label: '所属', show: (v, names) => (v === null || v === undefined ? '中心' : area(v, names)) },
      enabled: { label: '状态', show: (v) => (v ? '启用' : '停用') },
      format: { label: '消息格式', show: labelOf(CHANNEL_FORMAT_LABELS) },
      url: { label: '地址', secret: true },
      secret: { label: '密钥', secret: true },
      notice_kinds: {
        label: '发送的消息类型',
        show: (v) => (Array.isArray(v) ? v.map((k) => NOTICE_KIND_LABELS[k as keyof typeof NOTICE_KIND_LABELS] ?? k).join('、') : ''),
      },
      quiet_start: { label: '免打扰开始', show: (v) => (v === null || v === undefined ? '无' : minutesText(Number(v))) },
      quiet_end: { label: '免打扰结束', show: (v) => (v === null || v === undefined ? '无' : minutesText(Number(v))) },
    },
  },
  '/api/notice-outbox/': {
    read: byId('notice_outbox'),
    fields: { status: { label: '状态', show: labelOf(OUTBOX_STATUS_LABELS) }, attempts: { label: '尝试次数' } },
  },
  '/api/calendar/': {
    read: (year) => sql`SELECT jsonb_build_object('days', (
        SELECT coalesce(jsonb_agg(d.day::text || CASE d.kind WHEN 'off' THEN ' 放假 ' ELSE ' 调休上班 ' END || d.name ORDER BY d.day), '[]')
        FROM calendar_days d WHERE extract(year FROM d.day) = ${Number(year)})) AS row`,
    fields: { days: { label: '节假日安排', show: (v) => (Array.isArray(v) ? v.join('；') : '') } },
  },
  '/api/currentUser/password': {
    read: (id) => sql`SELECT jsonb_build_object('password_hash', password_hash) AS row FROM users WHERE id = ${Number(id)}`,
    fields: { password_hash: { label: '密码', secret: true } },
  },
};

/** The audited kind of record a route writes, found by the longest matching route prefix. */
function auditedFor(route: string): Audited | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(AUDITED)) {
    if ((route === prefix || route.startsWith(prefix) || `${route}/` === prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best ? AUDITED[best] : undefined;
}

export interface AuditTarget {
  route: string;
  /** The record's key from the route's parameters, the new record's id, or the caller's (own password). */
  id?: string;
}

/** The record a write is about to change, or undefined when the route writes nothing audited. */
export async function snapshot(db: Db, target: AuditTarget): Promise<Row | null | undefined> {
  const audited = auditedFor(target.route);
  if (!audited) return undefined;
  const needsId = !['/api/settings', '/api/introductions/center'].includes(target.route);
  if (needsId && !target.id) return undefined;
  const result = await db.execute(audited.read(target.id ?? ''));
  const [first] = (result as unknown as { rows: Array<{ row: Row | null }> }).rows;
  return first?.row ?? null;
}

let namesCache: { at: number; names: Names } | undefined;
async function names(db: Db): Promise<Names> {
  if (namesCache && Date.now() - namesCache.at < 60_000) return namesCache.names;
  const result = await db.execute(sql`SELECT id, name FROM areas`);
  const rows = (result as unknown as { rows: Array<{ id: number; name: string }> }).rows;
  namesCache = { at: Date.now(), names: { areas: new Map(rows.map((r) => [Number(r.id), r.name])) } };
  return namesCache.names;
}

const MASK = '******';

/** The fields that differ between two snapshots (null: the record did not exist), as the admin reads them. */
export async function changesBetween(db: Db, route: string, before: Row | null, after: Row | null): Promise<OperationChange[]> {
  const audited = auditedFor(route);
  if (!audited || (!before && !after)) return [];
  const known = await names(db);
  const changes: OperationChange[] = [];
  for (const [column, field] of Object.entries(audited.fields)) {
    const was = before?.[column];
    const now = after?.[column];
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) continue;
    if (field.secret) {
      changes.push({ field: field.label, before: before ? MASK : null, after: after ? `${MASK}（已修改）` : null });
      continue;
    }
    const show = (value: unknown) => (field.show ? field.show(value, known) : text(value));
    changes.push({ field: field.label, before: before ? show(was) : null, after: after ? show(now) : null });
  }
  return changes;
}

/** One line of the operation log. */
export async function writeOperationLog(db: Db, entry: typeof operationLogs.$inferInsert): Promise<void> {
  await db.insert(operationLogs).values(entry);
}
