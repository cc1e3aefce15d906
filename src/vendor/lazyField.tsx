// A pro-field component loaded on first render (ADR 0047). pro-field's index imports every value
// type's component, and with them antd's DatePicker, InputNumber, Cascader, TreeSelect, Slider…,
// on every admin page, though a list shows text, selects and dates. config/proTrim.ts answers those
// imports with a `lazyField` of the real component: read mode renders without it where that is
// simple (dates), otherwise the real component loads when first rendered, with a disabled box of
// the same kind meanwhile in a form.
import { Input } from 'antd';
import React, { Suspense } from 'react';

export interface FieldProps {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  format?: unknown;
  render?: (text: unknown, props: object, dom: React.ReactNode) => React.ReactNode;
  fieldProps?: { format?: unknown; placeholder?: string | string[]; style?: React.CSSProperties };
}

function placeholderOf(props: FieldProps) {
  const placeholder = props.fieldProps?.placeholder;
  return Array.isArray(placeholder) ? placeholder.join(' ~ ') : (placeholder ?? '请选择');
}

/** A field that loads `load()`'s component on first render; `read` renders read mode without it. */
export function lazyField<P extends object>(
  load: () => Promise<{ default: React.ComponentType<P> }>,
  read?: (props: FieldProps) => React.ReactNode,
): React.ForwardRefExoticComponent<FieldProps & React.RefAttributes<unknown>> {
  // pro-field passes its own props through unchanged: the wrapper only reads mode and fieldProps.
  const Real = React.lazy(load) as unknown as React.ComponentType<FieldProps & React.RefAttributes<unknown>>;
  return React.forwardRef<unknown, FieldProps>(function LazyField(props, ref) {
    if (props.mode === 'read' && read) return <>{read(props)}</>;
    const fallback = props.mode === 'read' ? null : <Input disabled placeholder={placeholderOf(props)} style={props.fieldProps?.style} />;
    return (
      <Suspense fallback={fallback}>
        <Real {...props} ref={ref} />
      </Suspense>
    );
  });
}
