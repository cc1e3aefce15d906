import type { RequestConfig, RunTimeLayoutConfig } from '@umijs/max';
import { history, Link, matchRoutes } from '@umijs/max';
import React, { lazy, Suspense } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { Settings } from '@common/contracts/system';
import { PLATFORM_TITLE, PRIMARY_COLOR, PRIMARY_TEXT_COLOR } from '@common/constants';
import routes from '../config/routes';
import { ContentBoundary, RootBoundary } from './components/ErrorBoundary';
import PhoneRouteBoundary from './components/ErrorBoundary/PhoneRouteBoundary';
import Footer from './components/Footer';
import PhoneRedirect from './components/PhoneRedirect';
import SignInGate from './components/SignInGate';
import { openFromMenu } from './components/Workbench/store';
import PageLoading from './loading';
import { queryCurrentUser, querySettings } from './services/auth';
import { apiErrorStatus } from './utils/apiError';
import { loadChunksWithOwnTags } from './utils/chunkLoading';
import { matchedRouteTitle, setPlatformTitle, setRouteTitle } from './utils/documentTitle';
import { requestConfig } from './utils/requestConfig';
import { accessiblePaths, computeAccess, landingPath } from './utils/routeAccess';
import { clearToken, getToken } from './utils/session';
import { answerSessionRequests, askForSession } from './utils/sessionHandover';

/** Why a token was held but no user came back: the server refused it, or could not be asked. */
export type SessionProblem = 'ended' | 'unreachable';

export interface InitialState {
  currentUser?: CurrentUser;
  sessionProblem?: SessionProblem;
  settings?: Settings;
  fetchUserInfo: () => Promise<CurrentUser | undefined>;
}

/** The signed-in user, if a token is held; on failure proceed with no user, silently (docs/product.md §14). */
async function loadSession(): Promise<Pick<InitialState, 'currentUser' | 'sessionProblem'>> {
  answerSessionRequests();
  // A tab opened from a signed-in tab takes over its session (src/utils/sessionHandover.ts).
  if (!getToken() && !(await askForSession())) return {};
  try {
    return { currentUser: (await queryCurrentUser({ skipErrorHandler: true })).data };
  } catch (error) {
    if (apiErrorStatus(error) !== 401) return { sessionProblem: 'unreachable' };
    clearToken();
    return { sessionProblem: 'ended' };
  }
}

export async function getInitialState(): Promise<InitialState> {
  const [session, settings] = await Promise.all([
    loadSession(),
    querySettings({ skipErrorHandler: true })
      .then((body) => body.data)
      .catch(() => undefined),
  ]);
  setPlatformTitle(settings?.platformTitle);
  return { ...session, settings, fetchUserInfo: async () => (await loadSession()).currentUser };
}

// The frame's own pieces (antd, the header's actions, the workbench, menu icons) load with the
// layout, never in the entry chunk the phone pages share.
const shell = () => import('./components/AdminShell');
const AdminProviders = lazy(() => shell().then((m) => ({ default: m.AdminProviders })));
const HeaderActions = lazy(() => shell().then((m) => ({ default: m.HeaderActions })));
const AdminPages = lazy(() => shell().then((m) => ({ default: m.AdminPages })));
const MenuIcon = lazy(() => shell().then((m) => ({ default: m.MenuIcon })));
// Their own chunks: antd's Result brings illustrations that most visits never show.
const Forbidden = lazy(() => import('./components/AdminShell/Forbidden'));
const SessionUnavailable = lazy(() => import('./components/AdminShell/SessionUnavailable'));

const HEADER_HEIGHT = 48;
const SIDER_WIDTH = 220;
const REPORT_PATH = '/dashboard/report';

/** A modified click (new browser tab or window) is left to the browser. */
const plainClick = (event: React.MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The admin frame: ProLayout through Umi's layout plugin (ADR 0042) around every route not marked
 * `layout: false`. Without a user it holds the sign-in gate or the retry page and nothing of the
 * frame mounts, so no header call reaches the API before someone signs in.
 */
export const layout: RunTimeLayoutConfig = ({ initialState }) => {
  const title = initialState?.settings?.platformTitle ?? PLATFORM_TITLE;
  if (!initialState?.currentUser) {
    const gate =
      initialState?.sessionProblem === 'unreachable' ? (
        <Suspense fallback={<PageLoading />}>
          <AdminProviders>
            <SessionUnavailable />
          </AdminProviders>
        </Suspense>
      ) : (
        <SignInGate sessionEnded={initialState?.sessionProblem === 'ended'} />
      );
    return { title, pure: true, childrenRender: () => gate, unAccessible: gate, noFound: gate };
  }
  const user = initialState.currentUser;
  const access = computeAccess(user);
  if (!accessiblePaths(routes, access).length) {
    // Every admin page needs a permission: someone holding none is sent to the phone pages.
    const away = <PhoneRedirect to={landingPath(routes, access, null, user.access)} />;
    return { title, pure: true, unAccessible: away, noFound: away };
  }
  return {
    title,
    logo: '/logo.svg',
    layout: 'mix',
    splitMenus: false,
    contentWidth: 'Fluid',
    fixedHeader: true,
    fixSiderbar: true,
    colorPrimary: PRIMARY_COLOR,
    siderWidth: SIDER_WIDTH,
    token: {
      header: { heightLayoutHeader: HEADER_HEIGHT },
      // ProLayout 7 ignores navTheme 'dark': the dark side menu comes from these tokens.
      sider: {
        colorMenuBackground: '#001529',
        colorMenuItemDivider: 'rgba(255,255,255,0.15)',
        colorTextMenu: 'rgba(255,255,255,0.75)',
        colorTextMenuSelected: '#fff',
        colorTextMenuActive: '#fff',
        colorTextMenuItemHover: '#fff',
        // White menu text on the brand blue is 3.2:1: the selected item takes its darker step (ADR 0021).
        colorBgMenuItemSelected: PRIMARY_TEXT_COLOR,
        colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
        colorTextMenuTitle: '#fff',
        colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
        colorTextCollapsedButton: 'rgba(0,0,0,0.65)',
        colorTextCollapsedButtonHover: 'rgba(0,0,0,0.88)',
        colorTextSubMenuSelected: '#fff',
      },
    },
    // pro-components' PageContainer draws it from here (src/components/PageContainer draws its own).
    waterMarkProps: { content: initialState.currentUser.name },
    // ProLayout selects every menu page whose path begins the current one: on 数据概览 › 通报 it would
    // select the overview (/dashboard) as well. There the report alone is selected.
    selectedKeys: history.location.pathname.startsWith(REPORT_PATH) ? [REPORT_PATH] : undefined,
    // The plugin's header click goes to '/' (the login page); the title is a link to the workbench instead.
    onMenuHeaderClick: undefined,
    headerTitleRender: () => (
      <Link to="/entrance" className="admin-header-logo" aria-label={`${title}：返回工作台`}>
        <img src="/logo.svg" alt="" width={28} height={28} />
        {/* Not an h1: the page's own title is the page's one heading of the first level. */}
        <span className="admin-header-title">{title}</span>
      </Link>
    ),
    menuContentRender: (_, dom) => <nav aria-label="主菜单">{dom}</nav>,
    // ProLayout draws the breadcrumb's upper levels as spans with a click handler, which the
    // keyboard never reaches: they are links here, the current page plain text.
    itemRender: (route, _params, routes) => {
      const path = route.path;
      const last = routes.findIndex((item) => (item as { linkPath?: string }).linkPath === path) === routes.length - 1;
      const text = route.title ?? (route as { breadcrumbName?: string }).breadcrumbName;
      return last || !path ? <span>{text}</span> : <Link to={path}>{text}</Link>;
    },
    // ProLayout's fold button is a bare div: a button by role and keyboard, named in Chinese.
    collapsedButtonRender: (collapsed, dom) => {
      if (!React.isValidElement<{ onClick?: () => void }>(dom)) return dom;
      const label = collapsed ? '展开菜单' : '收起菜单';
      const toggle = dom.props.onClick;
      return React.cloneElement(dom as React.ReactElement<Record<string, unknown>>, {
        role: 'button',
        tabIndex: 0,
        'aria-label': label,
        title: label,
        onKeyDown: (event: React.KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          toggle?.();
        },
      });
    },
    postMenuData: (menus) =>
      (menus ?? []).map((item) => ({
        ...item,
        icon: item.menuIcon ? (
          <Suspense fallback={<span style={{ width: 14, display: 'inline-block' }} />}>
            <MenuIcon name={String(item.menuIcon)} />
          </Suspense>
        ) : undefined,
      })),
    // A menu item opens its workbench tab as it was left (ADR 0032); a modified click still opens
    // a new browser tab, and without the workbench the link navigates as any link.
    menuItemRender: (item, dom) => {
      if (item.isUrl || item.children || !item.path) return dom;
      const path = item.path;
      return (
        <Link
          to={path}
          onClick={(event: React.MouseEvent) => {
            if (plainClick(event) && openFromMenu(path)) event.preventDefault();
          }}
        >
          {dom}
        </Link>
      );
    },
    rightContentRender: () => (
      <Suspense fallback={null}>
        <HeaderActions />
      </Suspense>
    ),
    footerRender: () => <Footer settings={initialState.settings} />,
    unAccessible: (
      <Suspense fallback={<PageLoading />}>
        <AdminProviders>
          <Forbidden />
        </AdminProviders>
      </Suspense>
    ),
    // A page that fails (its chunk did not arrive) says so inside the frame: menu and header stay.
    childrenRender: (children) => (
      <ContentBoundary>
        <Suspense fallback={<PageLoading />}>
          <AdminProviders>
            <AdminPages>{children}</AdminPages>
          </AdminProviders>
        </Suspense>
      </ContentBoundary>
    ),
  };
};

// Before any route asks for its code: a chunk that fails says so at once (src/utils/chunkLoading.ts).
loadChunksWithOwnTags();

/** Each phone page in a boundary of its own, which keeps a phone frame when the page fails. */
export function patchClientRoutes({ routes }: { routes: Array<{ path?: string; title?: string; element?: React.ReactNode }> }) {
  for (const route of routes) {
    if (route.path?.startsWith('/app/') && route.element) {
      route.element = <PhoneRouteBoundary title={route.title}>{route.element}</PhoneRouteBoundary>;
    }
  }
}

/** The last resort: nothing that fails below blanks the window; a Chinese message offers 重新加载. */
export function rootContainer(container: React.ReactNode) {
  return <RootBoundary>{container}</RootBoundary>;
}

export const request: RequestConfig = requestConfig;

/** Every page's tab title from its route (src/utils/documentTitle.ts). */
export function onRouteChange(args: {
  clientRoutes: Parameters<typeof matchRoutes>[0];
  location: { pathname: string };
  basename?: string;
}) {
  setRouteTitle(matchedRouteTitle(matchRoutes(args.clientRoutes, args.location.pathname, args.basename)));
}

/** The router base can be overridden by a global setting and defaults to the root (docs/product.md §14). */
export const modifyContextOpts = (memo: { basename?: string }) => ({ ...memo, basename: window.routerBase ?? '/' });
