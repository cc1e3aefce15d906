import { showMessage } from './feedback';
import { appUrl, type LoginNotice, loginUrl, setLoginNotice } from './session';
import { endSession } from './sessionHandover';

// Every way out of a session goes through signOut(): the header's 退出登录, a changed password,
// 换个账号登录 on /app/noauth, and a session the server no longer knows (body code 401). Each drops
// the token in this tab and in the tabs sharing it (ADR 0049), shows its message now and again on
// the login page (the navigation reloads the page), and goes to the sign-in page once, however many
// calls fail together.

interface SignOutOptions {
  /**
   * Ask the server to end the session first (退出登录). When it does not answer 200 the user stays
   * signed in (the request layer has shown why) and signOut returns false.
   */
  endOnServer?: boolean;
  /** Whose phone-form drafts go too: village phones are shared (ADR 0030). */
  forgetDraftsOf?: number;
  /** What the user is told, now and on the login page. */
  notice?: LoginNotice;
  /** Come back here after signing in again (a session that ended under the user's feet). */
  comeBack?: boolean;
}

let leaving = false;

/**
 * Leaves the session: see the file's header. Calls that fail with 401 while the user is leaving
 * (`isSigningOut`) are expected and say nothing.
 */
export async function signOut(options: SignOutOptions = {}): Promise<boolean> {
  if (leaving) return true;
  if (options.endOnServer) {
    // Loaded on use: the pages that never sign out (the wall display, the login page) skip it.
    const { logout } = await import('@/services/auth');
    const body = await logout();
    if (body.code !== 200) return false;
  }
  leaving = true;
  if (options.forgetDraftsOf !== undefined) {
    // The drafts' store (IndexedDB) is loaded only now: the admin pages never write to it.
    const { forgetAccountDrafts } = await import('./drafts');
    await forgetAccountDrafts(options.forgetDraftsOf);
  }
  endSession();
  if (options.notice) {
    showMessage(options.notice.kind === 'success' ? 'success' : 'error', options.notice.text);
    setLoginNotice(options.notice);
  }
  window.location.replace(options.comeBack ? loginUrl() : appUrl('/user/login'));
  return true;
}

/** True once the user is leaving: calls still in flight come back 401, which is expected. */
export const isSigningOut = () => leaving;

/** For tests: as if the page had reloaded. */
export function resetSignOut() {
  leaving = false;
}
