import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import type { StatsOverview } from '../../common/contracts/stats';
import {
  adminMenuPages,
  apiGet,
  apiPost,
  mayOpen,
  openFromMenu,
  pageDrawn,
  recordTrouble,
  rowActionProblems,
  tableProblems,
} from '../helpers/admin';
import { DESKTOP } from '../helpers/browser';
import { eventually, setUpJourneys } from '../helpers/journeys';

// The admin back office as its users see it: every menu page for every built-in role, tables that
// fit an office screen, row actions that cannot be misread, dialogs, and dashboard figures that
// open exactly the records they count.

// These journeys load some 60 pages a minute from one address, each ~50 requests with its scripts:
// far beyond a person, and beyond the server's per-address limit (RATE_LIMIT_PER_MINUTE, 1200).
const app = setUpJourneys({ env: { RATE_LIMIT_PER_MINUTE: '20000' } });
const { journey, signIn } = app;

/** A page with room for a busy machine: these journeys open many pages one after another. */
async function newPage(viewport = DESKTOP) {
  const opened = await app.newPage(viewport);
  opened.context.setDefaultTimeout(60_000);
  // A page that crashes shows nothing: say why in the test's output.
  opened.page.on('pageerror', (error) => console.error(`page error at ${opened.page.url()}: ${error.stack ?? error.message}`));
  return opened;
}

const OFFICE = { width: 1366, height: 768 };

/** Columns the people who use these lists look for first: on screen without scrolling sideways. */
const KEY_COLUMNS: Record<string, string[]> = {
  '/peopleService/appeal': ['办理时限', '状态', '操作'],
  '/peopleService/shot': ['状态', '操作'],
  '/userManage/list': ['最近登录', '状态', '操作'],
  '/taskManage/list': ['提交情况', '状态', '操作'],
  '/taskManage/audit?status=all': ['提交时间', '审核'],
  '/system/operation-logs': ['结果', '变更'],
  '/system/login-logs': ['原因', '浏览器'],
};

/** Whether a column header is drawn whole inside the window and its table's visible part. */
function headerInView(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const th = Array.from(document.querySelectorAll<HTMLElement>('thead th')).find(
      (el) => el.offsetParent && el.textContent?.trim() === wanted,
    );
    if (!th) return false;
    const rect = th.getBoundingClientRect();
    const scroller = th.closest('.ant-table-content, .ant-table-header, .ant-table-body') ?? th.closest('.ant-table');
    const box = scroller!.getBoundingClientRect();
    return rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.right <= window.innerWidth;
  }, text);
}
const PASSWORDS: Record<string, string> = { admin: 'Admin12345' };
const password = (account: string) => PASSWORDS[account] ?? 'Demo12345';

/** Opens an admin page by its address (a deep link) and waits until it is drawn. */
async function openAdminPage(page: Page, path: string, title: string) {
  await page.goto(`${app.url}${path}`);
  await pageDrawn(page, title);
}

/** Waits for the list call of a drill-down (its path and filters) while `act` runs; answers its total. */
async function listTotal(page: Page, path: string, filters: Record<string, string>, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        r.request().method() === 'GET' &&
        url.pathname === path &&
        Object.entries(filters).every(([key, value]) => url.searchParams.get(key) === value)
      );
    }),
    act(),
  ]);
  return ((await response.json()).data as { total: number }).total;
}

describe('admin pages', () => {
  for (const account of ['admin', 'staff01']) {
    journey(`${account} opens every page of the menu: content drawn, no error toast, no refused call`, async () => {
      const { context, page } = await newPage();
      const trouble = await recordTrouble(page);
      await signIn(page, account, password(account));
      const user = await apiGet<{ access: string; permissions: string[] }>(page, '/api/currentUser');
      const pages = adminMenuPages().filter((p) => mayOpen(p.access, user));
      // Staff work everywhere but user management and the 系统设置 group (docs/product.md §1).
      assert.equal(pages.length, account === 'admin' ? 22 : 15);
      const found: Record<string, string[]> = {};
      for (const menuPage of pages) {
        const { path } = menuPage;
        await openFromMenu(page, menuPage);
        assert.equal(await page.locator('.ant-result-403, .ant-alert-error').count(), 0, `${path} shows a refusal`);
        const seen = await trouble.take();
        if (seen.length) found[path] = seen;
      }
      assert.deepEqual(found, {});
      await context.close();
    });
  }

  for (const account of ['cadre02', 'villager02']) {
    journey(`${account} (no admin key) is kept out of the admin pages`, async () => {
      const { context, page } = await newPage();
      await signIn(page, account, password(account));
      for (const path of ['/dashboard', '/taskManage/list', '/peopleService/appeal']) {
        await page.goto(`${app.url}${path}`);
        await eventually(async () => {
          const left = !new URL(page.url()).pathname.startsWith(path);
          const refused = await page.getByText('403').first().isVisible();
          assert.ok(left || refused, `${account} stays on ${path}`);
        });
        assert.equal(await page.locator('.ant-table-row').count(), 0);
      }
      await context.close();
    });
  }

  journey('staff01 gets the target groups on 发布任务; 图片数量 starts at the default 0 and says what 0 means', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await openAdminPage(page, '/taskManage/create', '发布任务');
    await page.locator('.ant-form-item', { hasText: '目标分组' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '网格员（2人）' }).waitFor();
    // A new task starts at the specification's 0 (默认3张), whatever earlier tasks asked for.
    assert.equal(await page.getByLabel('图片数量').inputValue(), '0');
    await page.getByTestId('image-rule').getByText('需提交：默认3张').waitFor();
    await page.getByText('（填 0 表示默认3张）').waitFor();
    await context.close();
  });

  for (const viewport of [OFFICE, DESKTOP]) {
    journey(`at ${viewport.width}×${viewport.height} every table shows all its columns whole; row actions are spaced`, async () => {
      const { context, page } = await newPage(viewport);
      await signIn(page, 'admin', 'Admin12345');
      const tables: Array<[string, string]> = [
        ['/userManage/list', '用户列表'],
        ['/userManage/group', '用户分组'],
        ['/userManage/role', '角色管理'],
        ['/userManage/score', '积分统计'],
        ['/taskManage/list', '任务列表'],
        ['/taskManage/complete', '完成情况'],
        ['/taskManage/audit?status=all', '任务审核'],
        ['/newsManage/list', '新闻列表'],
        ['/organization/list', '组织架构'],
        ['/peopleService/appeal', '群众诉求'],
        ['/peopleService/shot', '随手拍'],
        ['/peopleService/opinion', '舆情监测'],
        ['/system/settings', '平台设置'],
        ['/system/operation-logs', '操作日志'],
        ['/system/login-logs', '登录日志'],
      ];
      // A display link, so that the settings' table has a row too.
      await apiPost(page, '/api/display-links', { name: '大厅一楼屏幕' });
      const found: Record<string, string[]> = {};
      let actionRows = 0;
      for (const [path, title] of tables) {
        await openAdminPage(page, path, title);
        await page
          .locator('.ant-table-row')
          .first()
          .waitFor()
          .catch(() => assert.fail(`${path}: no rows to check`));
        const actions = await rowActionProblems(page);
        actionRows += actions.rows;
        const problems = [...(await tableProblems(page)), ...actions.problems];
        for (const header of KEY_COLUMNS[path] ?? []) {
          if (!(await headerInView(page, header))) problems.push(`「${header}」 not on screen`);
        }
        if (problems.length) found[path] = problems;
      }
      assert.deepEqual(found, {});
      assert.ok(actionRows > 60, `only ${actionRows} rows of actions checked`);
      await context.close();
    });
  }

  journey('a destructive row action stands apart and asks first (不予受理, 标为无效, 停用)', async () => {
    const { context, page } = await newPage(OFFICE);
    await signIn(page, 'admin', 'Admin12345');
    await openAdminPage(page, '/peopleService/appeal?status=pending', '群众诉求');
    const row = page.locator('.ant-table-row').first();
    await row.getByText('不予受理').click();
    const dialog = page.locator('.ant-modal', { hasText: '不予受理原因' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await openAdminPage(page, '/peopleService/shot?status=pending', '随手拍');
    await page.locator('.ant-table-row').first().getByText('标为无效').click();
    await page.locator('.ant-modal', { hasText: '无效原因' }).waitFor();
    await page.keyboard.press('Escape');
    await openAdminPage(page, '/userManage/list?status=active', '用户列表');
    const stop = page.locator('.ant-table-row').first().locator('.row-actions-divider + *').getByText('停用');
    // In the theme's error red (ERROR_TEXT_COLOR, #d9363e), not the blue of the links before the divider.
    assert.equal(await stop.evaluate((el) => getComputedStyle(el).color), 'rgb(217, 54, 62)');
    await stop.click();
    const confirm = page.locator('.ant-modal', { hasText: /停用用户「.+」？/ });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    await context.close();
  });

  journey("dialog titles keep antd's step (20 px) above the first field", async () => {
    const { context, page } = await newPage(OFFICE);
    await signIn(page, 'admin', 'Admin12345');
    for (const [path, title, button] of [
      ['/userManage/role', '角色管理', /新建角色/],
      ['/userManage/group', '用户分组', /新建分组/],
      ['/peopleService/opinion', '舆情监测', /新增舆情/],
      ['/organization/list', '组织架构', /新增顶级单位/],
    ] as const) {
      await openAdminPage(page, path, title);
      await page.getByRole('button', { name: button }).first().click();
      const modal = page.locator('.ant-modal-content').last();
      await modal.locator('.ant-form-item-label').first().waitFor();
      const gap = await modal.evaluate((el) => {
        const heading = el.querySelector('.ant-modal-title')!.getBoundingClientRect();
        const label = el.querySelector('.ant-form-item-label')!.getBoundingClientRect();
        return label.top - heading.bottom;
      });
      assert.ok(gap >= 18, `${path}: the title is ${gap} px above the first label`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
    }
    await context.close();
  });
});

describe('dashboard drill-downs open exactly the records behind each figure', () => {
  /** A figure card's number (or, for 群众满意度, how many rated) and the link it opens. */
  async function figure(page: Page, title: string) {
    const card = page.locator('a.dashboard-figure-link', {
      has: page.locator('.dashboard-figure-title', { hasText: new RegExp(`^${title}$`) }),
    });
    const shown = (await card.locator('.dashboard-figure-value').textContent()) ?? '';
    const note = (await card.locator('.dashboard-figure-note').textContent()) ?? '';
    const value = title === '群众满意度' ? Number(/(\d+) 人评价/.exec(note)?.[1]) : Number(shown.trim());
    return { card, value };
  }

  journey('each figure card: the list it opens has that many records, also after a reload', async () => {
    const { context, page } = await newPage(DESKTOP);
    await signIn(page, 'admin', 'Admin12345');
    // 本月发布新闻 counts this month's only. The demo's published news are all from the last 15 days,
    // which on a late day of the month are all this month's: back online, an item taken offline keeps
    // its first 发布时间 (45 days ago, always an earlier month), so a list without the month filter
    // would show one more than the figure.
    const { month } = (await apiGet<StatsOverview>(page, '/api/stats/overview')).news;
    const offline = await apiGet<{ list: Array<{ id: number; publishedAt: string | null }> }>(page, '/api/news?status=offline&pageSize=50');
    const earlier = offline.list.find((n) => n.publishedAt && n.publishedAt.slice(0, 10) < month.from);
    assert.ok(earlier, 'the demo has an offline news item published before this month');
    await apiPost(page, `/api/news/${earlier.id}/publish`);
    const cases: Array<[string, string, Record<string, string>]> = [
      ['进行中任务', '/api/tasks', { status: 'published' }],
      ['待审核提交', '/api/submissions', { status: 'pending' }],
      ['待受理诉求', '/api/appeals', { status: 'pending' }],
      ['超期诉求', '/api/appeals', { overdue: 'true' }],
      ['随手拍待处理', '/api/photo-reports', { status: 'pending' }],
      ['群众满意度', '/api/appeals', { rated: 'true' }],
      ['本月发布新闻', '/api/news', { status: 'published' }],
      ['用户', '/api/users', { status: 'active', current: '1' }],
    ];
    for (const [title, path, filters] of cases) {
      await openAdminPage(page, '/dashboard', '数据概览');
      const { card, value } = await figure(page, title);
      assert.ok(Number.isInteger(value), `${title} shows no number`);
      if (title === '本月发布新闻') {
        const published = await apiGet<{ total: number }>(page, '/api/news?status=published&pageSize=1');
        assert.ok(published.total > value, `all published news (${published.total}) outnumber this month's (${value})`);
      }
      assert.equal(await listTotal(page, path, filters, () => card.click()), value, `${title}: ${value}`);
      assert.equal(await listTotal(page, path, filters, () => page.reload()), value, `${title} after a reload`);
    }
    await context.close();
  });

  /** A point of a chart's plot: the category's column and `fromTop` px below the plot's top. */
  async function plotPoint(
    page: Page,
    label: string,
    grid: { left: number; right: number; top: number },
    index: number,
    count: number,
    gap: boolean,
  ) {
    // The page may still move (the first-run reminder above the figures arrives after them): measure
    // until the chart has stayed put.
    const chart = page.getByRole('img', { name: label });
    // The mouse clicks within the viewport only: the trend sits below the fold at 1440×900.
    await chart.scrollIntoViewIfNeeded();
    let box = (await chart.boundingBox())!;
    for (let settled = 0; settled < 3;) {
      await page.waitForTimeout(150);
      const again = (await chart.boundingBox())!;
      settled = again.x === box.x && again.y === box.y && again.width === box.width ? settled + 1 : 0;
      box = again;
    }
    const width = box.width - grid.left - grid.right;
    const step = gap ? width / count : width / (count - 1);
    const x = gap ? grid.left + (index + 0.5) * step : grid.left + index * step;
    return { x: box.x + x, y: box.y + grid.top + 4, step };
  }

  journey('a click anywhere over a column (not on the point or bar) opens that day, village or category with the same count', async () => {
    const { context, page } = await newPage(DESKTOP);
    await signIn(page, 'admin', 'Admin12345');
    await openAdminPage(page, '/dashboard', '数据概览');
    await page.getByRole('img', { name: '各村任务完成率' }).waitFor();
    const stats = await apiGet<StatsOverview>(page, '/api/stats/overview');

    // The village with the most approved reports (an empty one would match an empty list by chance):
    // its tooltip, shown high above its bar, says how many; the list the click opens holds that many.
    const villages = stats.completionByArea.filter((a) => a.targets > 0);
    const busiest = villages.reduce((most, a, i) => (a.approved > villages[most].approved ? i : most), 0);
    const village = await plotPoint(page, '各村任务完成率', { left: 48, right: 16, top: 24 }, busiest, villages.length, true);
    await page.mouse.move(village.x, village.y);
    const tooltip = page
      .getByRole('img', { name: '各村任务完成率' })
      .locator('div', { hasText: /已通过提交 \d+ 份/ })
      .last();
    const shown = await tooltip.innerText();
    assert.equal(shown.split('\n')[0].trim(), villages[busiest].name, shown);
    const drawn = Number(/已通过提交 (\d+) 份/.exec(shown)?.[1]);
    assert.ok(drawn > 0, `${villages[busiest].name}: ${shown}`);
    const approved = await listTotal(page, '/api/submissions', { area: String(villages[busiest].area), status: 'approved' }, () =>
      page.mouse.click(village.x, village.y),
    );
    assert.equal(approved, drawn);
    await page.getByText(`共 ${drawn} 条`, { exact: true }).waitFor();

    await openAdminPage(page, '/dashboard', '数据概览');
    const categories = stats.completionByCategory.filter((c) => c.tasks > 0);
    const category = await plotPoint(page, '各类别任务数与完成率', { left: 40, right: 48, top: 36 }, 0, categories.length, true);
    const tasks = await listTotal(page, '/api/tasks', { category: String(categories[0].category), status: 'issued' }, () =>
      page.mouse.click(category.x, category.y),
    );
    assert.equal(tasks, categories[0].tasks);

    // The trend: a day's column beside its points, near the top: the higher line of that day.
    const days = stats.perDay;
    for (const which of ['appeals', 'photoReports'] as const) {
      const other = which === 'appeals' ? 'photoReports' : 'appeals';
      const index = days.findIndex((d) => d[which] > d[other]);
      assert.ok(index >= 0, `no day with more ${which}`);
      await openAdminPage(page, '/dashboard', '数据概览');
      const point = await plotPoint(page, '近30天群众诉求与随手拍数量', { left: 40, right: 16, top: 36 }, index, days.length, false);
      const path = which === 'appeals' ? '/api/appeals' : '/api/photo-reports';
      // A third of the way to the next day: off the point, still nearest to it.
      const count = await listTotal(page, path, { current: '1' }, () => page.mouse.click(point.x + point.step / 3, point.y));
      assert.equal(count, days[index][which], `${days[index].date} ${which}`);
      assert.match(page.url(), new RegExp(`from=${days[index].date}&to=${days[index].date}`));
    }
    await context.close();
  });
});
