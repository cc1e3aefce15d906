import { history, useLocation, useModel } from '@umijs/max';
import { useEffect } from 'react';
import type { CurrentUser } from '@common/contracts/auth';

/** The login page with a redirect back here for a visitor; null for anyone signed in. */
export function signInRedirect(user: CurrentUser | undefined, here: string): string | null {
  return user ? null : `/user/login?redirect=${encodeURIComponent(here)}`;
}

/**
 * For phone pages that any signed-in account may use (便民服务): the user, or undefined while a
 * visitor is being sent to the login page, which brings them back to this very URL (query included).
 */
export function useSignInGuard(): CurrentUser | undefined {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const { pathname, search } = useLocation();
  const redirect = signInRedirect(user, pathname + search);
  useEffect(() => {
    if (redirect) history.replace(redirect);
  }, [redirect]);
  return redirect ? undefined : user;
}
