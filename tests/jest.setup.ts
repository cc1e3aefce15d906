import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import '@umijs/max/test-setup';
import { stopAnsweringSessionRequests } from '@/utils/sessionHandover';
import { resetSignOut } from '@/utils/signOut';

// The session channel is the process's (Node's BroadcastChannel), not the window's: a test file's
// listener would otherwise hear the next file's messages after its window is gone.
afterAll(stopAnsweringSessionRequests);
// jsdom does not reload on the way to the login page, so a sign-out of one test would outlive it.
beforeEach(resetSignOut);

/**
 * jsdom lacks these browser APIs that antd uses. matchMedia answers width queries
 * for jsdom's window (1024 px wide: a desktop, so antd's breakpoints up to lg hold) and nothing else.
 */
const mediaMatches = (query: string) =>
  query.split(/\s+and\s+/).every((part) => {
    if (/^(only\s+)?(screen|all)$/.test(part.trim())) return true;
    const m = /^\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)$/.exec(part.trim());
    return m !== null && (m[1] === 'min' ? window.innerWidth >= Number(m[2]) : window.innerWidth <= Number(m[2]));
  });
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: mediaMatches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;

window.scrollTo = () => undefined;
// antd measures scroll bars through getComputedStyle with a pseudo element, which jsdom rejects.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Pages render the whole app (layout, ProTable) in jsdom, which is slow: give async queries room.
configure({ asyncUtilTimeout: 10000 });

/**
 * Performance only. jsdom's getComputedStyle matches every stylesheet rule against the element and
 * each of its ancestors, and antd injects thousands of rules: one call deep in the admin layout took
 * ~6 s (rc-table calls it on every mount; user-event and role queries call it too). Like a browser,
 * discard up front the rules whose rightmost compound names a class the element does not have;
 * everything else still goes to jsdom's own matcher, so which rules match does not change.
 */
function speedUpStyleRuleMatching() {
  if (document.compatMode !== 'CSS1Compat') return; // quirks mode matches classes case-insensitively
  const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  if (!implSymbol) return;
  getComputedStyle(document.body); // makes jsdom create its style-rule matcher
  const matcher = (
    document as unknown as Record<
      symbol,
      { _nwsapiDontThrow?: { match: (selectors: string, element: Element, ...rest: unknown[]) => boolean } }
    >
  )[implSymbol]?._nwsapiDontThrow;
  if (!matcher || typeof matcher.match !== 'function') return;
  const match = matcher.match;
  const cache = new Map<string, string[][] | null>();
  matcher.match = function matchWithClassFilter(this: unknown, selectors: string, element: Element, ...rest: unknown[]) {
    if (typeof selectors !== 'string') return match.call(this, selectors, element, ...rest);
    let required = cache.get(selectors);
    if (required === undefined) {
      required = requiredClasses(selectors);
      cache.set(selectors, required);
    }
    if (required && element?.classList && !required.some((classes) => classes.every((c) => element.classList.contains(c)))) {
      return false;
    }
    return match.call(this, selectors, element, ...rest);
  };
}

/** Per selector of a list, the classes its rightmost compound requires; null when unsure. */
function requiredClasses(selectorList: string): string[][] | null {
  if (/[\\'"]/.test(selectorList)) return null; // escapes and strings: leave to jsdom
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const ch = selectorList[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      selectors.push(selectorList.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  selectors.push(selectorList.slice(start));
  return selectors.map((selector) => {
    // Drop bracketed and parenthesised parts (:not(.x), [attr]) so only the compound's own classes stay.
    let flat = '';
    let level = 0;
    for (const ch of selector.trim()) {
      if (ch === '(' || ch === '[') level++;
      else if (ch === ')' || ch === ']') level--;
      else if (level === 0) flat += ch;
    }
    const compound = flat.split(/\s*[\s>+~]\s*/).pop() ?? '';
    return Array.from(compound.matchAll(/\.([^\s.#:>+~*|]+)/g), (m) => m[1]);
  });
}

speedUpStyleRuleMatching();

// No canvas in jsdom: answer like a browser without one (null) instead of jsdom's "not implemented" error.
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
