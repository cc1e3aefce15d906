/**
 * 导入用户 end to end in real Chromium: the admin downloads the template, fills two rows in it (one
 * with a wrong phone number), uploads it, reads the wrong row's error in the preview, imports the
 * other one skipping it; the new villager is in 用户列表, signs in with the shared initial password
 * and has to change it first.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import ExcelJS from 'exceljs';
import { RULE_MESSAGES } from '../../common/constants';
import { PHONE } from '../helpers/browser';
import { setUpJourneys, submitLogin } from '../helpers/journeys';

const STAMP = Date.now().toString(36).slice(-6);
const ACCOUNT = `imp${STAMP}`;
const NAME = '钱导入';
const WRONG = `bad${STAMP}`;
const INITIAL = 'Start2024abc';
const CHANGED = 'Changed2024xyz';

let workDir: string;

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

describe('导入用户', () => {
  before(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-import-'));
  });
  after(() => {
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  journey('the admin fills the downloaded template, sees the wrong row’s error and imports the right one', async () => {
    const { page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/userManage/list`);
    await page.getByRole('button', { name: /导入用户/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '导入用户' });

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载模板/ }).click()]);
    assert.equal(download.suggestedFilename(), '用户导入模板.xlsx');
    await page.getByText('已下载：用户导入模板.xlsx').waitFor();
    const template = path.join(workDir, 'template.xlsx');
    await download.saveAs(template);

    // The 用户 sheet: its example row becomes a villager of 第一村, and a second row has a short phone number.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.getWorksheet('用户');
    assert.ok(sheet, 'the template has a 用户 sheet');
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['账号', '姓名', '手机号', '角色', '所属区域', '分组']);
    sheet.getRow(2).values = [ACCOUNT, NAME, '13712340001', '村民', '第一村', ''];
    sheet.getRow(3).values = [WRONG, '孙有误', '1371234', '村民', '第一村', ''];
    const filled = path.join(workDir, '新用户.xlsx');
    await workbook.xlsx.writeFile(filled);

    await dialog.locator('input[type="file"]').setInputFiles(filled);
    await dialog.getByText('已选择：新用户.xlsx', { exact: false }).waitFor();
    await dialog.getByText('可导入 1 条').waitFor();
    await dialog.getByText('有误 1 条').waitFor();
    const wrongRow = dialog.getByRole('row').filter({ hasText: WRONG });
    await wrongRow.getByText(`手机号：${RULE_MESSAGES.phone}`).waitFor();
    await dialog.getByRole('row').filter({ hasText: ACCOUNT }).getByText('可导入').waitFor();

    // Nothing is imported while a row is wrong, unless the admin chooses to skip it.
    const importButton = dialog.getByRole('button', { name: /^导\s*入$/ });
    assert.equal(await importButton.isDisabled(), true);
    await dialog.getByRole('checkbox', { name: '跳过有误的行' }).check();
    await dialog.getByLabel('初始密码').fill(INITIAL);
    await importButton.click();
    const confirm = page.getByRole('dialog').filter({ hasText: '导入 1 个用户？' });
    await confirm.getByText('有误的 1 行将被跳过。', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: /^导\s*入$/ }).click();
    await page.getByText('已导入 1 个用户').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the new villager; the wrong row made nobody.
    const row = page.getByRole('row').filter({ hasText: ACCOUNT });
    await row.getByText(NAME).waitFor();
    await row.getByText('第一村').waitFor();
    const found = await page.evaluate(
      async (accounts) => {
        const headers = { authorization: sessionStorage.getItem('token') ?? '' };
        const totals: number[] = [];
        for (const account of accounts) {
          const res = await fetch(`/api/users?account=${account}`, { headers });
          totals.push((await res.json()).data.total as number);
        }
        return totals;
      },
      [ACCOUNT, WRONG],
    );
    assert.deepEqual(found, [1, 0]);
  });

  journey('the imported villager signs in with the initial password and must change it first', async () => {
    const { page } = await newPage(PHONE);
    await submitLogin(page, app.url, ACCOUNT, INITIAL);
    await page.getByText('首次登录，请先设置新密码').waitFor();
    // The initial password may not stay.
    await page.getByLabel('新密码', { exact: true }).fill(INITIAL);
    await page.getByLabel('确认新密码').fill(INITIAL);
    await page.getByRole('button', { name: '设置新密码并进入系统' }).click();
    await page.getByText('新密码不能与初始密码相同').waitFor();
    await page.getByLabel('新密码', { exact: true }).fill(CHANGED);
    await page.getByLabel('确认新密码').fill(CHANGED);
    await page.getByRole('button', { name: '设置新密码并进入系统' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    assert.match(new URL(page.url()).pathname, /^\/app\//);

    // From now on the new password opens the account, the initial one no more.
    const again = await newPage(PHONE);
    await submitLogin(again.page, app.url, ACCOUNT, INITIAL);
    await again.page.getByRole('alert').filter({ hasText: /密码/ }).first().waitFor();
    assert.ok(new URL(again.page.url()).pathname.startsWith('/user/login'));
    await signIn(again.page, ACCOUNT, CHANGED);
    assert.equal(await again.page.getByText('首次登录，请先设置新密码').count(), 0);
  });

  // Bulk changes (ADR 0063): the admin ticks the new account, puts it in a group, then disables it.
  journey('the admin ticks the new account: 批量调整分组 adds a group, 批量停用 keeps the villager out', async () => {
    const { page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/userManage/list?account=${ACCOUNT}`);
    await page.getByRole('checkbox', { name: `选择：${NAME}（${ACCOUNT}）` }).check();
    await page.getByText('已选择 1 个用户').waitFor();

    await page.getByRole('button', { name: '批量调整分组' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '批量调整分组（1 个用户）' });
    await dialog.getByRole('button', { name: '调整分组' }).click();
    await dialog.getByText('请选择至少一个分组').waitFor();
    await dialog.getByRole('combobox', { name: '分组' }).click();
    const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const group = (await first.getAttribute('title')) ?? '';
    await first.click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: '调整分组' }).click();
    await page.getByText('已将 1 个用户加入所选分组').waitFor();
    await page.getByRole('row').filter({ hasText: ACCOUNT }).getByText(group, { exact: true }).waitFor();

    await page.getByRole('checkbox', { name: `选择：${NAME}（${ACCOUNT}）` }).check();
    await page.getByRole('button', { name: '批量停用' }).click();
    await page.getByRole('dialog').filter({ hasText: '停用选中的 1 个用户？' }).getByRole('button', { name: '批量停用' }).click();
    await page.getByText('已停用 1 个用户').waitFor();
    await page.getByRole('row').filter({ hasText: ACCOUNT }).getByText('已停用').waitFor();

    const villager = await newPage(PHONE);
    await submitLogin(villager.page, app.url, ACCOUNT, CHANGED);
    await villager.page.getByText('账号已停用，请联系管理员').first().waitFor();
  });
});
