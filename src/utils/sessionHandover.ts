import { clearToken, getToken, routerBase, setToken } from './session';
import { isUserPage } from './routeAccess';

/**
 * A tab opened from a signed-in tab (Ctrl-click, 在新标签页中打开) starts with an empty
 * sessionStorage: it asks the tabs of this origin for their session over a BroadcastChannel and a
 * signed-in one answers with its token (ADR 0049). The token never goes to localStorage; only a
 * hint that some tab of this browser signed in does, so a visitor who never signed in waits for no
 * answer.
 */
const CHANNEL = 'glp-session';
const HINT_KEY = 'glp-signed-in';
/**
 * Long enough for a busy tab to answer (one still parsing the admin frame's scripts on a slow PC
 * took over 300 ms), short enough not to hold the page up when none does.
 */
const ASK_TIMEOUT_MS = 1000;

type Message = { kind: 'ask'; id: string } | { kind: 'answer'; id: string; token: string } | { kind: 'ended'; token: string };

const supported = () => typeof BroadcastChannel !== 'undefined';

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}
function writeHint(on: boolean) {
  try {
    if (on) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage refused (private mode): new tabs ask for sign-in, as before.
  }
}

let listening: BroadcastChannel | undefined;

/**
 * Keeps this tab answering the others: with its token while it holds one; and when another tab of
 * the same session signs out, this one drops the token too (its next call then signs it out).
 */
export function answerSessionRequests() {
  if (listening || !supported()) return;
  listening = new BroadcastChannel(CHANNEL);
  listening.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    const token = getToken();
    if (!token || !message) return;
    if (message.kind === 'ask') listening?.postMessage({ kind: 'answer', id: message.id, token } satisfies Message);
    if (message.kind === 'ended' && message.token === token) clearToken();
  };
}

/**
 * Stops answering. A page's channel closes with the page; a test environment that outlives its
 * window (jest runs test files one after another in one process) closes it here.
 */
export function stopAnsweringSessionRequests() {
  listening?.close();
  listening = undefined;
}

/** Marks that a tab of this browser holds a session (called when one signs in). */
export const noteSignedIn = () => writeHint(true);

/** Signs this tab out and tells the tabs sharing its session to drop it too. */
export function endSession() {
  const token = getToken();
  clearToken();
  writeHint(false);
  if (!token || !supported()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ kind: 'ended', token } satisfies Message);
  channel.close();
}

/**
 * On a tab with no token: the token of a signed-in tab of this origin, if one answers in time.
 * A sign-in page (or /, which shows it) asks nothing: someone there means to sign in, perhaps as
 * someone else.
 */
export function askForSession(timeoutMs = ASK_TIMEOUT_MS): Promise<string | undefined> {
  const path = `/${window.location.pathname.slice(routerBase().length)}`;
  if (getToken() || !supported() || !readHint() || isUserPage(path) || path === '/' || path === '/index.html') {
    return Promise.resolve(undefined);
  }
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const finish = (token?: string) => {
      window.clearTimeout(timer);
      channel.close();
      if (token) setToken(token);
      resolve(token);
    };
    const timer = window.setTimeout(() => finish(undefined), timeoutMs);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message?.kind === 'answer' && message.id === id && typeof message.token === 'string') finish(message.token);
    };
    channel.postMessage({ kind: 'ask', id } satisfies Message);
  });
}
