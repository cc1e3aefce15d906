/**
 * A yes/no question before something that cannot be undone. antd-mobile's Dialog loads with the
 * first question, as the Toast does (toast.ts), so pages that never ask do not carry it. If it
 * cannot load, the answer is no.
 */
export const confirmAction = (options: { title: string; content: string; confirmText: string }) =>
  import('antd-mobile/es/components/dialog')
    .then(({ default: Dialog }) =>
      Dialog.confirm({ title: options.title, content: options.content, confirmText: options.confirmText, cancelText: '取消' }),
    )
    .catch(() => false);
