import { Button, Drawer, Grid, Result, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';

interface Props<T extends { id: number }> {
  /** What the record is, in the title and messages: 诉求, 随手拍. */
  what: string;
  /** The record the URL names; the drawer is open while there is one. */
  id?: number;
  /** The loaded record (it may still be the previous one while the next loads). */
  record?: T;
  /** The load failed: why. */
  error?: string;
  onRetry: () => void;
  onClose: () => void;
  /** The steps the record's state allows, at the top right. */
  actions: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}

/** A titled block of a detail drawer. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="people-section">
    <div className="people-section-title">{title}</div>
    {children}
  </section>
);

/** The detail drawer of a people-service list: loading, a failed load with a retry, or the record with its actions. */
export default function DetailDrawer<T extends { id: number }>({ what, id, record, error, onRetry, onClose, actions, children }: Props<T>) {
  const screens = Grid.useBreakpoint();
  const shown = record?.id === id ? record : undefined;
  const bodyRef = useRef<HTMLDivElement>(null);
  // A step (受理, 答复…) changes the record's state and with it the buttons: the one that had the
  // focus is gone and the focus fell to the page, where Esc and Tab no longer reach the drawer.
  // It goes to the first step the new state offers, or else the drawer's close button.
  useEffect(() => {
    if (!shown) return undefined;
    const refocus = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const drawer = bodyRef.current?.closest('.ant-drawer-content');
      drawer?.querySelector<HTMLElement>('.ant-drawer-extra button:not(:disabled), .ant-drawer-close')?.focus();
    };
    // Now, and once the step's dialog has closed and handed back the focus to a button now gone.
    const timers = [window.setTimeout(refocus), window.setTimeout(refocus, 500)];
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [shown]);

  let body: ReactNode;
  if (error && !shown) {
    body = <Result status="warning" title={`${what}加载失败`} subTitle={error} extra={<Button onClick={onRetry}>重试</Button>} />;
  } else if (!shown) {
    body = <Skeleton active paragraph={{ rows: 12 }} />;
  } else {
    body = children(shown);
  }

  return (
    <Drawer
      title={shown ? `${what}详情 #${shown.id}` : `${what}详情`}
      open={!!id}
      onClose={onClose}
      width={screens.md ? 760 : '100%'}
      destroyOnHidden
      extra={shown ? actions(shown) : null}
    >
      <div ref={bodyRef}>{body}</div>
    </Drawer>
  );
}
