import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { ErrorShowType, HTTP_STATUS_MESSAGES } from '../../common/constants';
import { describeViolations, scan } from '../helpers/axe';
import { abandoned, PHONE } from '../helpers/browser';
import { onPath, setUpJourneys } from '../helpers/journeys';

const app = setUpJourneys();
const { newPage, journey, signIn } = app;

const EXPIRED = '未授权或授权已过期，请重新登录';

/** Every /api answer the page gets from now on, as "status path". */
function recordApi(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${res.status()} ${url.pathname}`);
  });
  return seen;
}

/** The text of every antd message and notification on screen. */
const toasts = (page: Page) => page.locator('.ant-message-notice, .ant-notification-notice').allInnerTexts();

/** An API call as a signed-in user, from outside the browser. */
async function callApi(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message?: string; data?: unknown; showType?: number } };
}

async function apiToken(account: string, password: string) {
  const res = await fetch(`${app.url}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Every load of the page's document from now on (its first and any reload). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

/** Every request for these files fails, as on a network that drops them. */
async function block(page: Page, file: RegExp) {
  await page.route(file, (route) => route.abort('failed').catch(abandoned));
}

/** The message is reached by keyboard, its button shows its focus, and axe finds nothing serious. */
async function assertUsable(page: Page, message: Locator, label: string) {
  const button = message.getByRole('button', { name: '重新加载' });
  await button.focus();
  assert.equal(await button.evaluate((el) => el === document.activeElement && getComputedStyle(el).outlineStyle !== 'none'), true, label);
  const violations = await scan(page, label, { include: '.error-boundary' });
  assert.deepEqual(violations, [], describeViolations(violations));
}

describe('sign-in and error journeys', () => {
  journey('a first visit to / or /index.html shows the login page and nothing else', async () => {
    for (const path of ['/', '/index.html']) {
      const { context, page } = await newPage();
      const seen = recordApi(page);
      await page.goto(`${app.url}${path}`);
      await page.waitForURL('**/user/login');
      await page.getByRole('button', { name: /登\s*录/ }).waitFor();
      // Long enough for a late call of the admin shell to come back and complain.
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText(EXPIRED).count(), 0, path);
      assert.equal(await page.getByRole('alert').count(), 0, path);
      assert.deepEqual(await toasts(page), [], path);
      // Nothing of the admin shell asked anything: no bell, no current user without a token.
      assert.ok(!seen.some((s) => s.startsWith('401') || / \/api\/(notices|currentUser)$/.test(s)), `${path}: ${seen.join(', ')}`);
      await context.close();
    }
  });

  journey('someone who never signed in opening an admin page signs in and comes back, unscolded', async () => {
    const { context, page } = await newPage();
    const seen = recordApi(page);
    await page.goto(`${app.url}/taskManage/list?status=published`);
    await page.waitForURL('**/user/login?redirect=**');
    assert.match(page.url(), /redirect=%2FtaskManage%2Flist%3Fstatus%3Dpublished$/);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(await toasts(page), []);
    assert.ok(!seen.some((s) => s.startsWith('401') || / \/api\/(notices|currentUser)$/.test(s)), seen.join(', '));

    await page.getByPlaceholder('账号').fill('staff01');
    await page.getByPlaceholder('密码').fill('Demo12345');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/taskManage/list?status=published');
    await page.getByRole('button', { name: '中心工作人员，你好！' }).waitFor();
    await context.close();
  });

  journey('a session that ended while away is said so on the login page, with the way back', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.waitForURL(onPath('/dashboard'));
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // Signed out elsewhere (or expired): the tab still holds the token.
    assert.equal((await callApi(token ?? '', 'GET', '/admin/logout')).status, 200);

    await page.goto(`${app.url}/userManage/list`);
    await page.waitForURL('**/user/login?redirect=%2FuserManage%2Flist');
    await page.getByRole('alert').getByText(EXPIRED).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
    await context.close();
  });

  journey('the header greets by the role as docs/product.md §14 says; the account menu says who is signed in', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    const greeting = page.getByRole('button', { name: '中心工作人员，你好！' });
    await greeting.click();
    const who = page.getByLabel('当前登录');
    await who.getByText('李晓燕').waitFor();
    await who.getByText('中心工作人员 · staff01').waitFor();
    assert.equal(await page.getByText('管理员，你好！', { exact: true }).count(), 0);
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    await page.getByRole('dialog', { name: '修改密码' }).waitFor();
    await context.close();
  });

  journey('a conflict is a warning marked on its field; a known resource that is gone says which', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/userManage/group`);
    await page.getByRole('button', { name: /新建分组/ }).click();
    const dialog = page.getByRole('dialog', { name: '新建分组' });
    await dialog.getByLabel('分组名称').fill('党员');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await page.locator('.ant-message-warning').getByText('已有同名分组').waitFor();
    await dialog.locator('.ant-form-item-explain-error').getByText('已有同名分组').waitFor();
    assert.equal(await dialog.getByLabel('分组名称').inputValue(), '党员');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.goto(`${app.url}/taskManage/complete?taskId=99999`);
    await page.locator('.ant-message-error').getByText('任务不存在').first().waitFor();
    assert.equal(await page.getByText('请求地址出错').count(), 0);
    await context.close();
  });

  journey('a platform fault (the database lost) is a titled notification, not a toast, and the page recovers', async () => {
    // The real server marks its 500s and 503s NOTIFICATION (server/plugins/errors.ts, ADR 0025). On
    // the journeys' embedded database none can be caused on purpose where this display shows: its one
    // deliberate 503, a full image-decode queue, answers an upload, whose caller words the failure in
    // its tile (callerShowsError); a lost database needs an external PostgreSQL to cut, which
    // server/ops/database-down.test.ts does. So a route interception gives the list's call that
    // test's answer, body and header as the server sends them.
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    const isTaskList = (url: URL) => url.pathname === '/api/tasks';
    await page.route(isTaskList, (route) =>
      route
        .fulfill({
          status: 503,
          headers: { 'retry-after': '5' },
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ code: 503, message: '数据库暂时无法连接，请稍后再试', showType: ErrorShowType.NOTIFICATION }),
        })
        .catch(abandoned),
    );
    await page.goto(`${app.url}/taskManage/list`);
    const notice = page.locator('.ant-notification-notice');
    await notice.waitFor();
    assert.equal(await notice.locator('.ant-notification-notice-message').innerText(), HTTP_STATUS_MESSAGES[503]);
    assert.equal(await notice.locator('.ant-notification-notice-description').innerText(), '数据库暂时无法连接，请稍后再试');
    assert.equal(await page.locator('.ant-message-notice').count(), 0, 'no toast beside the notification');
    assert.equal(new URL(page.url()).pathname, '/taskManage/list', 'no redirect to the exception page');

    // The database is back: the next load lists the tasks.
    await page.unroute(isTaskList);
    await page.getByRole('button', { name: '刷新' }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await context.close();
  });

  journey('an account stripped of the back office while on an admin page lands on the 403 exception page', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'staff02', 'Demo12345');
    await page.goto(`${app.url}/taskManage/list`);
    await page.locator('.ant-table-row').first().waitFor();

    const admin = await apiToken('admin', 'Admin12345');
    const roles = (await callApi(admin, 'GET', '/roles?pageSize=100')).body.data as { list: Array<{ id: number; code: string }> };
    const villagerRole = roles.list.find((r) => r.code === 'villager');
    const users = (await callApi(admin, 'GET', '/users?account=staff02')).body.data as { list: Array<{ id: number }> };
    assert.ok(villagerRole && users.list[0]);
    assert.equal((await callApi(admin, 'PUT', `/users/${users.list[0].id}`, { roleId: villagerRole.id })).status, 200);

    await page.locator('[aria-label="reload"]').first().click();
    await page.waitForURL('**/exception?**');
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('errorCode'), '403');
    await page.getByText('没有访问权限').waitFor();
    await page.getByText('拒绝访问：您的账号没有管理后台的权限').waitFor();
    await page.getByText('错误码：403').waitFor();
    await page.getByRole('button', { name: /重新登录/ }).waitFor();
    await context.close();
  });

  journey('a page whose code does not arrive is retried once, then says so with 重新加载 and the frame stays', async () => {
    // The admin page's own script chunk fails (a weak network, or a deploy that replaced the hashed files).
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.waitForURL(onPath('/dashboard'));
    const loads = countLoads(page);
    const groupScript = /\/p__userManage__group__index\.[0-9a-f]+\.async\.js$/;
    await block(page, groupScript);
    await page.goto(`${app.url}/userManage/group`);
    const failed = page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await failed.waitFor();
    // It reloaded once by itself before giving up, and not again.
    await page.waitForLoadState('networkidle');
    assert.equal(loads.count, 2);
    // The frame stays: menu, header and the workbench tab.
    await page.getByText('管理员，你好！').waitFor();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    await page.getByRole('tab', { name: '用户分组' }).waitFor();
    await assertUsable(page, failed, 'admin page without its script');
    await page.unroute(groupScript);
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('heading', { name: '用户分组', level: 1 }).waitFor();
    assert.equal(await page.getByText('页面加载失败').count(), 0);

    // Its style chunk alone, on the way there from the menu.
    const logStyle = /\/p__system__operationLogs__index\.[0-9a-f]+\.chunk\.css$/;
    await block(page, logStyle);
    await page.getByRole('navigation', { name: '主菜单' }).getByText('系统设置').click();
    await page.getByRole('link', { name: '操作日志' }).click();
    await failed.waitFor();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    await page.unroute(logStyle);
    await failed.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('heading', { name: '操作日志', level: 1 }).waitFor();
    await context.close();

    // A phone page: its bar and tab bar stay around the message.
    const phone = await newPage(PHONE);
    const phoneLoads = countLoads(phone.page);
    const taskScript = /\/p__app__taskList__index\.[0-9a-f]+\.async\.js$/;
    await block(phone.page, taskScript);
    await phone.page.goto(`${app.url}/app/taskList`);
    const phoneFailed = phone.page.getByRole('alert').filter({ hasText: '页面加载失败' });
    await phoneFailed.waitFor();
    await phone.page.waitForLoadState('networkidle');
    assert.equal(phoneLoads.count, 2);
    await phone.page.getByRole('navigation', { name: '底部导航' }).waitFor();
    assert.equal(await phone.page.locator('.m-layout-nav-title').innerText(), '任务公开');
    await assertUsable(phone.page, phoneFailed, 'phone page without its script');
    await phone.page.unroute(taskScript);
    await phoneFailed.getByRole('button', { name: '重新加载' }).click();
    await phone.page.getByText('任务公开').first().waitFor();
    assert.equal(await phone.page.getByText('页面加载失败').count(), 0);

    // The phone page's style chunk alone.
    const taskStyle = /\/p__app__taskList__index\.[0-9a-f]+\.chunk\.css$/;
    await block(phone.page, taskStyle);
    await phone.page.reload();
    await phoneFailed.waitFor();
    await phone.page.getByRole('navigation', { name: '底部导航' }).waitFor();
    await phone.context.close();
  });

  journey('each exception page says its own words', async () => {
    const { context, page } = await newPage();
    const cases: Array<[string, string, string]> = [
      ['403', '没有访问权限', '抱歉，您的账号没有执行此操作或查看此内容的权限。'],
      ['404', '内容不存在', '抱歉，您要找的内容不存在，可能已被删除或链接有误。'],
      ['500', '服务器出错了', '服务器处理请求时发生了内部错误。'],
      ['503', '服务暂时不可用', '服务器正在维护，或暂时无法连接数据库。'],
    ];
    for (const [code, title, text] of cases) {
      await page.goto(`${app.url}/exception?errorCode=${code}`);
      await page.getByText(title, { exact: true }).waitFor();
      await page.getByText(text).waitFor();
      assert.equal(await page.getByText('请求错误，请重试').count(), 0, code);
    }
    await context.close();
  });
});
