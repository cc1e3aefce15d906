/**
 * The browser tab's title: "page - platform". The page part is the matched route's `title`
 * (config/routes.ts, applied on every route change by app.tsx's onRouteChange), or a page's own
 * once it knows it (a news title, a village's name) through usePageTitle. Admin pages get the same
 * form from ProLayout. The platform part is the 平台名称 setting.
 */
import { useEffect } from 'react';
import { PLATFORM_TITLE } from '@common/constants';

let platformTitle = PLATFORM_TITLE;
let routeTitle: string | undefined;
let pageTitle: string | undefined;

function apply() {
  const page = pageTitle || routeTitle;
  document.title = page && page !== platformTitle ? `${page} - ${platformTitle}` : platformTitle;
}

/** The platform's name from the settings, the end of every title. */
export function setPlatformTitle(title: string | undefined) {
  platformTitle = title?.trim() || PLATFORM_TITLE;
  apply();
}

/** A new route: its title from the routes table; a page's own title is forgotten. */
export function setRouteTitle(title: string | undefined) {
  routeTitle = title;
  pageTitle = undefined;
  apply();
}

/** The route title of the deepest matched route that has one. */
export function matchedRouteTitle(matches: Array<{ route: unknown }> | null | undefined): string | undefined {
  const titles = (matches ?? [])
    .map((m) => (m.route as { title?: unknown }).title)
    .filter((t): t is string => typeof t === 'string' && !!t);
  return titles[titles.length - 1];
}

/** A page's own title once it is known (undefined while loading): it stands until the next route change. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    pageTitle = title;
    apply();
  }, [title]);
}
