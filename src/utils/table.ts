import type { PageResult } from '@common/contracts/base';
import type { ApiBody } from './requestConfig';

/** ProTable's answer shape from one of our list calls. */
export async function toTableResult<T>(call: Promise<ApiBody<PageResult<T>>>) {
  const body = await call;
  return { data: body.data?.list ?? [], total: body.data?.total ?? 0, success: true };
}

/** ProTable's sort argument → our sortField/sortOrder query, for the fields the server allows. */
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
 * What every admin list table shares: antd's compact rows and a table as wide as the columns it
 * shows. Each table's default columns fit 1018 px, its width beside the open menu at 1366×768
 * (docs/decisions/0017-admin-tables-fit-the-screen.md); a column switched on in the column
 * settings (⚙) makes it scroll sideways, the 操作 column staying at the right edge.
 */
export const ADMIN_TABLE = { size: 'middle', scroll: { x: 'max-content' } } as const;

/**
 * ProTable `columnsState` for a table with optional columns: these start hidden (the column
 * settings ⚙ shows them), and the user's choice is kept in this browser under the table's name.
 */
export function optionalColumns(table: string, keys: readonly string[]) {
  return {
    persistenceKey: `glp-columns-${table}`,
    persistenceType: 'localStorage' as const,
    defaultValue: Object.fromEntries(keys.map((key) => [key, { show: false }])),
  };
}
