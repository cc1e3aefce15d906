// Takes screenshots of the pages for review: `npx tsx scripts/screenshots.ts [outDir]`.
// Needs a built client (npm run build). Starts its own server on a fresh demo database.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { RULE_MESSAGES, TIME_ZONE, USER_IMPORT_HEADERS } from '../common/constants';
import { adminMenuPages, openFromMenu } from '../tests/helpers/admin';
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

/**
 * Replaces {publicTask}, {myTask:<state>} and {first:<api path>} in a url with real ids: the first
 * row the API gives the signed-in user.
 */
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
  const first = /\{first:([^}]+)\}/.exec(resolved);
  if (first) resolved = resolved.replace(first[0], String(await ask(first[1])));
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
  // Many sign-ins from one address in a few minutes: more than the API's per-address limit allows.
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const browser = await launchBrowser();
  // On the township's clock whatever the machine's zone: dates, 今天 and 本月 read as staff see them.
  const shotContext = { deviceScaleFactor: 1, timezoneId: TIME_ZONE };
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
  // Phone pages (docs/product.md §15), phone size only. In a url, `{publicTask}` becomes the first
  // public task's id and `{myTask:<state>}` the signed-in user's first task in that state.
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
    // Content pages (docs/product.md §5).
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
  // Public desktop pages (docs/product.md §5, §10): desktop and phone sizes, the wall-screen pages
  // also at 1920×1080.
  const publicShots: SizedShot[] = [
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
        const context = await browser.newContext({ ...shotContext, viewport: size });
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
      const context = await browser.newContext({ ...shotContext, viewport: PHONE, isMobile: true, hasTouch: true });
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
    // The public pages are taken whole at every size too.
    for (const shot of [...publicShots.map((p) => ({ ...p, full: true })), ...RECENT_SHOTS]) {
      if (only && !only.some((prefix) => shot.name.startsWith(prefix))) continue;
      for (const size of shot.sizes) {
        const phone = size === PHONE;
        const context = await browser.newContext({ ...shotContext, viewport: size, isMobile: phone, hasTouch: phone });
        const page = await context.newPage();
        if (shot.who) await signIn(page, server.url, shot.who, shot.who === 'admin' ? 'Admin12345' : 'Demo12345');
        await page.goto(server.url + (await resolveTaskIds(page, shot.url)));
        await page.waitForLoadState('networkidle');
        if (shot.prepare) await shot.prepare(page);
        await settled(page);
        const file = path.join(outDir, `${shot.name}-${size.width}.png`);
        await page.screenshot({ path: file });
        if (phone || shot.full) await page.screenshot({ path: path.join(outDir, `${shot.name}-${size.width}-full.png`), fullPage: true });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

const WALL = { width: 1920, height: 1080 };
const LAPTOP = { width: 1366, height: 768 };
const ADMIN_SIZES = [DESKTOP, LAPTOP];

/** A page at the given sizes, made ready by `prepare`. */
interface SizedShot {
  name: string;
  url: string;
  sizes: Array<{ width: number; height: number }>;
  who?: string;
  prepare?: (page: Page) => Promise<void>;
  /** Also the whole page (phone shots always are). */
  full?: boolean;
}

/**
 * The later pages (reports, logs, settings, imports, photo checks, 转派 and notices, the
 * captcha, the workbench tabs): admin pages at 1440×900 and 1366×768, the wall display at
 * 1920×1080, phone pages at 390×844.
 */
const RECENT_SHOTS: SizedShot[] = [
  {
    name: 'dashboard-report',
    url: '/dashboard/report',
    sizes: ADMIN_SIZES,
    who: 'admin',
    full: true,
    prepare: (page) => page.getByRole('article', { name: '通报预览' }).getByRole('table').first().waitFor(),
  },
  { name: 'system-operation-logs', url: '/system/operation-logs', sizes: ADMIN_SIZES, who: 'admin' },
  {
    name: 'system-operation-logs-expanded',
    url: '/system/operation-logs',
    sizes: ADMIN_SIZES,
    who: 'admin',
    prepare: async (page) => {
      // A change to show: villager03's phone number, a different one at each size.
      await page.evaluate(
        async (phone) => {
          const headers = { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' };
          const list = await (await fetch('/api/users?account=villager03', { headers })).json();
          const id = list.data.list[0].id as number;
          await fetch(`/api/users/${id}`, { method: 'PUT', headers, body: JSON.stringify({ phone }) });
        },
        `1390000${page.viewportSize()?.width ?? 1440}`,
      );
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page
        .getByRole('button', { name: /展开行/ })
        .first()
        .click();
    },
  },
  { name: 'system-login-logs', url: '/system/login-logs', sizes: ADMIN_SIZES, who: 'admin' },
  { name: 'system-settings', url: '/system/settings', sizes: ADMIN_SIZES, who: 'admin', full: true },
  {
    name: 'system-settings-holidays',
    url: '/system/settings',
    sizes: ADMIN_SIZES,
    who: 'admin',
    prepare: (page) => scrollToCard(page, '节假日安排'),
  },
  {
    name: 'system-settings-demo-clear',
    url: '/system/settings',
    sizes: ADMIN_SIZES,
    who: 'admin',
    prepare: async (page) => {
      await scrollToCard(page, '演示数据');
      await page.getByRole('button', { name: /清除演示数据/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /清\s*除/ })
        .waitFor();
    },
  },
  {
    name: 'userManage-list-import',
    url: '/userManage/list',
    sizes: ADMIN_SIZES,
    who: 'admin',
    prepare: (page) => openImport(page).then(() => undefined),
  },
  { name: 'userManage-list-import-preview', url: '/userManage/list', sizes: ADMIN_SIZES, who: 'admin', prepare: importPreview },
  // The list's rows with their red row actions (DangerLink) and grey dashes, without antd's Typography (ADR 0037).
  { name: 'userManage-list-rows', url: '/userManage/list', sizes: ADMIN_SIZES, who: 'admin' },
  // 完成情况 of a task with its per-area table and 导出Excel.
  {
    name: 'taskManage-complete-areas',
    url: '/taskManage/complete?taskId=1',
    sizes: ADMIN_SIZES,
    who: 'admin',
    prepare: (page) =>
      page
        .getByRole('button', { name: /导出Excel/ })
        .first()
        .waitFor(),
  },
  { name: 'taskManage-audit-flags', url: '/taskManage/audit', sizes: ADMIN_SIZES, who: 'staff01', prepare: auditFlag },
  { name: 'taskManage-audit-findings', url: '/taskManage/audit', sizes: ADMIN_SIZES, who: 'staff01', prepare: auditFindings },
  {
    name: 'peopleService-appeal-flags',
    url: '/peopleService/appeal',
    sizes: ADMIN_SIZES,
    who: 'staff01',
    prepare: (page) => openRow(page, '河道里有人倾倒建筑垃圾', '诉求详情'),
  },
  {
    name: 'peopleService-appeal-dispatched',
    url: '/peopleService/appeal',
    sizes: ADMIN_SIZES,
    who: 'staff01',
    prepare: (page) => openRow(page, '小学门口减速带被压坏了', '诉求详情'),
  },
  {
    name: 'peopleService-shot-flags',
    url: '/peopleService/shot',
    sizes: ADMIN_SIZES,
    who: 'staff01',
    prepare: (page) => openRow(page, '桥边护栏断了一截', '随手拍详情'),
  },
  { name: 'workbench-tabs', url: '/dashboard', sizes: ADMIN_SIZES, who: 'admin', prepare: workbenchTabs },
  { name: 'login-captcha', url: '/user/login', sizes: [DESKTOP, PHONE], prepare: captcha },
  {
    name: 'screen',
    url: '/screen',
    sizes: [WALL],
    who: 'staff01',
    prepare: (page) => page.locator('[data-counter="activeTasks"]').waitFor(),
  },
  { name: 'app-index-villager', url: '/app/index', sizes: [PHONE], who: 'villager02' },
  { name: 'app-index-cadre', url: '/app/index', sizes: [PHONE], who: 'cadre02' },
  { name: 'app-notices', url: '/app/notices', sizes: [PHONE], who: 'villager02' },
  { name: 'app-notices-unread', url: '/app/notices?filter=unread', sizes: [PHONE], who: 'villager02' },
  {
    name: 'app-notices-appeal',
    url: '/app/notices',
    sizes: [PHONE],
    who: 'villager02',
    prepare: (page) => openFirst(page, 'a[href^="/app/service/appeal/"]'),
  },
  { name: 'app-dispatched', url: '/app/dispatched', sizes: [PHONE], who: 'cadre02' },
  { name: 'app-dispatched-done', url: '/app/dispatched?state=done', sizes: [PHONE], who: 'cadre02' },
  {
    name: 'app-dispatched-detail',
    url: '/app/dispatched/{first:/api/my/dispatched-appeals?pageSize=1&state=open}',
    sizes: [PHONE],
    who: 'cadre02',
  },
  {
    name: 'app-dispatched-detail-done',
    url: '/app/dispatched/{first:/api/my/dispatched-appeals?pageSize=1&state=done}',
    sizes: [PHONE],
    who: 'cadre02',
  },
];

/** Scrolls a settings card's title to the top of the view. */
async function scrollToCard(page: Page, title: string) {
  await page.locator('.ant-card-head-title', { hasText: title }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

/** Opens a row's drawer (查看) on a people-service list, and waits for its photos' checks. */
async function openRow(page: Page, text: string, article: string) {
  await page.getByRole('row').filter({ hasText: text }).getByText('查看', { exact: true }).click();
  await page.getByRole('article', { name: article }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: /导入用户/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入用户' });
  await dialog.getByRole('button', { name: /下载模板/ }).waitFor();
  return dialog;
}

/** 导入用户 with a file of three rows, one with a phone number too short: the preview with its error. */
async function importPreview(page: Page) {
  const dialog = await openImport(page);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow([...USER_IMPORT_HEADERS]);
  sheet.addRow(['qianxm01', '钱晓明', '13712340001', '村民', '第一村', '']);
  sheet.addRow(['sunli02', '孙丽', '1371234', '村民', '第一村', '']);
  sheet.addRow(['zhoujh03', '周建华', '13712340003', '村干部/网格员', '第二村', '网格员']);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  await dialog.locator('input[type="file"]').setInputFiles({
    name: '新用户.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog.getByText(`手机号：${RULE_MESSAGES.phone}`).waitFor();
}

const FLAGGED_TASK = '“清洁村庄”人居环境集中整治';

/** 任务审核 with grid02's re-used photo flagged and its popover open. */
async function auditFlag(page: Page) {
  const row = page.getByRole('row').filter({ hasText: FLAGGED_TASK }).filter({ hasText: '刘志强' });
  await row.getByRole('button', { name: '第1张照片疑似重复，查看详情' }).click();
  await page.locator('.ant-popover').filter({ hasText: '疑似重复照片' }).waitFor();
}

/** The flagged submission's own drawer, where the findings are spelled out. */
async function auditFindings(page: Page) {
  const id = await page.evaluate(async (task) => {
    const res = await fetch('/api/submissions?pageSize=50&status=pending', {
      headers: { authorization: sessionStorage.getItem('token') ?? '' },
    });
    const list = (await res.json()).data.list as Array<{ id: number; taskTitle: string; userName: string }>;
    return list.find((s) => s.taskTitle === task && s.userName === '刘志强')?.id;
  }, FLAGGED_TASK);
  await page.goto(`${page.url().split('?')[0]}?submission=${id}`);
  await page.getByRole('dialog').getByRole('alert').waitFor();
  await page.waitForLoadState('networkidle');
}

/** Four pages opened from the menu as tabs, and a tab's context menu open. */
async function workbenchTabs(page: Page) {
  const pages = adminMenuPages();
  for (const path of ['/taskManage/list', '/peopleService/appeal', '/userManage/list']) {
    const found = pages.find((p) => p.path === path);
    if (found) await openFromMenu(page, found);
  }
  await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '群众诉求' }).click({ button: 'right' });
  await page.getByRole('menuitem').first().waitFor();
}

/** Three wrong passwords for one account (another one per size): the sign-in asks for a captcha. */
async function captcha(page: Page) {
  await page.getByPlaceholder('账号').fill((page.viewportSize()?.width ?? 0) < 600 ? 'grid04' : 'staff02');
  for (let i = 0; i < 3; i++) {
    await page.getByPlaceholder('密码').fill(`Wrong1234${i}`);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();
  }
  await page.waitForFunction(() => (document.querySelector('img[alt="验证码图片"]') as HTMLImageElement | null)?.naturalWidth === 400);
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
