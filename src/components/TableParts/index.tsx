import { DownOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { type ButtonHTMLAttributes, Children, forwardRef, type ReactNode } from 'react';
import './tableParts.css';

interface Props {
  /** The row's everyday actions (links), in order. */
  children?: ReactNode;
  /**
   * Actions that delete, refuse or stop something: set apart after a divider, in red. Each one
   * asks first (Popconfirm or a confirm dialog), which the caller attaches.
   */
  danger?: ReactNode;
}

/**
 * A table row's actions, spaced so that neighbouring links never read as one word, destructive
 * ones after a divider. The spacing is on the rendered links themselves, so a child component
 * returning several links (a fragment) is spaced as well.
 */
export function RowActions({ children, danger }: Props) {
  const hasDanger = Children.toArray(danger).length > 0;
  return (
    <span className="row-actions">
      {children}
      {hasDanger ? <span className="row-actions-divider" role="separator" aria-orientation="vertical" /> : null}
      {hasDanger ? danger : null}
    </span>
  );
}

/**
 * A row action or a title that opens something: a button that reads as a link, so Tab reaches it
 * and Enter or Space presses it (an `<a>` without href is skipped by the keyboard). It passes on
 * props and ref, so a Popconfirm or Dropdown around it opens.
 */
export const RowLink = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function RowLink(
  { className, ...props },
  ref,
) {
  return <button ref={ref} type="button" className={className ? `row-link ${className}` : 'row-link'} {...props} />;
});

/**
 * A destructive row action for RowActions' `danger`, in the theme's danger colour: a RowLink, not
 * antd's Typography (8 KiB gzip that every list page would load for a colour, ADR 0037).
 */
export const DangerLink = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function DangerLink(
  { className, ...props },
  ref,
) {
  return <RowLink ref={ref} className={className ? `danger-link ${className}` : 'danger-link'} {...props} />;
});

/**
 * Text cut to one line with an ellipsis; the whole text shows on hover (title), so a narrow column
 * stays readable.
 */
export function CellText({ text, title, className }: { text?: string | null; title?: string; className?: string }) {
  if (!text) return <span className="glp-muted">—</span>;
  return (
    <span className={className ? `cell-text ${className}` : 'cell-text'} title={title ?? text}>
      {text}
    </span>
  );
}

interface MoreItem {
  key: string;
  label: string;
  /** Deletes, refuses or stops something: listed last, after a divider, in red; it must ask first. */
  danger?: boolean;
  /** Why it cannot be done now: the item shows greyed out, with the reason. */
  disabled?: string;
  onClick: () => void;
}

/** 更多 ▾: the row's less frequent actions in a menu, destructive ones last behind a divider. */
export function MoreActions({ items }: { items: MoreItem[] }) {
  if (!items.length) return null;
  const plain = items.filter((item) => !item.danger);
  const danger = items.filter((item) => item.danger);
  const entry = ({ key, label, disabled }: MoreItem) => ({
    key,
    disabled: !!disabled,
    label: disabled ? (
      <span title={disabled}>
        {label}
        <span className="glp-muted">（{disabled}）</span>
      </span>
    ) : (
      label
    ),
  });
  const menu: MenuProps['items'] = [
    ...plain.map(entry),
    ...(plain.length && danger.length ? [{ type: 'divider' as const }] : []),
    ...danger.map((item) => ({ ...entry(item), danger: !item.disabled })),
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items: menu, onClick: ({ key }) => items.find((item) => item.key === key)?.onClick() }}>
      <RowLink aria-haspopup="menu">
        更多 <DownOutlined style={{ fontSize: 10 }} />
      </RowLink>
    </Dropdown>
  );
}
