import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import React, { useEffect } from 'react';
import { PRIMARY_COLOR } from '@common/constants';
import { type FeedbackApi, registerFeedback, unregisterFeedback } from '@/utils/feedback';

dayjs.locale('zh-cn');

/** Hands antd's theme-aware message and notification to code outside React (request errors). */
function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    const api: FeedbackApi = {
      message: (kind, text) => message[kind](text),
      notification: (kind, title, text) => notification[kind]({ message: title, description: text }),
    };
    registerFeedback(api);
    return () => unregisterFeedback(api);
  }, [message, notification]);
  return null;
}

/** antd's Chinese locale, theme and App context: for admin pages and the antd pages outside it. */
export default function AntdProviders({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}
