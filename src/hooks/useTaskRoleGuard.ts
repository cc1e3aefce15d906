import { history, useLocation, useModel } from '@umijs/max';
import { useEffect } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { isTaskRole } from '@/utils/routeAccess';

/**
 * Where a page for village cadres sends this user instead, or null when they may stay: the
 * login page with a redirect back (not signed in), or /app/noauth (signed in without a task role).
 */
export function cadrePageRedirect(user: CurrentUser | undefined, here: string): string | null {
  if (!user) return `/user/login?redirect=${encodeURIComponent(here)}`;
  if (!isTaskRole(user.access)) return '/app/noauth';
  return null;
}

/** The signed-in cadre, or undefined while the page is being left for login or /app/noauth. */
export function useTaskRoleGuard(): CurrentUser | undefined {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const { pathname, search } = useLocation();
  const redirect = cadrePageRedirect(user, pathname + search);
  useEffect(() => {
    if (redirect) history.replace(redirect);
  }, [redirect]);
  return redirect ? undefined : user;
}
