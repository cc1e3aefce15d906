// pro-field's date fields import antd's DatePicker (~30 KiB gzip with its panels) on every ProTable
// page, though a list only shows dates as text until someone opens a date filter. .umirc.ts points
// pro-field's DatePicker, RangePicker and TimePicker modules at the files in this folder (ADR 0029):
// read mode renders without the picker where the text is simple, edit mode loads pro-field's own
// field on first use, showing a disabled box of the same size meanwhile.
import { Input } from 'antd';
import React, { Suspense } from 'react';

export interface DateFieldProps {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  format?: unknown;
  render?: (text: unknown, props: object, dom: React.ReactNode) => React.ReactNode;
  fieldProps?: { format?: unknown; placeholder?: string | string[]; style?: React.CSSProperties };
}

function placeholderOf(props: DateFieldProps) {
  const placeholder = props.fieldProps?.placeholder;
  return Array.isArray(placeholder) ? placeholder.join(' ~ ') : (placeholder ?? '请选择');
}

/** A field that loads `load()`'s component on first render; `read` renders read mode without it. */
export function lazyField<P extends object>(
  load: () => Promise<{ default: React.ComponentType<P> }>,
  read?: (props: DateFieldProps) => React.ReactNode,
): React.ForwardRefExoticComponent<DateFieldProps & React.RefAttributes<unknown>> {
  // pro-field passes its own props through unchanged: the wrapper only reads mode and fieldProps.
  const Real = React.lazy(load) as unknown as React.ComponentType<DateFieldProps & React.RefAttributes<unknown>>;
  return React.forwardRef<unknown, DateFieldProps>(function LazyDateField(props, ref) {
    if (props.mode === 'read' && read) return <>{read(props)}</>;
    const fallback = props.mode === 'read' ? null : <Input disabled placeholder={placeholderOf(props)} style={props.fieldProps?.style} />;
    return (
      <Suspense fallback={fallback}>
        <Real {...props} ref={ref} />
      </Suspense>
    );
  });
}
