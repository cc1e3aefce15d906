import type { PermissionKey } from '@common/constants';
import { PERMISSION_KEYS, TASK_ROLE_CODES } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { safeAppPath } from './safePath';

/**
 * The access map of docs/product.md §1, plus two flags for the phone pages: `signedIn` (便民服务 needs an
 * account) and `taskRole` (我的任务 is for 村干部/网格员 only).
 */
export type AccessMap = { canAdmin: boolean; signedIn: boolean; taskRole: boolean } & Record<PermissionKey, boolean>;

/** Whether a role code receives tasks for its area (村干部/网格员). */
export const isTaskRole = (roleCode: string | undefined) => !!roleCode && (TASK_ROLE_CODES as readonly string[]).includes(roleCode);

/** The access map (docs/product.md §1): canAdmin for role admin, and one flag per permission key. */
export function computeAccess(currentUser: CurrentUser | undefined): AccessMap {
  const canAdmin = currentUser?.access === 'admin';
  const held = new Set<string>(canAdmin ? PERMISSION_KEYS : (currentUser?.permissions ?? []));
  const map = { canAdmin, signedIn: !!currentUser, taskRole: isTaskRole(currentUser?.access) } as AccessMap;
  for (const key of PERMISSION_KEYS) map[key] = held.has(key);
  return map;
}

/**
 * Who may open a phone entry's page: 便民服务 and 我的消息 any account, 我的任务 and 转派诉求 a task
 * role, and the 登录 entry is for visitors only. Everything else on the phone is public. The tab bar and the home grid show
 * each person only what this allows, so no one is offered a page that answers 没有权限.
 */
const PHONE_ENTRY_ACCESS: Record<string, 'signedIn' | 'taskRole' | 'visitor'> = {
  '/app/service': 'signedIn',
  '/app/notices': 'signedIn',
  '/app/mytask': 'taskRole',
  '/app/dispatched': 'taskRole',
  '/user/login': 'visitor',
};

export function canOpenPhoneEntry(access: Pick<AccessMap, 'signedIn' | 'taskRole'>, path: string): boolean {
  const needs = PHONE_ENTRY_ACCESS[path];
  if (needs === 'visitor') return !access.signedIn;
  return needs ? access[needs] : true;
}

interface RouteNode {
  path?: string;
  access?: string;
  component?: string;
  redirect?: string;
  layout?: boolean;
  routes?: RouteNode[];
}

/**
 * Whether a route is open to this access map: its own key (or the one it inherits) must hold,
 * and every ancestor must be open too.
 */
function isOpen(node: RouteNode, access: AccessMap, inherited?: string): boolean {
  const key = node.access ?? inherited;
  if (!key) return true;
  return (access as Record<string, boolean>)[key] === true;
}

/** Admin pages (inside the layout, with a component) the user may open, in menu order. */
export function accessiblePaths(routes: RouteNode[], access: AccessMap, inherited?: string): string[] {
  const paths: string[] = [];
  for (const node of routes) {
    if (node.layout === false || node.redirect || node.path === '*') continue;
    if (!isOpen(node, access, inherited)) continue;
    if (node.routes) paths.push(...accessiblePaths(node.routes, access, node.access ?? inherited));
    else if (node.component && node.path) paths.push(node.path);
  }
  return paths;
}

const PHONE_HOME = '/app/index';

/** The sign-in pages (/user, /user/...), not /userManage. */
export const isUserPage = (path: string) => /^\/user(\/|\?|#|$)/.test(path);

export const CADRE_HOME = '/app/mytask';

/**
 * Where to go after signing in: the redirect if given, else the first admin page, else the cadre's
 * task list for task roles, else the phone home.
 */
export function landingPath(routes: RouteNode[], access: AccessMap, redirect?: string | null, roleCode?: string): string {
  // Only a path of this site: a backslash after the slash makes it another host to a browser.
  const safe = safeAppPath(redirect);
  if (safe && !isUserPage(safe)) return safe;
  const adminPage = accessiblePaths(routes, access)[0];
  if (adminPage) return adminPage;
  return isTaskRole(roleCode) ? CADRE_HOME : PHONE_HOME;
}
