// ProTable's column settings (列设置) bring antd's Tree, rc-tree, Checkbox and Popover (~20 KiB gzip)
// to every list page, though the panel opens only when someone clicks its icon. config/proTrim.ts points
// pro-table's toolbar at this module (ADR 0047): it shows the same icon, starts loading the real
// panel when the pointer or focus reaches it, and opens it once loaded if it was clicked meanwhile.
import { SettingOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import React, { Suspense, useCallback, useEffect, useRef, useState } from 'react';

interface ColumnSettingProps {
  children?: React.ReactNode;
  settingIcon?: React.ReactNode;
}

const load = () => import('@ant-design/pro-table/es/components/ColumnSetting/index.js');
const Real = React.lazy(load) as unknown as React.ComponentType<ColumnSettingProps>;

export default function LazyColumnSetting(props: ColumnSettingProps) {
  const [wanted, setWanted] = useState(false);
  const real = useRef<HTMLSpanElement | null>(null);
  const clicked = useRef(false);
  // The real panel opens on a click of its trigger: once that trigger is mounted, replay the click
  // that asked for the panel before its code had arrived.
  const realTrigger = useCallback((element: HTMLSpanElement | null) => {
    real.current = element;
    if (!element || !clicked.current) return;
    clicked.current = false;
    window.setTimeout(() => element.click(), 0);
  }, []);
  const prepare = () => {
    if (wanted) return;
    void load();
    setWanted(true);
  };
  const trigger = (ref?: React.Ref<HTMLSpanElement>) => (
    <span ref={ref}>{props.children ?? <Tooltip title="列设置">{props.settingIcon ?? <SettingOutlined />}</Tooltip>}</span>
  );
  // antd's Popover closes on Escape only while focus is on its own trigger, which the toolbar's button
  // (ListTable) wraps, so Escape did nothing. Escape now closes an open panel and puts focus back on the
  // button: from inside the panel (its events reach this span through React's portal; stopped here so a
  // drawer around the list stays open) and from the button or anywhere else, as antd's menus do.
  const close = useCallback(() => {
    const open = real.current;
    if (!open?.classList.contains('ant-popover-open')) return false;
    open.click();
    (open.closest<HTMLElement>('[role="button"], button') ?? open).focus();
    return true;
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && close()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [close]);
  const closeOnEscape = (event: React.KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Escape' || !close()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <span
      onPointerEnter={prepare}
      onFocus={prepare}
      onKeyDown={closeOnEscape}
      onClick={(event) => {
        const trigger = real.current;
        // A click on the real trigger is the panel's own, and so is one inside the open panel (it
        // reaches this span through React's portal: passed on, it closed the panel). When the real
        // trigger replaced the placeholder between the press and the release, the browser sends the
        // click to this span instead: pass it on, or the panel would not open.
        if (trigger?.contains(event.target as Node) || !event.currentTarget.contains(event.target as Node)) return;
        if (trigger) {
          trigger.click();
          return;
        }
        clicked.current = true;
        prepare();
      }}
    >
      {wanted ? (
        <Suspense fallback={trigger()}>
          <Real {...props}>{trigger(realTrigger)}</Real>
        </Suspense>
      ) : (
        trigger()
      )}
    </span>
  );
}
