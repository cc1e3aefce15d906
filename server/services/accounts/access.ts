import type { PermissionKey } from '../../../common/constants';
import { type AuthUser, isAdmin } from './sessions';

// Who may do what, as rules of the domain: the auth plugin applies them to every route, and services
// apply them to single records (an appeal's reader, a notice's audience).

/**
 * Who may call a route: anyone, any signed-in user, the admin role, or holders of a permission key.
 * Every /api route must declare one; the app refuses to start otherwise.
 */
export type RouteAccess = 'public' | 'signedIn' | 'admin' | PermissionKey;

export function hasAccess(user: AuthUser | null, access: RouteAccess): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'signedIn') return true;
  if (access === 'admin') return isAdmin(user);
  return isAdmin(user) || user.permissions.includes(access);
}

/** Whether any page of the admin layout is open to the user (`screen` is the wall display, outside it). */
export const holdsBackOffice = (user: AuthUser) => isAdmin(user) || user.permissions.some((key) => key !== 'screen');
