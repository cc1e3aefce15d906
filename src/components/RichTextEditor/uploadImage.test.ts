/**
 * The rich-text editor's image upload (its customUpload): the file goes to POST /api/uploads as the
 * multipart field `file` with the session token, the stored image is inserted, and a failure is a
 * message with nothing inserted.
 */
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { registerFeedback } from '@/utils/feedback';
import { resetSignOut } from '@/utils/signOut';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import { taskHandlers } from '@mock/scenarios';
import { resetTaskDb } from '@mock/taskDb';
import { spyOnLocation } from '@mock/location';
import { server, useMockServer } from '@mock/server';
import { uploadAndInsertImage } from './uploadImage';

useMockServer();

let shown: Array<{ kind: string; text: string }>;

beforeEach(() => {
  server.use(...taskHandlers);
  resetTaskDb();
  resetSignOut();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  shown = [];
  registerFeedback({
    message: (kind, text) => shown.push({ kind, text }),
    notification: (kind, title, text) => shown.push({ kind, text: `${title} ${text}` }),
  });
});

afterEach(() => {
  registerFeedback(undefined);
  sessionStorage.clear();
  jest.restoreAllMocks();
});

// Node's File: the FormData that fetch sends (Node's) only carries Node blobs as files.
const png = (name = '现场照片.png', type = 'image/png') =>
  new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type }) as unknown as File;

test('uploads the file with the token and inserts the stored image at the cursor', async () => {
  let received: { authorization: string | null; name?: string; size?: number } | undefined;
  server.use(
    http.post(api('/uploads'), async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      received = { authorization: request.headers.get('authorization'), name: file.name, size: file.size };
      return HttpResponse.json({ code: 200, data: { id: 7, url: '/api/uploads/abc.png', width: 10, height: 10, size: 7 } });
    }),
  );
  const insert = jest.fn();

  await expect(uploadAndInsertImage(png(), insert)).resolves.toBe(true);

  expect(received).toEqual({ authorization: ADMIN_TOKEN, name: '现场照片.png', size: 7 });
  expect(insert).toHaveBeenCalledWith('/api/uploads/abc.png', '现场照片', '');
  expect(shown).toEqual([]);
});

test("the server's refusal becomes a message and nothing is inserted", async () => {
  server.use(http.post(api('/uploads'), () => apiError(413, '图片不能超过10MB')));
  const insert = jest.fn();

  await expect(uploadAndInsertImage(png(), insert)).resolves.toBe(false);

  expect(insert).not.toHaveBeenCalled();
  expect(shown).toEqual([{ kind: 'error', text: '图片上传失败：图片不能超过10MB' }]);
});

test('a network failure says so', async () => {
  server.use(http.post(api('/uploads'), () => HttpResponse.error()));
  const insert = jest.fn();

  await expect(uploadAndInsertImage(png(), insert)).resolves.toBe(false);

  expect(insert).not.toHaveBeenCalled();
  expect(shown).toEqual([{ kind: 'error', text: '图片上传失败：网络连接失败，请检查网络后重试' }]);
});

test('a file that is not an image is refused before anything is sent', async () => {
  const sent = jest.fn();
  server.events.on('request:start', sent);
  const insert = jest.fn();

  await expect(uploadAndInsertImage(png('说明.pdf', 'application/pdf'), insert)).resolves.toBe(false);

  expect(sent).not.toHaveBeenCalled();
  expect(insert).not.toHaveBeenCalled();
  expect(shown[0].text).toMatch(/^图片上传失败：只能上传/);
});

test('an expired session signs out (to the login page) instead of inserting', async () => {
  const location = spyOnLocation();
  sessionStorage.setItem('token', 'expired-token');
  const insert = jest.fn();

  await expect(uploadAndInsertImage(png(), insert)).resolves.toBe(false);

  expect(insert).not.toHaveBeenCalled();
  expect(location.replace).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(shown).toEqual([{ kind: 'error', text: '未授权或授权已过期，请重新登录' }]);
});
