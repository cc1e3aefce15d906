import { useRequest } from 'ahooks';
import { Button, Empty } from 'antd';
import { type Key, useEffect, useRef } from 'react';
import type { PageResult } from '@common/contracts/base';
import type { ListTableProps, ProFormInstance } from '@/components/ListTable';
import { pageErrorMessage } from '@/hooks/usePagedList';
import type { ApiBody } from '@/utils/requestConfig';
import type { FieldSpec, FiltersOf, ListCodec } from './listUrl';
import { useListUrlState } from './useListUrlState';

type Query = Record<string, string | number | boolean>;

interface Options<S extends Record<string, FieldSpec>, Tab extends string, Item, Detail> {
  path: string;
  codec: ListCodec<S, Tab>;
  tabs: readonly Tab[];
  tabLabels: Record<Tab, string>;
  /** The API filter of a tab (e.g. `{ status: 'pending' }`). */
  tabQuery: (tab: Tab) => Query;
  /** Tabs whose count is a warning when it is not zero (超期). */
  alertTabs?: readonly Tab[];
  /** What the list holds, in its messages: 诉求, 随手拍. */
  what: string;
  /** What an empty tab says when no filter is set. */
  emptyTexts: Record<Tab, string>;
  /** The search form opens (rather than showing its first row) when one of these filters is set. */
  foldedFilters: readonly (keyof S)[];
  queryList: (query: Query) => Promise<ApiBody<PageResult<Item>>>;
  /** The tabs' numbers under the other filters. */
  queryCounts: (query: Query) => Promise<ApiBody<Record<Tab, number>>>;
  getDetail: (id: number) => Promise<ApiBody<Detail>>;
}

/**
 * The data and table wiring of a people-service list whose state is its URL (useListUrlState): the
 * page, the tab counts and the open record load from the URL; the search form, the status tabs with
 * their counts, the pager and the empty states write to it. Spread `tableProps` into the ListTable.
 */
export function usePeopleList<S extends Record<string, FieldSpec>, Tab extends string, Item, Detail>(
  options: Options<S, Tab, Item, Detail>,
) {
  const { path, codec, tabs, tabLabels, tabQuery, alertTabs = [], what, emptyTexts, foldedFilters } = options;
  const { state, go, openRecord, closeRecord } = useListUrlState(path, codec);
  const formRef = useRef<ProFormInstance>();

  const filterQuery = codec.toQuery(state.filters);
  const listQuery = { ...filterQuery, ...tabQuery(state.tab), current: state.current, pageSize: state.pageSize };
  // The list reloads when what it shows changes, not when the drawer opens or closes.
  const listKey = codec.toSearch({ ...state, id: undefined });
  // The counts follow the filters only (any fixed tab stands in for the current one).
  const countsKey = codec.toSearch({ ...state, tab: tabs[0], current: 1, id: undefined });

  const list = useRequest(async () => (await options.queryList(listQuery)).data, { refreshDeps: [listKey] });
  const counts = useRequest(async () => (await options.queryCounts(filterQuery)).data, { refreshDeps: [countsKey] });
  const detail = useRequest(async () => (state.id ? (await options.getDetail(state.id)).data : undefined), {
    ready: !!state.id,
    refreshDeps: [state.id],
  });

  const refreshAll = () => {
    list.refresh();
    counts.refresh();
    if (state.id) detail.refresh();
  };

  // The back button (or a link) changed the URL: show its filters in the form.
  useEffect(() => {
    formRef.current?.setFieldsValue(codec.toForm(state.filters));
  }, [codec, state.filters]);

  /** Searching again for what the URL already says reloads instead. */
  const search = (filters: FiltersOf<S>) => {
    if (!go({ ...state, filters, current: 1 })) refreshAll();
  };

  const emptyText = list.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${what}列表加载失败`} />
  ) : codec.hasFilters(state.filters) ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有符合条件的${what}`}>
      <Button onClick={() => go({ ...state, filters: {}, current: 1 })}>清空筛选条件</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyTexts[state.tab]} />
  );

  const tabLabel = (tab: Tab) => {
    const count = counts.data?.[tab];
    const alert = alertTabs.includes(tab) && !!count;
    return (
      <span>
        {tabLabels[tab]}
        {count === undefined ? null : (
          <span className={alert ? 'people-tab-count people-tab-count-alert' : 'people-tab-count'}>{count}</span>
        )}
      </span>
    );
  };

  const loadError = list.error ?? counts.error;

  const tableProps = {
    rowKey: 'id',
    formRef,
    dataSource: list.data?.list ?? [],
    loading: list.loading,
    search: { defaultCollapsed: !foldedFilters.some((key) => state.filters[key] !== undefined) },
    form: { initialValues: codec.toForm(state.filters) },
    onSubmit: (values: Record<string, unknown>) => search(codec.fromForm(values)),
    onReset: () => search({}),
    pagination: {
      current: state.current,
      pageSize: state.pageSize,
      total: list.data?.total ?? 0,
      onChange: (current: number, pageSize: number) => go({ ...state, current: pageSize !== state.pageSize ? 1 : current, pageSize }),
    },
    options: { reload: refreshAll },
    locale: { emptyText },
    toolbar: {
      menu: {
        activeKey: state.tab,
        items: tabs.map((tab) => ({ key: tab, label: tabLabel(tab) })),
        onChange: (tab?: Key) => go({ ...state, tab: tab as Tab, current: 1 }),
      },
    },
  } satisfies Partial<ListTableProps<Item, Record<string, unknown>>>;

  return {
    state,
    go,
    openRecord,
    closeRecord,
    /** The API's filter params of the form (no tab, no page): for exports. */
    filterQuery,
    refreshAll,
    detail: detail.data,
    detailError: detail.error ? pageErrorMessage(detail.error) : undefined,
    refreshDetail: detail.refresh,
    /** Why the list or its counts failed to load, for LoadError. */
    loadError: loadError ? pageErrorMessage(loadError) : undefined,
    tableProps,
  };
}
