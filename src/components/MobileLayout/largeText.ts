/**
 * The phone pages' large-text mode (大字模式) for older villagers: one flag kept in localStorage on
 * the phone, shared by every mounted frame. While a phone frame is mounted and the flag is on, the
 * root element carries LARGE_TEXT_CLASS, which scales `--m-font-scale` and antd-mobile's font-size
 * variables (MobileLayout/index.css). Portalled popups (Toast, Dialog) grow with it.
 */
import { useEffect, useSyncExternalStore } from 'react';

export const LARGE_TEXT_STORAGE_KEY = 'appLargeText';
export const LARGE_TEXT_CLASS = 'm-large-text';

const listeners = new Set<() => void>();

function readStored(): boolean {
  try {
    return window.localStorage.getItem(LARGE_TEXT_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked (private mode): standard text
  }
}

let enabled = typeof window !== 'undefined' && readStored();

const isLargeText = () => enabled;

export function setLargeText(next: boolean) {
  enabled = next;
  try {
    if (next) window.localStorage.setItem(LARGE_TEXT_STORAGE_KEY, '1');
    else window.localStorage.removeItem(LARGE_TEXT_STORAGE_KEY);
  } catch {
    // Not persisted, but still applied for this visit.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The flag and its setter, re-rendering on change from any frame or page. */
export function useLargeText(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(subscribe, isLargeText, () => false);
  return [value, setLargeText];
}

// Two frames can be mounted for a moment during a route change: the class goes when the last one does.
let mountedFrames = 0;
function applyClass() {
  document.documentElement.classList.toggle(LARGE_TEXT_CLASS, mountedFrames > 0 && enabled);
}

/** Puts the root class on while the calling frame is mounted (MobileLayout calls it). */
export function useLargeTextRoot() {
  const [value] = useLargeText();
  useEffect(() => {
    mountedFrames += 1;
    return () => {
      mountedFrames -= 1;
      applyClass();
    };
  }, []);
  useEffect(applyClass, [value]);
}
