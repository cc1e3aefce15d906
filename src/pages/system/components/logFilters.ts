import { compact } from '@/utils/table';
import { periodBounds } from '@/utils/urlForm';

/** A log table's search params → the logs' query: whole days for the period, nothing empty. */
export function logFilters<T extends Record<string, unknown>>(params: T & { createdFrom?: string; createdTo?: string }) {
  const {
    createdFrom,
    createdTo,
    current: _c,
    pageSize: _p,
    keyword: _k,
    ...rest
  } = params as Record<string, unknown> & {
    createdFrom?: string;
    createdTo?: string;
  };
  return compact({ ...rest, ...periodBounds(createdFrom, createdTo) });
}
