/**
 * 中心介绍 inside the real app against the mock server (mock/contentDb.ts): loading what is saved,
 * the picture set (add, reorder, remove, the limit) and saving.
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { INTRODUCTION_IMAGES_MAX } from '@common/constants';
import { contentDb, image, resetContentDb } from '@mock/contentDb';
import { api, apiError } from '@mock/http';
import { contentHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...contentHandlers);
  resetContentDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const picture = (name: string) => new NodeFile([new Uint8Array(1024)], name, { type: 'image/png' }) as unknown as File;
const gallerySources = () =>
  within(screen.getByRole('list', { name: '图片列表' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('img')?.getAttribute('src'));

/** The editor has finished creating itself (its toolbar registers its buttons a moment later). */
const editorReady = () => waitFor(() => expect(document.querySelectorAll('.w-e-bar-item').length).toBeGreaterThan(0), { timeout: 20000 });

async function openPage() {
  const calls = recordRequests();
  const app = renderApp('/introduction/center');
  await screen.findByDisplayValue('某镇综合治理中心', {}, { timeout: 30000 });
  await editorReady();
  return { ...app, calls };
}

test('shows what is saved, when and by whom, with a link to the public page', async () => {
  await openPage();
  expect(screen.getByTestId('last-updated')).toHaveTextContent(/^最后更新：\d{4}-\d\d-\d\d \d\d:\d\d（系统管理员）$/);
  expect(gallerySources()).toEqual(['/api/uploads/content-801.jpg', '/api/uploads/content-802.jpg']);
  expect(screen.getByText('已上传 2/9 张', { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '添加图片' })).toBeInTheDocument();
  const link = screen.getByText('查看公开页面').closest('a');
  expect(link).toHaveAttribute('href', '/introductCenter');
  expect(link).toHaveAttribute('target', '_blank');
});

test('pictures are added, reordered and removed, and saved in that order', async () => {
  const { user, calls } = await openPage();

  const input = document.querySelector('.image-gallery input[type="file"]') as HTMLInputElement;
  await user.upload(input, [picture('a.png'), picture('b.png')]);
  await waitFor(() => expect(gallerySources()).toHaveLength(4));
  const [first, second] = [contentDb.nextId - 2, contentDb.nextId - 1];
  expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(2);

  await user.click(screen.getByLabelText('第1张后移'));
  await user.click(screen.getByLabelText('删除第4张'));
  expect(gallerySources()).toEqual(['/api/uploads/content-802.jpg', '/api/uploads/content-801.jpg', `/api/uploads/content-${first}.jpg`]);

  await user.click(button('保存'));
  expect(await screen.findByText('中心介绍已保存，公开页面已更新')).toBeInTheDocument();
  const body = JSON.parse(await callsTo(calls, 'PUT', '/introductions/center')[0].body);
  expect(body.imageIds).toEqual([802, 801, first]);
  expect(body.imageIds).not.toContain(second);
  expect(body.title).toBe('某镇综合治理中心');
});

test('at the limit the add tile goes away', async () => {
  contentDb.center.images = Array.from({ length: INTRODUCTION_IMAGES_MAX }, (_, i) => image(600 + i));
  await openPage();
  expect(gallerySources()).toHaveLength(INTRODUCTION_IMAGES_MAX);
  expect(screen.queryByRole('button', { name: '添加图片' })).not.toBeInTheDocument();
});

test('a failed save keeps the edits and says why', async () => {
  server.use(
    http.put(api('/introductions/center'), () =>
      apiError(400, '标题：不能超过100个字符', [{ field: 'title', label: '标题', message: '不能超过100个字符' }]),
    ),
  );
  const { user } = await openPage();
  const title = screen.getByDisplayValue('某镇综合治理中心');
  await user.type(title, '简介');
  await user.click(button('保存'));

  expect(await screen.findByText('不能超过100个字符', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(title).toHaveValue('某镇综合治理中心简介');
});
