import { matchRoutes, useAppData, useModel } from '@umijs/max';
import React, { useCallback } from 'react';
import { matchedRouteTitle } from '@/utils/documentTitle';
import { AntdTheme } from '../AntdProviders';
import Workbench from '../Workbench';
import { useTabsEnabled } from '../Workbench/store';
import HeaderActionsBar from './HeaderActions';
import './admin.css';

/**
 * The admin frame's own pieces, one chunk loaded by the layout (src/app.tsx `layout`, ADR 0042):
 * nothing of it reaches the entry chunk the phone pages share.
 */
export { default as AdminProviders } from '../AntdProviders';
export { default as MenuIcon } from './MenuIcon';

/** ProLayout draws the header outside the page's providers: the header's buttons get the theme here. */
export function HeaderActions() {
  return (
    <AntdTheme>
      <HeaderActionsBar />
    </AntdTheme>
  );
}

/** The admin pages: as workbench tabs unless this browser turned them off (header menu, ADR 0032). */
export function AdminPages({ children }: { children: React.ReactNode }) {
  const enabled = useTabsEnabled();
  const { initialState } = useModel('@@initialState');
  const { clientRoutes } = useAppData();
  // A tab is named as its menu item; a page outside the menu by its title.
  const titleOf = useCallback(
    (pathname: string) => {
      const matches = matchRoutes(clientRoutes, pathname);
      const names = (matches ?? []).map((m) => (m.route as { name?: string }).name).filter((n): n is string => !!n);
      return names[names.length - 1] ?? matchedRouteTitle(matches) ?? pathname;
    },
    [clientRoutes],
  );
  return enabled && initialState?.currentUser ? <Workbench userId={initialState.currentUser.id} titleOf={titleOf} /> : <>{children}</>;
}
