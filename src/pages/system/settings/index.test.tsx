/**
 * 系统设置 inside the real app against the mock server: saving the platform settings (validated as
 * typed, kept on a server error, the footer follows) and the wall display's links (shown once, revoked
 * after a confirmation).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { SettingsBody } from '@common/contracts/system';
import { ADMIN_TOKEN, settings } from '@mock/fixtures';
import { api, apiError, ok } from '@mock/http';
import { overviewDb } from '@mock/stats';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const button = (name: RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('button', { name });

test('the settings are saved; the footer shows the new centre name', async () => {
  let saved: SettingsBody | undefined;
  server.use(
    http.put(api('/settings'), async ({ request }) => {
      saved = (await request.json()) as SettingsBody;
      return ok({ ...settings, ...saved });
    }),
  );
  const app = renderApp('/system/settings');
  const centre = await screen.findByLabelText('中心名称', {}, { timeout: 30000 });
  expect(centre).toHaveValue(settings.centreName);
  expect(screen.getByLabelText('诉求办理期限')).toHaveValue('3');
  await app.user.clear(centre);
  expect(await screen.findByText('请填写中心名称')).toBeInTheDocument();
  await app.user.type(centre, '某镇综治中心');
  await waitFor(() => expect(screen.queryByText('请填写中心名称')).not.toBeInTheDocument());
  const days = screen.getByLabelText('诉求办理期限');
  await app.user.clear(days);
  await app.user.type(days, '5');
  const callbackDays = screen.getByLabelText('回访期限');
  expect(callbackDays).toHaveValue('3');
  await app.user.clear(callbackDays);
  await app.user.type(callbackDays, '4');
  const photoDays = screen.getByLabelText('照片拍摄时间提示');
  expect(photoDays).toHaveValue('30');
  await app.user.clear(photoDays);
  expect(await screen.findByText('请填写 1–365 天')).toBeInTheDocument();
  await app.user.type(photoDays, '45');
  await app.user.click(button(/^保\s*存$/));
  expect(await screen.findByText('平台设置已保存')).toBeInTheDocument();
  expect(saved).toMatchObject({
    centreName: '某镇综治中心',
    appealDueDays: 5,
    callbackDays: 4,
    photoStaleDays: 45,
    platformTitle: settings.platformTitle,
  });
  await waitFor(() => expect(document.querySelector('footer')).toHaveTextContent('某镇综治中心'));
});

test('a server error names the field and keeps what was typed', async () => {
  server.use(
    http.put(api('/settings'), () =>
      apiError(400, '平台名称：不能为空', [{ field: 'platformTitle', label: '平台名称', message: '平台名称太长了' }]),
    ),
  );
  const app = renderApp('/system/settings');
  const title = await screen.findByLabelText('平台名称', {}, { timeout: 30000 });
  await app.user.clear(title);
  await app.user.type(title, '新的平台名称');
  await app.user.click(button(/^保\s*存$/));
  expect(await screen.findByText('平台名称太长了')).toBeInTheDocument();
  expect(title).toHaveValue('新的平台名称');
});

test('a new display link is shown once, with the full address; the list never shows a key', async () => {
  const calls = recordRequests();
  const app = renderApp('/system/settings');
  expect(await screen.findByText('一楼大厅', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(button(/生成链接/));
  const dialog = await screen.findByRole('dialog', { name: '生成大屏链接' });
  await app.user.click(button(/生\s*成/, dialog));
  expect(await within(dialog).findByText('请填写名称')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/display-links')).toHaveLength(0);
  await app.user.type(within(dialog).getByLabelText('名称'), '会议室');
  await app.user.click(button(/生\s*成/, dialog));
  const shown = await screen.findByRole('dialog', { name: /大屏链接「会议室」已生成/ });
  const address = within(shown).getByLabelText('大屏链接') as HTMLInputElement;
  expect(address.value).toMatch(/^http:\/\/localhost\/screen\?key=K{10}0+2$/);
  expect(within(shown).getByText('链接只显示这一次')).toBeInTheDocument();
  await app.user.click(button(/我已保存好链接/, shown));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /已生成/ })).not.toBeInTheDocument());
  const row = screen.getByText('会议室').closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('KKKKKK…');
  expect(row).toHaveTextContent('未使用');
  expect(document.body.textContent).not.toContain('K'.repeat(10) + '0');
});

test('revoking asks first, then the link shows as stopped', async () => {
  const calls = recordRequests();
  const app = renderApp('/system/settings');
  const row = (await screen.findByText('一楼大厅', {}, { timeout: 30000 })).closest('tr') as HTMLElement;
  expect(row).toHaveTextContent('可用');
  await app.user.click(within(row).getByText('停用'));
  const confirm = await screen.findByRole('tooltip');
  expect(confirm).toHaveTextContent('停用后，用这个链接打开的大屏会立即显示“链接已停用”');
  await app.user.click(button(/取\s*消/, confirm));
  expect(callsTo(calls, 'POST', '/display-links/1/revoke')).toHaveLength(0);
  await app.user.click(within(row).getByText('停用'));
  await app.user.click(button(/停\s*用/, await screen.findByRole('tooltip')));
  expect(await screen.findByText('已停用：一楼大厅')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('一楼大厅').closest('tr')).toHaveTextContent('已停用'));
  expect(overviewDb.links[0].revokedAt).not.toBeNull();
});

test('清除演示数据 says what goes before it goes, then says what went; afterwards there is none', async () => {
  const calls = recordRequests();
  const app = renderApp('/system/settings');
  const clear = await screen.findByText('清除演示数据', { selector: 'button *' }, { timeout: 30000 });
  expect(screen.getByText(/目前有 9 个演示账号和 180 条演示记录/)).toBeInTheDocument();

  await app.user.click(clear);
  const confirm = (await screen.findAllByText('清除全部演示数据？'))[0].closest('[role="dialog"]') as HTMLElement;
  expect(within(confirm).getByText(/将删除 9 个演示账号/)).toBeInTheDocument();
  expect(within(confirm).getByText(/正式账号和它们的数据不受影响/)).toBeInTheDocument();
  // Cancelling sends nothing.
  await app.user.click(button(/取\s*消/, confirm));
  await waitFor(() => expect(screen.queryAllByText('清除全部演示数据？')).toHaveLength(0));
  expect(callsTo(calls, 'DELETE', '/demo-data')).toHaveLength(0);

  await app.user.click(screen.getByText('清除演示数据', { selector: 'button *' }));
  const again = (await screen.findAllByText('清除全部演示数据？'))[0].closest('[role="dialog"]') as HTMLElement;
  await app.user.click(button(/清\s*除/, again));
  expect(
    await screen.findByText(
      /演示数据已清除：删除了 9 个演示账号、13 项任务、9 条新闻、12 条诉求、30 张图片 等；1 条被正式数据引用的演示记录已保留/,
    ),
  ).toBeInTheDocument();
  expect(callsTo(calls, 'DELETE', '/demo-data')).toHaveLength(1);
  expect(await screen.findByText(/没有演示数据/)).toBeInTheDocument();
  expect(screen.queryByText('清除演示数据', { selector: 'button *' })).not.toBeInTheDocument();
});

test('演示数据 that cannot be loaded says so with 重试', async () => {
  let fail = true;
  server.use(http.get(api('/demo-data'), () => (fail ? apiError(500, '服务器内部错误') : ok({ present: false, accounts: 0, records: 0 }))));
  const app = renderApp('/system/settings');
  expect(await screen.findByText('数据加载失败：服务器内部错误', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  const retry = screen.getAllByText(/重\s*试/).map((el) => el.closest('button') as HTMLButtonElement);
  await app.user.click(retry[retry.length - 1]);
  expect(await screen.findByText(/没有演示数据/)).toBeInTheDocument();
});

describe('the first-run reminder', () => {
  const unsetSettings = (unset: string[]) => http.get(api('/settings'), () => ok({ ...settings, icpNumber: '', unset }));

  test('the dashboard asks for the filing number and the centre name and leads to 系统设置, where saving answers it', async () => {
    let confirmed = false;
    server.use(
      http.get(api('/settings'), () => ok({ ...settings, icpNumber: '', unset: confirmed ? [] : ['centreName', 'icpNumber'] })),
      http.put(api('/settings'), async ({ request }) => {
        confirmed = true;
        return ok({ ...settings, ...((await request.json()) as SettingsBody), unset: [] });
      }),
    );
    const app = renderApp('/dashboard');
    const reminder = (await screen.findByText('请完善平台设置', {}, { timeout: 30000 })).closest('[role="status"]') as HTMLElement;
    expect(reminder).toHaveTextContent('尚未填写网站备案号');
    expect(reminder).toHaveTextContent('中心名称仍是安装时的初始名称');
    await app.user.click(within(reminder).getByRole('button', { name: '前往设置' }));
    await waitFor(() => expect(app.location()).toBe('/system/settings'));
    expect(await screen.findByText('首次使用：请核对以下设置并保存')).toBeInTheDocument();
    // No filing number on an intranet-only site is a valid answer too.
    expect(await screen.findByLabelText('网站备案号')).toHaveValue('');
    await app.user.click(button(/^保\s*存$/));
    expect(await screen.findByText('平台设置已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('首次使用：请核对以下设置并保存')).not.toBeInTheDocument());
  });

  test('put off on the dashboard: gone for this sign-in, nothing blocked', async () => {
    server.use(unsetSettings(['icpNumber']));
    const app = renderApp('/dashboard');
    const later = await screen.findByRole('button', { name: '稍后再说' }, { timeout: 30000 });
    expect(screen.queryByText(/中心名称仍是/)).not.toBeInTheDocument();
    await app.user.click(later);
    expect(screen.queryByText('请完善平台设置')).not.toBeInTheDocument();
    app.unmount();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: '数据概览' }, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.queryByText('请完善平台设置')).not.toBeInTheDocument();
  });

  test('nothing unset, or not an admin: no reminder', async () => {
    server.use(unsetSettings([]));
    renderApp('/system/settings');
    expect(await screen.findByLabelText('中心名称', {}, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.queryByText('首次使用：请核对以下设置并保存')).not.toBeInTheDocument();
  });
});
