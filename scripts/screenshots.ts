// Takes screenshots of the pages for review: `npx tsx scripts/screenshots.ts [outDir]`.
// Needs a built client (npm run build). Starts its own server on a fresh demo database.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';

const outDir = path.resolve(process.argv[2] ?? 'screenshots');

async function signIn(page: Page, base: string, account: string, password: string) {
  await page.goto(`${base}/user/login`);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}

/** Replaces {publicTask} and {myTask:<state>} in a phone url with real ids, asked of the API. */
async function resolveTaskIds(page: Page, url: string): Promise<string> {
  const ask = (api: string) =>
    page.evaluate(async (path) => {
      const token = sessionStorage.getItem('token');
      const res = await fetch(path, { headers: token ? { authorization: token } : {} });
      const body = await res.json();
      return (body.data?.list?.[0]?.id as number | undefined) ?? 0;
    }, api);
  let resolved = url;
  if (resolved.includes('{publicTask}')) resolved = resolved.replace('{publicTask}', String(await ask('/api/public/tasks?pageSize=1')));
  const mine = /\{myTask:(\w+)\}/.exec(resolved);
  if (mine) resolved = resolved.replace(mine[0], String(await ask(`/api/my/tasks?pageSize=1&state=${mine[1]}`)));
  return resolved;
}

/** Types a report and picks two photos (a big one, to be compressed), then waits for the uploads. */
async function fillReport(page: Page) {
  const sharp = (await import('sharp')).default;
  const photo = (r: number, g: number, b: number) =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r, g, b } } })
      .jpeg({ quality: 95 })
      .toBuffer();
  const text = page.locator('#submission-text');
  if (await text.count()) await text.fill('已组织人员对辖区开展排查，发现隐患2处，已设置警示标志并上报村委会。');
  const album = page.locator('[data-testid="photo-album"]');
  if (await album.count()) {
    await album.setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await photo(120, 160, 90) },
      { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await photo(90, 130, 200) },
    ]);
    await page.waitForFunction(
      () => !document.querySelector('.photo-tile[data-status="uploading"], .photo-tile[data-status="compressing"]'),
      undefined,
      { timeout: 30000 },
    );
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  type Size = { width: number; height: number };
  // [name, url, size (PHONE: phone only; DESKTOP: both sizes unless desktopOnly), who signs in, desktopOnly]
  const shots: Array<[string, string, Size, string?, boolean?]> = [
    ['login', '/user/login', DESKTOP],
    ['register', '/user/register', DESKTOP],
    ['register-result', '/user/register-result?account=zhangsan', DESKTOP],
    ['not-found', '/no/such/page', DESKTOP],
    ['exception', '/exception?errorCode=500&errorMessage=服务器开小差了', DESKTOP],
    ['userManage-list', '/userManage/list', DESKTOP, 'admin'],
    ['userManage-group', '/userManage/group', DESKTOP, 'admin'],
    ['userManage-role', '/userManage/role', DESKTOP, 'admin'],
    ['forbidden', '/userManage/list', DESKTOP, 'staff01'],
    ['userManage-score', '/userManage/score', DESKTOP, 'admin', true],
    ['taskManage-create', '/taskManage/create', DESKTOP, 'admin', true],
    ['taskManage-list', '/taskManage/list', DESKTOP, 'admin', true],
    ['taskManage-complete', '/taskManage/complete', DESKTOP, 'admin', true],
    ['taskManage-audit', '/taskManage/audit', DESKTOP, 'admin', true],
    ['newsManage-create', '/newsManage/create', DESKTOP, 'admin'],
    ['newsManage-edit', '/newsManage/create?id=1', DESKTOP, 'admin', true],
    ['newsManage-list', '/newsManage/list', DESKTOP, 'admin'],
    ['newsManage-list-filtered', '/newsManage/list?status=draft&sortField=views&sortOrder=descend', DESKTOP, 'admin', true],
    ['introduction-center', '/introduction/center', DESKTOP, 'admin'],
    ['introduction-village', '/introduction/village?area=2', DESKTOP, 'admin'],
    ['organization-list', '/organization/list', DESKTOP, 'admin'],
  ];
  // SHOTS=taskManage,userManage-score takes only the shots whose names start with one of these.
  const only = process.env.SHOTS?.split(',').filter(Boolean);
  // Phone pages (issue 3), phone size only. In a url, `{publicTask}` becomes the first public task's
  // id and `{myTask:<state>}` the signed-in user's first task in that state.
  const appShots: Array<{ name: string; url: string; who?: string; prepare?: (page: Page) => Promise<void> }> = [
    { name: 'app-taskList', url: '/app/taskList' },
    { name: 'app-taskList-detail', url: '/app/taskList/{publicTask}' },
    { name: 'app-mytask', url: '/app/mytask', who: 'cadre02' },
    { name: 'app-mytask-approved-tab', url: '/app/mytask?state=approved', who: 'cadre02' },
    { name: 'app-mytask-rejected-tab', url: '/app/mytask?state=rejected', who: 'cadre03' },
    { name: 'app-mytask-rejected', url: '/app/mytask/{myTask:rejected}', who: 'cadre03' },
    { name: 'app-mytask-detail', url: '/app/mytask/{myTask:todo}', who: 'cadre02' },
    { name: 'app-mytask-form', url: '/app/mytask/{myTask:rejected}', who: 'cadre03', prepare: fillReport },
    { name: 'app-mytask-approved', url: '/app/mytask/{myTask:approved}', who: 'cadre02' },
    { name: 'app-noauth', url: '/app/noauth', who: 'villager02' },
    {
      name: 'app-tip',
      url: '/app/tip?type=success&title=提交成功&text=已提交，等待审核。审核通过后可获得 5 积分。&back=/app/mytask&backText=返回我的任务',
    },
    { name: 'app-tip-fail', url: '/app/tip?type=fail&title=提交失败&text=网络连接失败，请稍后重试&back=//evil.example' },
    // Content pages (issue 4).
    { name: 'app-index', url: '/app/index' },
    { name: 'app-index-large', url: '/app/index', prepare: largeText },
    { name: 'app-newsList', url: '/app/newsList' },
    { name: 'app-newsList-column', url: '/app/newsList?column=2' },
    { name: 'app-newsList-detail', url: '/app/newsList', prepare: (page) => openFirst(page, '.app-news-card') },
    {
      name: 'app-newsList-detail-large',
      url: '/app/newsList',
      prepare: async (page) => openFirst(page, '.app-news-card').then(() => largeText(page)),
    },
    { name: 'app-introductList', url: '/app/introductList' },
    { name: 'app-introductList-detail', url: '/app/introductList/2' },
    { name: 'app-taskList-large', url: '/app/taskList', prepare: largeText },
    { name: 'app-mytask-large', url: '/app/mytask/{myTask:todo}', who: 'cadre02', prepare: largeText },
    {
      name: 'app-index-empty',
      url: '/app/index',
      prepare: (page) => answerEmpty(page, '/api/public/news', { list: [], total: 0, current: 1, pageSize: 10 }),
    },
  ];
  // Public desktop pages (issue 4): desktop and phone sizes, the wall-screen pages also at 1920×1080.
  const WALL = { width: 1920, height: 1080 };
  const publicShots: Array<{ name: string; url: string; sizes: Size[]; who?: string; prepare?: (page: Page) => Promise<void> }> = [
    { name: 'entrance', url: '/entrance', sizes: [DESKTOP, PHONE] },
    { name: 'entrance-admin', url: '/entrance', sizes: [DESKTOP], who: 'admin' },
    { name: 'introductCenter', url: '/introductCenter', sizes: [DESKTOP, PHONE] },
    { name: 'introductList', url: '/introductList', sizes: [DESKTOP, PHONE] },
    { name: 'introductList-detail', url: '/introductList/2', sizes: [DESKTOP, PHONE] },
    { name: 'orgShow', url: '/orgShow', sizes: [DESKTOP, PHONE, WALL] },
    { name: 'orgShow-unit', url: '/orgShow', sizes: [DESKTOP, PHONE], prepare: (page) => page.locator('.org-box').nth(1).click() },
    { name: 'digital', url: '/digital', sizes: [DESKTOP, PHONE, WALL] },
    { name: 'orgShow-empty', url: '/orgShow', sizes: [DESKTOP], prepare: (page) => answerEmpty(page, '/api/public/org-units', []) },
  ];
  try {
    for (const size of [DESKTOP, PHONE]) {
      for (const [name, url, , who, desktopOnly] of shots) {
        if (desktopOnly && size !== DESKTOP) continue;
        if (only && !only.some((prefix) => name.startsWith(prefix))) continue;
        const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
        const page = await context.newPage();
        if (who) await signIn(page, server.url, who, who === 'admin' ? 'Admin12345' : 'Demo12345');
        await page.goto(server.url + url);
        await page.waitForLoadState('networkidle');
        await settled(page);
        const file = path.join(outDir, `${name}-${size.width}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
    for (const shot of appShots) {
      if (only && !only.some((prefix) => shot.name.startsWith(prefix))) continue;
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      if (shot.who) await signIn(page, server.url, shot.who, 'Demo12345');
      else await page.goto(`${server.url}/user/login`);
      const url = await resolveTaskIds(page, shot.url);
      await page.goto(server.url + url);
      await page.waitForLoadState('networkidle');
      if (shot.prepare) await shot.prepare(page);
      await settled(page);
      // What the phone shows first, and the whole page (fixed bars land mid-page in the latter).
      const file = path.join(outDir, `${shot.name}-${PHONE.width}.png`);
      await page.screenshot({ path: file });
      await page.screenshot({ path: path.join(outDir, `${shot.name}-${PHONE.width}-full.png`), fullPage: true });
      console.log(file);
      await context.close();
    }
    for (const shot of publicShots) {
      if (only && !only.some((prefix) => shot.name.startsWith(prefix))) continue;
      for (const size of shot.sizes) {
        const phone = size === PHONE;
        const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1, isMobile: phone, hasTouch: phone });
        const page = await context.newPage();
        if (shot.who) await signIn(page, server.url, shot.who, shot.who === 'admin' ? 'Admin12345' : 'Demo12345');
        await page.goto(server.url + shot.url);
        await page.waitForLoadState('networkidle');
        if (shot.prepare) await shot.prepare(page);
        await settled(page);
        const file = path.join(outDir, `${shot.name}-${size.width}.png`);
        await page.screenshot({ path: file });
        await page.screenshot({ path: path.join(outDir, `${shot.name}-${size.width}-full.png`), fullPage: true });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Turns the phone pages' large-text mode on (as the 大字 switch does) and reloads. */
async function largeText(page: Page) {
  await page.evaluate(() => localStorage.setItem('appLargeText', '1'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/** Answers `apiPath` (and its queries) with empty data from now on and reloads: the empty states. */
async function answerEmpty(page: Page, apiPath: string, data: unknown) {
  await page.route(
    (url) => url.pathname === apiPath,
    (route) => route.fulfill({ json: { code: 200, data } }),
  );
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/** Opens the first element matching `selector` (a list item) and waits for its page. */
async function openFirst(page: Page, selector: string) {
  await page.locator(selector).first().click();
  await page.waitForLoadState('networkidle');
}

/** Waits until no table or page spinner is turning (a busy machine answers slowly), then a moment for animations. */
async function settled(page: Page) {
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .adm-skeleton, .adm-dot-loading'), undefined, { timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
