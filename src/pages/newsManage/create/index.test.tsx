/**
 * 发布新闻 inside the real app against the mock server (mock/contentDb.ts): checks as you type, a
 * server field error under its field with the input kept, saving a draft, the cover upload, and
 * the question before leaving with unsaved changes. The editor is the real wangEditor.
 */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { contentDb, resetContentDb } from '@mock/contentDb';
import { api, apiError, ok } from '@mock/http';
import { contentHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN, adminUser } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { setTabsEnabled } from '@/components/Workbench/store';
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

/** The form item (label, control, errors) around a label text. */
const fieldOf = (label: string) => {
  const item = screen.getByText(label, { selector: 'label, label *' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item for ${label}`);
  return item as HTMLElement;
};

const error = { selector: '.ant-form-item-explain-error' };

/** The editor has finished creating itself (its toolbar registers its buttons a moment later). */
const editorReady = () => waitFor(() => expect(document.querySelectorAll('.w-e-bar-item').length).toBeGreaterThan(0), { timeout: 20000 });

async function openForm(path = '/newsManage/create') {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByText('发布设置', {}, { timeout: 30000 });
  await editorReady();
  return { ...app, calls };
}

/** Node's File: the FormData that fetch sends (Node's) only carries Node blobs as files. */
const picture = (name: string, size = 2048, type = 'image/png') => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

const coverInput = () => {
  const input = fieldOf('封面图').querySelector('input[type="file"]');
  if (!input) throw new Error('no file input for the cover');
  return input as HTMLInputElement;
};

test('fields are checked as you type, and 保存草稿 on an empty form sends nothing', async () => {
  const { user, calls } = await openForm();
  const title = screen.getByPlaceholderText('例如：我镇召开2024年人居环境整治推进会');

  await user.type(title, '新');
  expect(within(fieldOf('标题')).getByText('1 / 100')).toBeInTheDocument();
  await user.clear(title);
  expect(await screen.findByText('请输入新闻标题', error)).toBeInTheDocument();
  await user.type(title, '春耕动员会');
  await waitFor(() => expect(screen.queryByText('请输入新闻标题', error)).not.toBeInTheDocument());
  await user.clear(title);

  await user.click(button('保存草稿'));
  for (const text of ['请输入新闻标题', '请选择栏目', '请输入新闻正文']) {
    expect(await screen.findByText(text, error)).toBeInTheDocument();
  }
  expect(callsTo(calls, 'POST', '/news')).toHaveLength(0);
});

test('a server 400 on a field shows under that field, and what was typed stays', async () => {
  server.use(
    http.put(api('/news/:id'), () => apiError(400, '标题：已有同名新闻', [{ field: 'title', label: '标题', message: '已有同名新闻' }])),
  );
  const { user, location } = await openForm('/newsManage/create?id=2');
  const title = await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）');

  await user.clear(title);
  await user.type(title, '关于开展秋季防火宣传的通知');
  await user.click(button('保存草稿'));

  await waitFor(() => expect(within(fieldOf('标题')).getByText('已有同名新闻')).toBeInTheDocument());
  expect(fieldOf('标题')).toHaveClass('ant-form-item-has-error');
  expect(title).toHaveValue('关于开展秋季防火宣传的通知');
  expect(await screen.findByText('标题：已有同名新闻')).toBeInTheDocument();
  expect(location()).toBe('/newsManage/create?id=2');
});

test('保存草稿 saves the draft, says so and goes to the list', async () => {
  const { user, calls, location } = await openForm('/newsManage/create?id=2');
  const summary = await screen.findByPlaceholderText('用一两句话概括新闻内容');

  await user.type(summary, '请各村做好秋季防火宣传。');
  await user.click(button('保存草稿'));

  expect(await screen.findByText('草稿已保存：关于开展秋季防火宣传的通知（草稿）')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  // The finished form's workbench tab closes behind the list.
  await waitFor(() => expect(screen.queryByRole('tab', { name: /^发布新闻/ })).not.toBeInTheDocument());
  expect(screen.getByRole('tab', { name: /^新闻列表/ })).toHaveAttribute('aria-selected', 'true');
  const saved = JSON.parse(await callsTo(calls, 'PUT', '/news/2')[0].body);
  expect(saved).toEqual({
    title: '关于开展秋季防火宣传的通知（草稿）',
    summary: '请各村做好秋季防火宣传。',
    content: expect.stringContaining('镇党委召开专题会议'),
    column: 2,
    area: 3,
    coverId: null,
    pinned: false,
  });
  expect(callsTo(calls, 'POST', '/news/2/publish')).toHaveLength(0);
});

test('the cover is checked, uploaded at once, previewed and saved as coverId', async () => {
  const { user, calls } = await openForm('/newsManage/create?id=2');
  await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）');

  // Too big: refused here, nothing sent.
  await user.upload(coverInput(), picture('大图.png', 10 * 1024 * 1024 + 1));
  expect(await screen.findByText('封面图上传失败：「大图.png」超过10MB，请压缩后再上传')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(0);

  await user.upload(coverInput(), picture('现场.png'));
  const preview = await screen.findByAltText('封面图');
  expect(callsTo(calls, 'POST', '/uploads')).toHaveLength(1);
  const uploadedId = contentDb.nextId - 1;
  expect(preview).toHaveAttribute('src', `/api/uploads/content-${uploadedId}.jpg`);
  expect(button('更换封面图')).toBeInTheDocument();

  await user.click(button('保存草稿'));
  await screen.findByText('草稿已保存：关于开展秋季防火宣传的通知（草稿）');
  const saved = JSON.parse(await callsTo(calls, 'PUT', '/news/2')[0].body);
  expect(saved.coverId).toBe(uploadedId);
});

test('a published item is edited in place: a warning, and 保存修改 instead of draft and publish', async () => {
  await openForm('/newsManage/create?id=1');
  await screen.findByDisplayValue('我镇召开人居环境整治推进会');

  expect(screen.getByText('这条新闻正在对外显示，保存后修改立即生效。')).toBeInTheDocument();
  expect(button('保存修改')).toBeInTheDocument();
  expect(screen.queryByText('保存草稿')).not.toBeInTheDocument();
  expect(screen.getByAltText('封面图')).toHaveAttribute('src', '/api/uploads/content-901.jpg');
  expect(screen.getByRole('switch')).toBeChecked();
});

// jsdom has no contentEditable, so the editor cannot be typed into here: publishing starts from a
// draft that brings its content (the e2e suite writes a new item in a real browser).
test('发布 asks first, saves the draft, publishes it and goes to the list', async () => {
  const { user, calls, location } = await openForm('/newsManage/create?id=2');
  await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）');

  await user.click(screen.getByRole('switch'));
  await user.click(button('发布'));
  const [heading] = await screen.findAllByText('发布新闻「关于开展秋季防火宣传的通知（草稿）」？');
  const dialog = heading.closest('.ant-modal') as HTMLElement;
  expect(within(dialog).getByText(/第二村的新闻，并在手机首页轮播中置顶显示/)).toBeInTheDocument();
  expect(callsTo(calls, 'PUT', '/news/2')).toHaveLength(0);
  await user.click(button('发布', dialog));

  expect(await screen.findByText('新闻已发布：关于开展秋季防火宣传的通知（草稿）')).toBeInTheDocument();
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  expect(JSON.parse(await callsTo(calls, 'PUT', '/news/2')[0].body)).toMatchObject({ pinned: true, area: 3, column: 2 });
  expect(callsTo(calls, 'POST', '/news/2/publish')).toHaveLength(1);
  expect(contentDb.news.find((n) => n.id === 2)).toMatchObject({ status: 'published', pinned: true });
});

test('a user whose data scope is their area writes news for that area only', async () => {
  server.use(http.get(api('/currentUser'), () => ok({ ...adminUser, access: 'staff', dataScope: 'area', area: 3, areaName: '第二村' })));
  const { user } = await openForm();

  const area = fieldOf('所属区域');
  await waitFor(() => expect(within(area).getByText('第二村', { selector: '.ant-select-selection-item' })).toBeInTheDocument());
  expect(within(area).getByText('您的账号只能发布本村（社区）的新闻')).toBeInTheDocument();
  await user.click(within(area).getByRole('combobox'));
  await screen.findByText('第二村', { selector: '.ant-select-item-option-content' });
  const options = Array.from(document.querySelectorAll('.ant-select-item-option-content'), (o) => o.textContent);
  expect(options).toEqual(['第二村']);
});

test('with the workbench tabs off, leaving with unsaved changes asks first', async () => {
  setTabsEnabled(false);
  const { user, location } = await openForm('/newsManage/create?id=2');
  const title = await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）');

  await user.type(title, '（修改）');
  await user.click(button('返回列表'));
  const [question] = await screen.findAllByText('离开此页面？');
  expect(location()).toBe('/newsManage/create?id=2');

  await user.click(button('离开', question.closest('.ant-modal') as HTMLElement));
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  setTabsEnabled(true);
});

test('in a workbench tab, going to the list keeps the unsaved form in its tab, marked, without asking', async () => {
  const { user, location } = await openForm('/newsManage/create?id=2');
  const title = await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）');
  await user.type(title, '（修改）');
  await user.click(button('返回列表'));
  await waitFor(() => expect(location()).toBe('/newsManage/list'));
  expect(screen.queryByText('离开此页面？')).not.toBeInTheDocument();
  const formTab = screen.getByRole('tab', { name: /^发布新闻/ });
  expect(within(formTab).getByRole('img', { name: '有未保存的内容' })).toBeInTheDocument();
  await user.click(formTab);
  expect(await screen.findByDisplayValue('关于开展秋季防火宣传的通知（草稿）（修改）')).toBeVisible();
});
