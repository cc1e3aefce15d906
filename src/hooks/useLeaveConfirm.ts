import { App } from 'antd';
import type { History } from 'history';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, useLocation } from 'react-router';
import { useWorkbenchTab } from '@/components/Workbench/context';

/**
 * While `dirty`, leaving the page inside the app asks first, and closing or reloading the tab gets
 * the browser's own warning. Call the returned `release()` right before navigating away after a
 * successful save.
 *
 * In a workbench tab (ADR 0032) going to another page keeps this one, so that is let through
 * without a question; moving within the page (another village's form) still asks. The tab is
 * marked, closing or refreshing it asks, and `release()` closes the finished tab once the user is
 * elsewhere.
 */
export function useLeaveConfirm(dirty: boolean, content = '填写的内容还没有保存，离开后将丢失。') {
  const { modal } = App.useApp();
  const unblockRef = useRef<() => void>();
  const tab = useWorkbenchTab();
  const { pathname: ownPath } = useLocation();
  // The router's own history (the app's, or a test's memory router).
  const history = useContext(NavigationContext).navigator as History;

  useEffect(() => {
    if (!tab) return undefined;
    tab.setDirty(dirty);
    return () => tab.setDirty(false);
  }, [tab, dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    let asking = false;
    let unblock = () => {};
    const block = () => {
      unblock = history.block((transition) => {
        // Another tab's navigation, or a way to another tab: this page stays as it is.
        if (tab && (history.location.pathname !== ownPath || transition.location.pathname !== ownPath)) {
          unblock();
          transition.retry();
          block();
          return;
        }
        if (asking) return;
        asking = true;
        modal.confirm({
          title: '离开此页面？',
          content,
          okText: '离开',
          okButtonProps: { danger: true },
          cancelText: '留在此页',
          onOk: () => {
            unblock();
            transition.retry();
          },
          afterClose: () => {
            asking = false;
          },
        });
      });
      unblockRef.current = unblock;
    };
    block();
    return () => {
      unblock();
      unblockRef.current = undefined;
    };
  }, [dirty, content, modal, tab, ownPath, history]);

  return useCallback(() => {
    unblockRef.current?.();
    unblockRef.current = undefined;
    tab?.setDirty(false);
    tab?.closeOnLeave();
  }, [tab]);
}
