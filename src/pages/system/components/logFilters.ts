import { LOG_RESULT_LABELS } from '@common/contracts/system';
import { compact } from '@/utils/table';
import { periodBounds } from '@/utils/urlForm';
import { labelEnum } from '@/utils/valueEnum';

/** A log's result as a table's value enum: both logs say 成功 and 失败 alike. */
export const LOG_RESULT_ENUM = labelEnum(LOG_RESULT_LABELS, { success: 'Success', failure: 'Error' });

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
