import { DownOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Input, Row, Select } from 'antd';
import { cloneElement, isValidElement, lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import type { DataColumn } from './types';

const RangeField = lazy(() => import('./RangeField'));

/** A search field: the column's name in the form and how it is edited. */
export interface SearchItem<T> {
  name: string;
  column: DataColumn<T>;
}

/**
 * How many fields share a row at the form's width, and whether labels sit beside (horizontal) or
 * above (vertical) them. These are ProTable's steps, so the forms keep the seed's look.
 */
function layoutFor(width: number): { columns: number; layout: 'horizontal' | 'vertical' } {
  if (width < 513) return { columns: 1, layout: 'vertical' };
  if (width < 701) return { columns: 2, layout: 'vertical' };
  if (width < 1352) return { columns: 3, layout: 'horizontal' };
  return { columns: 4, layout: 'horizontal' };
}

/** The field that edits a column's value; the Form.Item around it adds `id`, `value` and `onChange`. */
function SearchField<T>({ column, hidden, ...injected }: { column: DataColumn<T>; hidden: boolean } & Record<string, unknown>) {
  const { fieldProps = {}, valueEnum } = column;
  if (column.renderFormItem) {
    const own = column.renderFormItem();
    return isValidElement(own) ? cloneElement(own, injected) : own;
  }
  if (column.valueType === 'select') {
    const options = fieldProps.options ?? Object.entries(valueEnum ?? {}).map(([value, item]) => ({ value, label: item.text }));
    const { placeholder, ...rest } = fieldProps;
    return (
      <Select
        allowClear
        style={{ width: '100%' }}
        {...rest}
        placeholder={typeof placeholder === 'string' ? placeholder : '请选择'}
        options={options}
        {...injected}
      />
    );
  }
  if (column.valueType === 'dateRange') {
    const placeholder: [string, string] = Array.isArray(fieldProps.placeholder) ? fieldProps.placeholder : ['请选择', '请选择'];
    // A folded-away date range waits with its picker until the form opens.
    const waiting = <Input disabled placeholder={`${placeholder[0]} → ${placeholder[1]}`} />;
    return hidden ? (
      waiting
    ) : (
      <Suspense fallback={waiting}>
        <RangeField placeholder={placeholder} {...injected} />
      </Suspense>
    );
  }
  const { placeholder, maxLength } = fieldProps;
  return <Input allowClear placeholder={typeof placeholder === 'string' ? placeholder : '请输入'} maxLength={maxLength} {...injected} />;
}

interface Props<T> {
  items: SearchItem<T>[];
  form: FormInstance;
  initialValues: Record<string, unknown>;
  defaultCollapsed: boolean;
  loading: boolean;
  onSearch: () => void;
  onReset: () => void;
}

/**
 * The search form above a table: its fields in rows, 重置 and 查询 after the last field, and
 * 展开/收起 when the fields take more than a row (folded away, a field keeps its value).
 */
export default function SearchForm<T>({ items, form, initialValues, defaultCollapsed, loading, onSearch, onReset }: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  // Field ids unique to this form: kept-alive pages of the workbench each have their own form.
  const formName = `search${useId().replace(/[^a-z0-9]/gi, '')}`;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // A page hidden in the workbench measures 0: it keeps its layout for when it shows again.
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { columns, layout } = layoutFor(width);
  const span = 24 / columns;
  // Folded, the first row holds the first fields and the buttons.
  const shownFolded = Math.max(1, columns - 1);
  const foldable = items.length * span >= 24 && items.length > shownFolded;
  const isHidden = (index: number) => collapsed && foldable && index >= shownFolded;
  const shownSpan = items.filter((_, index) => !isHidden(index)).length * span;
  const used = shownSpan % 24;
  const offset = used + span > 24 ? 24 - span : 24 - used - span;

  return (
    <div className="data-table-search" ref={box}>
      <Form
        form={form}
        name={formName}
        layout={layout}
        autoComplete="off"
        initialValues={initialValues}
        onFinish={onSearch}
        className="data-table-search-form"
      >
        <Row gutter={24} className="data-table-search-row">
          {items.map(({ name, column }, index) => (
            // Folded away, a field stays in the form (its value counts) but takes no room.
            <Col key={name} span={span} style={isHidden(index) ? { display: 'none' } : undefined}>
              <Form.Item name={name} label={column.formItemProps?.label ?? column.title}>
                <SearchField column={column} hidden={isHidden(index)} />
              </Form.Item>
            </Col>
          ))}
          <Col span={span} offset={offset} className="data-table-search-actions">
            <Form.Item label=" " colon={false}>
              <span className="data-table-search-buttons">
                <Button onClick={onReset}>重置</Button>
                <Button type="primary" htmlType="submit" loading={loading}>
                  查询
                </Button>
                {foldable ? (
                  <button
                    type="button"
                    className="data-table-search-fold"
                    aria-expanded={!collapsed}
                    onClick={() => setCollapsed(!collapsed)}
                  >
                    {collapsed ? '展开' : '收起'}
                    <DownOutlined className={collapsed ? undefined : 'data-table-search-fold-open'} />
                  </button>
                ) : null}
              </span>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
