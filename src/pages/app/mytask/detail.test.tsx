/**
 * The phone submit form (/app/mytask/:id) inside the real app against msw: task 11 asks for
 * template 1;2 with imageNum 2 (text and exactly two photos).
 */
import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { appTaskDb } from '@mock/appTaskDb';
import { CADRE_TOKEN } from '@mock/fixtures';
import { api, apiError, networkError } from '@mock/http';
import { useAppTaskHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { NETWORK_FAILED } from './components/SubmitForm';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
useAppTaskHandlers();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', CADRE_TOKEN);
  // jsdom decodes no images: a browser that reads every photo as 800×600 (small: sent as it is).
  (globalThis as { createImageBitmap?: unknown }).createImageBitmap = async () => ({ width: 800, height: 600, close() {} });
  jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
});

/**
 * A photo as the file input hands it over. Node's File, because the test environment's FormData is
 * Node's and refuses jsdom's Blob (a browser has one kind).
 */
const photo = (name: string) => new NodeFile([new Uint8Array(2048).fill(7)], name, { type: 'image/jpeg' }) as unknown as File;

async function openForm(taskId = 11) {
  const app = renderApp(`/app/mytask/${taskId}`);
  const text = (await screen.findByLabelText(/完成情况说明/, {}, { timeout: 30000 })) as HTMLTextAreaElement;
  const submit = () => screen.getByText(/^(重新)?提交$/, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
  const album = document.querySelector('[data-testid="photo-album"]') as HTMLInputElement;
  return { ...app, text, submit, album };
}

const choose = (album: HTMLInputElement, files: File[]) => fireEvent.change(album, { target: { files } });

async function fillCompletely(app: Awaited<ReturnType<typeof openForm>>) {
  await app.user.type(app.text, '已清理河道垃圾约200斤');
  choose(app.album, [photo('a.jpg'), photo('b.jpg')]);
  await screen.findByText('已上传 2/2');
}

test('submit stays disabled until the text and two uploaded photos are there', async () => {
  const calls = recordRequests();
  let holdUploads = true;
  let releaseUpload: (() => void) | undefined;
  server.use(
    http.post(api('/uploads'), async () => {
      if (holdUploads) await new Promise<void>((resolve) => (releaseUpload = resolve));
      return undefined; // then the usual answer
    }),
  );
  const app = await openForm();
  expect(screen.getByText('清理河道垃圾')).toBeInTheDocument();
  expect(screen.getByText('需提交：文字 + 2张图片')).toBeInTheDocument();
  expect(app.submit()).toBeDisabled();

  await app.user.type(app.text, '已清理完毕');
  expect(app.submit()).toBeDisabled();
  expect(screen.getByText('还需：再上传2张照片')).toBeInTheDocument();

  choose(app.album, [photo('one.jpg')]);
  // While it uploads the photo shows its progress and submitting waits for it.
  expect(await screen.findByLabelText('第1张照片上传进度')).toHaveAttribute('role', 'progressbar');
  expect(screen.getByText('还需：等待照片上传完成')).toBeInTheDocument();
  expect(app.submit()).toBeDisabled();
  await waitFor(() => expect(releaseUpload).toBeDefined());
  holdUploads = false;
  releaseUpload!();
  await screen.findByText('已上传 1/2');
  expect(app.submit()).toBeDisabled();
  expect(screen.getByText('还需：再上传1张照片')).toBeInTheDocument();

  choose(app.album, [photo('two.jpg')]);
  await screen.findByText('已上传 2/2');
  await waitFor(() => expect(app.submit()).toBeEnabled());
  // Only two photos are asked for: the add buttons are gone.
  expect(screen.queryByText('从相册选')).not.toBeInTheDocument();

  // Each photo went up as multipart with the token; then clearing the text disables submit again.
  const uploads = callsTo(calls, 'POST', '/uploads');
  expect(uploads).toHaveLength(2);
  expect(uploads[0].headers.get('authorization')).toBe(CADRE_TOKEN);
  expect(uploads[0].headers.get('content-type')).toMatch(/^multipart\/form-data/);
  await app.user.clear(app.text);
  expect(app.submit()).toBeDisabled();
  await app.user.type(app.text, '   ');
  expect(app.submit()).toBeDisabled();
});

test('a removed photo frees its place and a failed upload can be retried', async () => {
  let failNext = true;
  server.use(
    http.post(api('/uploads'), () => {
      if (failNext) {
        failNext = false;
        return apiError(413, '图片不能超过10MB');
      }
      return undefined;
    }),
  );
  const app = await openForm();
  choose(app.album, [photo('big.jpg')]);
  expect(await screen.findByText('点击重试')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('图片不能超过10MB');

  await app.user.click(screen.getByText('点击重试'));
  expect(await screen.findByText('已上传 1/2')).toBeInTheDocument();

  await app.user.click(screen.getByLabelText('删除第1张照片'));
  expect(await screen.findByText('已上传 0/2')).toBeInTheDocument();
  expect(screen.getByText('从相册选')).toBeInTheDocument();
});

test('a retry after a network error sends the same client key and creates one submission', async () => {
  const calls = recordRequests();
  let failures = 1;
  server.use(
    http.post(api('/tasks/:id/submissions'), () => {
      if (failures > 0) {
        failures -= 1;
        return networkError();
      }
      return undefined;
    }),
  );
  const app = await openForm();
  await fillCompletely(app);

  await app.user.click(app.submit());
  expect(await screen.findByText(NETWORK_FAILED, { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(app.text).toHaveValue('已清理河道垃圾约200斤');
  expect(screen.getByText('已上传 2/2')).toBeInTheDocument();

  await app.user.click(app.submit());
  await waitFor(() => expect(app.location()).toMatch(/^\/app\/tip\?/));

  const posts = callsTo(calls, 'POST', '/tasks/11/submissions');
  expect(posts).toHaveLength(2);
  const [first, second] = await Promise.all(posts.map(async (p) => JSON.parse(await p.body)));
  expect(first.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(second.clientKey).toBe(first.clientKey);
  expect(second).toEqual({ text: '已清理河道垃圾约200斤', imageIds: [500, 501], values: {}, clientKey: first.clientKey });
  expect(appTaskDb.submissions.filter((s) => s.taskId === 11)).toHaveLength(1);
  // Accepted: the key is forgotten, so a later resubmission gets a new one.
  expect(sessionStorage.getItem('submissionKey:11')).toBeNull();

  const tip = new URL(app.location()!, 'http://localhost');
  expect(tip.searchParams.get('type')).toBe('success');
  expect(tip.searchParams.get('back')).toMatch(/^\/app\/mytask/);
  expect(await screen.findByText('提交成功')).toBeInTheDocument();
});

test.each([
  [409, '您已提交过该任务，请勿重复提交'],
  [400, '完成情况说明：不能为空'],
])("the server's %i message is shown and everything entered is kept", async (status, message) => {
  server.use(http.post(api('/tasks/:id/submissions'), () => apiError(status, message)));
  const app = await openForm();
  await fillCompletely(app);

  await app.user.click(app.submit());

  expect(await screen.findByText(message, { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(app.text).toHaveValue('已清理河道垃圾约200斤');
  expect(screen.getByText('已上传 2/2')).toBeInTheDocument();
  expect(app.submit()).toBeEnabled();
  expect(app.location()).toBe('/app/mytask/11');
  // The same attempt keeps its key for the next try.
  expect(sessionStorage.getItem('submissionKey:11')).toMatch(/^[0-9a-f]{32}$/);
});

test('a rejected task shows the comment and offers a resubmission; a pending one shows no form', async () => {
  const app = await openForm(12);
  expect(screen.getByText(/请补充走访时间和照片说明/)).toBeInTheDocument();
  expect(screen.getByText('上次提交被驳回，请按审核意见修改后重新提交')).toBeInTheDocument();
  expect(app.submit()).toHaveTextContent('重新提交');
  app.unmount();

  renderApp('/app/mytask/13');
  expect(await screen.findByText('已提交，等待审核')).toBeInTheDocument();
  expect(screen.queryByLabelText(/完成情况说明/)).not.toBeInTheDocument();
  expect(screen.queryByText('从相册选')).not.toBeInTheDocument();
});

test('a closed task says so and has no form', async () => {
  renderApp('/app/mytask/14');
  expect(await screen.findByText('任务已关闭，不能再提交', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByLabelText(/完成情况说明/)).not.toBeInTheDocument();
  await act(async () => undefined);
});

test('填报字段: a number with its unit and bounds, a choice and a date; each checked as typed, sent as the server takes them', async () => {
  const calls = recordRequests();
  const app = await openForm(15);
  expect(screen.getByText('需提交：文字；填报排查户数、是否发现隐患、整改完成日期')).toBeInTheDocument();
  const households = screen.getByLabelText(/排查户数/);
  expect(households).toHaveAttribute('inputmode', 'numeric');
  expect(screen.getByText('户')).toBeInTheDocument();
  expect(screen.getByText('范围：0～500户')).toBeInTheDocument();

  await app.user.type(app.text, '已入户排查');
  expect(app.submit()).toBeDisabled();
  expect(screen.getByText('还需：填写排查户数、填写是否发现隐患')).toBeInTheDocument();

  await app.user.type(households, '501');
  await app.user.tab();
  expect(await screen.findByText('不能大于500户')).toBeInTheDocument();
  expect(households).toHaveAttribute('aria-invalid', 'true');
  await app.user.clear(households);
  await app.user.type(households, '12.5');
  expect(await screen.findByText('请填写整数')).toBeInTheDocument();
  await app.user.clear(households);
  await app.user.type(households, '120');
  await waitFor(() => expect(screen.queryByText('请填写整数')).not.toBeInTheDocument());

  await app.user.click(screen.getByText('否'));
  fireEvent.change(screen.getByLabelText('整改完成日期'), { target: { value: '2026-12-01' } });
  await waitFor(() => expect(app.submit()).toBeEnabled());
  await app.user.click(app.submit());
  await waitFor(() => expect(callsTo(calls, 'POST', '/tasks/15/submissions')).toHaveLength(1));
  const sent = JSON.parse(await callsTo(calls, 'POST', '/tasks/15/submissions')[0].body);
  expect(sent.values).toEqual({ f1: 120, f2: '否', f3: '2026-12-01' });
  expect(appTaskDb.submissions.at(-1)?.values).toEqual({ f1: 120, f2: '否', f3: '2026-12-01' });
});

test('填报字段: a value the server refuses shows under its field and the typed values stay', async () => {
  server.use(
    http.post(api('/tasks/:id/submissions'), () =>
      apiError(400, '排查户数：不能大于300户', [{ field: 'values.f1', label: '排查户数', message: '不能大于300户' }]),
    ),
  );
  const app = await openForm(15);
  await app.user.type(app.text, '已入户排查');
  await app.user.type(screen.getByLabelText(/排查户数/), '400');
  await app.user.click(screen.getByText('是'));
  await app.user.click(app.submit());
  expect(await screen.findByText('不能大于300户')).toBeInTheDocument();
  expect(screen.getByLabelText(/排查户数/)).toHaveValue('400');
});
