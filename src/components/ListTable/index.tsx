import { type ParamsType, ProTable, type ProTableProps } from '@ant-design/pro-components';
import type { TablePaginationConfig } from 'antd';
import { isValidElement, type KeyboardEvent, type ReactNode, useState } from 'react';
import { readUrlQuery, writeUrlQuery } from './urlQuery';
import './listTable.css';

export type { ActionType, ProColumns, ProFormInstance } from '@ant-design/pro-components';

/** The one wording of a list's total, on every list. */
export const showTotal = (total: number) => `共 ${total} 条`;

export type ListTableProps<T, P extends ParamsType> = Omit<ProTableProps<T, P>, 'columnsState'> & {
  /**
   * The column settings (⚙: shown, order, pinned) of this list, kept per signed-in user in this
   * browser; `useFitColumns` (src/utils/table.ts) builds it with the table's scroll width.
   */
  columnsState?: ProTableProps<T, P>['columnsState'];
  /** No card around the table: for a table inside a drawer. */
  plain?: boolean;
  /** What the selection bar says while rows are selected (default: 已选择 N 项). */
  tableAlertRender?: ProTableProps<T, P>['tableAlertRender'];
};

/** The toolbar's icons by their option key, as a screen reader names them. */
const OPTION_NAMES: Record<string, string> = { reload: '刷新', density: '表格密度', setting: '列设置', fullScreen: '全屏' };

/**
 * Enter or Space on an icon does what a click on it does (opens the density menu, the column settings…).
 * Only on the button itself: keys pressed inside the menu or panel it opened reach it too (React's
 * portals), and must stay theirs (Space ticks a column's box).
 */
const pressIcon = (event: KeyboardEvent<HTMLSpanElement>) => {
  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
  event.preventDefault();
  event.currentTarget.querySelector<HTMLElement>('.anticon')?.click();
};

/**
 * ProTable draws its toolbar icons as bare spans a keyboard never reaches: each becomes a named,
 * focusable button around the same icon (its Tooltip, menu or panel unchanged).
 */
const keyboardOptions = (_: unknown, icons: ReactNode[]) =>
  icons.map((icon) => {
    const key = isValidElement(icon) ? String(icon.key) : '';
    return (
      <span
        key={key}
        role="button"
        tabIndex={0}
        aria-label={OPTION_NAMES[key]}
        className="list-table-option"
        onKeyDown={pressIcon}
        // A click on the button's own edge (not on the icon) does the same.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.querySelector<HTMLElement>('.anticon')?.click();
        }}
      >
        {icon}
      </span>
    );
  });

/**
 * Every admin list: ProTable with what all our lists share and ProTable leaves open — `共 N 条` and
 * the page-size changer, the toolbar's 刷新 / 表格密度 / 列设置 (drag to reorder, pin) / 全屏, the
 * search form's labels sized to their text, and the selection bar's 取消选择. The page gives the
 * columns, `request` (src/utils/table.ts toTableResult adapts our list answer), the status tabs
 * (`toolbar.menu`), its buttons (`toolBarRender`, e.g. ExportButton) and, with `form.syncToUrl`,
 * keeps the search form in the address bar. docs/decisions/0043-lists-on-protable.md.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own bound on a row type
export default function ListTable<T extends Record<string, any>, P extends ParamsType = ParamsType>(props: ListTableProps<T, P>) {
  const { pagination, options, search, plain, className, tableAlertOptionRender, toolbar, form, size, defaultSize, ...rest } = props;
  const syncToUrl = form?.syncToUrl;
  // The page and its size live in the address bar beside the filters: a shared link opens that page.
  const [fromUrl] = useState(() => {
    if (!syncToUrl) return {};
    const { current, pageSize } = readUrlQuery();
    return { defaultCurrent: Number(current) || undefined, defaultPageSize: Number(pageSize) || undefined };
  });
  const given = pagination === false ? undefined : (pagination as TablePaginationConfig | undefined);
  const paging: false | TablePaginationConfig =
    pagination === false
      ? false
      : {
          showTotal,
          showSizeChanger: true,
          ...given,
          ...(fromUrl.defaultCurrent ? { defaultCurrent: fromUrl.defaultCurrent } : {}),
          ...(fromUrl.defaultPageSize ? { defaultPageSize: fromUrl.defaultPageSize } : {}),
          onChange: (current, pageSize) => {
            given?.onChange?.(current, pageSize);
            if (syncToUrl) writeUrlQuery({ current, pageSize });
          },
        };
  const alertOptions =
    tableAlertOptionRender ??
    (({ onCleanSelected }: { onCleanSelected: () => void }): ReactNode => (
      <button type="button" className="list-table-link" onClick={onCleanSelected}>
        取消选择
      </button>
    ));
  return (
    <ProTable<T, P>
      {...rest}
      className={[plain ? 'list-table list-table-plain' : 'list-table', className].filter(Boolean).join(' ')}
      cardBordered={false}
      pagination={paging}
      // The address's filters win over a column's default; 重置 goes back to the columns' defaults, not to
      // the address the page was opened with.
      form={syncToUrl ? { syncToUrlAsImportant: true, syncToInitialValues: false, ...form } : form}
      search={search === false ? false : { labelWidth: 'auto', ...search }}
      options={
        options === false
          ? false
          : { reload: true, density: true, fullScreen: true, setting: { draggable: true, checkable: true, listsHeight: 400 }, ...options }
      }
      // Status tabs as antd's Tabs (arrow keys move between them), not ProTable's clickable text.
      toolbar={toolbar?.menu ? { ...toolbar, menu: { type: 'tab', ...toolbar.menu } } : toolbar}
      tableAlertOptionRender={alertOptions}
      optionsRender={keyboardOptions}
      ghost={plain}
      // A page's size (ADMIN_TABLE's compact rows) is where the density starts: passed as `size` it
      // would hold the table there and the 表格密度 menu would change nothing.
      defaultSize={defaultSize ?? size}
    />
  );
}
