import type { FormInstance, SelectProps, TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import type { Key, MutableRefObject, ReactNode } from 'react';

export type SortOrder = 'ascend' | 'descend' | null;
/** The sorted column by its field, as `request` receives it (src/utils/table.ts sortParams reads it). */
export type SortState = Record<string, SortOrder>;

/** The page a `request` asks for. */
export interface PageParams {
  current: number;
  pageSize: number;
}

/** What a `request` answers (src/utils/table.ts toTableResult builds it from a list call). */
export interface DataTableResult<T> {
  data: T[];
  total: number;
}

/** One choice of a select column, shown in its cells as a status dot with the text. */
export interface ValueEnumItem {
  text: string;
  status?: 'Default' | 'Processing' | 'Success' | 'Warning' | 'Error';
}

/** A search field's value: text, a select's choice or a date range's two days (YYYY-MM-DD). */
export type FieldValue = string | number | boolean | [string, string] | undefined;

/** What a column's search field takes beyond its value. */
export interface SearchFieldProps {
  options?: SelectProps['options'];
  showSearch?: boolean;
  optionFilterProp?: string;
  allowClear?: boolean;
  maxLength?: number;
  placeholder?: string | [string, string];
}

/**
 * A column of the table and, unless `search: false`, a field of its search form. The antd column
 * props (width, fixed, sorter, ellipsis, align…) go to the table as they are.
 */
export interface DataColumn<T> extends Omit<TableColumnType<T>, 'title' | 'key' | 'render'> {
  title: ReactNode;
  /** The column's name in the column settings' saved choice; `dataIndex` when absent. */
  key?: string;
  /** How the search field edits the value (text when absent); 'option' columns hold row actions. */
  valueType?: 'text' | 'select' | 'dateRange' | 'option';
  /** A select's choices by value; cells without `render` show the value's text with its status dot. */
  valueEnum?: Record<string, ValueEnumItem>;
  fieldProps?: SearchFieldProps;
  /** The search field's own label, where it differs from the column title. */
  formItemProps?: { label?: ReactNode };
  /** A search field of the page's own (it receives `value`, `onChange` and `id`). */
  renderFormItem?: () => ReactNode;
  /** The search field's value on a fresh page and after 重置. */
  initialValue?: string | number;
  /** Search fields with a higher order come first. */
  order?: number;
  hideInTable?: boolean;
  /** Not searched; or searched, with the field's value turned into query keys (e.g. a date range's two ends). */
  search?: false | { transform(value: FieldValue): Record<string, unknown> };
  render?: (text: ReactNode, record: T, index: number) => ReactNode;
}

/** What a page can ask of its table. */
export interface DataTableAction {
  /** Loads the current page again with the same filters. */
  reload: () => void;
  /** Goes back to the first page and loads it. */
  reloadAndRest: () => void;
  /** Unticks every selected row. */
  clearSelected: () => void;
}

export type ColumnsShown = Record<string, { show?: boolean }>;

/**
 * Mirrors the search form in the address bar (`?name=…&current=1&pageSize=10`): 'get' turns the
 * address's strings into form values, 'set' the form's values into what the address keeps
 * (src/utils/urlForm.ts urlFormSync).
 */
export type UrlSync = (values: Record<string, unknown>, type: 'get' | 'set') => Record<string, unknown>;

export interface DataTableProps<T, P extends object> extends Pick<
  TableProps<T>,
  'size' | 'tableLayout' | 'scroll' | 'expandable' | 'rowClassName' | 'locale' | 'onChange'
> {
  rowKey: string | ((record: T) => Key);
  columns: DataColumn<T>[];
  /** Loads a page: the search form's values (transformed), `params`, the page and the sort. */
  request?: (params: Partial<P> & PageParams, sort: SortState) => Promise<DataTableResult<T>>;
  /** Extra query values: a change goes back to the first page and loads it. */
  params?: Record<string, unknown>;
  onRequestError?: (error: unknown) => void;
  /** Rows the page loads itself (no `request`); it then drives `pagination` and `loading` too. */
  dataSource?: T[];
  loading?: boolean;
  actionRef?: MutableRefObject<DataTableAction | undefined>;
  formRef?: MutableRefObject<FormInstance | undefined>;
  form?: {
    /** The filters, page and page size live in the address bar too: a reload or a shared link shows the same list. */
    syncToUrl?: true | UrlSync;
    initialValues?: Record<string, unknown>;
  };
  /** The search form above the table; `defaultCollapsed` shows only its first row (default). */
  search?: false | { defaultCollapsed?: boolean };
  /** 查询 was pressed: the form's values (transformed). */
  onSubmit?: (values: Record<string, unknown>) => void;
  /** 重置 was pressed. */
  onReset?: () => void;
  pagination?: false | TablePaginationConfig;
  headerTitle?: ReactNode;
  /** Tabs at the left of the toolbar (e.g. the status tabs of a list). */
  toolbar?: {
    menu: { activeKey: string; items: Array<{ key: string; label: ReactNode }>; onChange: (key: string) => void };
  };
  /** The page's buttons at the right of the toolbar. */
  toolBarRender?: () => ReactNode[];
  /** The toolbar's icons: 刷新 (true reloads the table; a function does what the page needs), 表格密度, 列设置. */
  options?: false | { reload?: boolean | (() => void); density?: boolean; setting?: boolean };
  /** The column settings' choice, kept in this browser under `persistenceKey`. */
  columnsState?: { persistenceKey: string; defaultValue?: ColumnsShown; onChange?: (shown: ColumnsShown) => void };
  rowSelection?: NonNullable<TableProps<T>['rowSelection']>;
  /** What the bar above the table says while rows are selected. */
  tableAlertRender?: (info: { selectedRowKeys: Key[] }) => ReactNode;
  /** The bar's buttons (default: 取消选择). */
  tableAlertOptionRender?: () => ReactNode;
  /** No card around the table: for a table inside a drawer. */
  plain?: boolean;
}
