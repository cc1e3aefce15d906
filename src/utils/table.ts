import { type Key, useMemo, useState } from 'react';
import type { PageResult } from '@common/contracts/base';
import { useModel } from '@umijs/max';
import type { ApiBody } from './requestConfig';

/** A list table's `request` answer (ProTable's `{ data, total, success }`) from one of our list calls. */
export async function toTableResult<T>(call: Promise<ApiBody<PageResult<T>>>) {
  const body = await call;
  return { data: body.data?.list ?? [], total: body.data?.total ?? 0, success: true };
}

/** A list table's sort argument → our sortField/sortOrder query, for the fields the server allows. */
export function sortParams<F extends string>(
  sort: Record<string, 'ascend' | 'descend' | null> | undefined,
  allowed: readonly F[],
): { sortField?: F; sortOrder?: 'ascend' | 'descend' } {
  const entry = Object.entries(sort ?? {}).find(([field, order]) => order && (allowed as readonly string[]).includes(field));
  if (!entry) return {};
  return { sortField: entry[0] as F, sortOrder: entry[1] as 'ascend' | 'descend' };
}

/** Drops empty strings and undefined so they never reach the query string. */
export function compact<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/**
 * What every admin list table shares: antd's compact rows, and columns that keep the widths they
 * are given (docs/decisions/0028-admin-tables-fit-the-screen.md). Each table's default columns add
 * up to at most 1018 px, its width beside the open menu at 1366×768; pass the sum as `scroll.x`
 * (fitColumns, useFitColumns) so a column switched on in the column settings (⚙) makes the table
 * scroll sideways with the 操作 column fixed at the right, rather than squeeze the others.
 */
export const ADMIN_TABLE = { size: 'middle', tableLayout: 'fixed' } as const;

interface SizedColumn {
  key?: Key;
  dataIndex?: unknown;
  width?: number | string;
  hideInTable?: boolean;
}
type ColumnsShown = Record<string, { show?: boolean }>;

/**
 * The name a table column goes by in its search form, its sort and the column settings' saved
 * choice: its key or field, else its place among the columns (the names ProTable gave them, so
 * choices saved before stay valid).
 */
export function columnKey(column: { key?: Key; dataIndex?: unknown }, index?: number): string {
  const { key, dataIndex } = column;
  const name = String(key ?? (Array.isArray(dataIndex) ? dataIndex.join(',') : (dataIndex ?? '')));
  return name || (index === undefined ? '' : String(index));
}

/** The width the shown columns add up to (plus e.g. a selection column), for `scroll.x`. */
export function fitColumns(columns: SizedColumn[], shown: ColumnsShown = {}, extra = 0): number {
  return columns
    .filter((column, index) => !column.hideInTable && shown[columnKey(column, index)]?.show !== false)
    .reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 120), extra);
}

/** Where a user's column settings (shown, order, pins) of one list are kept in this browser. */
const columnsKey = (table: string, userId?: number) => `glp-columns-${table}${userId === undefined ? '' : `-u${userId}`}`;

/**
 * A list's column settings and scroll width: `optional` columns start hidden (the column settings ⚙
 * shows them), the user's choice (shown, order, pins) is kept in this browser under the table's name
 * and the signed-in user's id, and the table is as wide as the columns shown.
 */
export function useFitColumns(table: string, columns: SizedColumn[], optional: readonly string[] = [], extra = 0) {
  const { initialState } = useModel('@@initialState');
  const persistenceKey = columnsKey(table, initialState?.currentUser?.id);
  const defaultValue = useMemo(() => Object.fromEntries(optional.map((key) => [key, { show: false }])), [optional]);
  const [shown, setShown] = useState<ColumnsShown>(() => {
    try {
      return { ...defaultValue, ...JSON.parse(localStorage.getItem(persistenceKey) ?? '{}') };
    } catch {
      return defaultValue;
    }
  });
  return {
    columnsState: {
      persistenceKey,
      persistenceType: 'localStorage' as const,
      defaultValue,
      onChange: (next: ColumnsShown) => setShown(next),
    },
    scroll: { x: fitColumns(columns, shown, extra) },
  };
}

/** A list query without its paging: the filters 导出Excel sends along (the export reads every page). */
export function withoutPaging<T extends { current?: number; pageSize?: number }>(query: T): Omit<T, 'current' | 'pageSize'> {
  const { current: _current, pageSize: _pageSize, ...filters } = query;
  return filters;
}
