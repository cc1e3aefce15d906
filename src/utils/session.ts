import { TOKEN_STORAGE_KEY } from '@common/constants';
import { isUserPage } from './routeAccess';

// The token lives in session storage under `token` (docs/product.md §14): it ends with the browser tab.
export const getToken = () => sessionStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => sessionStorage.removeItem(TOKEN_STORAGE_KEY);

/** The router base (docs/product.md §14: overridable by `window.routerBase`, default '/'). */
export const routerBase = () => (window.routerBase ?? '/').replace(/\/?$/, '/');

/** An app path as the browser sees it, under the router base. */
export const appUrl = (path: string) => routerBase() + path.replace(/^\//, '');

/** The login page, carrying where to come back to unless we are already on a /user page. */
export function loginUrl(): string {
  const base = routerBase();
  const { search, hash } = window.location;
  const pathname = `/${window.location.pathname.slice(base.length)}`;
  if (isUserPage(pathname)) return appUrl('/user/login');
  return `${appUrl('/user/login')}?redirect=${encodeURIComponent(pathname + search + hash)}`;
}

const NOTICE_KEY = 'loginNotice';
export interface LoginNotice {
  kind: 'success' | 'warning';
  text: string;
}
/** A message for the login page to show after a sign-out that reloads the page. */
export const setLoginNotice = (notice: LoginNotice) => sessionStorage.setItem(NOTICE_KEY, JSON.stringify(notice));
/** Reads and forgets the pending login notice. */
export function takeLoginNotice(): LoginNotice | null {
  const raw = sessionStorage.getItem(NOTICE_KEY);
  sessionStorage.removeItem(NOTICE_KEY);
  if (!raw) return null;
  try {
    const notice = JSON.parse(raw) as LoginNotice;
    return typeof notice?.text === 'string' ? notice : null;
  } catch {
    return null;
  }
}
