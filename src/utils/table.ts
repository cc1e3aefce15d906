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
