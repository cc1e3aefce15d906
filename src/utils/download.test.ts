/**
 * File downloads (导出Excel, 下载Word, the import template) go through the request layer: the token
 * is sent, the saved file takes the server's name, progress is reported, a refusal carries the
 * server's words to the caller without a message of its own, and a 401 signs out.
 */
import { http, HttpResponse } from 'msw';
import { downloadFile } from '@/utils/download';
import { registerFeedback } from '@/utils/feedback';
import { resetSignOut } from '@/utils/signOut';
import { apiErrorMessage, apiErrorStatus } from '@/utils/apiError';
import { spyOnLocation } from '@mock/location';
import { server, useMockServer } from '@mock/server';

useMockServer();

const EXPORT = '*/api/users/export';
/** A refusal as the server sends it: the code in the status line and the body. */
const refusal = (status: number, message: string) => HttpResponse.json({ code: status, message }, { status });
/** An .xlsx as the server sends it (only the zip signature: nothing is opened). */
const xlsx = (name: string) =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

let shown: string[];
let saved: Array<{ name: string; href: string }>;

beforeEach(() => {
  shown = [];
  saved = [];
  registerFeedback({ message: (_kind, text) => shown.push(text), notification: (_kind, title, text) => shown.push(`${title} ${text}`) });
  resetSignOut();
  sessionStorage.setItem('token', 'token-abc');
  URL.createObjectURL = jest.fn(() => 'blob:saved');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  registerFeedback(undefined);
  sessionStorage.clear();
  jest.restoreAllMocks();
});

/** A call expected to fail: resolves to what it was rejected with. */
const failing = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the download to fail');
    },
    (error: unknown) => error,
  );

test('sends the token and the filters that are set, saves the file under the server’s name and reports progress', async () => {
  let seen: { authorization: string | null; query: string } | undefined;
  server.use(
    http.get(EXPORT, ({ request }) => {
      seen = { authorization: request.headers.get('authorization'), query: new URL(request.url).search };
      return xlsx('事项列表.xlsx');
    }),
  );
  const progress: Array<[number, number | undefined]> = [];

  const result = await downloadFile(
    '/users/export',
    { status: 'open', area: 3, keyword: '', owner: undefined },
    '默认.xlsx',
    (received, total) => progress.push([received, total]),
  );

  expect(seen).toEqual({ authorization: 'token-abc', query: '?status=open&area=3' });
  expect(result).toEqual({ fileName: '事项列表.xlsx', size: 4 });
  expect(saved).toEqual([{ name: '事项列表.xlsx', href: 'blob:saved' }]);
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)?.[0]).toBe(4);
  expect(shown).toEqual([]);
});

test('without a file name from the server the fallback name is used', async () => {
  server.use(http.get(EXPORT, () => new HttpResponse(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/octet-stream' } })));

  await expect(downloadFile('/users/export', undefined, '默认.xlsx')).resolves.toEqual({ fileName: '默认.xlsx', size: 2 });
});

test('a refusal reaches the caller in the server’s words and nothing is saved or shown', async () => {
  server.use(http.get(EXPORT, () => refusal(503, '数据库暂时不可用，请稍后重试')));

  const error = await failing(downloadFile('/users/export', undefined, '默认.xlsx'));

  expect(apiErrorMessage(error)).toBe('数据库暂时不可用，请稍后重试');
  expect(apiErrorStatus(error)).toBe(503);
  expect(saved).toEqual([]);
  expect(shown).toEqual([]);
});

test('an expired session signs out once, as any other call does', async () => {
  const location = spyOnLocation();
  server.use(http.get(EXPORT, () => refusal(401, '未授权或授权已过期，请重新登录')));

  const error = await failing(downloadFile('/users/export', undefined, '默认.xlsx'));

  expect(apiErrorStatus(error)).toBe(401);
  expect(location.replace).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem('token')).toBeNull();
  expect(shown).toEqual(['未授权或授权已过期，请重新登录']);
  expect(saved).toEqual([]);
});
