import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs (and any `extraArgs`). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * For a route handler's promise: a request still in the handler when its page moves on or closes
 * cannot be answered any more ("Fetch response has been disposed", "… has been closed"). Nobody
 * waits for that answer, so it is dropped; any other error is a real failure and is thrown.
 */
export function abandoned(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/disposed|has been closed|Target closed|Route is already handled/i.test(message)) return;
  throw error;
}
