import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describeViolations, scan } from '../helpers/axe';
import { PHONE } from '../helpers/browser';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';
import { smallTouchTargets } from '../helpers/touchTargets';

// An appeal handed down to a village (ADR 0031), end to end: villager02 raises it, staff01 hands it
// to 第一村 (area 2) in the admin drawer, cadre02 (a cadre of area 2 in the demo data) finds it on
// the phone and replies, and villager02's bell counts the notices and opens the appeal. Then a
// photo report the same way (ADR 0064): handed down, answered on the phone with a photo, sent back
// by staff01 with a reason, answered again, approved, and read by villager02 as the result.

const STAMP = Date.now().toString(36);
const TITLE = `水渠堵塞无法灌溉${STAMP}`;
const CONTENT = '村南水渠被垃圾堵住了，下游几户的田灌不上水。';
const REPLY = '已组织村民清理水渠，今天下午恢复通水。';
const VILLAGE = '第一村';

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

/** villager02 (signed in on `page`) raises an appeal in 第一村 through the API: the form has its own journeys. */
async function raiseAppeal(page: Page, title: string) {
  const body = {
    title,
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
}

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
    await raiseAppeal(page, TITLE);
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

const SHOT = `村口桥头护栏断了一截${STAMP}`;
const SHOT_ANSWER = '已组织村民更换护栏，设置了警示牌';
const SHOT_RETURN = '照片只拍了近景，请补拍整段护栏';

/** Sends a request with the page's session, as the page itself would. */
async function callApi(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; data?: { id: number } };
    },
    { method, url, body },
  );
}

describe('a photo report handed down, answered with a photo and reviewed', () => {
  let photo = '';
  let imageDir = '';
  let reportId = 0;
  before(async () => {
    imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-dispatch-'));
    photo = path.join(imageDir, '护栏.jpg');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 90, b: 60 } } })
      .jpeg()
      .toFile(photo);
  });
  after(() => {
    if (imageDir) fs.rmSync(imageDir, { recursive: true, force: true });
  });

  /** cadre02 on the phone: opens the report from 转派诉求 › 随手拍 and answers with text and a photo. */
  async function answerOnPhone(expectReturn: boolean) {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/dispatched`);
    await page
      .getByRole('group', { name: '转派事项类别' })
      .getByRole('button', { name: /随手拍/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('kind') === 'shot');
    await page.getByRole('link').filter({ hasText: SHOT }).click();
    await page.waitForURL(onPath(`/app/dispatched/shot/${reportId}`));
    if (expectReturn) {
      await page.getByText('镇里退回，请重新处置').waitFor();
      await page.getByText(SHOT_RETURN).first().waitFor();
    } else {
      await page.getByRole('button', { name: '受理', exact: true }).click();
      await page.getByRole('heading', { name: '回复处置情况' }).waitFor();
    }
    assert.deepEqual(await smallTouchTargets(page), []);
    await page.getByRole('textbox', { name: /^处置情况/ }).fill(expectReturn ? `${SHOT_ANSWER}，已补拍全景` : SHOT_ANSWER);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: '从相册选' }).click()]);
    await chooser.setFiles(photo);
    await page.getByText('已上传 1/9').waitFor();
    await page.getByRole('button', { name: '提交处置情况' }).click();
    await page.getByText('第一村已处置，等待镇里审核').waitFor();
    await context.close();
  }

  journey('villager02 sends a photo report; staff01 hands it to 第一村 from the 随手拍 drawer', async () => {
    const villager = await newPage(PHONE);
    await signIn(villager.page, 'villager02', 'Demo12345');
    await villager.page.goto(`${app.url}/app/index`);
    // The photo goes up as the phone's form sends it (the form has its own journeys).
    const uploaded = await villager.page.evaluate(
      async (bytes) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await fetch('/api/uploads', {
          method: 'POST',
          headers: { authorization: sessionStorage.getItem('token') ?? '' },
          body: form,
        });
        return (await res.json()).data.id as number;
      },
      Array.from(fs.readFileSync(photo)),
    );
    const created = await callApi(villager.page, 'POST', '/api/photo-reports', {
      description: SHOT,
      type: 2,
      area: 2,
      imageIds: [uploaded],
      location: '村口桥头',
      lat: null,
      lng: null,
      clientKey: `k${randomBytes(8).toString('hex')}`,
    });
    assert.equal(created.code, 200);
    reportId = created.data!.id;
    await villager.context.close();

    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/peopleService/shot?id=${reportId}`);
    const drawer = page.locator('.ant-drawer').filter({ hasText: SHOT });
    await drawer.getByRole('button', { name: '转派到村' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '转派随手拍' });
    await dialog.getByRole('combobox', { name: '转派至' }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(VILLAGE, { exact: true }).click();
    await dialog.getByRole('button', { name: /转\s*派/ }).click();
    await drawer.getByText(`已转派 · ${VILLAGE}`).waitFor();
    await context.close();
  });

  journey('cadre02 is told on the phone, accepts it and answers with a photo', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/notices`);
    await page
      .getByRole('link')
      .filter({ hasText: '新的转派随手拍' })
      .filter({ hasText: SHOT.slice(0, 10) })
      .first()
      .waitFor();
    await context.close();
    await answerOnPhone(false);
  });

  journey('staff01 finds it under 待审核 and sends it back with a reason', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/peopleService/shot?status=reviewing`);
    await page.getByRole('row').filter({ hasText: SHOT }).getByRole('button', { name: '查看', exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: SHOT });
    await drawer.getByText(`${VILLAGE}的处置（待审核）`).waitFor();
    await drawer.getByText(SHOT_ANSWER).first().waitFor();
    await drawer.getByRole('button', { name: /退\s*回/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '退回重新处置' });
    await dialog.getByLabel('退回原因').fill(SHOT_RETURN);
    await dialog.getByRole('button', { name: /退\s*回/ }).click();
    await drawer.getByText('退回原因').waitFor();
    await context.close();
  });

  journey('cadre02 reads the reason and answers again; staff01 approves; villager02 reads the result', async () => {
    await answerOnPhone(true);

    const staff = await newPage();
    await signIn(staff.page, 'staff01', 'Demo12345');
    await staff.page.goto(`${app.url}/peopleService/shot?id=${reportId}`);
    const drawer = staff.page.locator('.ant-drawer').filter({ hasText: SHOT });
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await staff.page.getByRole('dialog').filter({ hasText: '通过第一村的处置' }).getByRole('button', { name: '审核通过' }).click();
    await drawer.getByText('处理结果').waitFor();
    await staff.context.close();

    const { context, page } = await newPage(PHONE);
    await signIn(page, 'villager02', 'Demo12345');
    await page.goto(`${app.url}/app/service/shot/${reportId}`);
    await page.getByText(`${SHOT_ANSWER}，已补拍全景`).waitFor();
    await page.getByRole('button', { name: '查看处理后照片第1张' }).waitFor();
    // The answer sent back is between the centre and the village.
    assert.equal(await page.getByText(SHOT_RETURN).count(), 0);
    await context.close();
  });
});

// Bulk steps (ADR 0063): staff01 ticks two new appeals on the list and hands both to 第一村 at once;
// cadre02 finds both on the phone.
describe('appeals handed down in bulk', () => {
  const BULK = [`沟渠清淤甲${STAMP}`, `沟渠清淤乙${STAMP}`];

  journey('villager02 raises two appeals; staff01 ticks both and hands them to 第一村 with 批量转派', async () => {
    const villager = await newPage(PHONE);
    await signIn(villager.page, 'villager02', 'Demo12345');
    await villager.page.goto(`${app.url}/app/index`);
    for (const title of BULK) await raiseAppeal(villager.page, title);
    await villager.context.close();

    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/peopleService/appeal?keyword=${encodeURIComponent('沟渠清淤')}`);
    for (const title of BULK) await page.getByRole('checkbox', { name: `选择：「${title}」` }).check();
    await page.getByText('已选择 2 条诉求').waitFor();
    await page.getByRole('button', { name: '批量转派', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '批量转派（2 条诉求）' });
    await dialog.getByRole('combobox', { name: '转派至' }).click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.getByTitle(VILLAGE, { exact: true }).waitFor();
    const violations = await scan(page, '批量转派 dialog, village list open', { include: '.ant-modal-wrap, .ant-select-dropdown' });
    assert.deepEqual(violations, [], describeViolations(violations));
    await dropdown.getByTitle(VILLAGE, { exact: true }).click();
    await dialog.getByLabel('转派说明').fill('请村里逐一核实后答复');
    await dialog.getByRole('button', { name: '批量转派', exact: true }).click();
    await page.getByText('已将 2 条诉求转派到村').first().waitFor();
    await page.getByText(/^已选择/).waitFor({ state: 'detached' });
    await context.close();
  });

  journey('cadre02 finds both under 转派诉求 on the phone', async () => {
    const { context, page } = await newPage(PHONE);
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/dispatched`);
    for (const title of BULK) await page.getByRole('link').filter({ hasText: title }).waitFor();
    await context.close();
  });
});
