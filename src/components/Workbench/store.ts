import { useSyncExternalStore } from 'react';

// The 多标签页 switch (a choice of this browser, kept in local storage) and the menu's way into
// the open workbench. Small on purpose: the entry chunk imports it for the menu.

const SETTING_KEY = 'workbenchTabs';
const listeners = new Set<() => void>();

function tabsEnabled(): boolean {
  try {
    return localStorage.getItem(SETTING_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setTabsEnabled(on: boolean) {
  try {
    if (on) localStorage.removeItem(SETTING_KEY);
    else localStorage.setItem(SETTING_KEY, 'off');
  } catch {
    // Storage refused (private mode): the switch holds for this page only.
  }
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether admin pages open as tabs; follows the switch at once. */
export function useTabsEnabled(): boolean {
  return useSyncExternalStore(subscribe, tabsEnabled);
}

type Opener = (path: string) => void;
let opener: Opener | undefined;

/** The mounted workbench takes the menu's clicks while it is shown. */
export function registerOpener(open: Opener) {
  opener = open;
  return () => {
    if (opener === open) opener = undefined;
  };
}

/** A menu item chosen: the workbench shows that page's tab as it was left; false when no workbench is shown. */
export function openFromMenu(path: string): boolean {
  if (!opener) return false;
  opener(path);
  return true;
}
