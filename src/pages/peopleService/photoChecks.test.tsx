/**
 * The duplicate and capture-time check (ADR 0027) in the appeal and photo-report drawers, against
 * the mock server (mock/peopleDb.ts): the pending appeal's first photo was sent before with the handled
 * photo report, its others carry no capture time; the first pending report's photo is weeks old
 * (one test gives its second photo a duplicate too).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { APPEALS, peopleDb, REPORTS, resetPeopleDb } from '@mock/peopleDb';
import { peopleHandlers } from '@mock/scenarios';
import { duplicateOf, photoCheck } from '@mock/photoChecks';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...peopleHandlers);
  resetPeopleDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const drawerOf = async (what: string) =>
  (await screen.findByRole('article', { name: `${what}详情` }, { timeout: 30000 })).closest('.ant-drawer') as HTMLElement;

test('the appeal drawer names the photo report that had the same photo and links to it', async () => {
  const { user, location } = renderApp('/peopleService/appeal?id=1');
  const drawer = await drawerOf('诉求');
  expect(within(drawer).getByText(APPEALS.pending, { selector: 'h2' })).toBeInTheDocument();
  expect(within(drawer).getByRole('button', { name: '第1张照片疑似重复，查看详情' })).toBeInTheDocument();
  // The others have no capture time: said plainly, not flagged.
  expect(within(drawer).getAllByText('无拍摄时间')).toHaveLength(1);
  expect(within(drawer).queryByRole('button', { name: /拍摄/ })).not.toBeInTheDocument();

  const findings = within(drawer).getByRole('alert');
  expect(findings).toHaveTextContent('第1张疑似重复：与赵建国的随手拍「河边护栏断了一截，小孩容易掉下去」的照片几乎相同');
  expect(findings).toHaveTextContent(/上传于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} · 相似度 97%/);
  // The drawer's actions are still there: the hint blocks nothing.
  expect(within(drawer).getByRole('button', { name: /^受\s?理$/ })).toBeInTheDocument();

  await user.click(within(findings).getByRole('link', { name: '赵建国的随手拍「河边护栏断了一截，小孩容易掉下去」' }));
  await waitFor(() => expect(location()).toBe('/peopleService/shot?id=3'));
  const report = await drawerOf('随手拍');
  expect(within(report).getByText(REPORTS.handled)).toBeInTheDocument();
});

test('the photo-report drawer tells the handler a photo was taken weeks before it was sent', async () => {
  const { user } = renderApp('/peopleService/shot?id=1');
  const drawer = await drawerOf('随手拍');
  const flag = within(drawer).getByRole('button', { name: '第1张照片拍摄过早，拍摄时间早于上传30天以上，查看详情' });
  expect(flag).toHaveTextContent('拍摄过早');
  expect(within(drawer).getByRole('alert')).toHaveTextContent(/第1张拍摄时间早于上传30天以上：拍摄于 .*（上传前 45 天）/);
  expect(within(drawer).queryByText('疑似重复')).not.toBeInTheDocument();

  await user.hover(within(drawer).getByAltText('随手拍照片第2张'));
  expect(await screen.findByText(/^拍摄于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（照片自带的拍摄时间）$/)).toBeInTheDocument();
});

test('the photo-report drawer names the appeal that had the same photo, and its link opens that appeal', async () => {
  // The pending report's second photo, as if the pending appeal had sent it a month before.
  const pending = peopleDb.reports.find((r) => r.description === REPORTS.pending)!;
  pending.images[1] = {
    ...pending.images[1],
    check: photoCheck({ duplicateOf: [duplicateOf({ kind: 'appeal', id: 1, label: `张红梅的诉求「${APPEALS.pending}」`, distance: 0 })] }),
  };
  const { user, location } = renderApp(`/peopleService/shot?id=${pending.id}`);
  const drawer = await drawerOf('随手拍');
  const flag = within(drawer).getByRole('button', { name: '第2张照片疑似重复，查看详情' });
  expect(flag).toHaveTextContent('疑似重复');
  const findings = within(drawer).getByRole('alert');
  expect(findings).toHaveTextContent(`第2张疑似重复：与张红梅的诉求「${APPEALS.pending}」的照片几乎相同`);
  expect(findings).toHaveTextContent(/上传于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} · 完全一致/);
  // The first photo's own finding (taken weeks before) is still told.
  expect(findings).toHaveTextContent('第1张拍摄时间早于上传30天以上');

  await user.click(within(findings).getByRole('link', { name: `张红梅的诉求「${APPEALS.pending}」` }));
  await waitFor(() => expect(location()).toBe('/peopleService/appeal?id=1'));
  const appeal = await drawerOf('诉求');
  expect(within(appeal).getByText(APPEALS.pending, { selector: 'h2' })).toBeInTheDocument();
});
