import { and, asc, count, desc, eq, gte, ilike, like, lt, lte, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import {
  LOG_RESULT_LABELS,
  LOGIN_REASON_LABELS,
  type LoginLogFilters,
  type LoginLogItem,
  type OperationLogFilters,
  type OperationLogItem,
} from '../../../common/contracts/system';
import type { Db } from '../../db/client';
import { loginLogs, operationLogs } from '../../db/schema';
import { containsPattern } from '../scope';
import { localDateTime } from '../../lib/workingDays';
import type { XlsxColumn } from '../../lib/xlsx';

type Paging = { current: number; pageSize: number; sortOrder?: 'ascend' | 'descend' };

/** An address filter: a whole address, or its beginning (`192.168.1.` for a village office's network). */
const addressPattern = (ip: string) => `${ip.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function operationWhere(f: OperationLogFilters): SQL | undefined {
  return and(
    f.account ? ilike(operationLogs.account, containsPattern(f.account)) : undefined,
    f.action ? ilike(operationLogs.action, containsPattern(f.action)) : undefined,
    f.method ? eq(operationLogs.method, f.method) : undefined,
    f.result === 'success' ? lt(operationLogs.statusCode, 400) : f.result === 'failure' ? gte(operationLogs.statusCode, 400) : undefined,
    f.ip ? like(operationLogs.ip, addressPattern(f.ip)) : undefined,
    f.from ? gte(operationLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(operationLogs.createdAt, new Date(f.to)) : undefined,
  );
}

function loginWhere(f: LoginLogFilters): SQL | undefined {
  return and(
    f.account ? ilike(loginLogs.account, containsPattern(f.account)) : undefined,
    f.ip ? like(loginLogs.ip, addressPattern(f.ip)) : undefined,
    f.success !== undefined ? eq(loginLogs.success, f.success) : undefined,
    f.from ? gte(loginLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(loginLogs.createdAt, new Date(f.to)) : undefined,
  );
}

const operationRow = (row: typeof operationLogs.$inferSelect): OperationLogItem => ({ ...row, createdAt: row.createdAt.toISOString() });
const loginRow = (row: typeof loginLogs.$inferSelect): LoginLogItem => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The list's order: by time, then id, newest first unless asked otherwise. */
const byTime = (log: typeof operationLogs | typeof loginLogs, order: 'ascend' | 'descend' | undefined) =>
  order === 'ascend' ? [asc(log.createdAt), asc(log.id)] : [desc(log.createdAt), desc(log.id)];

function operationPage(db: Db, filters: OperationLogFilters, order: 'ascend' | 'descend' | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(operationLogs)
    .where(operationWhere(filters))
    .orderBy(...byTime(operationLogs, order))
    .limit(limit)
    .offset(offset);
}

function loginPage(db: Db, filters: LoginLogFilters, order: 'ascend' | 'descend' | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(loginLogs)
    .where(loginWhere(filters))
    .orderBy(...byTime(loginLogs, order))
    .limit(limit)
    .offset(offset);
}

export async function listOperationLogs(db: Db, query: OperationLogFilters & Paging): Promise<PageResult<OperationLogItem>> {
  const { current, pageSize, sortOrder, ...filters } = query;
  const [rows, [{ total }]] = await Promise.all([
    operationPage(db, filters, sortOrder, pageSize, (current - 1) * pageSize),
    db.select({ total: count() }).from(operationLogs).where(operationWhere(filters)),
  ]);
  return { list: rows.map(operationRow), total, current, pageSize };
}

export async function listLoginLogs(db: Db, query: LoginLogFilters & Paging): Promise<PageResult<LoginLogItem>> {
  const { current, pageSize, sortOrder, ...filters } = query;
  const [rows, [{ total }]] = await Promise.all([
    loginPage(db, filters, sortOrder, pageSize, (current - 1) * pageSize),
    db.select({ total: count() }).from(loginLogs).where(loginWhere(filters)),
  ]);
  return { list: rows.map(loginRow), total, current, pageSize };
}

const resultOf = (status: number) => LOG_RESULT_LABELS[status < 400 ? 'success' : 'failure'];
const changesText = (row: OperationLogItem) =>
  (row.changes ?? []).map((c) => `${c.field}：${c.before ?? '（无）'} → ${c.after ?? '（已删除）'}`).join('\n');

export const OPERATION_LOG_COLUMNS: Array<XlsxColumn<OperationLogItem>> = [
  { header: '时间', width: 18, value: (r) => localDateTime(new Date(r.createdAt)) },
  { header: '账号', width: 14, value: (r) => r.account },
  { header: '操作', width: 28, value: (r) => r.action || `${r.method} ${r.route}` },
  { header: '对象编号', width: 10, value: (r) => r.targetId ?? '' },
  { header: '结果', width: 8, value: (r) => `${resultOf(r.statusCode)}（${r.statusCode}）` },
  { header: '地址', width: 16, value: (r) => r.ip },
  { header: '变更内容', width: 60, value: changesText },
];

export const LOGIN_LOG_COLUMNS: Array<XlsxColumn<LoginLogItem>> = [
  { header: '时间', width: 18, value: (r) => localDateTime(new Date(r.createdAt)) },
  { header: '账号', width: 14, value: (r) => r.account },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '原因', width: 20, value: (r) => LOGIN_REASON_LABELS[r.reason] ?? r.reason },
  { header: '地址', width: 16, value: (r) => r.ip },
  { header: '浏览器', width: 50, value: (r) => r.userAgent },
];

type Sorted = { sortOrder?: 'ascend' | 'descend' };

/** The export read in batches, in the list's order. */
export const operationLogBatch = (db: Db, query: OperationLogFilters & Sorted) => {
  const { sortOrder, ...filters } = query;
  return (limit: number, offset: number) => operationPage(db, filters, sortOrder, limit, offset).then((rows) => rows.map(operationRow));
};

export const loginLogBatch = (db: Db, query: LoginLogFilters & Sorted) => {
  const { sortOrder, ...filters } = query;
  return (limit: number, offset: number) => loginPage(db, filters, sortOrder, limit, offset).then((rows) => rows.map(loginRow));
};
