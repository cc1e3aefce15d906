/**
 * 系统设置 › 节假日安排 inside the real app against the mock server (mock/calendar.ts): a day is
 * added as typed (a 调休 day must be a weekend), saved after a confirmation, and a year without an
 * arrangement says that only weekends are skipped.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const thisYear = new Date().getFullYear();

async function calendarCard() {
  const title = await screen.findByText('节假日安排', { selector: '.ant-card-head-title' }, { timeout: 30000 });
  return title.closest('.ant-card') as HTMLElement;
}

async function pickDate(app: ReturnType<typeof renderApp>, card: HTMLElement, date: string) {
  const input = within(card).getByLabelText('日期');
  await app.user.click(input);
  await app.user.type(input, `${date}{enter}`);
}

test('the shipped days of this year are listed; next year says only weekends are skipped', async () => {
  const app = renderApp('/system/settings');
  const card = await calendarCard();
  expect(
    await within(card).findByText(
      `${thisYear}-10-01 ${['周日', '周一', '周二', '周三', '周四', '周五', '周六'][new Date(`${thisYear}-10-01T00:00:00`).getDay()]}`,
    ),
  ).toBeInTheDocument();
  expect(within(card).getByText(`${thisYear}年按内置的国务院办公厅节假日安排计算，可按本地实际修改。`)).toBeInTheDocument();
  await app.user.click(within(card).getByText(`${thisYear + 1}年`));
  expect(await within(card).findByText(/尚未录入：诉求办理期限暂时只跳过周六、周日/)).toBeInTheDocument();
  expect(await within(card).findByText(`${thisYear + 1}年还没有录入放假日或调休上班日`)).toBeInTheDocument();
});

test('a 调休 day on a weekday is refused as typed; a holiday is added, confirmed and saved', async () => {
  const calls = recordRequests();
  const app = renderApp('/system/settings');
  const card = await calendarCard();
  await within(card).findAllByText('国庆节');
  // A weekday marked 调休上班 is refused under the field before anything is sent.
  const weekday = [`${thisYear}-03-02`, `${thisYear}-03-03`, `${thisYear}-03-04`].find(
    (d) => ![0, 6].includes(new Date(`${d}T00:00:00`).getDay()),
  )!;
  await app.user.click(within(card).getByLabelText('类型'));
  await app.user.click(await screen.findByTitle('调休上班'));
  await pickDate(app, card, weekday);
  await app.user.type(within(card).getByLabelText('名称'), '测试');
  await app.user.click(within(card).getByRole('button', { name: '添加到列表' }));
  expect(await within(card).findByText('调休上班日应为周六或周日')).toBeInTheDocument();

  await app.user.click(within(card).getByLabelText('类型'));
  await app.user.click(await screen.findByTitle('放假'));
  await waitFor(() => expect(within(card).queryByText('调休上班日应为周六或周日')).not.toBeInTheDocument());
  await app.user.click(within(card).getByRole('button', { name: '添加到列表' }));
  expect(await within(card).findByText('有未保存的修改')).toBeInTheDocument();
  expect(within(card).getByText('测试')).toBeInTheDocument();

  await app.user.click(within(card).getByRole('button', { name: `保存${thisYear}年安排` }));
  const confirm = await screen.findByRole('tooltip');
  expect(confirm).toHaveTextContent('保存后，之后提交的诉求按新安排计算办理期限。');
  await app.user.click(within(confirm).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText(`${thisYear}年节假日安排已保存，之后提交的诉求按新安排计算办理期限`)).toBeInTheDocument();
  const [put] = callsTo(calls, 'PUT', `/calendar/${thisYear}`);
  expect(JSON.parse(await put.body).days).toContainEqual({ date: weekday, kind: 'off', name: '测试' });
  expect(await within(card).findByText(`${thisYear}年按本中心录入的安排计算。`)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: '恢复内置安排' })).toBeInTheDocument();
});
