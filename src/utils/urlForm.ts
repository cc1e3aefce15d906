import dayjs from 'dayjs';
import { TIME_ZONE_OFFSET_MS } from '@common/constants';

type Values = Record<string, unknown>;

/**
 * A list table's `form={{ syncToUrl }}` function (ProTable's, through src/components/ListTable). The URL holds strings: on the way back into the form,
 * numeric filters become numbers again (so selects show their labels) and the two halves of a
 * period become the date-range field they came from (columns transform it into `from`/`to` keys).
 */
export function urlFormSync(options: { numbers?: string[]; ranges?: Record<string, [string, string]> }) {
  return (values: Values, type: 'get' | 'set'): Values => {
    const out: Values = { ...values };
    if (type === 'set') {
      // A cleared period (重置) takes its two keys out of the address too.
      for (const [field, [fromKey, toKey]] of Object.entries(options.ranges ?? {})) {
        if (field in out && (out[field] === undefined || out[field] === null)) {
          out[fromKey] = undefined;
          out[toKey] = undefined;
          delete out[field];
        }
      }
      return out;
    }
    for (const key of options.numbers ?? []) {
      if (out[key] === undefined || out[key] === '') continue;
      const n = Number(out[key]);
      out[key] = Number.isFinite(n) ? n : undefined;
    }
    for (const [field, [fromKey, toKey]] of Object.entries(options.ranges ?? {})) {
      if (out[fromKey] && out[toKey]) out[field] = [out[fromKey], out[toKey]];
      delete out[fromKey];
      delete out[toKey];
    }
    return out;
  };
}

/** A date-range search column's value → two keys (kept as dates in the URL). */
export const rangeTransform = (fromKey: string, toKey: string) => (value: [string, string] | undefined) =>
  value?.length === 2 ? { [fromKey]: value[0], [toKey]: value[1] } : {};

const DAY_MS = 86400_000;

/** The first instant of a calendar day on the township's clock (UTC+8), whatever the browser's zone. */
function townshipDayStart(date: string): number {
  const [year, month, day] = dayjs(date).format('YYYY-MM-DD').split('-').map(Number);
  return Date.UTC(year, month - 1, day) - TIME_ZONE_OFFSET_MS;
}

/**
 * The whole days of a period as the server's date-time bounds. Days are the township's (as the
 * dashboard counts them), so a day's list holds what the dashboard counted for that day.
 */
export function periodBounds(from?: string, to?: string): { from?: string; to?: string } {
  return {
    from: from ? new Date(townshipDayStart(from)).toISOString() : undefined,
    to: to ? new Date(townshipDayStart(to) + DAY_MS - 1).toISOString() : undefined,
  };
}
