import { App, ConfigProvider } from 'antd';
// The ES module: `antd/locale/zh_CN` is the CommonJS build, which brings its own copy of the locales (ADR 0060).
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import React, { useEffect, useState } from 'react';
import { type FeedbackApi, registerFeedback, unregisterFeedback } from '@/utils/feedback';
import { useAntdAriaFixes } from './antdAria';
import { antdTheme } from './theme';

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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Follows the system's "reduce motion" setting, which older office PCs and some users turn on. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => setReduced(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return reduced;
}

/** antd's Chinese locale and the platform's theme (src/components/theme.ts), and antd's ARIA slips mended (./antdAria.ts). */
export function AntdTheme({ children }: { children: React.ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  useAntdAriaFixes();
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme(!reducedMotion)}>
      {children}
    </ConfigProvider>
  );
}

/** antd's Chinese locale, theme and App context: for admin pages and the antd pages outside it. */
export default function AntdProviders({ children }: { children: React.ReactNode }) {
  return (
    <AntdTheme>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </AntdTheme>
  );
}
