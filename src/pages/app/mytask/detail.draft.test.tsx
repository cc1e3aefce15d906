/**
 * The task report form keeps a half-filled submission on the phone (ADR 0030), per task and
 * account: text, photos and the client key come back after the page (and its tab's storage) was
 * lost; a send or 清除 ends the draft; another account never sees it. Task 11 asks for text + 2 photos.
 */
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { appTaskDb } from '@mock/appTaskDb';
import { CADRE_TOKEN, cadreUser } from '@mock/fixtures';
import { api, networkError, ok } from '@mock/http';
import { useAppTaskHandlers } from '@mock/scenarios';
import { keptDraft, noDraft, useFreshDrafts } from '@mock/drafts';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { draftId } from '@/utils/drafts';

useMockServer();
useAppTaskHandlers();
useFreshDrafts();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', CADRE_TOKEN);
  (globalThis as { createImageBitmap?: unknown }).createImageBitmap = async () => ({ width: 800, height: 600, close() {} });
  jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

const DRAFT = draftId('submission', cadreUser.id, 11);
const NOTICE = /已恢复上次未提交的内容/;
const photo = (name: string) => new NodeFile([new Uint8Array(2048).fill(7)], name, { type: 'image/jpeg' }) as unknown as File;

async function openForm(taskId = 11) {
  const app = renderApp(`/app/mytask/${taskId}`);
  const text = (await screen.findByLabelText(/完成情况说明/, {}, { timeout: 30000 })) as HTMLTextAreaElement;
  const submit = () => screen.getByText(/^(重新)?提交$/, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
  const album = document.querySelector('[data-testid="photo-album"]') as HTMLInputElement;
  return { ...app, text, submit, album };
}

async function fillHalf() {
  const app = await openForm();
  await app.user.type(app.text, '已清理河道垃圾');
  fireEvent.change(app.album, { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
  await screen.findByText('已上传 2/2');
  await keptDraft<{ text: string }>(DRAFT, (d) => d.fields.text === '已清理河道垃圾' && d.photos.filter((p) => p.upload).length === 2);
  return app;
}

test('the page and its tab lost: text, photos and the client key come back; the send ends the draft', async () => {
  const calls = recordRequests();
  let lose = 1;
  server.use(
    http.post(api('/tasks/:id/submissions'), () => {
      if (lose === 0) return undefined;
      lose -= 1;
      return networkError();
    }),
  );
  const app = await fillHalf();
  await app.user.click(app.submit());
  await screen.findByText(/网络连接失败/, { selector: '[role="alert"]' });
  app.unmount();
  sessionStorage.removeItem('submissionKey:11'); // a new tab: its session storage starts empty

  const again = await openForm();
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(again.text).toHaveValue('已清理河道垃圾');
  expect(screen.getByText('已上传 2/2')).toBeInTheDocument();
  await again.user.click(again.submit());
  await waitFor(() => expect(again.location()).toMatch(/^\/app\/tip\?/));

  const [first, second] = await Promise.all(callsTo(calls, 'POST', '/tasks/11/submissions').map(async (p) => JSON.parse(await p.body)));
  expect(second).toEqual({ text: '已清理河道垃圾', imageIds: [500, 501], values: {}, clientKey: first.clientKey });
  expect(appTaskDb.submissions.filter((s) => s.taskId === 11)).toHaveLength(1);
  await noDraft(DRAFT);
});

test("a draft belongs to its task: another task's form opens empty", async () => {
  (await fillHalf()).unmount();
  renderApp('/app/mytask/12');
  const text = await screen.findByLabelText(/完成情况说明/, {}, { timeout: 30000 });
  await keptDraft(DRAFT);
  expect(text).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('another account on the same phone never sees the draft', async () => {
  (await fillHalf()).unmount();
  server.use(http.get(api('/currentUser'), () => ok({ ...cadreUser, id: 99, account: 'cadre99', name: '李网格' })));
  const other = await openForm();
  await keptDraft(DRAFT);
  expect(other.text).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  expect(screen.getByText('已上传 0/2')).toBeInTheDocument();
});

test('清除 after a second ask empties the form and forgets the draft', async () => {
  (await fillHalf()).unmount();
  const again = await openForm();
  await screen.findByText(NOTICE);
  await again.user.click(screen.getByRole('button', { name: '清除' }));
  await again.user.click(screen.getByRole('button', { name: '确定清除' }));
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  expect(screen.getByLabelText(/完成情况说明/)).toHaveValue('');
  expect(screen.getByText('已上传 0/2')).toBeInTheDocument();
  await noDraft(DRAFT);
});
