import { TOKEN_STORAGE_KEY } from '@common/constants';
import { isUserPage } from './routeAccess';

// The token lives in session storage under `token` (seed §4): it ends with the browser tab.
export const getToken = () => sessionStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => sessionStorage.removeItem(TOKEN_STORAGE_KEY);

/** The login page, carrying where to come back to unless we are already on a /user page. */
export function loginUrl(): string {
  const { pathname, search, hash } = window.location;
  if (isUserPage(pathname)) return '/user/login';
  return `/user/login?redirect=${encodeURIComponent(pathname + search + hash)}`;
}
