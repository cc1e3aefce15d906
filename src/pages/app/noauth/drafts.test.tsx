/**
 * Signing out on a shared village phone deletes that account's phone-form drafts (ADR 0030), from
 * /app/noauth's 换个账号登录 and from the workbench header's 退出登录; other accounts' drafts stay.
 */
import { screen, waitFor } from '@testing-library/react';
import { useAppTaskHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN, adminUser, cadreUser, VILLAGER_TOKEN, villagerUser } from '@mock/fixtures';
import { keptDraft, noDraft, useFreshDrafts } from '@mock/drafts';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';
import { signOutHere } from '@/components/AdminShell/HeaderActions';
import { type Draft, draftId, writeDraft } from '@/utils/drafts';

useMockServer();
useAppTaskHandlers();
useFreshDrafts();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());
afterEach(() => jest.restoreAllMocks());

const draft = (): Draft => ({ fields: { title: '路灯不亮' }, photos: [], clientKey: 'k'.repeat(32), savedAt: Date.now() });

test("换个账号登录 deletes the villager's drafts and keeps the others'", async () => {
  await writeDraft(draftId('appeal', villagerUser.id), draft());
  await writeDraft(draftId('shot', villagerUser.id), draft());
  await writeDraft(draftId('submission', cadreUser.id, 11), draft());
  sessionStorage.setItem('token', VILLAGER_TOKEN);
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate to the login page
  const app = renderApp('/app/noauth');
  await app.user.click(await screen.findByText('换个账号登录', {}, { timeout: 30000 }));

  await noDraft(draftId('appeal', villagerUser.id));
  await noDraft(draftId('shot', villagerUser.id));
  await keptDraft(draftId('submission', cadreUser.id, 11));
  await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
});

test("退出登录 in the header deletes the signed-out account's drafts", async () => {
  await writeDraft(draftId('appeal', adminUser.id), draft());
  await writeDraft(draftId('appeal', villagerUser.id), draft());
  sessionStorage.setItem('token', ADMIN_TOKEN);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await signOutHere(adminUser.id);
  await noDraft(draftId('appeal', adminUser.id));
  await keptDraft(draftId('appeal', villagerUser.id));
  expect(sessionStorage.getItem('token')).toBeNull();
});
