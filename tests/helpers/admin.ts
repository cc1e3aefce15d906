import type { Page, Response } from 'playwright-core';
import routes from '../../config/routes';
import { eventually } from './journeys';

interface RouteConfig {
  path: string;
  name?: string;
  component?: string;
  access?: string;
  routes?: RouteConfig[];
}

export interface AdminPage {
  path: string;
  name: string;
  access: string;
  /** The menu group it sits in (none for a top-level item). */
  group?: string;
}

/** Every page of the admin menu (config/routes.ts), with the permission key of its menu group. */
export function adminMenuPages(): AdminPage[] {
  const pages: AdminPage[] = [];
  for (const route of routes as RouteConfig[]) {
    if (!route.name || !route.access) continue;
    if (route.component) pages.push({ path: route.path, name: route.name, access: route.access });
    for (const child of route.routes ?? []) {
      if (child.name && child.component) pages.push({ path: child.path, name: child.name, access: route.access, group: route.name });
    }
  }
  return pages;
}

/** Whether a user (as /api/currentUser answers) may open a page with this key (src/utils/routeAccess.ts). */
export const mayOpen = (key: string, user: { access: string; permissions: string[] }) =>
  key === 'canAdmin' ? user.access === 'admin' : user.access === 'admin' || user.permissions.includes(key);

/**
 * Records, from the first script of every document on, each error toast or notification shown
 * (they vanish after a few seconds) and every /api answer of 400 or more.
 */
export async function recordTrouble(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('.ant-message-error, .ant-message-warning, .ant-notification-notice').forEach((node) => {
        const text = node.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      });
    }).observe(document, { childList: true, subtree: true });
  });
  const failed: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) failed.push(`${response.status()} ${url.pathname}${url.search}`);
  });
  return {
    /** The toasts and refused calls since the last call, emptied. */
    async take(): Promise<string[]> {
      const toasts = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts?.splice(0) ?? []);
      return [...toasts.map((t) => `toast: ${t}`), ...failed.splice(0)];
    },
  };
}

/** A token's GET of the API from inside the page (the session in sessionStorage). */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { authorization: sessionStorage.getItem('token') ?? '' } });
    return (await res.json()).data;
  }, path);
}

/** A token's POST of the API from inside the page; fails unless it answers 200. */
export async function apiPost<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([url, json]) => {
      const headers: Record<string, string> = { authorization: sessionStorage.getItem('token') ?? '' };
      if (json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(url, { method: 'POST', headers, body: json });
      return { status: res.status, body: await res.json() };
    },
    [path, body === undefined ? undefined : JSON.stringify(body)] as const,
  );
  if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

/**
 * What is wrong with the tables on screen: one that scrolls sideways, a header outside the table,
 * a cell whose content spills out, or text cut short with no way to read it whole (no title).
 */
export function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // No named helpers in here: the test runner's transform would wrap them in a function the page lacks.
    const problems: string[] = [];
    for (const wrapper of Array.from(document.querySelectorAll<HTMLElement>('.ant-table-wrapper'))) {
      if (!wrapper.offsetParent) continue;
      const scroller = wrapper.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (!scroller) continue;
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        problems.push(`scrolls sideways (${scroller.scrollWidth} > ${scroller.clientWidth})`);
      const box = scroller.getBoundingClientRect();
      for (const th of Array.from(wrapper.querySelectorAll<HTMLElement>('thead th'))) {
        const rect = th.getBoundingClientRect();
        if (rect.width && (rect.left < box.left - 1 || rect.right > box.right + 1)) problems.push(`header outside: ${th.textContent}`);
        if (th.scrollWidth > th.clientWidth + 1) problems.push(`header cut: ${th.textContent}`);
      }
      for (const td of Array.from(wrapper.querySelectorAll<HTMLElement>('tbody td'))) {
        if (td.scrollWidth > td.clientWidth + 1) problems.push(`cell spills out: ${(td.textContent ?? '').slice(0, 24)}`);
        for (const el of Array.from(td.querySelectorAll<HTMLElement>('*'))) {
          if (getComputedStyle(el).textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
          const titled = el.closest('[title]');
          const readable = (titled && td.contains(titled)) || el.classList.contains('ant-typography-ellipsis');
          if (!readable) problems.push(`cut with no title: ${(el.textContent ?? '').slice(0, 24)}`);
        }
      }
    }
    return problems;
  });
}

/**
 * What is wrong with the row actions on screen: neighbours closer than 8 px (they read as one
 * word), or a red (destructive) action not set apart after a divider.
 */
export function rowActionProblems(page: Page): Promise<{ rows: number; problems: string[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const groups = Array.from(document.querySelectorAll<HTMLElement>('.row-actions')).filter((g) => g.offsetParent);
    for (const group of groups) {
      const items = Array.from(group.children).filter((el) => (el as HTMLElement).offsetParent) as HTMLElement[];
      for (let i = 1; i < items.length; i++) {
        const gap = items[i].getBoundingClientRect().left - items[i - 1].getBoundingClientRect().right;
        if (gap < 8) problems.push(`「${items[i - 1].textContent}」「${items[i].textContent}」 ${gap.toFixed(1)} px apart`);
      }
      const divider = items.findIndex((el) => el.classList.contains('row-actions-divider'));
      items.forEach((el, index) => {
        const red = el.matches('.danger-link') || !!el.querySelector('.danger-link');
        if (red && (divider < 0 || index < divider)) problems.push(`「${el.textContent}」 is red but not after a divider`);
      });
    }
    return { rows: groups.length, problems };
  });
}

/** Waits until an admin page's title is drawn and its lists have loaded. */
export async function pageDrawn(page: Page, title: string) {
  await page.locator('.ant-page-header-heading-title', { hasText: title }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

/**
 * Opens a page from the side menu, as people do: its group first when closed, then the item. The
 * menu may open or close a group as the page settles (the 数据概览 group shares its first page's
 * path), so this looks again until the item can be clicked.
 */
export async function openFromMenu(page: Page, { path, name, group }: AdminPage) {
  const item = page.locator('.ant-pro-sider .ant-menu-item', { hasText: new RegExp(`^${name}$`) });
  await eventually(async () => {
    if (group && !(await item.isVisible())) {
      const submenu = page.locator('.ant-pro-sider .ant-menu-submenu', {
        has: page.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${group}$`) }),
      });
      if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) {
        await submenu.locator('.ant-menu-submenu-title').first().click();
      }
    }
    await item.click({ timeout: 2_000 });
  });
  await page.waitForURL((url) => url.pathname === path);
  await pageDrawn(page, name);
}
