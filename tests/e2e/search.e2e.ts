import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { DESKTOP, PHONE } from '../helpers/browser';
import { describeViolations, saveViolations, scan } from '../helpers/axe';
import { onPath, setUpJourneys } from '../helpers/journeys';

// The header search (ADR 0059) on the real server: a villager's appeal found by a middle stretch of
// its text from the admin header, the words marked, axe-clean with the results open, and opened
// by the keyboard in its list's drawer.

const STAMP = randomBytes(3).toString('hex');
const TITLE = `东头石桥栏杆松动${STAMP}`;
const CONTENT = `村民反映东头石桥的栏杆松动多日，老人孩子过桥很危险。编号${STAMP}`;
const LAPTOP = { width: 1366, height: 768 };

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

describe('the header search', () => {
  journey('villager02 raises an appeal (through the API)', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    const body = { title: TITLE, content: CONTENT, category: 1, area: 2, phone: '13900000202', imageIds: [], clientKey: `k${STAMP}search` };
    const code = await page.evaluate(async (payload) => {
      const res = await fetch('/api/appeals', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' },
        body: JSON.stringify(payload),
      });
      return (await res.json()).code as number;
    }, body);
    assert.equal(code, 200);
    await context.close();
  });

  journey('staff01 finds it by a middle stretch of its text, and opens it by the keyboard', async () => {
    const { context, page } = await newPage(DESKTOP);
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/dashboard`);
    const box = page.getByRole('combobox', { name: '搜索诉求、随手拍、任务、新闻和用户' });
    await box.fill(`桥栏 ${STAMP}`);
    const results = page.getByRole('listbox', { name: '搜索结果' });
    const option = results.getByRole('option').filter({ hasText: TITLE });
    await option.waitFor();
    // The title's two stretches, and the number at the end of the text under it.
    assert.deepEqual(await option.locator('mark').allTextContents(), ['桥栏', STAMP, STAMP]);

    const dir = path.resolve('test-results', 'search');
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'header-search-1440x900.png') });
    const violations = await scan(page, '全局搜索结果', { include: '.header-search' });
    saveViolations('header-search', violations);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: path.join(dir, 'header-search-1366x768.png') });

    await box.focus();
    const options = await results.getByRole('option').allTextContents();
    const at = options.findIndex((text) => text.includes(TITLE));
    for (let i = 0; i <= at; i += 1) await page.keyboard.press('ArrowDown');
    assert.equal(await option.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(onPath('/peopleService/appeal'));
    const drawer = page.locator('.ant-drawer').filter({ hasText: TITLE });
    await drawer.getByText(CONTENT).waitFor();
    assert.match(page.url(), /[?&]id=\d+/);
    await page.screenshot({ path: path.join(dir, 'opened-1366x768.png') });
    await context.close();
  });
});
