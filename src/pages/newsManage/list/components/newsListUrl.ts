import dayjs from 'dayjs';
import { AREA_ID_MAX, AREA_MIN, NEWS_COLUMNS, NEWS_STATUSES, type NewsStatus, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@common/constants';
import type { NewsQuery } from '@/services/news';
import { compact } from '@/utils/table';
import { periodBounds } from '@/utils/urlForm';

export type NewsSortField = 'publishedAt' | 'views';
export const NEWS_SORT_FIELDS: readonly NewsSortField[] = ['publishedAt', 'views'];

/** The search form's fields (pinned as the select's 'true' / 'false'). */
interface NewsFilters {
  title?: string;
  column?: number;
  status?: NewsStatus;
  area?: number;
  pinned?: 'true' | 'false';
  /** Published on or after this day (YYYY-MM-DD, the township's days). */
  from?: string;
  /** Published on or before this day. */
  to?: string;
}

/** Everything the list shows, as kept in the URL: deep links, reloads and the back button work. */
export interface NewsListState {
  filters: NewsFilters;
  current: number;
  pageSize: number;
  sortField?: NewsSortField;
  sortOrder?: 'ascend' | 'descend';
}

const intIn = (raw: string | null, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const dateOf = (raw: string | null | undefined) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).isValid() ? raw : undefined);

/** Reads the state from a query string; anything malformed is dropped, not trusted. */
export function parseNewsListSearch(search: string): NewsListState {
  const q = new URLSearchParams(search);
  const status = q.get('status') as NewsStatus | null;
  const pinned = q.get('pinned');
  const sortField = q.get('sortField') as NewsSortField | null;
  const sortOrder = q.get('sortOrder');
  const title = q.get('title')?.trim().slice(0, 100);
  const sorted = sortField && NEWS_SORT_FIELDS.includes(sortField) && (sortOrder === 'ascend' || sortOrder === 'descend');
  return {
    filters: {
      title: title || undefined,
      column: intIn(q.get('column'), 1, NEWS_COLUMNS.length),
      status: status && (NEWS_STATUSES as readonly string[]).includes(status) ? status : undefined,
      area: intIn(q.get('area'), AREA_MIN, AREA_ID_MAX),
      pinned: pinned === 'true' || pinned === 'false' ? pinned : undefined,
      from: dateOf(q.get('from')),
      to: dateOf(q.get('to')),
    },
    current: intIn(q.get('current'), 1, 100000) ?? 1,
    pageSize: intIn(q.get('pageSize'), 1, PAGE_SIZE_MAX) ?? PAGE_SIZE_DEFAULT,
    sortField: sorted ? sortField : undefined,
    sortOrder: sorted ? sortOrder : undefined,
  };
}

/** The query string of a state; defaults are left out so a plain list has a plain URL. */
export function toNewsListSearch(state: NewsListState): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
  }
  if (state.current > 1) q.set('current', String(state.current));
  if (state.pageSize !== PAGE_SIZE_DEFAULT) q.set('pageSize', String(state.pageSize));
  if (state.sortField && state.sortOrder) {
    q.set('sortField', state.sortField);
    q.set('sortOrder', state.sortOrder);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The search form's values (strings from inputs and selects, the 发布时间 range as `period`) as filters. */
export function toFilters(values: Record<string, unknown>): NewsFilters {
  const { period, ...rest } = values;
  const [from, to] = Array.isArray(period) ? period : [];
  const entries = Object.entries(rest)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)]);
  if (from && to) entries.push(['from', dayjs(from as string).format('YYYY-MM-DD')], ['to', dayjs(to as string).format('YYYY-MM-DD')]);
  return parseNewsListSearch(new URLSearchParams(entries).toString()).filters;
}

/** The search form's values of some filters (every field named, so stale values are cleared). */
export function toNewsForm(filters: NewsFilters): Record<string, unknown> {
  const { from, to, ...rest } = filters;
  return {
    title: undefined,
    column: undefined,
    status: undefined,
    area: undefined,
    pinned: undefined,
    ...rest,
    period: from && to ? [from, to] : undefined,
  };
}

/** The API query of a state. */
export function toNewsQuery(state: NewsListState): NewsQuery {
  const { title, column, status, area, pinned, from, to } = state.filters;
  const query: NewsQuery = { current: state.current, pageSize: state.pageSize };
  if (title) query.title = title;
  if (column) query.column = column;
  if (status) query.status = status;
  if (area) query.area = area;
  if (pinned) query.pinned = pinned === 'true';
  Object.assign(query, compact(periodBounds(from, to)));
  if (state.sortField && state.sortOrder) {
    query.sortField = state.sortField;
    query.sortOrder = state.sortOrder;
  }
  return query;
}

export const hasFilters = (filters: NewsFilters) => Object.values(filters).some((v) => v !== undefined);
