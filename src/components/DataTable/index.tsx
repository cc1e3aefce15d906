import { Badge, Form, Table } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { columnKey } from '@/utils/table';
import SearchForm, { type SearchItem } from './SearchForm';
import Toolbar from './Toolbar';
import type { ColumnsShown, DataColumn, DataTableProps, FieldValue, PageParams, SortState, UrlSync } from './types';
import { readUrlQuery, writeUrlQuery } from './urlQuery';
import './dataTable.css';

export type {
  ColumnsShown,
  DataColumn,
  DataTableAction,
  DataTableProps,
  DataTableResult,
  PageParams,
  SortState,
  UrlSync,
  ValueEnumItem,
} from './types';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The filled-in values only, each transformed as its column says (a date range into its two keys). */
function toFilters<T>(values: Record<string, unknown>, items: SearchItem<T>[]): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const { name, column } of items) {
    const value = values[name];
    if (isEmpty(value)) continue;
    if (column.search) Object.assign(filters, column.search.transform(value as FieldValue));
    else filters[name] = value;
  }
  return filters;
}

/** A cell as the column's value type shows it: a choice's status dot and text, '-' for nothing. */
function cellText<T>(column: DataColumn<T>, value: unknown): ReactNode {
  if (isEmpty(value)) return '-';
  const choice = column.valueEnum?.[String(value)];
  if (choice) return choice.status ? <Badge status={choice.status.toLowerCase() as 'default'} text={choice.text} /> : choice.text;
  return typeof value === 'string' || typeof value === 'number' ? value : String(value);
}

const sameAddress: UrlSync = (values) => values;
const syncOf = (syncToUrl?: true | UrlSync) => (syncToUrl === true ? sameAddress : syncToUrl);

/**
 * A list table on plain antd, in the seed's look (ProTable's): a search form in a card, then a card
 * with the toolbar (title or tabs, the page's buttons, 刷新 / 表格密度 / 列设置), the selection bar
 * and the table with its pager. It loads pages through `request`, or shows the `dataSource` a page
 * loads itself; the form can live in the address bar (`form.syncToUrl`). Why not ProTable:
 * docs/decisions/0034-thin-list-table.md.
 */
export default function DataTable<T extends object, P extends object = Record<string, unknown>>(props: DataTableProps<T, P>) {
  const { columns, request, dataSource, pagination, rowSelection, columnsState, options, search } = props;
  const [form] = Form.useForm();
  if (props.formRef) props.formRef.current = form;

  const items = useMemo(
    () =>
      columns
        .map((column, index) => ({ column, index, name: columnKey(column) }))
        .filter(({ column, name }) => column.search !== false && column.valueType !== 'option' && name)
        // Higher `order` first; otherwise the columns' order.
        .sort((a, b) => (b.column.order ?? 0) - (a.column.order ?? 0) || a.index - b.index)
        .map(({ column, name }) => ({ column, name })),
    [columns],
  );
  const defaults = () => Object.fromEntries(items.map(({ name, column }) => [name, column.initialValue]));
  const urlSync = syncOf(props.form?.syncToUrl);

  // The form, page and sort a fresh table starts from: the columns' defaults, the page's initial
  // values, then what the address bar says.
  const [initial] = useState(() => {
    const fromUrl = urlSync ? urlSync(readUrlQuery(), 'get') : {};
    const values: Record<string, unknown> = { ...defaults(), ...props.form?.initialValues };
    for (const { name } of items) if (!isEmpty(fromUrl[name])) values[name] = fromUrl[name];
    const paging = pagination || {};
    const sort: SortState = {};
    for (const column of columns) if (column.defaultSortOrder) sort[columnKey(column)] = column.defaultSortOrder;
    return {
      values,
      filters: toFilters(values, items),
      current: Number(fromUrl.current) || paging.current || paging.defaultCurrent || 1,
      pageSize: Number(fromUrl.pageSize) || paging.pageSize || paging.defaultPageSize || 20,
      sort,
    };
  });

  // What the table shows; `version` makes 查询 load again even when nothing changed.
  const [query, setQuery] = useState({ ...initial, version: 0 });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [fetching, setFetching] = useState(!!request);
  const [size, setSize] = useState<SizeType>(props.size ?? 'middle');
  const [ownSelection, setOwnSelection] = useState<Key[]>([]);

  // A change of `params` goes back to the first page (set while rendering, so only one load follows).
  const paramsKey = JSON.stringify(props.params ?? {});
  const [seenParams, setSeenParams] = useState(paramsKey);
  if (seenParams !== paramsKey) {
    setSeenParams(paramsKey);
    if (query.current !== 1) setQuery({ ...query, current: 1 });
  }

  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const load = latest.current.request;
    if (!load) return undefined;
    let stale = false;
    setFetching(true);
    const params = { ...query.filters, ...latest.current.params, current: query.current, pageSize: query.pageSize };
    load(params as Partial<P> & PageParams, query.sort)
      .then((result) => {
        if (stale) return;
        setRows(result.data);
        setTotal(result.total);
      })
      .catch((error: unknown) => {
        if (!stale) latest.current.onRequestError?.(error);
      })
      .finally(() => {
        if (!stale) setFetching(false);
      });
    return () => {
      stale = true;
    };
  }, [query, paramsKey]);

  // The address bar follows the filters and the page (keys this table wrote and no longer has go).
  const written = useRef(new Set<string>());
  useEffect(() => {
    const sync = syncOf(latest.current.form?.syncToUrl);
    if (!sync) return;
    const kept = sync({ ...query.filters, current: query.current, pageSize: query.pageSize }, 'set');
    const keys = Object.keys(kept).filter((key) => !isEmpty(kept[key]));
    writeUrlQuery(
      kept,
      [...written.current].filter((key) => !keys.includes(key)),
    );
    written.current = new Set(keys);
  }, [query]);

  const clearSelected = () => {
    latest.current.rowSelection?.onChange?.([], [], { type: 'none' });
    setOwnSelection([]);
  };
  const reload = () => setQuery((q) => ({ ...q, version: q.version + 1 }));
  if (props.actionRef) {
    props.actionRef.current = {
      reload,
      reloadAndRest: () => setQuery((q) => ({ ...q, current: 1, version: q.version + 1 })),
      clearSelected,
    };
  }

  const searchFor = (values: Record<string, unknown>) => {
    const filters = toFilters(values, items);
    setQuery((q) => ({ ...q, filters, current: 1, version: q.version + 1 }));
    return filters;
  };
  const onSearch = () => {
    const filters = searchFor(form.getFieldsValue(items.map(({ name }) => name)));
    props.onSubmit?.(filters);
  };
  const onReset = () => {
    const values = defaults();
    form.setFieldsValue(values);
    searchFor(values);
    props.onReset?.();
  };

  // 列设置: the columns shown, the choice kept in this browser.
  const [shown, setShown] = useState<ColumnsShown>(() => {
    const chosen = columnsState?.defaultValue ?? {};
    try {
      const stored = columnsState && localStorage.getItem(columnsState.persistenceKey);
      return stored ? { ...chosen, ...(JSON.parse(stored) as ColumnsShown) } : chosen;
    } catch {
      return chosen;
    }
  });
  const changeShown = (next: ColumnsShown, remember: boolean) => {
    setShown(next);
    if (columnsState) {
      try {
        if (remember) localStorage.setItem(columnsState.persistenceKey, JSON.stringify(next));
        else localStorage.removeItem(columnsState.persistenceKey);
      } catch {
        // Storage refused (private mode, full): the choice holds until the page is left.
      }
      columnsState.onChange?.(next);
    }
  };

  const inTable = columns.map((column, index) => ({ column, key: columnKey(column, index) })).filter(({ column }) => !column.hideInTable);
  const tableColumns = inTable
    .filter(({ key }) => shown[key]?.show !== false)
    .map(({ column, key }): ColumnType<T> => {
      const {
        valueType: _valueType,
        valueEnum: _valueEnum,
        fieldProps: _fieldProps,
        formItemProps: _formItemProps,
        renderFormItem: _renderFormItem,
        initialValue: _initialValue,
        order: _order,
        hideInTable: _hideInTable,
        search: _search,
        render,
        ...rest
      } = column;
      return {
        ...rest,
        key,
        render: (value: unknown, record: T, index: number) => {
          const text = cellText(column, value);
          return render ? render(text, record, index) : text;
        },
      };
    });

  const selectedKeys = rowSelection?.selectedRowKeys ?? ownSelection;
  const selection = rowSelection && {
    ...rowSelection,
    selectedRowKeys: selectedKeys,
    onChange: (...args: Parameters<NonNullable<typeof rowSelection.onChange>>) => {
      rowSelection.onChange?.(...args);
      setOwnSelection(args[0]);
    },
  };

  const paged: false | TablePaginationConfig =
    pagination === false
      ? false
      : {
          showTotal: (all, range) => `第 ${range[0]}-${range[1]} 条/总共 ${all} 条`,
          ...pagination,
          ...(request
            ? {
                current: query.current,
                pageSize: query.pageSize,
                total,
                onChange: (current: number, pageSize: number) =>
                  setQuery((q) => ({ ...q, current: pageSize !== q.pageSize ? 1 : current, pageSize })),
              }
            : {}),
        };

  const opts = options === false ? undefined : { reload: true, density: true, setting: true, ...options };
  const onReload = opts?.reload ? (typeof opts.reload === 'function' ? opts.reload : reload) : undefined;
  const hasToolbar = !!(props.headerTitle || props.toolbar || props.toolBarRender || opts);

  return (
    <div className="data-table">
      {search !== false && items.length ? (
        <SearchForm
          items={items}
          form={form}
          initialValues={initial.values}
          defaultCollapsed={search?.defaultCollapsed ?? true}
          loading={props.loading ?? fetching}
          onSearch={onSearch}
          onReset={onReset}
        />
      ) : null}
      <div className={props.plain ? 'data-table-body' : 'data-table-body data-table-card'}>
        {hasToolbar ? (
          <Toolbar
            title={props.headerTitle}
            tabs={props.toolbar?.menu}
            actions={props.toolBarRender?.() ?? []}
            onReload={onReload}
            density={opts?.density ? { size, onChange: setSize } : undefined}
            settings={
              opts?.setting
                ? {
                    columns: inTable.map(({ column, key }) => ({ key, title: column.title })),
                    shown,
                    onChange: (next) => changeShown(next, true),
                    onReset: () => changeShown(columnsState?.defaultValue ?? {}, false),
                  }
                : undefined
            }
          />
        ) : null}
        {selection && selectedKeys.length ? (
          <div className="data-table-alert">
            <div className="data-table-alert-info">
              {props.tableAlertRender?.({ selectedRowKeys: selectedKeys }) ?? `已选择 ${selectedKeys.length} 项`}
            </div>
            <div className="data-table-alert-option">{props.tableAlertOptionRender?.() ?? <a onClick={clearSelected}>取消选择</a>}</div>
          </div>
        ) : null}
        <Table<T>
          rowKey={props.rowKey}
          columns={tableColumns}
          dataSource={dataSource ?? rows}
          loading={props.loading ?? fetching}
          pagination={paged}
          rowSelection={selection}
          size={size}
          tableLayout={props.tableLayout}
          scroll={props.scroll}
          expandable={props.expandable}
          rowClassName={props.rowClassName}
          locale={props.locale}
          onChange={(page, filters, sorter, extra) => {
            props.onChange?.(page, filters, sorter, extra);
            if (extra.action !== 'sort') return;
            const { columnKey: key, field, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
            setQuery((q) => ({ ...q, sort: order ? { [String(key ?? field)]: order } : {} }));
          }}
        />
      </div>
    </div>
  );
}
