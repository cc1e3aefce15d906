/**
 * The admin workbench's tabs as data (ADR 0032). One tab per admin page (its pathname); a tab
 * remembers the address it was left at. At most `MAX_KEPT` pages stay mounted: the least recently
 * used beyond that are let go (their tab stays; the page comes back from its address). A page
 * with unsaved input is never let go by that bound.
 */

/** Pages kept mounted at once: enough for a working session, bounded so memory stays flat. */
const MAX_KEPT = 8;

export interface WorkbenchTab {
  /** The page's pathname. */
  key: string;
  /** Where the tab was last: pathname and search. */
  url: string;
  title: string;
  /** Bumped to mount the page afresh (刷新, or opened anew from elsewhere). */
  version: number;
  /** Whether the page is mounted (kept alive). */
  kept: boolean;
  lastUsed: number;
  /** The page holds unsaved input. */
  dirty?: boolean;
  /** The page has finished (saved and moved on): close it once the user is elsewhere. */
  closeOnLeave?: boolean;
}

export interface Arrival {
  key: string;
  url: string;
  title: string;
  /** The tab the user was on before this navigation. */
  from?: string;
  /** The tab bar or the menu asked for exactly this address (keep the page as it is). */
  intended: boolean;
  /** The browser's back or forward button. */
  pop: boolean;
  now: number;
}

/** Let go of the least recently used pages beyond the bound (never the active one or one with input). */
export function bound(tabs: WorkbenchTab[], active: string, max = MAX_KEPT): WorkbenchTab[] {
  const kept = tabs.filter((t) => t.kept);
  if (kept.length <= max) return tabs;
  const spare = kept
    .filter((t) => t.key !== active && !t.dirty)
    .sort((a, b) => a.lastUsed - b.lastUsed)
    .slice(0, kept.length - max)
    .map((t) => t.key);
  return tabs.map((t) => (spare.includes(t.key) ? { ...t, kept: false } : t));
}

/**
 * The tabs after the router arrived somewhere. Moving within a tab (its filters, page, drawer)
 * updates it. Coming back to a kept tab through the tab bar, the menu or back/forward to the address
 * it was left at shows it as it was; any other way in (a link from another page, a save that moves
 * on) mounts it afresh on the new address, so its list shows what just changed.
 */
export function arrive(tabs: WorkbenchTab[], at: Arrival, max = MAX_KEPT): WorkbenchTab[] {
  let next = tabs;
  const leaving = at.from && at.from !== at.key ? next.find((t) => t.key === at.from) : undefined;
  if (leaving?.closeOnLeave) next = next.filter((t) => t.key !== leaving.key);
  const existing = next.find((t) => t.key === at.key);
  if (!existing) {
    next = [...next, { key: at.key, url: at.url, title: at.title, version: 0, kept: true, lastUsed: at.now }];
  } else {
    const same = at.from === at.key;
    const resume = existing.kept && (same || at.intended || (at.pop && existing.url === at.url));
    const updated: WorkbenchTab = {
      ...existing,
      url: at.url,
      title: at.title,
      lastUsed: at.now,
      kept: true,
      version: resume || !existing.kept ? existing.version : existing.version + 1,
      // A finished page that moves within itself (a save that stays) is not finished after all.
      closeOnLeave: same ? undefined : existing.closeOnLeave,
      dirty: resume ? existing.dirty : undefined,
    };
    next = next.map((t) => (t.key === at.key ? updated : t));
  }
  return bound(next, at.key, max);
}

/** The tab to show after closing `closing` while on `active` (its right-hand neighbour, else the left). */
export function successor(tabs: WorkbenchTab[], closing: string[], active: string): WorkbenchTab | undefined {
  if (!closing.includes(active)) return tabs.find((t) => t.key === active);
  const index = tabs.findIndex((t) => t.key === active);
  const rest = (list: WorkbenchTab[]) => list.filter((t) => !closing.includes(t.key));
  return rest(tabs.slice(index + 1))[0] ?? rest(tabs.slice(0, index)).slice(-1)[0];
}

export type CloseScope = 'this' | 'others' | 'left' | 'right';

/** The keys a context-menu action closes, around the tab it was opened on. */
export function keysToClose(tabs: WorkbenchTab[], key: string, scope: CloseScope): string[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index < 0) return [];
  if (scope === 'this') return [key];
  if (scope === 'others') return tabs.filter((t) => t.key !== key).map((t) => t.key);
  if (scope === 'left') return tabs.slice(0, index).map((t) => t.key);
  return tabs.slice(index + 1).map((t) => t.key);
}

/** What survives a reload (session storage): the tabs and their addresses, none of them mounted. */
export function toStored(tabs: WorkbenchTab[]): Array<Pick<WorkbenchTab, 'key' | 'url' | 'title'>> {
  return tabs.map(({ key, url, title }) => ({ key, url, title }));
}

export function fromStored(raw: string | null): WorkbenchTab[] {
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter(
        (t): t is { key: string; url: string; title: string } =>
          !!t &&
          typeof t.key === 'string' &&
          t.key.startsWith('/') &&
          typeof t.url === 'string' &&
          t.url.startsWith(t.key) &&
          typeof t.title === 'string',
      )
      .map((t) => ({ key: t.key, url: t.url, title: t.title, version: 0, kept: false, lastUsed: 0 }));
  } catch {
    return [];
  }
}
