/**
 * 随手拍转派 on a village cadre's phone (ADR 0064), inside the real app against msw (mock/my.ts): the
 * 诉求 | 随手拍 switch kept in the URL with what waits of each, and on one report 受理, then the
 * answer — what was done (required) and at least one photo — which goes to the centre's review; a
 * report sent back shows why; an answered one shows the answer while it waits. An appeal's reply
 * takes photos too.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { photo, usePhotoDevice } from '@mock/device';
import { CADRE_TOKEN } from '@mock/fixtures';
import { DISPATCHED, DISPATCHED_IDS, DISPATCHED_SHOT_IDS, DISPATCHED_SHOTS, SHOT_RETURN_REASON } from '@mock/peopleDb';
import { useAppServiceHandlers, useDispatchHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, useMockServer } from '@mock/server';

useMockServer();
useAppServiceHandlers();
useDispatchHandlers();
// Photos decode at once as a phone's would; without it jsdom's <img> never loads and each photo waits out the decode timeout.
usePhotoDevice();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', CADRE_TOKEN);
});

const toast = (text: string) => screen.findByText(text, { selector: '.adm-toast-main *, .adm-toast-main' });
const choose = (files: File[]) =>
  fireEvent.change(document.querySelector('[data-testid="photo-album"]') as HTMLInputElement, { target: { files } });

test('随手拍 beside 诉求: each with what waits; the kind and the tab stay in the URL; another village’s is not there', async () => {
  const app = renderApp('/app/dispatched');
  expect(await screen.findByText(DISPATCHED.pending, {}, { timeout: 30000 })).toBeInTheDocument();
  const kinds = screen.getByRole('group', { name: '转派事项类别' });
  const shots = within(kinds).getByRole('button', { name: /随手拍/ });
  await waitFor(() => expect(shots).toHaveTextContent('随手拍2'));
  expect(within(kinds).getByRole('button', { name: /诉求/ })).toHaveAttribute('aria-pressed', 'true');

  await app.user.click(shots);
  await waitFor(() => expect(app.location()).toBe('/app/dispatched?kind=shot'));
  expect(shots).toHaveAttribute('aria-pressed', 'true');
  expect(await screen.findByText(DISPATCHED_SHOTS.pending)).toBeInTheDocument();
  expect(screen.getByText(DISPATCHED_SHOTS.returned)).toBeInTheDocument();
  expect(screen.queryByText(DISPATCHED_SHOTS.reviewing)).not.toBeInTheDocument();
  expect(screen.queryByText(DISPATCHED_SHOTS.otherVillage)).not.toBeInTheDocument();
  expect(screen.getByText(DISPATCHED_SHOTS.pending).closest('a')).toHaveAttribute(
    'href',
    `/app/dispatched/shot/${DISPATCHED_SHOT_IDS.pending}`,
  );

  await app.user.click(screen.getByText('已办'));
  await waitFor(() => expect(app.location()).toBe('/app/dispatched?kind=shot&state=done'));
  const answered = (await screen.findByText(DISPATCHED_SHOTS.reviewing)).closest('a')!;
  expect(within(answered).getByText(/已回复，等待镇里审核/)).toBeInTheDocument();
});

test('受理, then the answer needs what was done and a photo; with both it goes to the centre', async () => {
  const calls = recordRequests();
  const app = renderApp(`/app/dispatched/shot/${DISPATCHED_SHOT_IDS.pending}`);
  expect(await screen.findByRole('heading', { name: '受理随手拍' }, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText(/已转派至第一村处置/)).toBeInTheDocument();
  await app.user.click(screen.getByRole('button', { name: '受理' }));
  expect(await toast('已受理')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: '回复处置情况' })).toBeInTheDocument();

  await app.user.click(screen.getByRole('button', { name: '提交处置情况' }));
  expect(await screen.findByText('请填写处置情况')).toBeInTheDocument();
  expect(screen.getByText('请至少拍一张处置后的现场照片')).toBeInTheDocument();
  const reply = `/my/dispatched-photo-reports/${DISPATCHED_SHOT_IDS.pending}/reply`;
  expect(callsTo(calls, 'POST', reply)).toHaveLength(0);

  await app.user.type(screen.getByRole('textbox', { name: /^处置情况/ }), '垃圾桶已清运并消毒');
  choose([photo('after.jpg')]);
  await screen.findByText('已上传 1/9', {}, { timeout: 5000 });
  await app.user.click(screen.getByRole('button', { name: '提交处置情况' }));
  expect(await toast('已回复，等待镇里审核')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', reply);
  expect(sent).toHaveLength(1);
  const body = JSON.parse(await sent[0].body);
  expect(body.result).toBe('垃圾桶已清运并消毒');
  expect(body.imageIds).toHaveLength(1);
  const section = (await screen.findByRole('heading', { name: '处置情况' })).closest('section')!;
  expect(section).toHaveTextContent('第一村已处置，等待镇里审核');
  expect(section).toHaveTextContent('垃圾桶已清运并消毒');
  expect(within(section).getAllByRole('button', { name: /查看处理后照片第\d张/ })).toHaveLength(1);
});

test('sent back: the centre’s reason above a new answer; the earlier answer stays in the record', async () => {
  renderApp(`/app/dispatched/shot/${DISPATCHED_SHOT_IDS.returned}`);
  expect(await screen.findByText('镇里退回，请重新处置', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText(SHOT_RETURN_REASON, { selector: '.dsp-returned p' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '回复处置情况' })).toBeInTheDocument();
  const record = screen.getByRole('list', { name: '办理记录' });
  expect(within(record).getByText('退回重新处置')).toBeInTheDocument();
  expect(within(record).getByRole('button', { name: /查看答复照片第1张/ })).toBeInTheDocument();
});

test('an appeal’s reply takes photos, sent with it', async () => {
  const calls = recordRequests();
  const app = renderApp(`/app/dispatched/${DISPATCHED_IDS.processing}`);
  expect(await screen.findByRole('heading', { name: '答复群众' }, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('答复照片')).toBeInTheDocument();
  await app.user.type(screen.getByLabelText(/答复内容/), '排水沟已疏通');
  choose([photo('a.jpg'), photo('b.jpg')]);
  await screen.findByText('已上传 2/9', {}, { timeout: 5000 });
  await app.user.click(screen.getByRole('button', { name: '提交答复' }));
  expect(await toast('已答复')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', `/my/dispatched-appeals/${DISPATCHED_IDS.processing}/reply`);
  expect(JSON.parse(await sent[0].body).imageIds).toHaveLength(2);
  const answer = (await screen.findByRole('heading', { name: '办理结果' })).closest('section')!;
  expect(within(answer).getAllByRole('button', { name: /查看答复照片第\d张/ })).toHaveLength(2);
});
