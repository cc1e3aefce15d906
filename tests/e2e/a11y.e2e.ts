import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiPost } from '../helpers/admin';
import { describeViolations, saveViolations, scan, settle, type ScanScope, type Violation } from '../helpers/axe';
import { DESKTOP, PHONE } from '../helpers/browser';
import { eventually, setUpJourneys } from '../helpers/journeys';
import routes from '../../config/routes';

// Every page of config/routes.ts, with the demo data, through axe-core: no serious or critical
// violation anywhere (colour contrast, names of controls, nesting, language, zoom...). One server,
// one browser, one context per visitor so the run stays short on a two-core machine.

const app = setUpJourneys();
const { newPage, journey, signIn } = app;

const WALL = { width: 1920, height: 1080 };

/** The id of the first row a list API gives the signed-in user (0 when it gives none). */
async function firstId(page: Page, api: string): Promise<number> {
  return page.evaluate(async (path) => {
    const token = sessionStorage.getItem('token');
    const res = await fetch(path, { headers: token ? { authorization: token } : {} });
    const body = await res.json();
    return (body.data?.list?.[0]?.id as number | undefined) ?? 0;
  }, api);
}

interface RouteEntry {
  path?: string;
  component?: string;
  routes?: RouteEntry[];
}

/** Every page route of config/routes.ts (redirects left out). */
function pageRoutes(entries: RouteEntry[] = routes): string[] {
  return entries.flatMap((entry) => [...(entry.component && entry.path ? [entry.path] : []), ...pageRoutes(entry.routes ?? [])]);
}

/** Which route of config/routes.ts a path lands on: a literal or `:param` route first, then a `*` one. */
function routeOf(pathname: string): string | undefined {
  const all = pageRoutes();
  const pattern = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
  return all.find((route) => !route.includes('*') && pattern(route).test(pathname)) ?? all.find((route) => pattern(route).test(pathname));
}

/** The routes some journey has scanned, checked against config/routes.ts at the end. */
const scannedRoutes = new Set<string>();

/** Collects what fails on every page of a journey and reports all of it at once at the end. */
function auditor(name: string) {
  const found: Violation[] = [];
  /** Pages whose language is not 简体中文: axe's html-lang-valid only asks for some valid language. */
  const notChinese: string[] = [];
  let scanned = 0;
  return {
    /**
     * Scans the page as it is now (after opening a drawer, a dialog or a tab). With `held`, the scan
     * counts only if the state it judged still holds once it ends; otherwise nothing is kept and
     * false is answered, so the state can be brought back and scanned again.
     */
    async check(page: Page, label: string, scope?: ScanScope, held?: () => Promise<boolean>) {
      const violations = await scan(page, label, scope);
      if (held && !(await held())) return false;
      scanned += 1;
      const route = routeOf(new URL(page.url()).pathname);
      if (route) scannedRoutes.add(route);
      found.push(...violations);
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== 'zh-CN') notChinese.push(`${label}: lang="${lang}"`);
      return true;
    },
    /** Opens a path and scans it. */
    async visit(page: Page, path: string, label = path, scope?: ScanScope) {
      await page.goto(app.url + path);
      await this.check(page, label, scope);
    },
    done() {
      saveViolations(name, found);
      assert.ok(scanned > 0, 'no page was scanned');
      assert.deepEqual(notChinese, [], 'every page says it is in Simplified Chinese');
      if (found.length) assert.fail(`serious or critical axe-core violations on ${scanned} pages:\n${describeViolations(found)}`);
    },
  };
}

/** Clicks what opens a drawer or dialog and waits until it is shown. */
async function openOverlay(page: Page, trigger: Locator) {
  await trigger.click();
  await page.getByRole('dialog').last().waitFor();
}

const ADMIN_FRAME = '.ant-pro-sider, .ant-pro-layout-header, footer';
const OVERLAYS = '.ant-modal-wrap, .ant-drawer-content-wrapper';

/** Every admin page, and what opens its drawer or dialog where it has one. */
const ADMIN_PAGES: Array<{ path: string; overlay?: (page: Page) => Locator }> = [
  // 修改密码 sits in the header's account menu, which the journey opens (and scans) first.
  { path: '/dashboard', overlay: (page) => page.getByRole('menuitem', { name: '修改密码' }) },
  { path: '/dashboard/report' },
  { path: '/userManage/list', overlay: (page) => page.getByRole('button', { name: /新建用户/ }) },
  { path: '/userManage/list', overlay: (page) => page.getByRole('button', { name: /导入用户/ }) },
  { path: '/userManage/group', overlay: (page) => page.getByRole('button', { name: /新建分组/ }) },
  { path: '/userManage/role', overlay: (page) => page.getByRole('button', { name: /新建角色/ }) },
  { path: '/userManage/score', overlay: (page) => page.getByText('积分明细', { exact: true }).first() },
  { path: '/taskManage/create' },
  { path: '/taskManage/list' },
  { path: '/taskManage/complete', overlay: (page) => page.getByText(/^查看(名单|人员|全部人员)$/).first() },
  { path: '/taskManage/audit', overlay: (page) => page.getByText('驳回', { exact: true }).first() },
  { path: '/newsManage/create' },
  { path: '/newsManage/list', overlay: (page) => page.getByText('预览', { exact: true }).first() },
  { path: '/introduction/center' },
  { path: '/introduction/village' },
  { path: '/organization/list', overlay: (page) => page.getByRole('button', { name: /新增顶级单位/ }) },
  { path: '/organization/villages', overlay: (page) => page.getByRole('button', { name: /新增村（社区）/ }) },
  { path: '/peopleService/appeal', overlay: (page) => page.getByText('查看', { exact: true }).first() },
  { path: '/peopleService/shot', overlay: (page) => page.getByText('查看', { exact: true }).first() },
  { path: '/peopleService/opinion', overlay: (page) => page.getByRole('button', { name: /新增舆情/ }) },
  { path: '/system/settings', overlay: (page) => page.getByRole('button', { name: /生成链接/ }) },
  { path: '/system/operation-logs' },
  { path: '/system/login-logs' },
];

describe('accessibility (axe-core: no serious or critical violation on any page)', () => {
  journey('sign-in, registration and error pages, desktop and phone', async () => {
    const axe = auditor('user-and-error-pages');
    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(size);
      const at = ` @${size.width}`;
      await axe.visit(page, '/user/login', `/user/login${at}`);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByText('请输入账号').waitFor();
      await axe.check(page, `/user/login, empty form sent${at}`);
      await axe.visit(page, '/user/register', `/user/register${at}`);
      await axe.visit(page, '/user/register-result?account=zhangsan', `/user/register-result${at}`);
      await axe.visit(page, '/exception?errorCode=500&errorMessage=服务器开小差了', `/exception${at}`);
      await axe.visit(page, '/no/such/page', `404${at}`);
      await axe.visit(page, '/user/nothing', `/user/* (404)${at}`);
      await context.close();
    }
    axe.done();
  });

  journey('public pages as a visitor, desktop and phone', async () => {
    const axe = auditor('public-pages');
    for (const size of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(size);
      const at = ` @${size.width}`;
      for (const path of ['/entrance', '/introductCenter', '/introductList', '/introductList/2', '/digital']) {
        await axe.visit(page, path, `${path}${at}`);
      }
      await axe.visit(page, '/orgShow', `/orgShow${at}`);
      await openOverlay(page, page.locator('.org-box').nth(1));
      await axe.check(page, `/orgShow, a unit opened${at}`);
      await context.close();
    }
    axe.done();
  });

  journey('phone pages as a visitor (390×844)', async () => {
    const axe = auditor('phone-visitor');
    const { context, page } = await newPage(PHONE);
    await axe.visit(page, '/app/index');
    await axe.visit(page, '/app/newsList');
    await axe.visit(page, `/app/newsList/${await firstId(page, '/api/public/news?pageSize=1')}`, '/app/newsList/:id');
    await axe.visit(page, '/app/introductList');
    await axe.visit(page, '/app/introductList/2', '/app/introductList/:area');
    await axe.visit(page, '/app/taskList');
    await axe.visit(page, `/app/taskList/${await firstId(page, '/api/public/tasks?pageSize=1')}`, '/app/taskList/:id');
    await axe.visit(
      page,
      '/app/tip?type=success&title=提交成功&text=已提交，等待审核。&back=/app/mytask&backText=返回我的任务',
      '/app/tip',
    );
    await axe.visit(page, '/app/tip?type=fail&title=提交失败&text=网络连接失败，请稍后重试', '/app/tip (failure)');
    // Large text changes every size on the phone pages; the colours must still hold.
    await page.goto(`${app.url}/app/newsList`);
    await page.getByRole('button', { name: '大字模式' }).click();
    await axe.check(page, '/app/newsList, large text');
    await context.close();
    axe.done();
  });

  journey('phone pages as villager02: services, own appeals and photo reports, notices', async () => {
    const axe = auditor('phone-villager');
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await axe.visit(page, '/app/notices');
    await axe.visit(page, '/app/notices?filter=unread', '/app/notices (unread)');
    await axe.visit(page, '/app/service');
    await axe.visit(page, '/app/service/appeal');
    // The toast fades in, and out after two seconds, which a scan of the whole page on a busy
    // machine outlasts: judge the toast alone while it is fully shown, then the form without it. A
    // fade, once begun, does not come back, so a toast still fully shown after the scan was so
    // throughout; when it was not, the toast is raised again (three tries).
    const toastShown = () =>
      page.evaluate(() => {
        const texts = [...document.querySelectorAll('.adm-toast-mask .adm-auto-center-content')];
        return (
          texts.length > 0 &&
          texts.every((text) => {
            for (let node: Element | null = text; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
            return true;
          })
        );
      });
    for (let attempt = 1; ; attempt += 1) {
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await page.getByText('请按红色提示补充或修改').waitFor();
      await eventually(async () => assert.ok(await toastShown(), 'the toast is fully shown'));
      const last = attempt === 3;
      const label = '/app/service/appeal, empty form sent (its toast)';
      if (await axe.check(page, label, { include: '.adm-toast-mask' }, last ? undefined : toastShown)) break;
      await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
    }
    await page.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
    await axe.check(page, '/app/service/appeal, empty form sent');
    await axe.visit(page, '/app/service/shot');
    const appeal = await firstId(page, '/api/my/appeals?pageSize=1');
    assert.ok(appeal, 'villager02 has an appeal in the demo data');
    await axe.visit(page, `/app/service/appeal/${appeal}`, '/app/service/appeal/:id');
    const shot = await firstId(page, '/api/my/photo-reports?pageSize=1');
    assert.ok(shot, 'villager02 has a photo report in the demo data');
    await axe.visit(page, `/app/service/shot/${shot}`, '/app/service/shot/:id');
    await axe.visit(page, '/app/mytask', '/app/mytask (a villager)');
    await axe.visit(page, '/app/noauth');
    await context.close();
    axe.done();
  });

  journey('phone pages as cadre02: my tasks in every state and the report form, appeals handed down', async () => {
    const axe = auditor('phone-cadre');
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'cadre02', 'Demo12345');
    await axe.visit(page, '/app/index', '/app/index (a cadre)');
    await axe.visit(page, '/app/mytask');
    for (const state of ['pending', 'approved', 'rejected', 'missed']) {
      await axe.visit(page, `/app/mytask?state=${state}`);
    }
    let details = 0;
    for (const state of ['todo', 'pending', 'approved', 'rejected']) {
      const id = await firstId(page, `/api/my/tasks?pageSize=1&state=${state}`);
      if (!id) continue;
      details += 1;
      await axe.visit(page, `/app/mytask/${id}`, `/app/mytask/:id (${state})`);
    }
    assert.ok(details >= 2, 'cadre02 has tasks in several states in the demo data');
    // The demo hands two appeals to 第一村: one waiting for its cadres, one they answered.
    await axe.visit(page, '/app/dispatched');
    await axe.visit(page, '/app/dispatched?state=done');
    const answered = await firstId(page, '/api/my/dispatched-appeals?pageSize=1&state=done');
    assert.ok(answered, 'the demo has an appeal 第一村 answered');
    await axe.visit(page, `/app/dispatched/${answered}`, '/app/dispatched/:id (answered)');
    const handed = await firstId(page, '/api/my/dispatched-appeals?pageSize=1&state=open');
    assert.ok(handed, 'the demo has an appeal waiting for 第一村');
    await axe.visit(page, `/app/dispatched/${handed}`, '/app/dispatched/:id');
    await page.getByRole('button', { name: '不予受理' }).click();
    await page.getByRole('button', { name: '确认不予受理' }).click();
    await page.getByText('请填写不予受理的原因').waitFor();
    await axe.check(page, '/app/dispatched/:id, reason missing');
    // The demo hands no photo report down: staff01 hands one of 第一村's to it.
    const staff = await newPage();
    await signIn(staff.page, 'staff01', 'Demo12345');
    const shot = await firstId(staff.page, '/api/photo-reports?pageSize=1&status=pending&area=2');
    assert.ok(shot, 'the demo has a photo report of 第一村 waiting');
    await apiPost(staff.page, `/api/photo-reports/${shot}/dispatch`, { areaId: 2 });
    await staff.context.close();
    await axe.visit(page, '/app/dispatched?kind=shot', '/app/dispatched (随手拍)');
    await axe.visit(page, `/app/dispatched/shot/${shot}`, '/app/dispatched/shot/:id');
    await context.close();
    axe.done();
  });

  journey('the wall display at 1920×1080', async () => {
    const axe = auditor('screen');
    const { context, page } = await newPage(WALL);
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/screen`);
    await page.locator('[data-counter="activeTasks"]').waitFor();
    await axe.check(page, '/screen');
    await context.close();
    axe.done();
  });

  journey('admin pages as admin (1440×900), with their drawers and dialogs', async () => {
    const axe = auditor('admin-pages');
    const { context, page } = await newPage(DESKTOP);
    await signIn(page, 'admin', 'Admin12345');
    // The frame (side menu, header, footer) is the same on every page: scanned in full on the first.
    let frame: ScanScope = {};
    for (const { path, overlay } of ADMIN_PAGES) {
      await axe.visit(page, path, path, frame);
      frame = { exclude: ADMIN_FRAME };
      if (path === '/dashboard') {
        await page.getByRole('button', { name: '管理员，你好！' }).click();
        await page.getByLabel('当前登录').waitFor();
        await axe.check(page, `${path}, account menu open`, { include: '.ant-dropdown' });
      }
      if (!overlay) continue;
      await openOverlay(page, overlay(page));
      await axe.check(page, `${path}, dialog or drawer open`, { include: OVERLAYS });
    }
    await context.close();
    axe.done();
  });

  journey('every open state of the admin at 1366×768: dropdowns, pickers, table menus, confirmations, previews, drawers', async () => {
    const axe = auditor('admin-popups');
    const { context, page } = await newPage({ width: 1366, height: 768 });
    await signIn(page, 'admin', 'Admin12345');
    /** The popup just opened: antd keeps closed ones in the page, hidden. */
    const popup = (selector: string) => page.locator(selector).filter({ visible: true }).last();
    /** Opens a popup, scans only it (the page under it was scanned already), and closes it again. */
    const scanOpen = async (
      label: string,
      open: () => Promise<unknown>,
      selector: string,
      scope: ScanScope = { include: selector },
      close = () => page.keyboard.press('Escape'),
    ) => {
      await open();
      await popup(selector).waitFor();
      await axe.check(page, label, scope);
      await close();
      await popup(selector).waitFor({ state: 'hidden' });
    };
    const go = async (path: string) => {
      await page.goto(app.url + path);
      await settle(page);
    };
    const field = (label: string) => page.getByLabel(label, { exact: true });
    const dialogField = (label: string) => page.getByRole('dialog').last().getByLabel(label, { exact: true });

    // The frame's own popups: the notice bell, the workbench's tab menu, a toolbar tooltip.
    await go('/peopleService/appeal');
    await scanOpen('header, notices open', () => page.locator('.notice-bell').click(), '.ant-popover');
    await scanOpen('workbench, tab menu open', () => page.getByRole('button', { name: '标签页操作' }).click(), '.ant-dropdown');
    await scanOpen(
      'list toolbar, a tooltip shown',
      () => page.getByRole('button', { name: '刷新' }).hover(),
      '.ant-tooltip',
      { include: '.ant-tooltip' },
      () => page.mouse.move(0, 0),
    );

    // A list's search form and table tools.
    // The list's first Select (the header's search box is a combobox too, and comes first).
    await scanOpen('/peopleService/appeal, a Select open', () => page.locator('.ant-select').first().click(), '.ant-select-dropdown');
    const unfold = page.getByRole('button', { name: /^展开/ });
    if (await unfold.count()) await unfold.first().click();
    await scanOpen(
      '/peopleService/appeal, the date range picker open',
      () => page.getByPlaceholder('开始日期').first().click(),
      '.ant-picker-dropdown',
      { exclude: ADMIN_FRAME },
    );
    await scanOpen(
      '/peopleService/appeal, column settings open',
      () => page.getByRole('button', { name: '列设置' }).click(),
      '.ant-popover',
      { include: '.ant-popover' },
    );
    await scanOpen(
      '/peopleService/appeal, density menu open',
      () => page.getByRole('button', { name: '表格密度' }).click(),
      '.ant-dropdown',
    );
    await openOverlay(page, page.getByRole('button', { name: '受理', exact: true }).first());
    await axe.check(page, '/peopleService/appeal, 受理 asks first', { include: OVERLAYS });
    await page
      .getByRole('button', { name: /^取\s*消$/ })
      .last()
      .click();
    // 登记诉求: the dialog as it opens, its checks shown, and its village Select open.
    await openOverlay(page, page.getByRole('button', { name: /登记诉求/ }));
    await page
      .getByRole('dialog', { name: '登记诉求' })
      .getByRole('button', { name: /^登\s*记$/ })
      .click();
    await page.getByRole('dialog', { name: '登记诉求' }).getByText('请填写联系电话').waitFor();
    await axe.check(page, '/peopleService/appeal, 登记诉求 with its checks shown', { include: OVERLAYS });
    await scanOpen(
      '/peopleService/appeal, 登记诉求: the village Select open',
      () => dialogField('所在村（社区）').click(),
      '.ant-select-dropdown',
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '登记诉求' }).waitFor({ state: 'hidden' });

    // A row's 更多 menu, and the confirmation one of its items asks.
    await go('/userManage/list');
    await scanOpen(
      "/userManage/list, a row's 更多 open",
      () => page.getByRole('button', { name: /^更多/ }).first().click(),
      '.ant-dropdown',
    );
    await page.getByRole('button', { name: /^更多/ }).first().click();
    await openOverlay(page, popup('.ant-dropdown').getByRole('menuitem', { name: /^删除/ }));
    await axe.check(page, '/userManage/list, 删除 asks first', { include: OVERLAYS });
    await page
      .getByRole('button', { name: /^取\s*消$/ })
      .last()
      .click();
    await openOverlay(page, page.getByRole('button', { name: /新建用户/ }));
    await scanOpen('/userManage/list, 新建用户: the groups Select open', () => dialogField('用户分组').click(), '.ant-select-dropdown');

    // A Popconfirm on a row, a menu with an item that cannot be chosen yet, and a tree select in a dialog.
    await go('/newsManage/list');
    await scanOpen(
      "/newsManage/list, a row's 更多 open",
      () => page.getByRole('button', { name: /^更多/ }).first().click(),
      '.ant-dropdown',
    );
    await scanOpen(
      '/newsManage/list, 发布/下线 asks first',
      () =>
        page
          .getByRole('button', { name: /^(发布|下线|重新发布)$/ })
          .first()
          .click(),
      '.ant-popconfirm',
    );
    await go('/organization/list');
    await scanOpen(
      '/organization/list, 删除 asks first',
      () => page.getByRole('button', { name: '删除' }).first().click(),
      '.ant-popconfirm',
    );
    await openOverlay(page, page.getByRole('button', { name: /新增顶级单位/ }));
    await scanOpen('/organization/list, the parent unit tree open', () => dialogField('上级单位').click(), '.ant-select-dropdown');

    // A form's pickers and multiple selects.
    await go('/taskManage/create');
    await scanOpen('/taskManage/create, the deadline picker open', () => field('截止时间').click(), '.ant-picker-dropdown', {
      exclude: ADMIN_FRAME,
    });
    await scanOpen('/taskManage/create, the target groups Select open', () => field('目标分组').click(), '.ant-select-dropdown');
    await go('/dashboard/report');
    await scanOpen(
      '/dashboard/report, the period picker open',
      () => page.getByRole('textbox', { name: /^选择/ }).click(),
      '.ant-picker-dropdown',
      {
        exclude: ADMIN_FRAME,
      },
    );

    // A photo enlarged, and the group members drawer with its select.
    await go('/taskManage/audit');
    await page.locator('.ant-image').first().click();
    await page.getByRole('dialog', { name: '图片预览' }).waitFor();
    await axe.check(page, '/taskManage/audit, a photo enlarged', {
      include: '.ant-image-preview-wrap, .ant-image-preview-operations-wrapper',
    });
    await page.keyboard.press('Escape');
    await go('/userManage/group');
    await openOverlay(page, page.getByRole('button', { name: /成员/ }).first());
    await axe.check(page, '/userManage/group, members drawer', { include: OVERLAYS });
    await page.getByRole('combobox', { name: '添加成员' }).fill('cadre');
    await popup('.ant-select-dropdown .ant-select-item-option').waitFor();
    await axe.check(page, '/userManage/group, members drawer: people found to add', { include: '.ant-select-dropdown' });
    await context.close();
    axe.done();
  });

  journey('every page route of config/routes.ts was scanned', async () => {
    assert.deepEqual(
      pageRoutes().filter((route) => !scannedRoutes.has(route)),
      [],
    );
  });
});
