import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { PHONE } from '../helpers/browser';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';

const STAMP = Date.now().toString(36);
/** Typed into the title: a phone must show it as text, never run it. */
const TITLE_XSS = '<img src=x onerror="alert(\'title\')">';
const TITLE = `端到端新闻${STAMP}${TITLE_XSS}`;
/** Typed into the editor as text. */
const TYPED_XSS = '<script>alert("typed")</script>';
/** Pasted into the editor as HTML, the way a page copied from elsewhere arrives. */
const PASTED_XSS = '<p>转载内容<img src="x" onerror="alert(\'pasted\')"><a href="javascript:alert(\'link\')">点此查看原文</a></p>';
const UNIT = `端到端测试组${STAMP}`;
const WALL = { width: 1920, height: 1080 };

let imageDir: string;
let coverFile: string;
let inlineFile: string;

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

/** Every alert, confirm or prompt a page opens: a payload that runs would open one. */
const dialogs: string[] = [];
function watchDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    dialogs.push(`${page.url()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** Picks a file through the chooser that `click` opens. */
async function chooseFile(page: Page, click: () => Promise<void>, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click()]);
  await chooser.setFiles(file);
}

/** An <img> that the browser actually loaded (not a broken picture). */
async function assertLoaded(page: Page, selector: string) {
  await eventually(async () => {
    const loaded = await page
      .locator(selector)
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    assert.equal(loaded, true, `${selector} is loaded`);
  });
}

describe('content journeys', () => {
  before(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-images-'));
    coverFile = path.join(imageDir, '封面.jpg');
    inlineFile = path.join(imageDir, '现场.png');
    await sharp({
      create: {
        width: 320,
        height: 180,
        channels: 3,
        background: { r: 30, g: 110, b: 200 },
      },
    })
      .jpeg()
      .toFile(coverFile);
    await sharp({
      create: {
        width: 200,
        height: 120,
        channels: 3,
        background: { r: 40, g: 170, b: 90 },
      },
    })
      .png()
      .toFile(inlineFile);
  });
  after(() => {
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
  });

  journey('staff publishes pinned news with a cover and an inline image; title and body carry XSS payloads', async () => {
    const { context, page } = await newPage();
    watchDialogs(page);
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/newsManage/create`);

    await page.getByLabel('标题').fill(TITLE);
    await page.getByLabel('摘要').fill('端到端测试：置顶新闻的摘要。');
    const editor = page.locator('[data-slate-editor]');
    await editor.click();
    await page.keyboard.type(`全镇人居环境整治工作推进会召开。${TYPED_XSS}`);
    // A real paste (Ctrl+V) of HTML put on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.url,
    });
    await page.evaluate(async (html) => {
      const item = new ClipboardItem({
        'text/html': new Blob([html], { type: 'text/html' }),
        'text/plain': new Blob(['转载内容'], { type: 'text/plain' }),
      });
      await navigator.clipboard.write([item]);
    }, PASTED_XSS);
    await page.keyboard.press('Control+V');
    await editor.getByText('点此查看原文').waitFor();
    // The picture goes after the typed text (wangEditor offers no picture inside a link).
    // By keys, not a click: with the caret in the pasted link, the link's hover toolbar covers the
    // typed line. The typed text is the first line.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    // 上传图片 sits in the toolbar's 图片 group, which opens on hover.
    await page.locator('[data-menu-key="group-image"]').hover();
    // The toolbar follows the selection 100 ms late: wait until it no longer sees the link.
    const upload = page.locator('[data-menu-key="uploadImage"]');
    await eventually(async () => assert.doesNotMatch((await upload.getAttribute('class')) ?? '', /disabled/));
    await chooseFile(page, () => upload.click(), inlineFile);
    await editor.locator('img[src^="/api/uploads/"]').waitFor();

    await page.getByLabel('栏目').click();
    await page.locator('.ant-select-item-option', { hasText: '工作动态' }).click();
    await page.getByLabel('置顶').click();
    assert.equal(await page.getByLabel('置顶').getAttribute('aria-checked'), 'true');
    await chooseFile(page, () => page.getByRole('button', { name: '上传封面图' }).click(), coverFile);
    await page.getByRole('button', { name: /更换封面图/ }).waitFor();

    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '发布新闻「' });
    await confirm.getByText('并在手机首页轮播中置顶显示').waitFor();
    await confirm.getByRole('button', { name: /^发\s*布$/ }).click();
    await page.getByText(`新闻已发布：${TITLE}`).waitFor();
    await page.waitForURL('**/newsManage/list**');

    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /已发布/);
    assert.match(text, /置顶/);
    // 预览 shows it as readers will: the title as text, the body sanitised.
    await row.getByText('预览').click();
    const preview = page.locator('.ant-drawer').filter({ hasText: '新闻预览' });
    await preview.getByText(TITLE).waitFor();
    await preview.getByText('点此查看原文').waitFor();
    assert.equal(await preview.locator('a[href^="javascript:"], [onerror]').count(), 0);
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  journey('a phone visitor sees it in the /app/index banner and reads it; nothing in it runs', async () => {
    const { context, page } = await newPage(PHONE);
    watchDialogs(page);
    await page.goto(`${app.url}/app/index`);
    const banner = page.getByLabel('置顶新闻');
    const slide = banner.getByRole('link').filter({ hasText: TITLE });
    await slide.waitFor({ state: 'attached' });
    assert.equal(await slide.locator('.home-slide-title').innerText(), TITLE);
    await slide.click();
    await page.waitForURL(/\/app\/newsList\/\d+$/);

    const article = page.locator('article.app-news-detail');
    await article.getByRole('heading', { name: TITLE }).waitFor();
    await article.getByText('全镇人居环境整治工作推进会召开。').waitFor();
    await article.getByText(TYPED_XSS).waitFor();
    await assertLoaded(page, 'img.app-news-detail-cover');
    await assertLoaded(page, '.app-news-detail-body img[src^="/api/uploads/"]');
    assert.match(await article.innerText(), /1 阅读/);
    assert.equal(await article.locator('script, [onerror], a[href^="javascript:"]').count(), 0);
    // The pasted link lost its javascript: address; following it runs nothing.
    await article.getByText('点此查看原文').click();

    // 返回 goes back where the visitor came from; 新闻动态 lists the item under its column.
    await page.getByLabel('返回').click();
    await page.waitForURL(onPath('/app/index'));
    await page.getByRole('navigation', { name: '功能入口' }).getByRole('link', { name: '新闻动态' }).click();
    await page.waitForURL('**/app/newsList**');
    await page.locator('.adm-tabs-tab', { hasText: '工作动态' }).click();
    await page.getByRole('link').filter({ hasText: TITLE }).waitFor();
    assert.deepEqual(dialogs, []);
    await context.close();
  });

  journey('the org chart shows a unit added in admin', async () => {
    const { context, page } = await newPage();
    watchDialogs(page);
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/organization/list`);
    const parentRow = page.getByRole('row').filter({ hasText: '网格管理中心' });
    await parentRow.getByText('添加下级').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '添加下级单位（上级：网格管理中心）' });
    await dialog.getByLabel('单位名称').fill(UNIT);
    await dialog.getByLabel('负责人').fill('端到端');
    await dialog.getByLabel('职务').fill('组长');
    await dialog.getByLabel('联系电话').fill('13900001234');
    await dialog.getByLabel('成员').fill('甲、乙、丙');
    await dialog.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
    await page.getByText(`已添加：${UNIT}`).waitFor();
    await context.close();

    const wall = await newPage(WALL);
    watchDialogs(wall.page);
    await wall.page.goto(`${app.url}/orgShow`);
    const chart = wall.page.getByLabel('组织架构图');
    const box = chart.getByRole('button', { name: new RegExp(UNIT) });
    await box.waitFor();
    // Drawn under its parent: the unit's node sits inside 网格管理中心's branch.
    const branch = chart
      .locator('li.org-node')
      .filter({ has: wall.page.getByText('网格管理中心', { exact: true }) })
      .last();
    assert.equal(await branch.getByText(UNIT).count(), 1);
    await box.click();
    const card = wall.page.getByRole('dialog', { name: UNIT });
    await card.getByText('13900001234').waitFor();
    await card.getByText('丙').waitFor();
    assert.deepEqual(dialogs, []);
    await wall.context.close();
  });

  journey('/entrance tiles all lead somewhere real', async () => {
    const { context, page } = await newPage();
    const targets: [string, RegExp, (p: Page) => Promise<void>][] = [
      ['后台管理', /\/user\/login$/, (p) => p.getByRole('button', { name: /登\s*录/ }).waitFor()],
      ['数据大屏', /\/screen$/, (p) => p.getByRole('heading', { name: '请使用大屏链接打开，或登录后查看' }).waitFor()],
      ['移动端', /\/app\/index$/, (p) => p.getByRole('navigation', { name: '功能入口' }).waitFor()],
      ['数字乡村', /\/digital$/, (p) => p.getByRole('heading', { name: '数字乡村' }).waitFor()],
      ['中心介绍', /\/introductCenter$/, (p) => p.locator('.public-title').waitFor()],
      ['村情介绍', /\/introductList$/, (p) => p.getByRole('heading', { name: '村情介绍' }).waitFor()],
      ['组织架构', /\/orgShow$/, (p) => p.getByLabel('组织架构图').waitFor()],
    ];
    await page.goto(`${app.url}/entrance`);
    const tiles = page.getByRole('navigation', { name: '工作台入口' }).getByRole('link');
    const tile = (name: string) => page.getByRole('navigation', { name: '工作台入口' }).getByRole('link', { name: new RegExp(`^${name}`) });
    await tiles.first().waitFor();
    assert.equal(await tiles.count(), targets.length);
    for (const [name, url, landed] of targets) {
      await tile(name).click();
      await page.waitForURL(url);
      await landed(page);
      await page.goBack();
      await page.waitForURL(onPath('/entrance'));
    }

    // Signed in, 后台管理 opens the first admin page the user may use, and 工作台 leads back.
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/entrance`);
    await page.getByText('您好，').waitFor();
    await tile('后台管理').click();
    await page.waitForURL(onPath('/dashboard'));
    await page.getByRole('button', { name: '工作台' }).click();
    await page.waitForURL(onPath('/entrance'));
    await context.close();
  });
});
