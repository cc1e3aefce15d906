import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Saves a screenshot of each open page under test-results/ (gitignored) for a failed journey. */
export async function saveScreenshots(pages: Page[], testName: string) {
  const dir = path.resolve('test-results');
  fs.mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^\w\u4e00-\u9fa5]+/g, '-').slice(0, 60);
  await Promise.all(
    pages.map(async (page, i) => {
      if (page.isClosed()) return;
      await page.screenshot({ path: path.join(dir, `${slug}-${i}.png`), fullPage: true }).catch(() => undefined);
    }),
  );
}
