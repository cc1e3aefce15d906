/**
 * 我要诉求 keeps a half-filled appeal on the phone (ADR 0030): the page lost and opened again brings
 * it back with its photos and client key; a send or 清除 ends it; another account never sees it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { answerCreateAppeal } from '@mock/appeals';
import { photo, usePhotoDevice } from '@mock/device';
import { CADRE_TOKEN, cadreUser, VILLAGER_TOKEN, villagerUser } from '@mock/fixtures';
import { api, networkError } from '@mock/http';
import { peopleDb } from '@mock/peopleDb';
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

const DRAFT = draftId('appeal', villagerUser.id);
const NOTICE = /已恢复上次未提交的内容/;

async function openForm() {
  const app = renderApp('/app/service/appeal');
  const title = (await screen.findByLabelText(/^诉求标题/, {}, { timeout: 30000 })) as HTMLInputElement;
  return {
    ...app,
    title,
    content: screen.getByLabelText(/^诉求内容/) as HTMLTextAreaElement,
    album: document.querySelector('[data-testid="photo-album"]') as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: /提交诉求|正在提交/ }),
    category: (name: string) => screen.getByRole('option', { name }),
  };
}

/** Types half an appeal with two photos and waits until the phone has kept it. */
async function typeHalfAnAppeal() {
  const form = await openForm();
  await form.user.type(form.title, '村口路灯不亮');
  await form.user.type(form.content, '路灯坏了一周');
  await form.user.click(form.category('基础设施'));
  fireEvent.change(form.album, { target: { files: [photo('a.jpg'), photo('b.jpg')] } });
  await screen.findByText('已上传 2/9');
  const draft = await keptDraft<{ title: string }>(
    DRAFT,
    (d) => d.photos.filter((p) => p.upload).length === 2 && d.fields.title === '村口路灯不亮',
  );
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  return { form, draft };
}

test('the page lost and opened again: everything typed and both photos come back, with a notice', async () => {
  const { form } = await typeHalfAnAppeal();
  form.unmount();

  const again = await openForm();
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(again.title).toHaveValue('村口路灯不亮');
  expect(again.content).toHaveValue('路灯坏了一周');
  expect(again.category('基础设施')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('已上传 2/9')).toBeInTheDocument();

  // The restored appeal goes out whole, with the photos uploaded before the page was lost.
  const calls = recordRequests();
  await again.user.type(again.content, '，晚上很黑');
  await again.user.click(again.submit());
  await waitFor(() => expect(again.location()).toMatch(/^\/app\/tip\?/));
  const [post] = callsTo(calls, 'POST', '/appeals');
  expect(JSON.parse(await post.body)).toMatchObject({ title: '村口路灯不亮', content: '路灯坏了一周，晚上很黑', imageIds: [500, 501] });
  // Sent: the draft is gone, and the form opens empty next time.
  await noDraft(DRAFT);
  again.unmount();
  const next = await openForm();
  expect(next.title).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('a send that reached the server before the page was lost is not made twice: the key comes back too', async () => {
  const calls = recordRequests();
  let lose = 1;
  server.use(
    http.post(api('/appeals'), async ({ request }) => {
      if (lose === 0) return undefined;
      lose -= 1;
      await answerCreateAppeal({ request }); // recorded, but the answer never arrives
      return networkError();
    }),
  );
  const { form } = await typeHalfAnAppeal();
  const before = peopleDb.appeals.length;
  await form.user.click(form.submit());
  await screen.findByText(/网络连接失败/, { selector: '[role="alert"]' });
  expect(peopleDb.appeals.length).toBe(before + 1);
  form.unmount();

  const again = await openForm();
  await screen.findByText(NOTICE);
  await again.user.click(again.submit());
  await waitFor(() => expect(again.location()).toMatch(/^\/app\/tip\?/));
  const [first, second] = await Promise.all(callsTo(calls, 'POST', '/appeals').map(async (p) => JSON.parse(await p.body)));
  expect(second.clientKey).toBe(first.clientKey);
  expect(peopleDb.appeals.length).toBe(before + 1);
  await noDraft(DRAFT);
});

test("another account on the same phone never sees the villager's draft", async () => {
  const { form } = await typeHalfAnAppeal();
  form.unmount();

  sessionStorage.setItem('token', CADRE_TOKEN);
  const other = await openForm();
  // Give a restore the time it would take, then check nothing came.
  await keptDraft(draftId('appeal', villagerUser.id));
  expect(other.title).toHaveValue('');
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  expect(screen.getByText('已上传 0/9')).toBeInTheDocument();
  expect(cadreUser.id).not.toBe(villagerUser.id);
});

test('清除 asks once more, then empties the form and forgets the draft', async () => {
  const { form } = await typeHalfAnAppeal();
  form.unmount();

  const again = await openForm();
  await screen.findByText(NOTICE);
  await again.user.click(screen.getByRole('button', { name: '清除' }));
  expect(screen.getByText('清除后，已填写的内容和照片都不再保留。确定清除吗？')).toBeInTheDocument();
  // 保留 keeps it.
  await again.user.click(screen.getByRole('button', { name: '保留' }));
  expect(again.title).toHaveValue('村口路灯不亮');

  await again.user.click(screen.getByRole('button', { name: '清除' }));
  await again.user.click(screen.getByRole('button', { name: '确定清除' }));
  expect(await screen.findByText('已清除，可以重新填写')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
  const fresh = screen.getByLabelText(/^诉求标题/);
  expect(fresh).toHaveValue('');
  expect(screen.getByText('已上传 0/9')).toBeInTheDocument();
  await noDraft(DRAFT);
  again.unmount();

  await openForm();
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});
