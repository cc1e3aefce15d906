/**
 * 我要诉求 (/app/service/appeal) inside the real app against msw: errors as the villager types and on
 * submit, nothing sent while the form is wrong, the exact body of a valid appeal, the server's field
 * errors, a retry after a lost answer that creates nothing twice, and photos that must finish first.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { UPLOAD_MESSAGES } from '@common/constants';
import { appTaskDb } from '@mock/appTaskDb';
import { answerCreateAppeal } from '@mock/appeals';
import { photo, usePhotoDevice } from '@mock/device';
import { VILLAGER_TOKEN, villagerUser } from '@mock/fixtures';
import { api, apiError, networkError, ok } from '@mock/http';
import { peopleDb } from '@mock/peopleDb';
import { useAppServiceHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { shortDateTime } from './components/serviceText';
import { NETWORK_FAILED } from './components/useSubmitAttempt';

useMockServer();
useAppServiceHandlers();
usePhotoDevice();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});

/** The message under a field ('' when there is none). */
const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? '';
const appealCount = () => peopleDb.appeals.length;

async function openForm() {
  const app = renderApp('/app/service/appeal');
  const title = (await screen.findByLabelText(/^诉求标题/, {}, { timeout: 30000 })) as HTMLInputElement;
  const form = {
    ...app,
    title,
    content: screen.getByLabelText(/^诉求内容/) as HTMLTextAreaElement,
    phone: screen.getByLabelText(/^联系电话/) as HTMLInputElement,
    area: screen.getByLabelText(/^所在村（社区）/) as HTMLButtonElement,
    album: document.querySelector('[data-testid="photo-album"]') as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: /提交诉求|正在提交/ }),
    category: (name: string) => screen.getByRole('option', { name }),
  };
  return form;
}
type Form = Awaited<ReturnType<typeof openForm>>;

const choose = (album: HTMLInputElement, files: File[]) => fireEvent.change(album, { target: { files } });

async function fillValid(form: Form) {
  await form.user.type(form.title, '  村口路灯不亮  ');
  await form.user.type(form.content, '  村口到小学的路灯坏了一周，晚上很黑。 ');
  await form.user.click(form.category('基础设施'));
  choose(form.album, [photo('a.jpg'), photo('b.jpg')]);
  await screen.findByText('已上传 2/9');
}

test('not signed in: off to the login page, which brings the user back to the form', async () => {
  sessionStorage.clear();
  const app = renderApp('/app/service/appeal');
  await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fservice%2Fappeal'), { timeout: 30000 });
});

test("the area and phone start from the signed-in villager's", async () => {
  const form = await openForm();
  expect(form.phone).toHaveValue(villagerUser.phone);
  expect(form.area).toHaveTextContent('第一村');
  expect(form.title).toHaveValue('');
  expect(screen.getByRole('option', { name: '基础设施' })).toHaveAttribute('aria-selected', 'false');
});

test('errors appear as the villager types and leaves a field, and go once it is right', async () => {
  const form = await openForm();
  // Nothing is wrong before anything was touched.
  expect(document.querySelectorAll('.svc-field-error')).toHaveLength(0);

  await form.user.type(form.title, '路');
  expect(fieldError('title')).toBe('');
  await form.user.clear(form.title);
  expect(fieldError('title')).toBe('请填写诉求标题');
  await form.user.type(form.title, '路灯不亮');
  expect(fieldError('title')).toBe('');

  await form.user.click(form.content);
  expect(fieldError('content')).toBe('');
  await form.user.tab();
  expect(fieldError('content')).toBe('请填写诉求内容');
  await form.user.type(form.content, '   ');
  expect(fieldError('content')).toBe('请填写诉求内容');

  // A number half typed is not wrong yet: the phone is judged when left.
  await form.user.clear(form.phone);
  await form.user.type(form.phone, '139');
  expect(fieldError('phone')).toBe('');
  form.phone.focus();
  await form.user.tab();
  expect(fieldError('phone')).toBe('请输入正确的联系电话（5–20位数字）');
  await form.user.clear(form.phone);
  expect(fieldError('phone')).toBe('请填写联系电话，方便工作人员联系您');
  await form.user.type(form.phone, '0571-86001234');
  expect(fieldError('phone')).toBe('');
});

test('a submit with gaps marks every field, says so and sends nothing', async () => {
  const calls = recordRequests();
  const before = appealCount();
  const form = await openForm();
  await form.user.clear(form.phone);

  await form.user.click(form.submit());
  expect(await screen.findByText('请按红色提示补充或修改')).toBeInTheDocument();
  expect(fieldError('title')).toBe('请填写诉求标题');
  expect(fieldError('content')).toBe('请填写诉求内容');
  expect(fieldError('category')).toBe('请选择诉求类别');
  expect(fieldError('phone')).toBe('请填写联系电话，方便工作人员联系您');
  expect(fieldError('area')).toBe(''); // it came from the account

  await form.user.click(form.category('矛盾纠纷'));
  expect(fieldError('category')).toBe('');
  expect(form.category('矛盾纠纷')).toHaveAttribute('aria-selected', 'true');
  await form.user.type(form.title, '邻里纠纷');
  await form.user.type(form.content, '邻居堆放杂物占用通道。');
  await form.user.type(form.phone, '12');
  await form.user.click(form.submit());
  expect(fieldError('phone')).toBe('请输入正确的联系电话（5–20位数字）');

  expect(callsTo(calls, 'POST', '/appeals')).toHaveLength(0);
  expect(appealCount()).toBe(before);
  expect(form.location()).toBe('/app/service/appeal');
});

test('without an area on the account the villager must pick one', async () => {
  server.use(http.get(api('/currentUser'), () => ok({ ...villagerUser, area: null, areaName: null })));
  const calls = recordRequests();
  const form = await openForm();
  expect(form.area).toHaveTextContent('请选择所在村（社区）');
  await form.user.type(form.title, '村道积水');
  await form.user.type(form.content, '下雨后村道积水严重。');
  await form.user.click(form.category('基础设施'));

  await form.user.click(form.submit());
  expect(fieldError('area')).toBe('请选择所在村（社区）');
  expect(callsTo(calls, 'POST', '/appeals')).toHaveLength(0);

  await form.user.click(form.area);
  const picker = await screen.findByText('选择所在村（社区）');
  await form.user.click(within(picker.closest('.adm-picker') as HTMLElement).getByText('确定'));
  await waitFor(() => expect(form.area).toHaveTextContent('镇社区'));
  expect(fieldError('area')).toBe('');

  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));
  const [post] = callsTo(calls, 'POST', '/appeals');
  expect(JSON.parse(await post.body)).toMatchObject({ area: 1, phone: villagerUser.phone });
});

test('a valid appeal sends exactly what was entered, trimmed, with the photos, and lands on the result page', async () => {
  const calls = recordRequests();
  const before = appealCount();
  const form = await openForm();
  await fillValid(form);

  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));

  const posts = callsTo(calls, 'POST', '/appeals');
  expect(posts).toHaveLength(1);
  expect(posts[0].headers.get('authorization')).toBe(VILLAGER_TOKEN);
  const body = JSON.parse(await posts[0].body);
  expect(body).toEqual({
    title: '村口路灯不亮',
    content: '村口到小学的路灯坏了一周，晚上很黑。',
    category: 1,
    area: 2,
    phone: villagerUser.phone,
    imageIds: [500, 501],
    clientKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  });
  expect(appealCount()).toBe(before + 1);

  const created = peopleDb.appeals[peopleDb.appeals.length - 1];
  const tip = new URL(form.location()!, 'http://localhost');
  expect(tip.searchParams.get('back')).toBe('/app/service?tab=appeal');
  expect(await screen.findByText('诉求已提交')).toBeInTheDocument();
  expect(screen.getByText(`工作人员将在 ${shortDateTime(created.dueAt)} 前答复，办理进度和答复可在“我的记录”中查看。`)).toBeInTheDocument();

  // The way on leads to 我的记录, where the new appeal waits to be accepted.
  await form.user.click(screen.getByText('查看我的记录'));
  await waitFor(() => expect(form.location()).toBe('/app/service?tab=appeal'));
  const card = (await screen.findByText('村口路灯不亮')).closest('a') as HTMLElement;
  expect(within(card).getByText('待受理')).toBeInTheDocument();
  expect(within(card).getByText('2张')).toBeInTheDocument();
});

test("the server's field error shows under that field and everything typed stays", async () => {
  server.use(
    http.post(api('/appeals'), () =>
      apiError(400, '联系电话：请输入正确的联系电话', [{ field: 'phone', label: '联系电话', message: '请输入正确的联系电话' }]),
    ),
  );
  const form = await openForm();
  await fillValid(form);

  await form.user.click(form.submit());

  expect(await screen.findByText('联系电话：请输入正确的联系电话', { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(fieldError('phone')).toBe('请输入正确的联系电话');
  expect(form.title).toHaveValue('  村口路灯不亮  ');
  expect(form.content).toHaveValue('  村口到小学的路灯坏了一周，晚上很黑。 ');
  expect(form.category('基础设施')).toHaveAttribute('aria-selected', 'true');
  expect(form.phone).toHaveValue(villagerUser.phone);
  expect(screen.getByText('已上传 2/9')).toBeInTheDocument();
  expect(form.submit()).toBeEnabled();
  expect(form.location()).toBe('/app/service/appeal');

  // Changing the field takes the server's word away.
  await form.user.type(form.phone, '9');
  expect(fieldError('phone')).toBe('');
});

test('photos the server does not accept are flagged at the photos, not lost', async () => {
  const form = await openForm();
  await fillValid(form);
  appTaskDb.uploads.delete(501); // e.g. the upload was cleaned away meanwhile

  await form.user.click(form.submit());

  const photos = screen.getByRole('region', { name: '现场照片' });
  expect(await within(photos).findByRole('alert')).toHaveTextContent(UPLOAD_MESSAGES.imageNotOwn);
  expect(screen.getByText(`图片：${UPLOAD_MESSAGES.imageNotOwn}`, { selector: '.m-alert' })).toBeInTheDocument();
  expect(form.location()).toBe('/app/service/appeal');

  // Removing the photo clears the message.
  await form.user.click(screen.getByLabelText('删除第2张照片'));
  expect(within(photos).queryByRole('alert')).not.toBeInTheDocument();
});

test('when the answer is lost on the way, the retry sends the same client key and makes one appeal', async () => {
  const calls = recordRequests();
  const before = appealCount();
  let lose = 1;
  server.use(
    http.post(api('/appeals'), async ({ request }) => {
      if (lose === 0) return undefined;
      lose -= 1;
      await answerCreateAppeal({ request }); // the server did record it
      return networkError();
    }),
  );
  const form = await openForm();
  await fillValid(form);

  await form.user.click(form.submit());
  expect(await screen.findByText(NETWORK_FAILED, { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(form.title).toHaveValue('  村口路灯不亮  ');
  expect(screen.getByText('已上传 2/9')).toBeInTheDocument();
  expect(form.location()).toBe('/app/service/appeal');

  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));

  const posts = callsTo(calls, 'POST', '/appeals');
  expect(posts).toHaveLength(2);
  const [first, second] = await Promise.all(posts.map(async (p) => JSON.parse(await p.body)));
  expect(second).toEqual(first);
  expect(appealCount()).toBe(before + 1);
  expect(await screen.findByText('诉求已提交')).toBeInTheDocument();
});

test('photos still uploading hold the submission back with a message; a failed one must be retried or removed', async () => {
  const calls = recordRequests();
  let release: (() => void) | undefined;
  let failNext = false;
  server.use(
    http.post(api('/uploads'), async () => {
      if (failNext) {
        failNext = false;
        return apiError(413, '图片不能超过10MB');
      }
      if (!release) await new Promise<void>((resolve) => (release = resolve));
      return undefined;
    }),
  );
  const form = await openForm();
  await form.user.type(form.title, '村口路灯不亮');
  await form.user.type(form.content, '路灯坏了一周。');
  await form.user.click(form.category('基础设施'));
  choose(form.album, [photo('slow.jpg')]);
  expect(await screen.findByLabelText('第1张照片上传进度')).toBeInTheDocument();

  await form.user.click(form.submit());
  expect(await screen.findByText('照片还在上传，请稍候再提交')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals')).toHaveLength(0);

  await waitFor(() => expect(release).toBeDefined());
  release!();
  await screen.findByText('已上传 1/9');

  failNext = true;
  choose(form.album, [photo('big.jpg')]);
  expect(await screen.findByText('点击重试')).toBeInTheDocument();
  await form.user.click(form.submit());
  expect(await screen.findByText('有照片上传失败，请点击照片重试或删除后再提交')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals')).toHaveLength(0);

  await form.user.click(screen.getByLabelText('删除第2张照片'));
  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));
  const posts = callsTo(calls, 'POST', '/appeals');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(await posts[0].body).imageIds).toEqual([500]);
});

test('a photo-less appeal is fine: photos are optional here', async () => {
  const calls = recordRequests();
  const form = await openForm();
  expect(screen.getByText('（选填）')).toBeInTheDocument();
  await form.user.type(form.title, '咨询养老保险');
  await form.user.type(form.content, '想了解缴费档次。');
  await form.user.click(form.category('政策咨询'));
  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));
  const [post] = callsTo(calls, 'POST', '/appeals');
  expect(JSON.parse(await post.body)).toMatchObject({ category: 6, imageIds: [] });
});
