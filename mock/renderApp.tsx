/**
 * Renders the whole Umi app (routes, initial state, access, layout) at a location, with Umi's own
 * TestBrowser and a memory history. `location()` is where the app is now.
 */
import { render } from '@testing-library/react';
import { TestBrowser } from '@@/testBrowser';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Location } from 'history';
import type { MutableRefObject } from 'react';

export function renderApp(path: string) {
  const url = new URL(path, 'http://localhost');
  const historyRef = { current: undefined } as unknown as MutableRefObject<{ location: Location }>;
  // user-event's pointer-events check reads getComputedStyle up every ancestor, which jsdom answers
  // slowly once antd's styles are in the page; nothing in the app sets pointer-events.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <TestBrowser
      location={{ pathname: url.pathname, search: url.search, hash: url.hash }}
      historyRef={historyRef as unknown as MutableRefObject<Location>}
    />,
  );
  const location = () => {
    const current = historyRef.current?.location;
    return current ? `${current.pathname}${current.search}` : undefined;
  };
  return { ...view, user, location };
}

/**
 * Loads every route's page module up front. Use as `beforeAll(preloadApp, 120_000)`: on a cold
 * cache this is where the time goes, and it should not count against the first test's timeout.
 */
export async function preloadApp() {
  const { getRoutes } = await import('@@/core/route');
  await getRoutes();
}
