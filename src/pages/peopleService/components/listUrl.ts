import dayjs from 'dayjs';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@common/constants';
import { periodBounds } from '@/utils/urlForm';

/** How one filter is kept in the URL. `from`/`to` dates show in the form as one date range (period). */
export type FieldSpec =
  | { type: 'text'; max: number }
  | { type: 'int'; min: number; max: number }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'date' };

type FieldValue<F extends FieldSpec> = F extends { type: 'int' } ? number : string;
export type FiltersOf<S extends Record<string, FieldSpec>> = { [K in keyof S]?: FieldValue<S[K]> };

/** Everything a people-service list shows, as kept in the URL: deep links, reloads and back all work. */
export interface ListState<S extends Record<string, FieldSpec>, Tab extends string> {
  tab: Tab;
  filters: FiltersOf<S>;
  current: number;
  pageSize: number;
  /** The record open in the detail drawer. */
  id?: number;
}

const intIn = (raw: string | null, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const isDate = (raw: string) => /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).isValid();

function readField(spec: FieldSpec, raw: string | null): string | number | undefined {
  if (raw === null || raw === '') return undefined;
  switch (spec.type) {
    case 'text': {
      const text = raw.trim().slice(0, spec.max);
      return text || undefined;
    }
    case 'int':
      return intIn(raw, spec.min, spec.max);
    case 'enum':
      return spec.values.includes(raw) ? raw : undefined;
    case 'date':
      return isDate(raw) ? raw : undefined;
  }
}

export interface ListCodec<S extends Record<string, FieldSpec>, Tab extends string> {
  parse: (search: string) => ListState<S, Tab>;
  toSearch: (state: ListState<S, Tab>) => string;
  fromForm: (values: Record<string, unknown>) => FiltersOf<S>;
  toForm: (filters: FiltersOf<S>) => Record<string, unknown>;
  toQuery: (filters: FiltersOf<S>) => Record<string, string | number>;
  hasFilters: (filters: FiltersOf<S>) => boolean;
}

/**
 * The URL codec of one list: its filters, its status tabs (under `status`, the name the notice
 * bell's links use), the page and the open record (`id`). Anything malformed is dropped, not trusted.
 */
export function defineListUrl<S extends Record<string, FieldSpec>, Tab extends string>(options: {
  fields: S;
  tabs: readonly Tab[];
  defaultTab: Tab;
  /** Older or shorter spellings of a tab, e.g. `overdue=true` for the 超期 tab. */
  tabAlias?: (query: URLSearchParams) => Tab | undefined;
}): ListCodec<S, Tab> {
  const { fields, tabs, defaultTab, tabAlias } = options;
  type State = ListState<S, Tab>;
  type Filters = FiltersOf<S>;

  const parse = (search: string): State => {
    const q = new URLSearchParams(search);
    const filters = {} as Filters;
    for (const [key, spec] of Object.entries(fields)) {
      const value = readField(spec, q.get(key));
      if (value !== undefined) (filters as Record<string, unknown>)[key] = value;
    }
    const status = q.get('status') as Tab | null;
    return {
      tab: status && tabs.includes(status) ? status : (tabAlias?.(q) ?? defaultTab),
      filters,
      current: intIn(q.get('current'), 1, 100000) ?? 1,
      pageSize: intIn(q.get('pageSize'), 1, PAGE_SIZE_MAX) ?? PAGE_SIZE_DEFAULT,
      id: intIn(q.get('id'), 1, Number.MAX_SAFE_INTEGER),
    };
  };

  /** The query string of a state; defaults are left out so a plain list has a plain URL. */
  const toSearch = (state: State): string => {
    const q = new URLSearchParams();
    if (state.tab !== defaultTab) q.set('status', state.tab);
    for (const key of Object.keys(fields)) {
      const value = (state.filters as Record<string, unknown>)[key];
      if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
    }
    if (state.current > 1) q.set('current', String(state.current));
    if (state.pageSize !== PAGE_SIZE_DEFAULT) q.set('pageSize', String(state.pageSize));
    if (state.id) q.set('id', String(state.id));
    const text = q.toString();
    return text ? `?${text}` : '';
  };

  /** The search form's values (strings, numbers, a `period` pair of dates) as filters. */
  const fromForm = (values: Record<string, unknown>): Filters => {
    const q = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      if (key === 'period') {
        const [from, to] = Array.isArray(value) ? value : [];
        if (from && to) {
          q.set('from', dayjs(from as string).format('YYYY-MM-DD'));
          q.set('to', dayjs(to as string).format('YYYY-MM-DD'));
        }
      } else if (value !== undefined && value !== null && value !== '') {
        q.set(key, String(value));
      }
    }
    return parse(q.toString()).filters;
  };

  /** The form's values for some filters (every field named, so stale values are cleared). */
  const toForm = (filters: Filters): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) {
      if (key !== 'from' && key !== 'to') values[key] = (filters as Record<string, unknown>)[key];
    }
    if ('from' in fields) values.period = filters.from && filters.to ? [filters.from, filters.to] : undefined;
    return values;
  };

  /** The API's filter params (the period as whole days in date-times). */
  const toQuery = (filters: Filters): Record<string, string | number> => {
    const query: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(filters)) {
      if (key !== 'from' && key !== 'to' && value !== undefined) query[key] = value as string | number;
    }
    const { from, to } = periodBounds(filters.from as string | undefined, filters.to as string | undefined);
    if (from) query.from = from;
    if (to) query.to = to;
    return query;
  };

  const hasFilters = (filters: Filters) => Object.values(filters).some((v) => v !== undefined);

  return { parse, toSearch, fromForm, toForm, toQuery, hasFilters };
}
