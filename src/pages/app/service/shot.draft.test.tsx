/**
 * 随手拍 keeps a half-filled report on the phone (ADR 0030): photos (even one still uploading when
 * the page was lost), type, description and place come back; a send or 清除 ends the draft; another
 * account never sees it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { photo, usePhotoDevice } from '@mock/device';
import { CADRE_TOKEN, VILLAGER_TOKEN, villagerUser } from '@mock/fixtures';
import { api } from '@mock/http';
import { useAppServiceHandlers } from '@mock/scenarios';
import { keptDraft, noDraft, useFreshDrafts } from '@mock/drafts';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { draftId } from '@/utils/drafts';

useMockServer();
useAppServiceHandlers();
usePhotoDevice();
useFreshDrafts();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});

const DRAFT = draftId('shot', villagerUser.id);
const NOTICE = /已恢复上次未提交的内容/;

async function openForm() {
  const app = renderApp('/app/service/shot');
  const description = (await screen.findByLabelText(/^问题描述/, {}, { timeout: 30000 })) as HTMLTextAreaElement;
  return {
    ...app,
    description,
    place: screen.getByLabelText(/^位置/) as HTMLInputElement,
    album: document.querySelector('[data-testid="photo-album"]') as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: /提交随手拍|正在提交/ }),
    type: (name: string) => screen.getByRole('option', { name }),
  };
}

async function typeHalfAReport() {
  const form = await openForm();
  fireEvent.change(form.album, { target: { files: [photo('leak.jpg')] } });
  await screen.findByText('已上传 1/9');
  await form.user.click(form.type('安全隐患'));
  await form.user.type(form.description, '水管漏水，路面结冰');
  await form.user.type(form.place, '村委会东侧');
  await keptDraft<{ location: string }>(DRAFT, (d) => d.fields.location === '村委会东侧' && d.photos.length === 1);
  return form;
}

test('the page lost and opened again: photos, type, description and place come back; the send ends the draft', async () => {
  (await typeHalfAReport()).unmount();

  const again = await openForm();
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(again.description).toHaveValue('水管漏水，路面结冰');
  expect(again.place).toHaveValue('村委会东侧');
  expect(again.type('安全隐患')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('已上传 1/9')).toBeInTheDocument();

  const calls = recordRequests();
  await again.user.click(again.submit());
  await waitFor(() => expect(again.location()).toMatch(/^\/app\/tip\?/));
  const [post] = callsTo(calls, 'POST', '/photo-reports');
  expect(JSON.parse(await post.body)).toMatchObject({
    description: '水管漏水，路面结冰',
    location: '村委会东侧',
    type: 2,
    imageIds: [500],
  });
  await noDraft(DRAFT);
  again.unmount();
  const next = await openForm();
  expect(next.description).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('a photo still uploading when the page was lost is kept as a picture and uploaded again', async () => {
  let hold = true;
  server.use(
    http.post(api('/uploads'), async () => {
      if (hold) await new Promise(() => undefined); // the signal is gone: no answer ever
      return undefined;
    }),
  );
  const form = await openForm();
  fireEvent.change(form.album, { target: { files: [photo('slow.jpg')] } });
  expect(await screen.findByLabelText('第1张照片上传进度')).toBeInTheDocument();
  await form.user.type(form.description, '垃圾堆放');
  await keptDraft(DRAFT, (d) => d.photos.length === 1 && d.photos[0].blob !== undefined && !d.photos[0].upload);
  form.unmount();

  hold = false;
  await openForm();
  await screen.findByText(NOTICE);
  expect(await screen.findByText('已上传 1/9')).toBeInTheDocument();
});

test("another account on the same phone never sees the villager's report", async () => {
  (await typeHalfAReport()).unmount();
  sessionStorage.setItem('token', CADRE_TOKEN);
  const other = await openForm();
  await keptDraft(DRAFT);
  expect(other.description).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  expect(screen.getByText('已上传 0/9')).toBeInTheDocument();
});

test('清除 after a second ask empties the form and forgets the draft', async () => {
  (await typeHalfAReport()).unmount();
  const again = await openForm();
  await screen.findByText(NOTICE);
  await again.user.click(screen.getByRole('button', { name: '清除' }));
  await again.user.click(screen.getByRole('button', { name: '确定清除' }));
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  expect(screen.getByLabelText(/^问题描述/)).toHaveValue('');
  expect(screen.getByText('已上传 0/9')).toBeInTheDocument();
  await noDraft(DRAFT);
});
