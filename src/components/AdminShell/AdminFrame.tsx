import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, matchRoutes, Outlet, useAccessMarkedRoutes, useAppData, useLocation, type IRoute } from '@umijs/max';
import { Layout, Menu, type MenuProps } from 'antd';
import React, { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { Settings } from '@common/contracts/system';
import { PLATFORM_TITLE } from '@common/constants';
import Footer from '@/components/Footer';
import { matchedRouteTitle } from '@/utils/documentTitle';
import AntdProviders from '../AntdProviders';
import Workbench from '../Workbench';
import { openFromMenu, useTabsEnabled } from '../Workbench/store';
import HeaderActions from './HeaderActions';
import MenuIcon from './MenuIcon';
import './AdminFrame.css';
import './admin.css';

// The 403 page (antd's Result) loads only when a route is refused: no page that opens carries it.
const Forbidden = lazy(() => import('./Forbidden'));

/** The id config/adminLayout.ts gives the layout route that holds every admin page. */
const LAYOUT_ID = 'admin-layout';
const SIDER_WIDTH = 220;
const SIDER_COLLAPSED_WIDTH = 64;

interface MenuRoute {
  id?: string;
  path?: string;
  key?: string;
  name?: string;
  menuIcon?: string;
  redirect?: string;
  hideInMenu?: boolean;
  unaccessible?: boolean;
  children?: MenuRoute[];
}

/** A copy to mark: the access plugin writes `unaccessible` onto the routes it is given. */
function copyRoutes(routes: MenuRoute[] | undefined): MenuRoute[] {
  return (routes ?? []).map(({ children, ...route }) => ({ ...route, children: children ? copyRoutes(children) : undefined }));
}

const inMenu = (route: MenuRoute) => !!route.name && !!route.path && !route.redirect && !route.hideInMenu && !route.unaccessible;

/** Follows a menu link as the workbench wants (ADR 0032); a modified click still opens a new browser tab. */
function MenuLink({ path, name }: { path: string; name: string }) {
  return (
    <Link
      to={path}
      onClick={(event: React.MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (openFromMenu(path)) event.preventDefault();
      }}
    >
      {name}
    </Link>
  );
}

type MenuItem = Required<MenuProps>['items'][number];

function menuItems(routes: MenuRoute[]): MenuItem[] {
  return routes.filter(inMenu).map((route) => {
    const icon = route.menuIcon ? <MenuIcon name={route.menuIcon} /> : undefined;
    const children = (route.children ?? []).filter(inMenu);
    if (children.length) {
      return {
        key: route.key ?? route.path!,
        icon,
        label: route.name,
        children: children.map((child) => ({ key: child.path!, label: <MenuLink path={child.path!} name={child.name!} /> })),
      };
    }
    return { key: route.path!, icon, label: <MenuLink path={route.path!} name={route.name!} /> };
  });
}

/** The deepest menu item on the way to the page, and the groups that hold it. */
function selection(routes: MenuRoute[], pathname: string): { selected?: string; groups: string[] } {
  const matches = matchRoutes(routes as IRoute[], pathname) ?? [];
  const chain = matches.map((m) => m.route as MenuRoute).filter(inMenu);
  const item = chain[chain.length - 1];
  return {
    selected: item?.path,
    groups: chain.slice(0, -1).map((route) => route.key ?? route.path!),
  };
}

/** The admin pages: as workbench tabs unless this browser turned them off (header menu, ADR 0032). */
function AdminPages({ userId, routes }: { userId: number; routes: IRoute[] }) {
  const enabled = useTabsEnabled();
  // A tab is named as its menu item; a page outside the menu by its title.
  const titleOf = useCallback(
    (pathname: string) => {
      const matches = matchRoutes(routes, pathname);
      const names = (matches ?? []).map((m) => (m.route as MenuRoute).name).filter((n): n is string => !!n);
      return names[names.length - 1] ?? matchedRouteTitle(matches) ?? pathname;
    },
    [routes],
  );
  return enabled ? <Workbench userId={userId} titleOf={titleOf} /> : <Outlet />;
}

/**
 * The admin frame (ADR 0035): a fixed 48 px header with the platform's name and the account's
 * actions, a fixed dark side menu of the pages this user may open, the page, and the footer.
 */
export default function AdminFrame({ user, settings }: { user: CurrentUser; settings?: Settings }) {
  const { clientRoutes } = useAppData();
  const { pathname } = useLocation();
  const layoutRoutes = useMemo(
    () => copyRoutes((clientRoutes as MenuRoute[]).find((route) => route.id === LAYOUT_ID)?.children),
    [clientRoutes],
  );
  const routes = useAccessMarkedRoutes(layoutRoutes as IRoute[]) as MenuRoute[];
  const items = useMemo(() => menuItems(routes), [routes]);
  const { selected, groups } = useMemo(() => selection(routes, pathname), [routes, pathname]);
  const page = useMemo(() => {
    const matches = matchRoutes(routes as IRoute[], pathname) ?? [];
    return matches[matches.length - 1]?.route as MenuRoute | undefined;
  }, [routes, pathname]);

  const [collapsed, setCollapsed] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>(groups);
  // Opening a page from elsewhere (a link, the workbench, the address bar) opens its group too.
  useEffect(() => {
    setOpenKeys((open) => (groups.every((key) => open.includes(key)) ? open : [...new Set([...open, ...groups])]));
  }, [groups]);

  const title = settings?.platformTitle ?? PLATFORM_TITLE;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  return (
    <AntdProviders>
      <Layout className="admin-frame">
        <Layout.Header className="admin-header">
          <Link to="/entrance" className="admin-header-logo" aria-label={`${title}：返回工作台`}>
            <img src="/logo.svg" alt="" width={28} height={28} />
            <span className="admin-header-title">{title}</span>
          </Link>
          <HeaderActions />
        </Layout.Header>
        <Layout.Sider
          className="admin-sider"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          // Narrow windows start with the menu folded to its icons.
          breakpoint="lg"
          onBreakpoint={setCollapsed}
          trigger={null}
          theme="dark"
        >
          <nav className="admin-sider-menu" aria-label="主菜单">
            <Menu
              mode="inline"
              theme="dark"
              items={items}
              selectedKeys={selected ? [selected] : []}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              inlineCollapsed={collapsed}
            />
          </nav>
          <button
            type="button"
            className="admin-sider-toggle"
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            title={collapsed ? '展开菜单' : '收起菜单'}
            onClick={() => setCollapsed((c) => !c)}
          >
            {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          </button>
        </Layout.Sider>
        <Layout className="admin-main" style={{ marginLeft: siderWidth }}>
          <Layout.Content className="admin-content">
            {page?.unaccessible ? (
              <Suspense fallback={null}>
                <Forbidden />
              </Suspense>
            ) : (
              <AdminPages userId={user.id} routes={routes as IRoute[]} />
            )}
          </Layout.Content>
          <Footer settings={settings} />
        </Layout>
      </Layout>
    </AntdProviders>
  );
}
