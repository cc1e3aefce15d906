/**
 * 随手拍 (/app/service/shot) inside the real app against msw: photos first (at least one), the type,
 * a description, and where it is — the phone's position when the villager allows it (faked through
 * navigator.geolocation), or the place typed in.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { photo, usePhotoDevice } from '@mock/device';
import { VILLAGER_TOKEN } from '@mock/fixtures';
import { api, networkError } from '@mock/http';
import { peopleDb } from '@mock/peopleDb';
import { answerCreatePhotoReport } from '@mock/photoReports';
import { useAppServiceHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { GEO_FAILURE_TEXT } from './components/useGeolocation';
import { NETWORK_FAILED } from './components/useSubmitAttempt';

useMockServer();
useAppServiceHandlers();
usePhotoDevice();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

const LOCATION_REQUIRED = '请点击“获取当前位置”，或填写问题所在的地点';
const PHOTO_REQUIRED = '请至少拍一张照片，让工作人员看清问题';

/** The phone's answer to "where am I": a position, or a refusal with the Geolocation API's code. */
function fakeGeolocation(answer: { lat: number; lng: number; accuracy: number } | { code: 1 | 2 | 3 } | 'none') {
  const getCurrentPosition = jest.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (answer !== 'none' && 'lat' in answer) {
      success({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: answer.accuracy } } as GeolocationPosition);
    } else if (answer !== 'none') {
      failure?.({ code: answer.code, message: 'refused' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: answer === 'none' ? undefined : { getCurrentPosition },
  });
  return getCurrentPosition;
}

const fieldError = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? '';
const reportCount = () => peopleDb.reports.length;

async function openForm() {
  const app = renderApp('/app/service/shot');
  const description = (await screen.findByLabelText(/^问题描述/, {}, { timeout: 30000 })) as HTMLTextAreaElement;
  return {
    ...app,
    description,
    place: screen.getByLabelText(/^位置/) as HTMLInputElement,
    area: screen.getByLabelText(/^所在村（社区）/) as HTMLButtonElement,
    photos: screen.getByRole('region', { name: '现场照片' }),
    album: document.querySelector('[data-testid="photo-album"]') as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: /提交随手拍|正在提交/ }),
    type: (name: string) => screen.getByRole('option', { name }),
    locate: () => screen.getByRole('button', { name: /获取当前位置/ }),
  };
}
type Form = Awaited<ReturnType<typeof openForm>>;

const choose = (album: HTMLInputElement, files: File[]) => fireEvent.change(album, { target: { files } });

async function fillAllButLocation(form: Form) {
  choose(form.album, [photo('leak.jpg')]);
  await screen.findByText('已上传 1/9');
  await form.user.click(form.type('安全隐患'));
  await form.user.type(form.description, '  水管漏水，路面结冰  ');
}

test('not signed in: off to the login page, which brings the user back to the form', async () => {
  sessionStorage.clear();
  const app = renderApp('/app/service/shot');
  await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fservice%2Fshot'), { timeout: 30000 });
});

test('an empty submit asks for a photo, the type, a description and where, and sends nothing', async () => {
  const calls = recordRequests();
  const before = reportCount();
  const form = await openForm();
  expect(form.area).toHaveTextContent('第一村');

  await form.user.click(form.submit());

  expect(await screen.findByText('请按红色提示补充或修改')).toBeInTheDocument();
  expect(within(form.photos).getByRole('alert')).toHaveTextContent(PHOTO_REQUIRED);
  expect(fieldError('type')).toBe('请选择问题类型');
  expect(fieldError('description')).toBe('请描述一下看到的问题');
  expect(fieldError('location')).toBe(LOCATION_REQUIRED);
  expect(fieldError('area')).toBe('');
  expect(callsTo(calls, 'POST', '/photo-reports')).toHaveLength(0);
  expect(reportCount()).toBe(before);

  // Each goes once it is right.
  choose(form.album, [photo('a.jpg')]);
  await screen.findByText('已上传 1/9');
  expect(within(form.photos).queryByRole('alert')).not.toBeInTheDocument();
  await form.user.click(form.type('环境卫生'));
  expect(fieldError('type')).toBe('');
  await form.user.type(form.description, '河边垃圾');
  expect(fieldError('description')).toBe('');
  await form.user.type(form.place, '河边');
  expect(fieldError('location')).toBe('');

  // Taking the only photo away brings its message back, and nothing is sent.
  await form.user.click(screen.getByLabelText('删除第1张照片'));
  expect(within(form.photos).getByRole('alert')).toHaveTextContent(PHOTO_REQUIRED);
  await form.user.click(form.submit());
  expect(callsTo(calls, 'POST', '/photo-reports')).toHaveLength(0);
});

test('with the position taken no place needs typing, and the coordinates are sent', async () => {
  const getCurrentPosition = fakeGeolocation({ lat: 30.27412345, lng: 120.15519876, accuracy: 12.4 });
  const calls = recordRequests();
  const before = reportCount();
  const form = await openForm();
  await fillAllButLocation(form);

  await form.user.click(form.locate());
  expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  expect(await screen.findByText(/已获取当前位置：纬度 30\.27412，经度 120\.15520/)).toHaveTextContent('（误差约12米）');
  expect(fieldError('location')).toBe('');

  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));

  const posts = callsTo(calls, 'POST', '/photo-reports');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(await posts[0].body)).toEqual({
    description: '水管漏水，路面结冰',
    type: 2,
    area: 2,
    imageIds: [500],
    location: '',
    lat: 30.274123,
    lng: 120.155199,
    clientKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  });
  expect(reportCount()).toBe(before + 1);
  const tip = new URL(form.location()!, 'http://localhost');
  expect(tip.searchParams.get('back')).toBe('/app/service?tab=shot');
  expect(await screen.findByText('随手拍已提交')).toBeInTheDocument();
  expect(screen.getByText('感谢您的反映！工作人员处理后，处理结果可在“我的记录”中查看。')).toBeInTheDocument();
});

test('a position given up with 不使用 makes the place required again', async () => {
  fakeGeolocation({ lat: 30.1, lng: 120.2, accuracy: 0 });
  const calls = recordRequests();
  const form = await openForm();
  await fillAllButLocation(form);
  await form.user.click(form.locate());
  await screen.findByText(/已获取当前位置/);

  await form.user.click(screen.getByRole('button', { name: '不使用' }));
  expect(screen.queryByText(/已获取当前位置/)).not.toBeInTheDocument();
  await form.user.click(form.submit());
  expect(fieldError('location')).toBe(LOCATION_REQUIRED);
  expect(callsTo(calls, 'POST', '/photo-reports')).toHaveLength(0);
});

test.each([
  ['refused', { code: 1 } as const, GEO_FAILURE_TEXT.denied],
  ['timed out', { code: 3 } as const, GEO_FAILURE_TEXT.timeout],
  ['not available in this browser', 'none' as const, GEO_FAILURE_TEXT.unsupported],
])('a position %s: the page says why, and a typed place is enough', async (_case, answer, text) => {
  fakeGeolocation(answer);
  const calls = recordRequests();
  const form = await openForm();
  await fillAllButLocation(form);

  await form.user.click(form.locate());
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(form.locate()).toHaveTextContent('重新获取当前位置');

  await form.user.click(form.submit());
  expect(fieldError('location')).toBe(LOCATION_REQUIRED);
  expect(callsTo(calls, 'POST', '/photo-reports')).toHaveLength(0);

  await form.user.type(form.place, ' 第一村水塔东侧 ');
  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));
  const [post] = callsTo(calls, 'POST', '/photo-reports');
  expect(JSON.parse(await post.body)).toMatchObject({ location: '第一村水塔东侧', lat: null, lng: null });
});

test('when the answer is lost on the way, the retry sends the same client key and makes one report', async () => {
  const calls = recordRequests();
  const before = reportCount();
  let lose = 1;
  server.use(
    http.post(api('/photo-reports'), async ({ request }) => {
      if (lose === 0) return undefined;
      lose -= 1;
      await answerCreatePhotoReport({ request });
      return networkError();
    }),
  );
  const form = await openForm();
  await fillAllButLocation(form);
  await form.user.type(form.place, '水塔东侧');

  await form.user.click(form.submit());
  expect(await screen.findByText(NETWORK_FAILED, { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(form.description).toHaveValue('  水管漏水，路面结冰  ');
  expect(form.location()).toBe('/app/service/shot');

  await form.user.click(form.submit());
  await waitFor(() => expect(form.location()).toMatch(/^\/app\/tip\?/));
  const posts = callsTo(calls, 'POST', '/photo-reports');
  expect(posts).toHaveLength(2);
  const [first, second] = await Promise.all(posts.map(async (p) => JSON.parse(await p.body)));
  expect(second.clientKey).toBe(first.clientKey);
  expect(reportCount()).toBe(before + 1);
});

test('photos chosen together are uploaded one after the other, never two at once', async () => {
  // The server keeps one photo per account waiting for its decode and refuses a second (ADR 0041).
  let sending = 0;
  let most = 0;
  server.use(
    http.post(api('/uploads'), async () => {
      sending += 1;
      most = Math.max(most, sending);
      await new Promise((resolve) => setTimeout(resolve, 30));
      sending -= 1;
      return undefined; // on to the ordinary upload handler
    }),
  );
  const form = await openForm();
  choose(form.album, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
  expect(await screen.findByText('已上传 3/9', {}, { timeout: 10000 })).toBeInTheDocument();
  expect(most).toBe(1);
});
