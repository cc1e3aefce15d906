/**
 * The public and phone pages as their users meet them: the public reads no admin notes; each role
 * is offered only what it may open; touch targets are finger-sized; large text does not crowd; and
 * every page's tab says where it is.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import routes from '../../config/routes';
import { PLATFORM_TITLE } from '../../common/constants';
import { DESKTOP, PHONE } from '../helpers/browser';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';
import { smallTouchTargets } from '../helpers/touchTargets';

// Hundreds of page loads a minute from one address: more than the API's per-address limit allows.
const app = setUpJourneys({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
const { newPage, journey, signIn } = app;
const DEMO = 'Demo12345';
const ADMIN = 'Admin12345';
const password = (account: string) => (account === 'admin' ? ADMIN : DEMO);

/** A fresh page, signed in as `account` (or a visitor), optionally with large text on. */
async function open(viewport: { width: number; height: number }, account?: string, largeText = false) {
  const opened = await newPage(viewport);
  if (largeText) await opened.page.addInitScript(() => localStorage.setItem('appLargeText', '1'));
  if (account) await signIn(opened.page, account, password(account));
  return opened;
}

/** The first item of a list call, asked with the page's own token. */
function firstItem(page: Page, path: string): Promise<{ id: number; title?: string }> {
  return page.evaluate(async (url) => {
    const token = sessionStorage.getItem('token');
    const res = await fetch(url, { headers: token ? { authorization: token } : {} });
    const item = (await res.json()).data?.list?.[0];
    if (!item) throw new Error(`nothing at ${url}`);
    return item;
  }, path);
}

async function settle(page: Page, url: string) {
  await page.goto(app.url + url);
  await page.waitForLoadState('networkidle');
}

const ADMIN_NOTES = /待完善|请在后台|介绍管理/;

describe('public pages', () => {
  journey('the public reads no admin notes and no dashes where a village has no data', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await open(viewport);
      const pages = ['/introductList', '/introductList/12', '/app/introductList', '/app/introductList/12', '/digital', '/introductCenter'];
      for (const url of pages) {
        await settle(page, url);
        await page.locator('.public-card, .village-card, .app-village-card, .m-section').first().waitFor();
        const text = await page.locator('body').innerText();
        assert.doesNotMatch(text, ADMIN_NOTES, `${url} at ${viewport.width}`);
      }
      // 第十一村 (area 12) has nothing filled in the demo: a neutral note, never a row of dashes.
      await settle(page, '/introductList');
      const card = page.locator('.village-card', { hasText: '第十一村' });
      assert.match(await card.innerText(), /暂无统计数据/);
      assert.doesNotMatch(await card.innerText(), /—/);
      await settle(page, '/app/introductList/12');
      const facts = page.locator('.m-section', { hasText: '基本情况' });
      assert.match(await facts.innerText(), /暂无统计数据/);
      assert.doesNotMatch(await facts.innerText(), /—/);
      await settle(page, '/digital');
      const table = page.getByRole('table', { name: '各村（社区）基本数据' });
      await table.waitFor();
      assert.equal(await table.getByText('第十一村').count(), 0);
      assert.match(await page.locator('.digital-note').innerText(), /暂无统计数据：.*第十一村/);
      await context.close();
    }
  });

  journey("/digital's chart on a phone: the legend, the names and the figures of both axes never overlap", async () => {
    for (const viewport of [PHONE, { width: 360, height: 740 }, { width: 320, height: 640 }]) {
      const { page, context } = await open(viewport);
      await settle(page, '/digital');
      const texts = page.locator('.digital-chart-canvas svg text');
      await eventually(async () => assert.ok((await texts.count()) > 10));
      const boxes = await texts.evaluateAll((els) =>
        els
          .map((el) => ({ text: el.textContent ?? '', box: el.getBoundingClientRect() }))
          .filter(({ text, box }) => text.trim() && box.width > 0)
          .map(({ text, box }) => ({ text, left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
      );
      assert.ok(
        boxes.some((b) => b.text === '党员（人）'),
        'the legend names the party members',
      );
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          assert.ok(apart, `${viewport.width} px: 「${a.text}」 overlaps 「${b.text}」`);
        }
      }
      await context.close();
    }
  });
});

describe('phone entries by role', () => {
  const expected: Record<string, { grid: string[]; tabs: string[] }> = {
    visitor: { grid: ['新闻动态', '任务公开', '村情介绍', '登录'], tabs: ['首页', '任务', '登录'] },
    villager02: { grid: ['新闻动态', '任务公开', '便民服务', '村情介绍'], tabs: ['首页', '任务', '服务'] },
    cadre02: { grid: ['新闻动态', '任务公开', '便民服务', '村情介绍', '我的任务', '转派诉求'], tabs: ['首页', '任务', '服务', '我的任务'] },
    staff01: { grid: ['新闻动态', '任务公开', '便民服务', '村情介绍'], tabs: ['首页', '任务', '服务'] },
    admin: { grid: ['新闻动态', '任务公开', '便民服务', '村情介绍'], tabs: ['首页', '任务', '服务'] },
  };

  for (const [who, offer] of Object.entries(expected)) {
    journey(`${who} at 390×844 is offered only entries that open`, async () => {
      const { page, context } = await open(PHONE, who === 'visitor' ? undefined : who);
      await settle(page, '/app/index');
      const grid = page.getByRole('navigation', { name: '功能入口' });
      const links = grid.getByRole('link');
      await links.first().waitFor();
      // Titles only: a tile may carry a count of what waits beside its title.
      assert.deepEqual(await grid.locator('.home-entry-title').allInnerTexts(), offer.grid);
      const tabs = page.getByRole('navigation', { name: '底部导航' }).locator('.adm-tab-bar-item-title');
      assert.deepEqual(await tabs.allInnerTexts(), offer.tabs);

      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      for (const [index, href] of hrefs.entries()) {
        await settle(page, '/app/index');
        await page.getByRole('navigation', { name: '功能入口' }).getByRole('link').nth(index).click();
        await page.waitForURL((url) => url.pathname === href.split('?')[0]);
        await page.waitForLoadState('networkidle');
        const landed = new URL(page.url()).pathname;
        assert.notEqual(landed, '/app/noauth', `${who}: ${href}`);
        if (href !== '/user/login') assert.ok(!landed.startsWith('/user/login'), `${who}: ${href} asked to sign in`);
        assert.doesNotMatch(await page.locator('body').innerText(), /没有访问权限|没有权限/, `${who}: ${href}`);
      }
      for (const title of offer.tabs.filter((t) => t !== '首页')) {
        await settle(page, '/app/index');
        await page.getByRole('navigation', { name: '底部导航' }).getByText(title, { exact: true }).click();
        await page.waitForLoadState('networkidle');
        assert.doesNotMatch(await page.locator('body').innerText(), /没有访问权限/, `${who}: tab ${title}`);
      }
      await context.close();
    });
  }

  journey('a cadre who opens /app/noauth is not told their role lacks permission', async () => {
    const { page, context } = await open(PHONE, 'cadre02');
    await settle(page, '/app/noauth');
    await page.getByText('您的账号可以提交任务').waitFor();
    assert.doesNotMatch(await page.locator('body').innerText(), /没有访问权限|没有使用该页面的权限/);
    await page.getByRole('button', { name: '前往我的任务' }).click();
    await page.waitForURL(onPath('/app/mytask'));
    await context.close();
  });
});

describe('touch and large text', () => {
  journey('every control on the phone pages is at least 44×44 px', async () => {
    const visitor = await open(PHONE);
    await settle(visitor.page, '/app/index');
    const news = await firstItem(visitor.page, '/api/public/news?pageSize=1');
    const task = await firstItem(visitor.page, '/api/public/tasks?pageSize=1');
    const checks: Array<[Page, string]> = [
      '/app/index',
      '/app/newsList',
      `/app/newsList/${news.id}`,
      '/app/taskList',
      `/app/taskList/${task.id}`,
      '/app/introductList',
      '/app/introductList/2',
      '/app/noauth',
      '/app/tip?type=success&title=提交成功&back=/app/index',
      '/user/login',
      '/user/register',
      // The public pages and the workbench, met on a phone too.
      '/entrance',
      '/introductCenter',
      '/introductList',
      '/orgShow',
      '/digital',
      '/no/such/page',
    ].map((url) => [visitor.page, url]);
    const villager = await open(PHONE, 'villager02');
    for (const url of ['/app/index', '/app/service', '/app/service?tab=shot', '/app/service/appeal', '/app/service/shot', '/app/notices']) {
      checks.push([villager.page, url]);
    }
    const cadre = await open(PHONE, 'cadre02');
    await settle(cadre.page, '/app/mytask');
    const mine = await firstItem(cadre.page, '/api/my/tasks?pageSize=1&state=todo');
    // The demo hands two appeals to 第一村: one waiting for its cadres (with the steps), one answered.
    const handed = await firstItem(cadre.page, '/api/my/dispatched-appeals?pageSize=1&state=open');
    const answered = await firstItem(cadre.page, '/api/my/dispatched-appeals?pageSize=1&state=done');
    checks.push(
      [cadre.page, '/app/mytask'],
      [cadre.page, `/app/mytask/${mine.id}`],
      [cadre.page, '/app/dispatched'],
      [cadre.page, '/app/dispatched?state=done'],
      [cadre.page, `/app/dispatched/${handed.id}`],
      [cadre.page, `/app/dispatched/${answered.id}`],
    );

    for (const [page, url] of checks) {
      await settle(page, url);
      await page.waitForTimeout(300); // lazy parts (the rating form, the banner) settle
      assert.deepEqual(await smallTouchTargets(page), [], url);
    }
    await Promise.all([visitor.context.close(), villager.context.close(), cadre.context.close()]);
  });

  journey('a 待评价 card opens the appeal at its rating form, whose stars are finger-sized', async () => {
    const { page, context } = await open(PHONE, 'villager02');
    await settle(page, '/app/service');
    const card = page.locator('a.svc-card', { hasText: '待评价' }).first();
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await page.waitForURL(/\/app\/service\/appeal\/\d+#rate$/);
    const form = page.getByRole('heading', { name: '评价本次办理' });
    await form.waitFor();
    await eventually(async () => {
      const box = await form.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the form's heading is in view (${JSON.stringify(box)})`);
    });
    assert.deepEqual(await smallTouchTargets(page), []);
    const stars = page.locator('.svc-rate-form .adm-rate-star');
    assert.equal(await stars.count(), 5);
    await stars.nth(3).click();
    await page.locator('.svc-rate-form').getByText('满意', { exact: true }).waitFor();
    await page.getByRole('button', { name: '提交评价' }).click();
    await page.getByRole('heading', { name: '我的评价' }).waitFor();
    await context.close();
  });

  journey('large text at 390 px: the home grid, the 我的任务 tabs and the rank line do not crowd', async () => {
    // The villager's grid has four entries in a row, the cadre's six in two rows.
    for (const [account, count] of [
      ['villager02', 4],
      ['cadre02', 6],
    ] as const) {
      const home = await open(PHONE, account, true);
      await settle(home.page, '/app/index');
      assert.ok(await home.page.evaluate(() => document.documentElement.classList.contains('m-large-text')));
      const entries = await home.page.locator('.home-entry').evaluateAll((els) =>
        els.map((el) => {
          const title = el.querySelector('.home-entry-title') as HTMLElement;
          const box = el.getBoundingClientRect();
          const label = title.getBoundingClientRect();
          return { text: title.textContent, fits: label.left >= box.left - 0.5 && label.right <= box.right + 0.5 };
        }),
      );
      assert.equal(entries.length, count);
      for (const entry of entries) assert.ok(entry.fits, `${account}: ${entry.text} overflows its cell`);
      assert.ok(await noOverlap(home.page, '.home-entry-title'), `${account}: grid labels overlap`);
      await home.context.close();
    }

    const { page, context } = await open(PHONE, 'cadre02', true);
    await settle(page, '/app/mytask');
    await page.locator('.mytask-score-rank').waitFor();
    const tabs = await page
      .locator('.mytask-tabs .adm-tabs-tab')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent, clipped: el.scrollWidth > el.clientWidth + 1 })));
    assert.equal(tabs.length, 5);
    for (const tab of tabs) assert.ok(!tab.clipped, `tab ${tab.text} is clipped`);
    assert.ok(await noOverlap(page, '.mytask-tabs .adm-tabs-tab'), 'tabs overlap');
    // The rank is one line; role and village wrap between them, never inside one; nothing leaves the card.
    const parts = await page.locator('.mytask-score-rank, .mytask-score-who .mytask-score-sub > span').evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const card = (el.closest('.mytask-score') as HTMLElement).getBoundingClientRect();
        const height = box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth);
        return {
          text: el.textContent,
          lines: Math.round(height / parseFloat(style.lineHeight)),
          inside: box.right <= card.right + 0.5 && el.scrollWidth <= el.clientWidth + 1,
        };
      }),
    );
    assert.ok(parts.length >= 3);
    for (const part of parts) {
      assert.equal(part.lines, 1, `「${part.text}」 takes ${part.lines} lines`);
      assert.ok(part.inside, `「${part.text}」 overflows the card`);
    }
    await context.close();
  });
});

describe('large text on a 360 px phone', () => {
  const SMALL_PHONE = { width: 360, height: 740 };

  journey('titles, tabs and chips stay whole; the tab bar reads at 12 px, larger in large text', async () => {
    for (const large of [false, true]) {
      const { page, context } = await open(SMALL_PHONE, 'cadre02', large);
      await settle(page, '/app/index');
      // The platform's name beside the bell and 大字: whole, on one or two lines.
      const title = await page.locator('.m-layout-nav-title').evaluate((el) => ({
        text: el.textContent,
        cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      }));
      assert.ok(!title.cut, `${large ? 'large' : 'standard'}: the title 「${title.text}」 is cut`);
      const labels = await page
        .locator('.m-layout-bottom .adm-tab-bar-item-title')
        .evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
      assert.equal(labels.length, 4);
      for (const size of labels) assert.ok(large ? size >= 15 : size >= 12, `a tab bar label is ${size} px`);

      // Every tab and chip is on screen in full or reached by scrolling a strip of chips; none wraps.
      for (const [url, selector] of [
        ['/app/mytask', '.mytask-tabs .adm-tabs-tab'],
        ['/app/newsList', '.news-tabs .adm-tabs-tab'],
        ['/app/taskList', '.app-filter-chip'],
      ] as const) {
        await settle(page, url);
        await page.locator(selector).first().waitFor();
        const items = await page.locator(selector).evaluateAll((els) =>
          els.map((el) => {
            const box = el.getBoundingClientRect();
            const strip = el.closest('.adm-tabs-tab-list, .app-filter-chips') as HTMLElement;
            // A label broken over lines leaves a text node with boxes at different heights.
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            let lines = 0;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              lines = Math.max(lines, new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size);
            }
            return {
              text: el.textContent,
              lines,
              inView: box.left >= -0.5 && box.right <= window.innerWidth + 0.5,
              scrolls: strip.scrollWidth > strip.clientWidth + 1,
            };
          }),
        );
        for (const item of items) {
          assert.ok(item.lines <= 1, `${url}: 「${item.text}」 breaks over ${item.lines} lines`);
          // A strip of tabs never scrolls in large text: each tab is in view. Chips scroll, as pills do.
          if (large && selector.includes('tabs')) assert.ok(item.inView && !item.scrolls, `${url}: 「${item.text}」 is cut at the edge`);
        }
        assert.ok(await noOverlap(page, selector), `${url}: ${selector} overlap`);
      }
      await context.close();
    }
  });
});

/** No two of the matched elements' boxes overlap. */
function noOverlap(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll((els) => {
    const boxes = els.map((el) => el.getBoundingClientRect());
    return boxes.every((a, i) =>
      boxes.every(
        (b, j) => i === j || a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5,
      ),
    );
  });
}

interface RouteEntry {
  path?: string;
  title?: string;
  name?: string;
  access?: string;
  component?: string;
  redirect?: string;
  layout?: boolean;
  routes?: RouteEntry[];
}

/** Every page of config/routes.ts with its title, whether it sits in the admin layout, and its menu name. */
function pageRoutes(list: RouteEntry[], admin = false): Array<{ path: string; title?: string; name?: string; admin: boolean }> {
  return list.flatMap((route) => {
    const inAdmin = admin || !!route.access;
    if (route.routes) return pageRoutes(route.routes, inAdmin);
    if (!route.component || !route.path) return [];
    return [{ path: route.path, title: route.title, name: route.name, admin: inAdmin }];
  });
}

describe('document titles', () => {
  journey('every route ends with a meaningful Chinese tab title, detail pages with their own', async () => {
    const all = pageRoutes(routes as RouteEntry[]);
    assert.ok(all.length >= 40);
    for (const route of all) assert.match(route.title ?? '', /\p{Script=Han}/u, `${route.path} has a title in config/routes.ts`);

    const visitor = await open(DESKTOP);
    const villager = await open(PHONE, 'villager02');
    const cadre = await open(PHONE, 'cadre02');
    const admin = await open(DESKTOP, 'admin');
    await settle(visitor.page, '/app/index');
    await settle(villager.page, '/app/index');
    await settle(cadre.page, '/app/index');
    const news = await firstItem(visitor.page, '/api/public/news?pageSize=1');
    const task = await firstItem(visitor.page, '/api/public/tasks?pageSize=1');
    const appeal = await firstItem(villager.page, '/api/my/appeals?pageSize=1');
    const shot = await firstItem(villager.page, '/api/my/photo-reports?pageSize=1');
    const mine = await firstItem(cadre.page, '/api/my/tasks?pageSize=1');
    // An appeal the demo handed to cadre02's village.
    const handed = await firstItem(cadre.page, '/api/my/dispatched-appeals?pageSize=1');

    // Concrete addresses for parameters, and the title a detail page gives itself.
    const concrete: Record<string, { url: string; title?: string }> = {
      '/introductList/:area': { url: '/introductList/2', title: '第一村' },
      '/app/introductList/:area': { url: '/app/introductList/2', title: '第一村' },
      '/app/newsList/:id': { url: `/app/newsList/${news.id}`, title: news.title },
      '/app/taskList/:id': { url: `/app/taskList/${task.id}`, title: task.title },
      '/app/mytask/:id': { url: `/app/mytask/${mine.id}`, title: mine.title },
      '/app/service/appeal/:id': { url: `/app/service/appeal/${appeal.id}`, title: appeal.title },
      '/app/dispatched/:id': { url: `/app/dispatched/${handed.id}`, title: handed.title },
      '/app/service/shot/:id': { url: `/app/service/shot/${shot.id}` },
      '/user/*': { url: '/user/no-such-page' },
      '*': { url: '/no/such/page' },
      '/exception': { url: '/exception?errorCode=500&errorMessage=服务器开小差了' },
      '/introductCenter': { url: '/introductCenter', title: '镇综合治理中心简介' },
    };
    const pageFor = (path: string) => {
      if (path.startsWith('/app/mytask') || path.startsWith('/app/dispatched')) return cadre.page;
      if (path.startsWith('/app/service') || path.startsWith('/app/notices')) return villager.page;
      return visitor.page;
    };

    for (const route of all) {
      const page = route.admin ? admin.page : pageFor(route.path);
      const { url, title } = concrete[route.path] ?? { url: route.path };
      await page.goto(app.url + url);
      // Admin pages take the menu's name (ProLayout), the others the route's title or their own.
      const wanted = title ? [title] : [route.title!, ...(route.admin && route.name ? [route.name] : [])];
      await eventually(async () => {
        const shown = await page.title();
        assert.ok(
          wanted.some((w) => shown === `${w} - ${PLATFORM_TITLE}`),
          `${url}: 「${shown}」, wanted 「${wanted.join('」 or 「')} - ${PLATFORM_TITLE}」`,
        );
      }, 15_000);
    }
    await Promise.all([visitor.context.close(), villager.context.close(), cadre.context.close(), admin.context.close()]);
  });
});

describe('first-run settings', () => {
  journey('no ICP line until the admin, asked on the dashboard, sets one; then it links to its record', async () => {
    const visitor = await open(DESKTOP);
    await settle(visitor.page, '/entrance');
    assert.doesNotMatch(await visitor.page.locator('footer').innerText(), /ICP|备/);

    const { page, context } = await open({ width: 1366, height: 768 }, 'admin');
    await page.waitForURL(onPath('/dashboard'));
    const reminder = page.getByRole('status').filter({ hasText: '请完善平台设置' });
    await reminder.waitFor();
    assert.match(await reminder.innerText(), /尚未填写网站备案号/);
    await reminder.getByRole('button', { name: '前往设置' }).click();
    await page.waitForURL(onPath('/system/settings'));
    await page.getByText('首次使用：请核对以下设置并保存').waitFor();
    await page.getByLabel('中心名称').fill('青山镇综合治理中心');
    await page.getByLabel('网站备案号').fill('浙ICP备12345678号');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('平台设置已保存').waitFor();
    await eventually(async () => assert.equal(await page.getByText('首次使用：请核对以下设置并保存').count(), 0));
    await settle(page, '/dashboard');
    await page.getByText('数据概览').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByText('请完善平台设置').count(), 0);

    await settle(visitor.page, '/entrance');
    const icp = visitor.page.locator('footer').getByRole('link', { name: '浙ICP备12345678号' });
    assert.equal(await icp.getAttribute('href'), 'https://beian.miit.gov.cn/');
    assert.match(await visitor.page.locator('footer').innerText(), /青山镇综合治理中心/);
    await Promise.all([visitor.context.close(), context.close()]);
  });
});
