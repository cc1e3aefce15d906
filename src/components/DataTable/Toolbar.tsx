import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Checkbox, Dropdown, Popover, Tabs, Tooltip } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { ReactNode } from 'react';
import type { ColumnsShown } from './types';

/** A toolbar icon: a real button (keyboard and screen readers reach it) named as its tooltip. */
function ToolButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick?: () => void }) {
  return (
    <Tooltip title={label}>
      <button type="button" className="data-table-option" aria-label={label} onClick={onClick}>
        {icon}
      </button>
    </Tooltip>
  );
}

const DENSITIES = [
  { key: 'large', label: '宽松' },
  { key: 'middle', label: '中等' },
  { key: 'small', label: '紧凑' },
];

/** 表格密度: the rows' height. */
function Density({ size, onChange }: { size: SizeType; onChange: (size: SizeType) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: DENSITIES,
        selectable: true,
        selectedKeys: [size ?? 'large'],
        style: { width: 80 },
        onClick: ({ key }) => onChange(key as SizeType),
      }}
    >
      <span>
        <ToolButton label="表格密度" icon={<ColumnHeightOutlined />} />
      </span>
    </Dropdown>
  );
}

export interface SettingColumn {
  key: string;
  title: ReactNode;
}

/** 列设置: which columns show; 重置 goes back to the table's default choice. */
function ColumnSettings({
  columns,
  shown,
  onChange,
  onReset,
}: {
  columns: SettingColumn[];
  shown: ColumnsShown;
  onChange: (shown: ColumnsShown) => void;
  onReset: () => void;
}) {
  const isShown = (key: string) => shown[key]?.show !== false;
  const count = columns.filter((column) => isShown(column.key)).length;
  const showAll = (show: boolean) =>
    onChange({ ...shown, ...Object.fromEntries(columns.map((column) => [column.key, { ...shown[column.key], show }])) });
  return (
    <Popover
      arrow={false}
      trigger="click"
      placement="bottomRight"
      title={
        <div className="data-table-settings-title">
          <Checkbox
            indeterminate={count > 0 && count < columns.length}
            checked={count === columns.length}
            onChange={(event) => showAll(event.target.checked)}
          >
            列展示
          </Checkbox>
          <a onClick={onReset}>重置</a>
        </div>
      }
      content={
        <ul className="data-table-settings-list">
          {columns.map((column) => (
            <li key={column.key}>
              <Checkbox
                checked={isShown(column.key)}
                onChange={(event) => onChange({ ...shown, [column.key]: { ...shown[column.key], show: event.target.checked } })}
              >
                {column.title}
              </Checkbox>
            </li>
          ))}
        </ul>
      }
    >
      <span>
        <ToolButton label="列设置" icon={<SettingOutlined />} />
      </span>
    </Popover>
  );
}

interface Props {
  title?: ReactNode;
  tabs?: { activeKey: string; items: Array<{ key: string; label: ReactNode }>; onChange: (key: string) => void };
  actions: ReactNode[];
  onReload?: () => void;
  density?: { size: SizeType; onChange: (size: SizeType) => void };
  settings?: { columns: SettingColumn[]; shown: ColumnsShown; onChange: (shown: ColumnsShown) => void; onReset: () => void };
}

/** The bar above a table: its title or tabs at the left; the page's buttons and the table's icons at the right. */
export default function Toolbar({ title, tabs, actions, onReload, density, settings }: Props) {
  return (
    <div className="data-table-toolbar">
      <div className="data-table-toolbar-left">
        {tabs ? (
          <Tabs activeKey={tabs.activeKey} items={tabs.items} onChange={tabs.onChange} />
        ) : title ? (
          <div className="data-table-toolbar-title">{title}</div>
        ) : null}
      </div>
      <div className="data-table-toolbar-right">
        {actions}
        {onReload || density || settings ? (
          <span className="data-table-options">
            {onReload ? <ToolButton label="刷新" icon={<ReloadOutlined />} onClick={onReload} /> : null}
            {density ? <Density {...density} /> : null}
            {settings ? <ColumnSettings {...settings} /> : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
