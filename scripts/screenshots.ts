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

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const shots: Array<[string, string, { width: number; height: number }, string?]> = [
    ['login', '/user/login', DESKTOP],
    ['register', '/user/register', DESKTOP],
    ['register-result', '/user/register-result?account=zhangsan', DESKTOP],
    ['not-found', '/no/such/page', DESKTOP],
    ['exception', '/exception?errorCode=500&errorMessage=服务器开小差了', DESKTOP],
    ['userManage-list', '/userManage/list', DESKTOP, 'admin'],
    ['userManage-group', '/userManage/group', DESKTOP, 'admin'],
    ['userManage-role', '/userManage/role', DESKTOP, 'admin'],
    ['forbidden', '/userManage/list', DESKTOP, 'staff01'],
  ];
  try {
    for (const size of [DESKTOP, PHONE]) {
      for (const [name, url, , who] of shots) {
        const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
        const page = await context.newPage();
        if (who) await signIn(page, server.url, who, who === 'admin' ? 'Admin12345' : 'Demo12345');
        await page.goto(server.url + url);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        const file = path.join(outDir, `${name}-${size.width}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
