/**
 * Half-filled phone forms survive a lost page in real Chromium (ADR 0030): an appeal, a 随手拍 and a
 * task report, each typed with a photo, the tab closed and the person signed in again (the appeal
 * also reloaded): it is back each time, with a notice; sent, the draft is gone from IndexedDB and
 * the form opens empty.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describeViolations, scan } from '../helpers/axe';
import { PHONE } from '../helpers/browser';
import { eventually, setUpJourneys } from '../helpers/journeys';

const TITLE = `水塔旁路灯不亮${Date.now().toString(36)}`;
const CONTENT = '水塔旁的路灯坏了三天，晚上看不清路。';
const NOTICE = /已恢复上次未提交的内容/;

let imageDir: string;
/** Pictures to choose, each a different colour. */
let photos: string[];

const app = setUpJourneys();
const { newPage, journey, signIn } = app;

interface KeptDraft {
  key: string;
  title?: string;
  location?: string;
  text?: string;
  photos: number;
  uploaded: number;
}

/** The drafts this browser keeps, as IndexedDB has them (keys, the fields the journeys type, photos). */
function keptDrafts(page: Page): Promise<KeptDraft[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('phone-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows: KeptDraft[] = [];
          const cursor = open.result.transaction('drafts').objectStore('drafts').openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              open.result.close();
              resolve(rows);
              return;
            }
            const value = at.value as {
              fields: { title?: string; location?: string; text?: string };
              photos: Array<{ upload?: unknown; blob?: Blob }>;
            };
            rows.push({
              key: String(at.key),
              title: value.fields.title,
              location: value.fields.location,
              text: value.fields.text,
              photos: value.photos.filter((p) => p.blob instanceof Blob).length,
              uploaded: value.photos.filter((p) => p.upload).length,
            });
            at.continue();
          };
        };
      }),
  );
}

async function openAppeal(page: Page) {
  await page.goto(`${app.url}/app/service/appeal`);
  await page.getByLabel('诉求标题').waitFor();
}

async function openShot(page: Page) {
  await page.goto(`${app.url}/app/service/shot`);
  await page.getByLabel(/^问题描述/).waitFor();
}

/** A task's page, waiting for its report form (or, once sent, for its submission). */
async function openTask(page: Page, id: number, form = true) {
  await page.goto(`${app.url}/app/mytask/${id}`);
  await page.getByRole('region', { name: form ? '提交完成情况' : '提交情况' }).waitFor();
}

/** Picks photo number `n` (a different picture each) from the album. */
async function choosePhoto(page: Page, n = 0) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: '从相册选' }).click()]);
  await chooser.setFiles(photos[n]);
}

describe('phone form drafts', () => {
  before(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-drafts-'));
    photos = [];
    for (const [i, background] of [
      { r: 120, g: 90, b: 60 },
      { r: 60, g: 120, b: 90 },
      { r: 90, g: 60, b: 120 },
    ].entries()) {
      photos.push(path.join(imageDir, `现场${i + 1}.jpg`));
      await sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg()
        .toFile(photos[i]);
    }
  });
  after(() => {
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
  });

  journey('a villager’s half-filled appeal with a photo survives a closed tab and a reload, then is sent and gone', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await openAppeal(page);
    await page.getByLabel('诉求标题').fill(TITLE);
    await page.getByLabel('诉求内容').fill(CONTENT);
    await page.getByText('基础设施', { exact: true }).click();
    await choosePhoto(page);
    await page.getByText('已上传 1/9').waitFor();
    await eventually(async () => {
      const [draft] = await keptDrafts(page);
      assert.equal(draft?.title, TITLE);
      assert.equal(draft.uploaded, 1);
      assert.equal(draft.photos, 1); // the picture itself too, to upload again after a day
    });

    // The tab is lost (its session storage with it): a new tab, signed in again.
    await page.close();
    const tab = await context.newPage();
    await signIn(tab, 'villager02', 'Demo12345');
    await openAppeal(tab);
    await tab.getByText(NOTICE).waitFor();
    assert.equal(await tab.getByLabel('诉求标题').inputValue(), TITLE);
    assert.equal(await tab.getByLabel('诉求内容').inputValue(), CONTENT);
    assert.equal(await tab.getByRole('option', { name: '基础设施' }).getAttribute('aria-selected'), 'true');
    await tab.getByText('已上传 1/9').waitFor();
    // The restored thumbnail really shows (the upload's address or the kept picture).
    await eventually(async () => assert.ok(await tab.getByAltText('第1张照片').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)));

    // The restored form, with its bar and the chosen category, and the bar asking before 清除.
    const found = await scan(tab, 'restored appeal');
    await tab.getByRole('button', { name: '清除' }).click();
    found.push(...(await scan(tab, 'restored appeal, 清除 asked', { include: '.draft-notice' })));
    assert.equal(describeViolations(found), '');
    await tab.getByRole('button', { name: '保留' }).click();

    // A reload keeps it too.
    await tab.reload();
    await tab.getByText(NOTICE).waitFor();
    assert.equal(await tab.getByLabel('诉求标题').inputValue(), TITLE);
    await tab.getByText('已上传 1/9').waitFor();

    await tab.getByRole('button', { name: /提交诉求/ }).click();
    await tab.waitForURL('**/app/tip**');
    await tab.getByText('诉求已提交').waitFor();
    assert.deepEqual(await keptDrafts(tab), []);

    // The form opens empty, without the notice.
    await openAppeal(tab);
    assert.equal(await tab.getByLabel('诉求标题').inputValue(), '');
    assert.equal(await tab.getByText(NOTICE).count(), 0);
    // The appeal was made once.
    await tab.goto(`${app.url}/app/service?tab=appeal`);
    await tab.getByText(TITLE).first().waitFor();
    assert.equal(await tab.getByText(TITLE).count(), 1);
    await context.close();
  });

  journey('a villager’s half-filled 随手拍 with a photo survives a closed tab, then is sent and gone', async () => {
    const description = `水塔旁井盖松动${Date.now().toString(36)}`;
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await openShot(page);
    await choosePhoto(page);
    await page.getByText('已上传 1/9').waitFor();
    await page.getByRole('option', { name: '安全隐患' }).click();
    await page.getByLabel(/^问题描述/).fill(description);
    await page.getByLabel(/^位置/).fill('第一村水塔东侧');
    await eventually(async () => {
      const [draft] = await keptDrafts(page);
      assert.ok(draft?.key.endsWith('/shot/0'), draft?.key);
      assert.equal(draft.uploaded, 1);
      assert.equal(draft.photos, 1);
      assert.equal(draft.location, '第一村水塔东侧');
    });

    await page.close();
    const tab = await context.newPage();
    await signIn(tab, 'villager02', 'Demo12345');
    await openShot(tab);
    await tab.getByText(NOTICE).waitFor();
    assert.equal(await tab.getByLabel(/^问题描述/).inputValue(), description);
    assert.equal(await tab.getByLabel(/^位置/).inputValue(), '第一村水塔东侧');
    assert.equal(await tab.getByRole('option', { name: '安全隐患' }).getAttribute('aria-selected'), 'true');
    await tab.getByText('已上传 1/9').waitFor();
    await eventually(async () => assert.ok(await tab.getByAltText('第1张照片').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)));

    await tab.getByRole('button', { name: '提交随手拍' }).click();
    await tab.waitForURL('**/app/tip**');
    await tab.getByText('随手拍已提交').waitFor();
    assert.deepEqual(await keptDrafts(tab), []);
    await openShot(tab);
    assert.equal(await tab.getByLabel(/^问题描述/).inputValue(), '');
    assert.equal(await tab.getByText(NOTICE).count(), 0);
    await tab.goto(`${app.url}/app/service?tab=shot`);
    await tab.getByText(description).first().waitFor();
    assert.equal(await tab.getByText(description).count(), 1);
    await context.close();
  });

  journey('a grid worker’s half-filled task report with a photo survives a closed tab, then is sent and gone', async () => {
    const text = `已走访核查三户高龄老人${Date.now().toString(36)}`;
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'grid04', 'Demo12345');
    await page.goto(`${app.url}/app/mytask`);
    // A task of the demo that grid04 (赵丽娟) still has to report on, asking for text and photos.
    const task = await page.evaluate(async () => {
      const res = await fetch('/api/my/tasks?state=todo&pageSize=50', {
        headers: { authorization: sessionStorage.getItem('token') ?? '' },
      });
      const list = (await res.json()).data.list as Array<{ id: number; title: string; template: string; imageNum: number }>;
      return list.find((t) => t.template === '1;2' && t.imageNum >= 1);
    });
    assert.ok(task, 'grid04 has a task to report on with text and photos in the demo data');
    const needed = task.imageNum;
    await openTask(page, task.id);
    await page.getByLabel(/完成情况说明/).fill(text);
    await choosePhoto(page);
    await page.getByText(`已上传 1/${needed}`).waitFor();
    await eventually(async () => {
      const [draft] = await keptDrafts(page);
      assert.ok(draft?.key.endsWith(`/submission/${task.id}`), draft?.key);
      assert.equal(draft.text, text);
      assert.equal(draft.uploaded, 1);
    });

    await page.close();
    const tab = await context.newPage();
    await signIn(tab, 'grid04', 'Demo12345');
    await openTask(tab, task.id);
    await tab.getByText(NOTICE).waitFor();
    assert.equal(await tab.getByLabel(/完成情况说明/).inputValue(), text);
    await tab.getByText(`已上传 1/${needed}`).waitFor();
    await eventually(async () => assert.ok(await tab.getByAltText('第1张照片').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)));
    // The rest of the photos the task asks for, then the send.
    for (let i = 1; i < needed; i += 1) await choosePhoto(tab, i);
    await tab.getByText(`已上传 ${needed}/${needed}`).waitFor();

    await tab.getByRole('button', { name: /^提\s*交$/ }).click();
    await tab.waitForURL('**/app/tip**');
    await tab.getByText('提交成功').waitFor();
    assert.deepEqual(await keptDrafts(tab), []);
    // The task now waits for review, with the text sent once; no notice, no form.
    await openTask(tab, task.id, false);
    await tab.getByText('已提交，等待审核').waitFor();
    assert.equal(await tab.getByText(text).count(), 1);
    assert.equal(await tab.getByText(NOTICE).count(), 0);
    await context.close();
  });
});
