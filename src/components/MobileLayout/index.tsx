/**
 * The frame of every /app phone page (antd-mobile only: no antd or echarts here):
 * a sticky bar with the title and a back arrow, the content, an optional fixed action bar and an
 * optional bottom TabBar, with safe-area padding. While mounted, request errors show as Toasts.
 * The bar's right end always holds the large-text switch (大字), which applies to every /app page.
 */
import { history, useAccess, useLocation } from '@umijs/max';
// The build imports antd-mobile per component (.umirc.ts), so its global styles come in here, once.
import 'antd-mobile/es/global';
import { TabBar } from 'antd-mobile';
import { AppOutline, ChatCheckOutline, LeftOutline, UnorderedListOutline, UserCircleOutline, UserOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { type FeedbackKind, registerFeedback, unregisterFeedback } from '@/utils/feedback';
import { canOpenPhoneEntry } from '@/utils/routeAccess';
import NoticeBell from './NoticeBell';
import { useLargeText, useLargeTextRoot } from './largeText';
import { showToast } from './toast';
import { ContentBoundary } from '../ErrorBoundary';
import './index.css';

export const APP_HOME = '/app/index';

// Each person sees the tabs they may open (canOpenPhoneEntry): 我的任务 for cadres, 服务 for any
// account, 登录 for a visitor.
const TABS = [
  { key: '/app/index', title: '首页', icon: <AppOutline /> },
  { key: '/app/taskList', title: '任务', icon: <UnorderedListOutline /> },
  { key: '/app/service', title: '服务', icon: <ChatCheckOutline /> },
  { key: '/app/mytask', title: '我的任务', icon: <UserOutline /> },
  { key: '/user/login', title: '登录', icon: <UserCircleOutline /> },
];

const TOAST_ICONS: Partial<Record<FeedbackKind, 'success' | 'fail'>> = { success: 'success', error: 'fail' };

const toastFeedback = {
  message(kind: FeedbackKind, text: string) {
    void showToast({ icon: TOAST_ICONS[kind], content: text });
  },
  notification(kind: FeedbackKind, title: string, text: string) {
    void showToast({ icon: TOAST_ICONS[kind], content: `${title}：${text}`, duration: 3000 });
  },
};

// Two phone frames can be mounted for a moment during a route change: register once, release last.
let mountedFrames = 0;
function useToastFeedback() {
  useEffect(() => {
    mountedFrames += 1;
    registerFeedback(toastFeedback);
    return () => {
      mountedFrames -= 1;
      if (mountedFrames === 0) unregisterFeedback(toastFeedback);
    };
  }, []);
}

/** The bar's 大字 switch: a pressed button while large text is on. */
function LargeTextToggle() {
  const [large, setLarge] = useLargeText();
  return (
    <button
      type="button"
      className={`m-layout-text-toggle${large ? ' m-layout-text-toggle-on' : ''}`}
      aria-pressed={large}
      aria-label="大字模式"
      title={large ? '恢复标准字号' : '放大页面文字'}
      onClick={() => setLarge(!large)}
    >
      <span aria-hidden="true">大字</span>
    </button>
  );
}

/** Back through the app's own history when there is some, else to the fallback page. */
export function goBack(fallback: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) history.back();
  else history.replace(fallback);
}

interface MobileLayoutProps {
  title: ReactNode;
  /** A back arrow that goes back, or to this path when the page was opened directly; false hides it. */
  back?: string | false;
  right?: ReactNode;
  /**
   * Show the bottom TabBar (首页 / 任务 / 服务 / 我的任务, as far as the user may open them) and, for a
   * signed-in person, the bell of their notices in the bar.
   */
  tabBar?: boolean;
  /** A bar fixed at the bottom (e.g. the page's main button). */
  footer?: ReactNode;
  children?: ReactNode;
}

export default function MobileLayout({ title, back = APP_HOME, right, tabBar = false, footer, children }: MobileLayoutProps) {
  useToastFeedback();
  useLargeTextRoot();
  const { pathname } = useLocation();
  const access = useAccess();
  const tabs = TABS.filter((tab) => canOpenPhoneEntry(access, tab.key));
  const activeTab = tabs.find((tab) => pathname === tab.key || pathname.startsWith(`${tab.key}/`))?.key ?? null;
  const bottomClass = [footer ? 'm-layout-has-footer' : '', tabBar ? 'm-layout-has-tabbar' : ''].join(' ');

  return (
    <div className={`m-layout ${bottomClass}`}>
      <header className="m-layout-header">
        {/* Not antd-mobile's NavBar: it marks its left slot role="button", which nests our back button in another. */}
        <div className={`m-layout-nav${back === false ? ' m-layout-nav-bare' : ''}`}>
          <div className="m-layout-nav-left">
            {back !== false ? (
              <button type="button" className="m-layout-back" aria-label="返回" onClick={() => goBack(back)}>
                <LeftOutline />
              </button>
            ) : null}
          </div>
          <div className="m-layout-nav-title">{title}</div>
          <div className="m-layout-nav-right">
            {right}
            {tabBar && access.signedIn ? <NoticeBell /> : null}
            <LargeTextToggle />
          </div>
        </div>
      </header>
      <main className="m-layout-body">
        {/* A part that fails (a chunk that did not arrive) leaves the bar and the tab bar in place. */}
        <ContentBoundary>{children}</ContentBoundary>
      </main>
      {footer || tabBar ? (
        <div className="m-layout-bottom">
          {footer ? <div className="m-layout-footer">{footer}</div> : null}
          {tabBar ? (
            <nav aria-label="底部导航">
              <TabBar activeKey={activeTab} onChange={(key) => history.push(key)} safeArea>
                {tabs.map((tab) => (
                  <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} />
                ))}
              </TabBar>
            </nav>
          ) : (
            <div className="m-layout-safe-bottom" />
          )}
        </div>
      ) : null}
    </div>
  );
}
