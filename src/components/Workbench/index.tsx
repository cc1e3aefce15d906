import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, ConfigProvider, Dropdown, type MenuProps, Tabs } from 'antd';
import React, { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type Location,
  type NavigationType,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigate,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import PageLoading from '@/loading';
import { routerBase } from '@/utils/session';
import { WorkbenchShownProvider, WorkbenchTabContext, type WorkbenchTabApi } from './context';
import { registerOpener } from './store';
import { arrive, type CloseScope, fromStored, keysToClose, successor, toStored, type WorkbenchTab } from './tabs';
import './workbench.css';

interface KeptPage {
  element: React.ReactNode;
  /** The router location the page sees: its own, frozen while its tab is hidden. */
  value: { location: Location; navigationType: NavigationType };
  version: number;
}

/**
 * One mounted page. Its address is its own (a hidden page never sees another tab's URL, so lists
 * that follow the URL keep their filters), and its drawers, dialogs and dropdowns render inside it,
 * so they hide with it.
 */
const KeptPageView = memo(function KeptPageView({ page, api, shown }: { page: KeptPage; api: WorkbenchTabApi; shown: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const getPopupContainer = useCallback(() => holder.current ?? document.body, []);
  return (
    <div ref={holder} className="workbench-page">
      <ConfigProvider getPopupContainer={getPopupContainer}>
        <WorkbenchTabContext.Provider value={api}>
          <WorkbenchShownProvider value={shown}>
            <LocationContext.Provider value={page.value}>
              {/* A page still loading its code shows the loading state in its own tab only; a page
                  whose code failed to load says so in its own tab, the tab bar stays. */}
              <ErrorBoundary>
                <Suspense fallback={<PageLoading />}>{page.element}</Suspense>
              </ErrorBoundary>
            </LocationContext.Provider>
          </WorkbenchShownProvider>
        </WorkbenchTabContext.Provider>
      </ConfigProvider>
    </div>
  );
});

/** Where the browser really is (list tables write their filters straight into the address). */
function browserUrl(key: string): string | undefined {
  const base = routerBase();
  const pathname = `/${window.location.pathname.slice(base.length)}`;
  return pathname === key ? pathname + window.location.search : undefined;
}

const ACTIONS: Array<{ key: 'refresh' | CloseScope; label: string; icon?: React.ReactNode }> = [
  { key: 'refresh', label: '刷新页面', icon: <ReloadOutlined /> },
  { key: 'this', label: '关闭', icon: <CloseOutlined /> },
  { key: 'others', label: '关闭其他' },
  { key: 'left', label: '关闭左侧' },
  { key: 'right', label: '关闭右侧' },
];

/**
 * The admin pages as tabs above the content (ADR 0032): each page keeps its state while another is
 * shown, up to a bound (src/components/Workbench/tabs.ts); a context menu (and the 标签页操作 button
 * for the keyboard) refreshes or closes tabs. The tab list survives a reload of the browser tab.
 */
export default function Workbench({ userId, titleOf }: { userId?: number; titleOf: (pathname: string) => string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const storageKey = `workbenchTabs:${userId ?? 0}`;
  // The tabs and the address they were settled for. Settling happens in render (the page shown must
  // be the right one at once) and only from this state, so a render React throws away (a page
  // still loading its code) is simply done again.
  const [state, setState] = useState<{ tabs: WorkbenchTab[]; locationKey?: string; active?: string }>(() => ({
    tabs: fromStored(sessionStorage.getItem(storageKey)),
  }));
  const tabs = state.tabs;
  const setTabs = useCallback(
    (change: (list: WorkbenchTab[]) => WorkbenchTab[]) =>
      setState((s) => {
        const next = change(s.tabs);
        return next === s.tabs ? s : { ...s, tabs: next };
      }),
    [],
  );
  const pages = useRef(new Map<string, KeptPage>());
  const apis = useRef(new Map<string, WorkbenchTabApi>());
  const scrolls = useRef(new Map<string, number>());
  /** The address the tab bar or the menu just asked for. */
  const intended = useRef<string>();
  /** The shown tab, for the scroll listener. */
  const activeKey = useRef<string>();

  const key = location.pathname;
  let current = tabs;
  if (state.locationKey !== location.key) {
    current = arrive(tabs, {
      key,
      url: key + location.search,
      title: titleOf(key),
      from: state.active,
      intended: intended.current === key + location.search,
      pop: navigationType === 'POP',
      now: Date.now(),
    });
    setState({ tabs: current, locationKey: location.key, active: key });
  }
  useEffect(() => {
    intended.current = undefined;
  }, [location.key]);

  for (const tab of current) {
    const page = pages.current.get(tab.key);
    if (!tab.kept) {
      pages.current.delete(tab.key);
    } else if (tab.key === key) {
      const value = page?.value.location === location ? page.value : { location, navigationType };
      pages.current.set(key, { element: outlet, value, version: tab.version });
    }
  }
  for (const k of pages.current.keys()) if (!current.some((t) => t.key === k)) pages.current.delete(k);

  const apiFor = (k: string): WorkbenchTabApi => {
    let api = apis.current.get(k);
    if (!api) {
      const update = (change: (t: WorkbenchTab) => WorkbenchTab) =>
        setTabs((list) => {
          const found = list.find((t) => t.key === k);
          if (!found) return list;
          const changed = change(found);
          return changed === found ? list : list.map((t) => (t.key === k ? changed : t));
        });
      api = {
        setDirty: (dirty) => update((t) => (!!t.dirty === dirty ? t : { ...t, dirty: dirty || undefined })),
        closeOnLeave: () => update((t) => (t.closeOnLeave ? t : { ...t, closeOnLeave: true })),
      };
      apis.current.set(k, api);
    }
    return api;
  };

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(toStored(tabs)));
  }, [storageKey, tabs]);

  // Each tab keeps its own place on the page.
  useEffect(() => {
    const onScroll = () => activeKey.current && scrolls.current.set(activeKey.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    activeKey.current = key;
    window.scrollTo(0, scrolls.current.get(key) ?? 0);
  }, [key]);

  // Unsaved input in any tab (shown or not) gets the browser's warning on closing or reloading it.
  const anyDirty = tabs.some((t) => t.dirty);
  useEffect(() => {
    if (!anyDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  /** Shows a tab as it was left, remembering where this one is. */
  const show = (tab: WorkbenchTab) => {
    if (tab.key === key) return;
    const here = browserUrl(key);
    if (here) setTabs((list) => list.map((t) => (t.key === key && t.url !== here ? { ...t, url: here } : t)));
    intended.current = tab.url;
    navigate(tab.url);
  };

  const latest = useRef({ current, show, navigate });
  latest.current = { current, show, navigate };
  useEffect(
    () =>
      registerOpener((path) => {
        const tab = latest.current.current.find((t) => t.key === path);
        if (tab) latest.current.show(tab);
        else latest.current.navigate(path);
      }),
    [],
  );

  /** Asks first when any of these tabs holds unsaved input. */
  const confirmLoss = (affected: WorkbenchTab[], verb: string, run: () => void) => {
    const dirty = affected.filter((t) => t.dirty);
    if (!dirty.length) {
      run();
      return;
    }
    modal.confirm({
      title: `${verb}标签页？`,
      content: `${dirty.map((t) => `「${t.title}」`).join('、')}填写的内容还没有保存，${verb}后将丢失。`,
      okText: verb,
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: run,
    });
  };

  const close = (keys: string[]) => {
    const closing = current.filter((t) => keys.includes(t.key));
    if (!closing.length || closing.length === current.length) return;
    confirmLoss(closing, '关闭', () => {
      const next = successor(current, keys, key);
      setTabs((list) => list.filter((t) => !keys.includes(t.key)));
      if (next && next.key !== key) {
        intended.current = next.url;
        navigate(next.url);
      }
      message.success(closing.length > 1 ? `已关闭 ${closing.length} 个标签页` : `已关闭「${closing[0].title}」`);
    });
  };

  const refresh = (tab: WorkbenchTab) => {
    confirmLoss([tab], '刷新', () => {
      setTabs((list) =>
        list.map((t) => (t.key === tab.key ? { ...t, version: t.version + 1, kept: true, dirty: undefined, lastUsed: Date.now() } : t)),
      );
      scrolls.current.delete(tab.key);
      show(tab);
      message.success(`已刷新「${tab.title}」`);
    });
  };

  const menuFor = (tab: WorkbenchTab): MenuProps => {
    const index = current.findIndex((t) => t.key === tab.key);
    const disabled: Record<string, boolean> = {
      refresh: false,
      this: current.length < 2,
      others: current.length < 2,
      left: index < 1,
      right: index === current.length - 1,
    };
    return {
      items: ACTIONS.map((a) => ({ key: a.key, label: a.label, icon: a.icon, disabled: disabled[a.key] })),
      onClick: ({ key: action, domEvent }) => {
        domEvent.stopPropagation();
        if (action === 'refresh') refresh(tab);
        else close(keysToClose(current, tab.key, action as CloseScope));
      },
    };
  };

  const activeTab = current.find((t) => t.key === key);
  return (
    <div className="workbench">
      <Tabs
        className="workbench-tabs"
        type="editable-card"
        hideAdd
        size="small"
        animated={false}
        activeKey={key}
        onChange={(k) => {
          const tab = current.find((t) => t.key === k);
          if (tab) show(tab);
        }}
        onEdit={(k, action) => action === 'remove' && typeof k === 'string' && close([k])}
        locale={{ removeAriaLabel: '关闭标签页', dropdownAriaLabel: '更多标签页' }}
        // The actions button sits beside the tab list, not inside it (a tablist holds only tabs).
        renderTabBar={(props, DefaultTabBar) => (
          <div className="workbench-bar">
            <DefaultTabBar {...props} />
            {activeTab ? (
              <Dropdown menu={menuFor(activeTab)} trigger={['click']} placement="bottomRight">
                <Button type="text" size="small" className="workbench-actions" icon={<DownOutlined />} aria-label="标签页操作" />
              </Dropdown>
            ) : null}
          </div>
        )}
        items={current.map((tab) => {
          const page = pages.current.get(tab.key);
          return {
            key: tab.key,
            closable: current.length > 1,
            label: (
              <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
                <span className="workbench-tab-label">
                  {tab.title}
                  {tab.dirty ? (
                    <span className="workbench-tab-dirty" role="img" aria-label="有未保存的内容" title="有未保存的内容" />
                  ) : null}
                </span>
              </Dropdown>
            ),
            children: page ? (
              <KeptPageView key={`${tab.key}#${page.version}`} page={page} api={apiFor(tab.key)} shown={tab.key === key} />
            ) : null,
          };
        })}
      />
    </div>
  );
}
