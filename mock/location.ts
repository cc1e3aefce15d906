/**
 * jsdom makes `window.location` and its methods unforgeable, so neither jest.spyOn nor redefining
 * `window.location` works. The Location wrapper forwards `replace`/`assign` to its implementation
 * object, which is an ordinary object: spying there sees every call the app makes through
 * `window.location.replace(...)` / `.assign(...)`, and stops jsdom's "navigation not implemented".
 */
type LocationImpl = { replace(url: string): void; assign(url: string): void };

function locationImpl(): LocationImpl {
  const symbol = Object.getOwnPropertySymbols(window.location).find((s) => s.description === 'impl');
  if (!symbol) throw new Error('jsdom Location implementation not found');
  return (window.location as unknown as Record<symbol, LocationImpl>)[symbol];
}

/** Spies on window.location.replace and .assign; restore with jest.restoreAllMocks(). */
export function spyOnLocation() {
  const impl = locationImpl();
  return {
    replace: jest.spyOn(impl, 'replace').mockImplementation(() => undefined),
    assign: jest.spyOn(impl, 'assign').mockImplementation(() => undefined),
  };
}

/** Puts the page at a path of this origin without a navigation (pathname, search, hash change). */
export function setPagePath(path: string) {
  window.history.replaceState(null, '', path);
}
