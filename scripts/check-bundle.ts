// Bundle guard, run in CI after `npm run build`:
// - the entry chunk (umi.*.js) carries no antd, pro-components, echarts or the rich-text editor;
// - no phone or public page (nor the login page) loads any pro-components code;
// - the first-load JS (gzip) of chosen pages, measured in Chromium, stays within budget.
// `npx tsx scripts/check-bundle.ts` prints a table and exits non-zero on a breach;
// `BUNDLE_FILES=/userManage/list,/screen` (pages' paths) also lists those pages' scripts, largest first;
// `BUNDLE_PAGES=/userManage/list,/app/index` measures only those pages (comparing builds, ADR 0047).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';

const dist = path.resolve('dist');
const KiB = 1024;

/** Strings that only these libraries put in a production bundle. */
const FORBIDDEN_IN_ENTRY: Record<string, RegExp> = {
  antd: /#1677ff/i, // antd's seed colour token
  'pro-components': /ant-pro-|ProLayout/,
  echarts: /echarts|ECharts/,
  wangEditor: /wangEditor|w-e-text/,
};

/**
 * Markers for the phone pages' check of every script they load. antd-mobile also writes '#1677ff',
 * so antd is recognised by its seed token object and its icon class instead.
 */
const FORBIDDEN_ON_PHONE: Record<string, RegExp> = {
  antd: /colorPrimary:"#1677ff"|anticon/,
};

/** Only the admin frame (ProLayout, ADR 0042) and the admin pages may load pro-components: its class prefix. */
const PRO_COMPONENTS = /ant-pro-|ProLayout/;

/**
 * signIn: true signs in as admin, or as the account named; false: a public page (no pro-components);
 * phone: every loaded script is checked for antd and pro-components.
 */
const PAGES: Array<{
  path: string;
  viewport: { width: number; height: number };
  budgetKiB: number;
  signIn?: boolean | string;
  phone?: boolean;
}> = [
  // 257.9 KiB measured with pro-components trimmed (ADR 0047; the goal is at most 260).
  // 263.3 with the one sign-out (src/utils/signOut.ts) and the wider captcha (ADR 0046).
  // 255.5 once our own code is compiled for the browsers we serve, not for ES5 (ADR 0060).
  { path: '/user/login', viewport: PHONE, budgetKiB: 260, signIn: false },
  // Phone pages (antd-mobile only): no antd may load here.
  // 161.4 KiB measured with the route's error boundary and phone frame (ADR 0044) and the session
  // hand-over between tabs (ADR 0049); the list pages were about 159 before them.
  // 162.2 with the bell that counts kept notices while the page is open (ADR 0055).
  { path: '/app/taskList', viewport: PHONE, budgetKiB: 158, phone: true },
  // 159 KiB measured with the notice bell in the phone layout and the form drafts (ADRs 0030, 0031).
  { path: '/app/mytask', viewport: PHONE, budgetKiB: 160, signIn: 'cadre02', phone: true },
  // A dynamic URL: Umi also preloads the '*' route's chunk (404), which therefore carries no antd.
  // 173.5 with pictures shown as 处理中 until decoded (ADR 0058) and the notices' bell (ADR 0055).
  { path: '/app/mytask/1', viewport: PHONE, budgetKiB: 170, signIn: 'cadre02', phone: true },
  // 转派诉求 (a cadre's appeals handed down, ADR 0031) and 我的消息 (a villager's notices).
  // 158.7 and 179.3 KiB measured once photos upload one at a time and typed names are checked for
  // hidden characters as the server does (ADRs 0039, 0041); the list was under 157, the detail 177.
  // With ADRs 0044 and 0049: 162.2, 183.2 and 160.6 KiB.
  // With ADRs 0055 and 0058 (kept notices, 处理中 pictures): 163.0, 184.5 and 161.6 KiB.
  // With 填报字段, the village's photo answers (ADR 0064) and our code compiled for the browsers we
  // serve (ADR 0060): 154.3 (任务公开), 156.9 and 166.8 (我的任务), 156.7 and 184.6 (转派诉求), 154.2
  // (我的消息), 152.8 (新闻动态).
  { path: '/app/dispatched', viewport: PHONE, budgetKiB: 160, signIn: 'cadre02', phone: true },
  { path: '/app/dispatched/1', viewport: PHONE, budgetKiB: 189, signIn: 'cadre02', phone: true },
  { path: '/app/notices', viewport: PHONE, budgetKiB: 158, signIn: 'villager02', phone: true },
  // The phone home (ADR 0012: at most 140; the Toast and react-spring load with the first message).
  { path: '/app/index', viewport: PHONE, budgetKiB: 140, phone: true },
  { path: '/app/newsList', viewport: PHONE, budgetKiB: 157, phone: true },
  // Public pages (docs/product.md §5): plain CSS, opened on phones too, so they are checked like
  // phone pages. /entrance is the workbench door, opened first on every desktop: the entry chunk
  // (81 KiB) plus a page of plain CSS and inline icons (88 KiB measured); 100 leaves room for the
  // entry to grow.
  { path: '/entrance', viewport: PHONE, budgetKiB: 100, phone: true },
  // /digital loads its echarts chart (echarts/core, bar + SVG renderer) on demand after the figures.
  { path: '/digital', viewport: DESKTOP, budgetKiB: 330, phone: true },
  // The wall display: plain CSS, no antd; its echarts chunks (lazy) are counted too, since a screen loads them at
  // once (292 KiB measured, of which echarts is about 170).
  // 300.6 KiB with the village panel's pages (ADR 0050) and the error boundaries (ADR 0044): over
  // the 300 goal by 0.6, to be won back; 301.3 with the one sign-out the request layer calls on a 401.
  // 296.6 with ADR 0060 (our code compiled for the browsers we serve): within the goal again.
  { path: '/screen', viewport: { width: 1920, height: 1080 }, budgetKiB: 300, signIn: 'staff01', phone: true },
  // The heaviest admin page: 750 KiB with ProTable and ProLayout, 623.5 after trimming them (ADRs 0016,
  // 0029), 450.5 with the thin list table (ADR 0034) and the thin admin frame (ADR 0035), which leave
  // pro-components out of the bundle, 412.1 without antd's tree filter and Typography and with the dialogs
  // loaded when first opened (ADR 0037), 504.3 with the frame on ProLayout again (ADR 0042) while the list still
  // ran on DataTable, 750.1 with the list on ProTable through ListTable (ADR 0043), 579.9 with pro-components
  // trimmed by the module replacements of config/proTrim.ts (ADR 0047; the goal is at most 590). CI has measured
  // up to 3.5 KiB more than a local run of the same build. 589.3 with every dialog on ModalForm/DrawerForm
  // (ADR 0048), 604.7 once the header's search loaded TypeBox with its contract, 593.6 without it
  // (common/search.ts), with the search box and the bell's own notices in the frame: 3.6 over the goal.
  // 576.4 with ADR 0060: our code for the browsers we serve instead of ES5, the colour picker free of
  // side effects, pro-layout's two icons and antd's locale from their ES builds. The goal, 590, is the budget.
  { path: '/userManage/list', viewport: DESKTOP, budgetKiB: 590, signIn: true },
];

/** What a page shows while its code or its data is still on the way. */
const BUSY = [
  '[aria-busy="true"]',
  '[role="status"][aria-label="加载中"]',
  '.ant-spin-spinning',
  '.ant-skeleton',
  '.adm-skeleton',
  '.adm-spin-loading',
  '.screen-loading',
].join(', ');

/** When the page last asked for or received something, and how many requests are open. */
function watchNetwork(tab: Page) {
  const state = { open: 0, last: Date.now() };
  tab.on('request', () => {
    state.open += 1;
    state.last = Date.now();
  });
  const ended = () => {
    state.open -= 1;
    state.last = Date.now();
  };
  tab.on('requestfinished', ended);
  tab.on('requestfailed', ended);
  return state;
}

/**
 * Waits until the page shows no loading state and the network has been quiet for 1.5 s. On a busy
 * machine `networkidle` alone can come between a script's arrival and the requests (and chunks) it
 * then asks for, which measured pages half loaded.
 */
async function settled(tab: Page, network: ReturnType<typeof watchNetwork>, quietMs = 1500, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await tab.locator(BUSY).filter({ visible: true }).count();
    if (!busy && network.open <= 0 && Date.now() - network.last >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`${tab.url()} was still loading after ${timeoutMs / 1000} s`);
    await tab.waitForTimeout(250);
  }
}

const gzipSize = (file: string) => {
  const gz = `${file}.gz`;
  return fs.existsSync(gz) ? fs.statSync(gz).size : zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
};

async function main() {
  let failed = false;
  const entry = fs.readdirSync(dist).find((f) => /^umi\.[0-9a-f]+\.js$/.test(f));
  if (!entry) throw new Error('dist/umi.*.js not found: run npm run build first');
  const entryCode = fs.readFileSync(path.join(dist, entry), 'utf8');
  for (const [lib, marker] of Object.entries(FORBIDDEN_IN_ENTRY)) {
    if (marker.test(entryCode)) {
      console.error(`✖ the entry chunk ${entry} contains ${lib}`);
      failed = true;
    }
  }
  console.log(
    `entry chunk ${entry}: ${(gzipSize(path.join(dist, entry)) / KiB).toFixed(1)} KiB gzip, no antd/pro-components/echarts/editor: ${failed ? 'NO' : 'yes'}`,
  );

  // The demo accounts sign in below. They are there by default, so a journeys' template data dir
  // (E2E_TEMPLATE_DIR, tests/helpers/server.ts) serves too, which saves a first start.
  const server = await startServer(process.env.SEED_DEMO === '0' ? { SEED_DEMO: '1' } : {});
  const browser = await launchBrowser();
  try {
    console.log('\n| page | viewport | JS files | first-load JS (gzip) | budget |');
    console.log('|---|---|---|---|---|');
    const only = process.env.BUNDLE_PAGES?.split(',').filter(Boolean);
    for (const page of only ? PAGES.filter(({ path: pagePath }) => only.includes(pagePath)) : PAGES) {
      const context = await browser.newContext({ viewport: page.viewport });
      const tab = await context.newPage();
      if (page.signIn) {
        await tab.goto(`${server.url}/user/login`);
        const account = typeof page.signIn === 'string' ? page.signIn : 'admin';
        const password = account === 'admin' ? 'Admin12345' : 'Demo12345';
        const token = await tab.evaluate(
          async ([username, pass]) => {
            const res = await fetch('/api/login/account', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username, password: pass }),
            });
            return (await res.json()).data.token as string;
          },
          [account, password],
        );
        // Session storage belongs to one tab: give the token to every page of this context.
        await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
      }
      // A cold visit in a fresh page: count every script the page loads.
      const fresh = await context.newPage();
      await tab.close();
      const scripts = new Set<string>();
      fresh.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js')) scripts.add(path.basename(url.pathname));
      });
      const quiet = watchNetwork(fresh);
      await fresh.goto(server.url + page.path, { waitUntil: 'networkidle' });
      await settled(fresh, quiet);
      // A redirect (e.g. to the login page) would measure another page.
      const landed = new URL(fresh.url()).pathname;
      if (landed !== page.path) {
        console.error(`✖ ${page.path} ended at ${landed}: not measured`);
        failed = true;
      }
      const total = [...scripts].reduce((sum, name) => sum + gzipSize(path.join(dist, name)), 0);
      if (page.phone || page.signIn === false) {
        for (const name of scripts) {
          if (PRO_COMPONENTS.test(fs.readFileSync(path.join(dist, name), 'utf8'))) {
            console.error(`✖ ${page.path} loads ${name}, which contains pro-components`);
            failed = true;
          }
        }
      }
      if (page.phone) {
        // Every script a phone page loads must be free of antd.
        for (const name of scripts) {
          const code = fs.readFileSync(path.join(dist, name), 'utf8');
          for (const [lib, marker] of Object.entries(FORBIDDEN_ON_PHONE)) {
            if (marker.test(code)) {
              console.error(`✖ ${page.path} loads ${name}, which contains ${lib}`);
              failed = true;
            }
          }
        }
      }
      if (process.env.BUNDLE_FILES?.split(',').includes(page.path)) {
        const sizes = [...scripts].map((name) => ({ name, size: gzipSize(path.join(dist, name)) })).sort((a, b) => b.size - a.size);
        for (const { name, size } of sizes) console.log(`    ${(size / KiB).toFixed(1).padStart(6)} KiB  ${name}`);
      }
      const ok = total <= page.budgetKiB * KiB;
      if (!ok) failed = true;
      console.log(
        `| ${page.path} | ${page.viewport.width}×${page.viewport.height} | ${scripts.size} | ${(total / KiB).toFixed(1)} KiB ${ok ? '' : '✖'} | ${page.budgetKiB} KiB |`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
