/**
 * The admin workbench's tabs (ADR 0032) in real Chromium: a page left for another comes back as it
 * was (filters, open drawer, place on the page) without loading again; the context menu refreshes
 * and closes; a reload keeps the tabs; only a bounded number of pages stay mounted; unsaved input
 * asks before its tab closes; and the header menu turns the tabs off.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, scan } from '../helpers/axe';
import { adminMenuPages, openFromMenu, pageDrawn } from '../helpers/admin';
import { eventually, setUpJourneys } from '../helpers/journeys';

const app = setUpJourneys();
const { journey, signIn } = app;

async function newPage() {
  const opened = await app.newPage();
  opened.context.setDefaultTimeout(60_000);
  return opened;
}

const menuPage = (path: string) => {
  const found = adminMenuPages().find((p) => p.path === path);
  assert.ok(found, path);
  return found;
};

/** The tab titles in the bar, left to right. */
const tabTitles = (page: Page) => page.locator('.workbench-bar .ant-tabs-tab').allInnerTexts();

/** Counts the list calls to an API path from now on. */
function countCalls(page: Page, pathname: string) {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === pathname) calls += 1;
  });
  return () => calls;
}

/** Right-clicks a tab and chooses an item of its menu. */
async function tabMenu(page: Page, title: string, item: string) {
  await page.locator('.workbench-bar .ant-tabs-tab', { hasText: title }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: item }).click();
}

describe('the workbench tabs', () => {
  journey('a page left for another comes back with its filters, its drawer and its place, without loading again', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    const appealCalls = countCalls(page, '/api/appeals');
    await page.goto(`${app.url}/taskManage/list`);
    await pageDrawn(page, '任务列表');
    await openFromMenu(page, menuPage('/peopleService/appeal'));
    await page.getByPlaceholder('标题、内容、提交人或电话').fill('路灯');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await eventually(async () => assert.match(new URL(page.url()).search, /keyword=/));
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-table-row:visible').first().getByText('查看', { exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.locator('.ant-drawer-title', { hasText: '#' }).waitFor();
    const drawerTitle = await drawer.locator('.ant-drawer-title').innerText();
    const appealUrl = page.url();
    const loaded = appealCalls();

    // The drawer opens under the tab bar: another tab can be chosen while it is open.
    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '任务列表' }).click();
    await pageDrawn(page, '任务列表');
    assert.deepEqual(await tabTitles(page), ['任务列表', '群众诉求']);
    assert.equal(await drawer.isVisible(), false, "the other tab's drawer hides with it");
    // A place further down the task list.
    await page.evaluate(() => window.scrollTo(0, 300));
    await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 300));

    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '群众诉求' }).click();
    await eventually(async () => assert.equal(page.url(), appealUrl));
    await drawer.waitFor();
    assert.equal(await drawer.locator('.ant-drawer-title').innerText(), drawerTitle);
    assert.equal(await page.getByPlaceholder('标题、内容、提交人或电话').inputValue(), '路灯');
    assert.equal(appealCalls(), loaded, 'nothing loaded again');

    // The menu also brings a tab back as it was left; the task list is where it was on the page.
    await drawer.locator('.ant-drawer-close').click();
    await eventually(async () => assert.equal(await drawer.isVisible(), false));
    await openFromMenu(page, menuPage('/taskManage/list'));
    await eventually(async () => assert.equal(await page.evaluate(() => window.scrollY), 300));

    // 刷新页面 loads the page anew; the message says so.
    const taskCalls = countCalls(page, '/api/tasks');
    await tabMenu(page, '任务列表', '刷新页面');
    await page.getByText('已刷新「任务列表」').waitFor();
    await eventually(async () => assert.ok(taskCalls() >= 1, 'the list is asked for again'));

    // A reload keeps the tabs; the shown one comes back from its address.
    await page.reload();
    await pageDrawn(page, '任务列表');
    assert.deepEqual(await tabTitles(page), ['任务列表', '群众诉求']);

    await tabMenu(page, '任务列表', '关闭其他');
    await page.getByText('已关闭「群众诉求」').waitFor();
    assert.deepEqual(await tabTitles(page), ['任务列表']);
    await context.close();
  });

  journey('no more than eight pages stay mounted; a let-go page comes back from its address', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    const paths = [
      '/dashboard',
      '/userManage/list',
      '/userManage/group',
      '/userManage/role',
      '/userManage/score',
      '/taskManage/list',
      '/taskManage/complete',
      '/taskManage/audit',
      '/newsManage/list',
      '/organization/list',
    ];
    for (const path of paths) await openFromMenu(page, menuPage(path));
    assert.equal((await tabTitles(page)).length, paths.length);
    assert.equal(await page.locator('.workbench-page').count(), 8);
    // The first two were let go: the user list loads again when its tab is chosen.
    const userCalls = countCalls(page, '/api/users');
    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '用户列表' }).click();
    await pageDrawn(page, '用户列表');
    await eventually(async () => assert.ok(userCalls() >= 1));
    assert.equal(await page.locator('.workbench-page').count(), 8);
    await context.close();
  });

  journey('unsaved input asks before its tab closes; switching tabs keeps it without asking', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/introduction/village`);
    await pageDrawn(page, '村情介绍');
    await openFromMenu(page, menuPage('/newsManage/create'));
    await page.getByLabel('标题', { exact: true }).fill('冬季防火安全提示');
    await page.locator('.workbench-bar [aria-label="有未保存的内容"]').waitFor();
    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '村情介绍' }).click();
    await pageDrawn(page, '村情介绍');
    assert.equal(await page.getByText('离开此页面？').count(), 0, 'no question on switching');
    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '发布新闻' }).click();
    assert.equal(await page.getByLabel('标题', { exact: true }).inputValue(), '冬季防火安全提示');

    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '发布新闻' }).locator('button[aria-label="关闭标签页"]').click();
    const ask = page.getByRole('dialog', { name: '关闭标签页？' });
    await ask.getByText('「发布新闻」填写的内容还没有保存，关闭后将丢失。').waitFor();
    const violations = await scan(page, 'workbench: closing a tab with unsaved input', { include: '.ant-modal-wrap' });
    assert.deepEqual(violations, [], describeViolations(violations));
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    assert.deepEqual(await tabTitles(page), ['村情介绍', '发布新闻']);
    await page.locator('.workbench-bar .ant-tabs-tab', { hasText: '发布新闻' }).locator('button[aria-label="关闭标签页"]').click();
    await ask.getByRole('button', { name: /关\s*闭/ }).click();
    await page.getByText('已关闭「发布新闻」').waitFor();
    assert.deepEqual(await tabTitles(page), ['村情介绍']);
    await eventually(async () => assert.equal(new URL(page.url()).pathname, '/introduction/village'));
    await context.close();
  });

  journey('the header menu turns the tabs off and on; the choice holds after a reload', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/dashboard`);
    await pageDrawn(page, '数据概览');
    await page.locator('.workbench-tabs').waitFor();
    // The tab bar and its actions menu pass axe.
    await page.getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '刷新页面' }).waitFor();
    const violations = await scan(page, 'workbench: tab bar and its menu', { include: '.workbench-bar, .ant-dropdown' });
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '管理员，你好！' }).click();
    await page.getByRole('menuitem', { name: '关闭多标签页' }).click();
    await page.getByText(/已关闭多标签页/).waitFor();
    assert.equal(await page.locator('.workbench-tabs').count(), 0);
    await openFromMenu(page, menuPage('/taskManage/list'));
    assert.equal(await page.locator('.ant-page-header-heading-title').count(), 1, 'only the shown page is in the document');
    await page.reload();
    await pageDrawn(page, '任务列表');
    assert.equal(await page.locator('.workbench-tabs').count(), 0);

    await page.getByRole('button', { name: '管理员，你好！' }).click();
    await page.getByRole('menuitem', { name: '开启多标签页' }).click();
    await page.getByText(/已开启多标签页/).waitFor();
    await page.locator('.workbench-tabs').waitFor();
    await context.close();
  });
});
