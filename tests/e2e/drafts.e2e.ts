/**
 * A half-filled appeal survives a lost page in real Chromium (ADR 0030): typed with a photo, the tab
 * closed and the villager signed in again, then the page reloaded: it is back each time, with a
 * notice; sent, the draft is gone from IndexedDB and the form opens empty.
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
let photo: string;

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

/** The drafts this browser keeps, as IndexedDB has them (keys and titles). */
function keptDrafts(page: Page): Promise<Array<{ key: string; title?: string; photos: number; uploaded: number }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('phone-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows: Array<{ key: string; title?: string; photos: number; uploaded: number }> = [];
          const cursor = open.result.transaction('drafts').objectStore('drafts').openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              open.result.close();
              resolve(rows);
              return;
            }
            const value = at.value as { fields: { title?: string }; photos: Array<{ upload?: unknown; blob?: Blob }> };
            rows.push({
              key: String(at.key),
              title: value.fields.title,
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

describe('phone form drafts', () => {
  before(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-drafts-'));
    photo = path.join(imageDir, '路灯.jpg');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 90, b: 60 } } })
      .jpeg()
      .toFile(photo);
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
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: '从相册选' }).click()]);
    await chooser.setFiles(photo);
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
});
