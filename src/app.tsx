import type { RequestConfig } from '@umijs/max';
import { matchRoutes } from '@umijs/max';
import type { CurrentUser } from '@common/contracts/auth';
import type { Settings } from '@common/contracts/system';
import { queryCurrentUser, querySettings } from './services/auth';
import { apiErrorStatus } from './utils/apiError';
import { matchedRouteTitle, setPlatformTitle, setRouteTitle } from './utils/documentTitle';
import { requestConfig } from './utils/requestConfig';
import { clearToken, getToken } from './utils/session';

/** Why a token was held but no user came back: the server refused it, or could not be asked. */
export type SessionProblem = 'ended' | 'unreachable';

export interface InitialState {
  currentUser?: CurrentUser;
  sessionProblem?: SessionProblem;
  settings?: Settings;
  fetchUserInfo: () => Promise<CurrentUser | undefined>;
}

/** The signed-in user, if a token is held; seed §4: on failure proceed with no user, silently. */
async function loadSession(): Promise<Pick<InitialState, 'currentUser' | 'sessionProblem'>> {
  if (!getToken()) return {};
  try {
    return { currentUser: (await queryCurrentUser({ skipErrorHandler: true })).data };
  } catch (error) {
    if (apiErrorStatus(error) !== 401) return { sessionProblem: 'unreachable' };
    clearToken();
    return { sessionProblem: 'ended' };
  }
}

export async function getInitialState(): Promise<InitialState> {
  const [session, settings] = await Promise.all([
    loadSession(),
    querySettings({ skipErrorHandler: true })
      .then((body) => body.data)
      .catch(() => undefined),
  ]);
  setPlatformTitle(settings?.platformTitle);
  return { ...session, settings, fetchUserInfo: async () => (await loadSession()).currentUser };
}

export const request: RequestConfig = requestConfig;

/** Every page's tab title from its route (src/utils/documentTitle.ts). */
export function onRouteChange(args: {
  clientRoutes: Parameters<typeof matchRoutes>[0];
  location: { pathname: string };
  basename?: string;
}) {
  setRouteTitle(matchedRouteTitle(matchRoutes(args.clientRoutes, args.location.pathname, args.basename)));
}

/** Seed §2: the router base can be overridden by a global setting and defaults to the root. */
export const modifyContextOpts = (memo: { basename?: string }) => ({ ...memo, basename: window.routerBase ?? '/' });
