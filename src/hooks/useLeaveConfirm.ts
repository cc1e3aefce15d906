import { history } from '@umijs/max';
import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';

/**
 * While `dirty`, leaving the page inside the app asks first, and closing or reloading the tab gets
 * the browser's own warning. Call the returned `release()` right before navigating away after a
 * successful save.
 */
export function useLeaveConfirm(dirty: boolean, content = '填写的内容还没有保存，离开后将丢失。') {
  const { modal } = App.useApp();
  const unblockRef = useRef<() => void>();

  useEffect(() => {
    if (!dirty) return undefined;
    let asking = false;
    const unblock = history.block((transition) => {
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
    return () => {
      unblock();
      unblockRef.current = undefined;
    };
  }, [dirty, content, modal]);

  return useCallback(() => {
    unblockRef.current?.();
    unblockRef.current = undefined;
  }, []);
}
