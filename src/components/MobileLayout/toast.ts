/**
 * antd-mobile's Toast brings the mask and react-spring (about 20 KiB): it loads with the first
 * message, not with every phone page. If it cannot load, the message is lost, nothing else.
 */
export const showToast = (options: { icon?: 'success' | 'fail'; content: string; duration?: number }) =>
  import('antd-mobile/es/components/toast')
    .then(({ default: Toast }) => {
      Toast.show(options);
    })
    .catch(() => undefined);
