import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { PHONE } from '../helpers/browser';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';
import { smallTouchTargets } from '../helpers/touchTargets';

// An appeal handed down to a village (ADR 0031), end to end: villager02 raises it, staff01 hands it
// to 第一村 (area 2) in the admin drawer, cadre02 (a cadre of area 2 in the demo data) finds it on
// the phone and replies, and villager02's bell counts the notices and opens the appeal.

const STAMP = Date.now().toString(36);
const TITLE = `水渠堵塞无法灌溉${STAMP}`;
const CONTENT = '村南水渠被垃圾堵住了，下游几户的田灌不上水。';
const REPLY = '已组织村民清理水渠，今天下午恢复通水。';
const VILLAGE = '第一村';

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

/** The bell's unread number on a phone tab page (0 when it shows none). */
async function bellCount(page: Page): Promise<number> {
  // Counted once the bell has its first answer (before it, its name says 正在加载).
  const bell = page.getByRole('link', { name: /^我的消息，(\d+条未读|没有未读)$/ });
  await bell.waitFor();
  const match = /(\d+)条未读/.exec((await bell.getAttribute('aria-label')) ?? '');
  return match ? Number(match[1]) : 0;
}

describe('an appeal handed down to a village', () => {
  let unreadBefore = 0;

  journey('villager02 raises an appeal (through the API: the form has its own journeys)', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await page.goto(`${app.url}/app/index`);
    unreadBefore = await bellCount(page);
    const body = {
      title: TITLE,
      content: CONTENT,
      category: 1,
      area: 2,
      phone: '13900000202',
      imageIds: [],
      clientKey: `k${randomBytes(8).toString('hex')}`,
    };
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

  journey('staff01 hands it to 第一村 in the drawer (转派到村)', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/peopleService/appeal?status=pending`);
    await page.getByRole('row').filter({ hasText: TITLE }).getByText(TITLE).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: TITLE });
    await drawer.getByText(CONTENT).waitFor();
    await drawer.getByRole('button', { name: '转派到村' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '转派诉求' });
    await dialog.getByRole('combobox', { name: '转派至' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(VILLAGE, { exact: true }).click();
    await dialog.getByLabel('转派说明').fill('请村里核实后答复群众');
    await dialog.getByRole('button', { name: /转\s*派/ }).click();
    await page.getByText(`已转派至${VILLAGE}`).first().waitFor();
    await drawer.getByText(`已转派 · ${VILLAGE}`).waitFor();
    await context.close();
  });

  journey('cadre02 finds it under 转派诉求 on the phone, accepts it and replies', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/index`);
    await page.getByRole('navigation', { name: '功能入口' }).getByRole('link', { name: '转派诉求' }).click();
    await page.waitForURL(onPath('/app/dispatched'));
    const card = page.getByRole('link').filter({ hasText: TITLE });
    await card.click();
    await page.waitForURL(onPath(/^\/app\/dispatched\/[^/]+$/));
    await page.getByText(CONTENT).waitFor();
    assert.deepEqual(await smallTouchTargets(page), []);
    await page.getByRole('button', { name: '受理', exact: true }).click();
    await page.getByText('已受理', { exact: true }).first().waitFor();
    await page.getByLabel(/答复内容/).fill(REPLY);
    await page.getByRole('button', { name: '提交答复' }).click();
    await page.getByText('已答复', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: '办理结果' }).waitFor();
    await page.getByText(REPLY).first().waitFor();

    // Now under 已办, not 待办.
    await page.goto(`${app.url}/app/dispatched?state=done`);
    await page.getByRole('link').filter({ hasText: TITLE }).waitFor();
    await page.goto(`${app.url}/app/dispatched?state=open`);
    await page.locator('.app-task-list').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('link').filter({ hasText: TITLE }).count(), 0);
    await context.close();
  });

  journey('villager02’s bell counts the three notices; the reply opens the appeal and is read', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await page.goto(`${app.url}/app/index`);
    // 转交村里办理, 已受理, 已答复.
    await eventually(async () => assert.equal(await bellCount(page), unreadBefore + 3));
    await page.getByRole('link', { name: /^我的消息/ }).click();
    await page.waitForURL(onPath('/app/notices'));
    const reply = page.getByRole('link').filter({ hasText: '诉求已答复' }).filter({ hasText: TITLE });
    await reply.getByText(REPLY).waitFor();
    await page.getByRole('link').filter({ hasText: '诉求已转交村里办理' }).filter({ hasText: TITLE }).waitFor();
    await reply.click();
    await page.waitForURL(onPath(/^\/app\/service\/appeal\/[^/]+$/));
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText(`已转派至${VILLAGE}办理`, { exact: false }).waitFor();
    await page.goto(`${app.url}/app/index`);
    await eventually(async () => assert.equal(await bellCount(page), unreadBefore + 2));
    await context.close();
  });
});
