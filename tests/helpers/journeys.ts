import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './browser';
import { saveScreenshots } from './failures';
import { type RunningServer, startServer } from './server';

/**
 * Long enough for a busy two-core machine; `E2E_TIMEOUT_MS` lengthens it where several engineers'
 * builds and runs share the cores (a journey waits for what it sees, never for a set time).
 */
export const SLOW = { timeout: Number(process.env.E2E_TIMEOUT_MS) || 30_000 };

/** Polls until `check` stops throwing (no fixed sleeps: the machine may be slow). */
export async function eventually<T>(check: () => Promise<T>, timeout = SLOW.timeout): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * A `waitForURL` matcher on the path alone. A list page writes its state into the address by
 * replace (?current=1&pageSize=20) a moment after it opens; a glob of the bare path misses the
 * page when the check comes late, as it does on a loaded machine.
 */
export const onPath = (pattern: string | RegExp) => (url: URL) =>
  typeof pattern === 'string' ? url.pathname === pattern : pattern.test(url.pathname);

/** Fills the login form and presses 登录, without waiting for where it leads. */
export async function submitLogin(page: Page, baseUrl: string, account: string, password: string) {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Signs in with a password someone else chose (a manager's, an import's) and, on the form the login
 * page then shows, replaces it with `own`, as the person must (ADR 0045); waits until the login
 * page is left.
 */
export async function firstSignIn(page: Page, baseUrl: string, account: string, given: string, own: string) {
  await submitLogin(page, baseUrl, account, given);
  await page.getByText('首次登录，请先设置新密码').waitFor();
  await page.getByLabel('新密码', { exact: true }).fill(own);
  await page.getByLabel('确认新密码').fill(own);
  await page.getByRole('button', { name: '设置新密码并进入系统' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
}

export interface Journeys {
  /** The server of this file: started once, on a fresh data dir. */
  readonly url: string;
  /** The server's data dir (its database: `urlsOf` in server/db/embedded.ts), for what only a test may read. */
  readonly dataDir: string;
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** A test that keeps a screenshot of every open page when it fails. */
  journey(name: string, fn: () => Promise<void>): void;
  /** Signs in and waits until the login page is left. */
  signIn(page: Page, account: string, password: string): Promise<void>;
}

/**
 * One server and one Chromium for the journeys of a `describe`. With `chained`, the journeys tell
 * one story: after the first failure the later ones are skipped rather than failing for its sake.
 * `env` is added to the server's environment.
 */
export function setUpJourneys({ chained = false, env = {} as Record<string, string> } = {}): Journeys {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let broken: string | undefined;
  const openPages: Page[] = [];

  before(async () => {
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (started.status === 'fulfilled' && launched.status === 'fulfilled') {
      [server, browser] = [started.value, launched.value];
      return;
    }
    // The one that did start is closed here: an open browser would keep the file running forever.
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = () => {
    if (!server) throw new Error('the server has not started');
    return server;
  };
  const url = () => started().url;

  return {
    get url() {
      return url();
    },
    get dataDir() {
      return started().dataDir;
    },
    async newPage(viewport = DESKTOP) {
      if (!browser) throw new Error('the browser has not started');
      // Reduced motion turns antd's animations off, so no click lands on a dialog or list still moving in.
      const context = await browser.newContext({
        viewport,
        locale: 'zh-CN',
        reducedMotion: 'reduce',
        acceptDownloads: true,
      });
      context.setDefaultTimeout(SLOW.timeout);
      const page = await context.newPage();
      openPages.push(page);
      return { context, page };
    },
    journey(name, fn) {
      test(name, async (t) => {
        if (chained && broken) {
          t.skip(`depends on「${broken}」, which failed`);
          return;
        }
        try {
          await fn();
        } catch (error) {
          broken = name;
          await saveScreenshots(openPages, name);
          throw error;
        } finally {
          openPages.length = 0;
        }
      });
    },
    async signIn(page, account, password) {
      await submitLogin(page, url(), account, password);
      await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    },
  };
}
