// pro-field renders every ProTable/ProForm value type through one switch that imports all of them,
// so each admin list page carried the cascader, slider, colour picker (with a second, pre-antd-5.5
// picker library), rate, segmented, image preview, tree select, progress, switch, money and other
// components (~60 KiB gzip) though no column here uses them.
// .umirc.ts points those value types' modules here (ADR 0016): their value is shown and edited as
// plain text. scripts/check-bundle.ts fails the build if a page starts using one of them.
import { Input } from 'antd';
import React from 'react';

/** The value types answered here; check-bundle.ts refuses them in src/. */
export const PLAIN_VALUE_TYPES = [
  'cascader',
  'code',
  'jsonCode',
  'color',
  'digitRange',
  'fromNow',
  'image',
  'money',
  'password',
  'percent',
  'progress',
  'rate',
  'second',
  'segmented',
  'slider',
  'switch',
  'treeSelect',
];

interface PlainFieldProps {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  render?: (text: unknown, props: object, dom: React.ReactNode) => React.ReactNode;
  renderFormItem?: (text: unknown, props: object, dom: React.ReactNode) => React.ReactNode;
  fieldProps?: { value?: unknown; onChange?: (value: string) => void; placeholder?: string };
}

const asText = (value: unknown) =>
  value === undefined || value === null || value === '' ? '-' : Array.isArray(value) ? value.join(' / ') : String(value);

function PlainField({ text, mode, render, renderFormItem, fieldProps }: PlainFieldProps) {
  if (mode === 'read') {
    const dom = <>{asText(text)}</>;
    return <>{render ? render(text, { mode, ...fieldProps }, dom) : dom}</>;
  }
  if (mode === 'edit' || mode === 'update') {
    const dom = (
      <Input
        value={fieldProps?.value === undefined || fieldProps.value === null ? undefined : String(fieldProps.value)}
        placeholder={fieldProps?.placeholder}
        onChange={(event) => fieldProps?.onChange?.(event.target.value)}
      />
    );
    return <>{renderFormItem ? renderFormItem(text, { mode, ...fieldProps }, dom) : dom}</>;
  }
  return null;
}

export default React.forwardRef(function PlainFieldWithRef(props: PlainFieldProps, _ref: React.Ref<unknown>) {
  return <PlainField {...props} />;
});
