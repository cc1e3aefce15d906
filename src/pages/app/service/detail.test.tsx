/**
 * The villager's record pages inside the real app against msw: an appeal (/app/service/appeal/:id)
 * with its answer, the rating after a reply (stars required, then 已办结 and 我的评价; a 409 reloads),
 * and a photo report (/app/service/shot/:id) with its result; records that are not there, or not
 * theirs, say 不存在 with a way back.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { PEOPLE_MESSAGES } from '@common/constants';
import { VILLAGER_TOKEN } from '@mock/fixtures';
import { api, apiError } from '@mock/http';
import {
  MY_APPEALS,
  MY_INVALID_REASON,
  MY_RATING_COMMENT,
  MY_REJECT_REASON,
  MY_REPLY,
  MY_REPORTS,
  MY_RESULT,
  peopleDb,
} from '@mock/peopleDb';
import { useAppServiceHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';

useMockServer();
useAppServiceHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('token', VILLAGER_TOKEN);
});
afterEach(() => jest.restoreAllMocks());

/** The villager's seeded appeals and reports by state (mock/peopleDb.ts). */
const APPEAL_ID = { pending: 21, overdue: 22, replied: 23, closed: 24, rejected: 25 } as const;
const REPORT_ID = { pending: 21, handled: 22, invalid: 23 } as const;

async function openAppeal(id: number | string, ready = '诉求内容') {
  const app = renderApp(`/app/service/appeal/${id}`);
  await screen.findByText(ready, {}, { timeout: 30000 });
  return app;
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

/**
 * A tap on the n-th star of antd-mobile's Rate, the way a finger does it: the stars read their
 * position from the row's box (jsdom lays nothing out: a 100 px row here) and the gesture library
 * listens to touch events.
 */
function tapStar(score: number) {
  const stars = screen.getByRole('radiogroup', { name: '满意度' });
  jest
    .spyOn(stars, 'getBoundingClientRect')
    .mockReturnValue({ left: 0, top: 0, width: 100, height: 20, right: 100, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
  const target = within(stars).getByRole('radio', { name: String(score) });
  const x = (score - 0.5) * 20;
  const touchEvent = (type: string, ended: boolean) => {
    const point = { identifier: 1, target, clientX: x, clientY: 10, pageX: x, pageY: 10, screenX: x, screenY: 10 };
    const event = new Event(type, { bubbles: true, cancelable: true });
    Object.defineProperties(event, {
      touches: { value: ended ? [] : [point] },
      targetTouches: { value: ended ? [] : [point] },
      changedTouches: { value: [point] },
    });
    return event;
  };
  act(() => {
    target.dispatchEvent(touchEvent('touchstart', false));
    target.dispatchEvent(touchEvent('touchend', true));
  });
}

const rateButton = () => screen.getByRole('button', { name: /提交评价|正在提交/ });

describe('an appeal', () => {
  test('not signed in: off to the login page, which brings the user back here', async () => {
    sessionStorage.clear();
    const app = renderApp(`/app/service/appeal/${APPEAL_ID.replied}`);
    await waitFor(() => expect(app.location()).toBe('/user/login?redirect=%2Fapp%2Fservice%2Fappeal%2F23'), { timeout: 30000 });
  });

  test('a replied appeal shows the reply and asks for a rating', async () => {
    await openAppeal(APPEAL_ID.replied);
    expect(screen.getByRole('heading', { name: MY_APPEALS.replied })).toBeInTheDocument();
    const answer = section('办理结果');
    expect(answer).toHaveTextContent('答复');
    expect(within(answer).getByText(MY_REPLY)).toBeInTheDocument();
    expect(answer).toHaveTextContent('张三');
    expect(screen.getByText('已答复', { selector: '.adm-tag' })).toBeInTheDocument();
    expect(screen.getByText('联系电话 13900000022')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '评价本次办理' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '我的评价' })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: '办理记录' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.svc-timeline-action')?.textContent)).toEqual(['答复', '受理', '提交']);
  });

  test('opened from its 待评价 card (#rate), the rating form comes into view with the focus', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderApp(`/app/service/appeal/${APPEAL_ID.replied}#rate`);
      const heading = await screen.findByRole('heading', { name: '评价本次办理' }, { timeout: 30000 });
      const form = heading.closest('section') as HTMLElement;
      await waitFor(() => expect(scrolled).toContain(form));
      expect(form).toHaveFocus();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  test('rating needs a star; the answer closes the appeal and shows 我的评价', async () => {
    const calls = recordRequests();
    const app = await openAppeal(APPEAL_ID.replied);
    expect(rateButton()).toBeDisabled();
    expect(screen.getByText('请打分')).toBeInTheDocument();

    tapStar(4);
    expect(screen.getByText('满意')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '5' })).toHaveAttribute('aria-checked', 'false');
    expect(rateButton()).toBeEnabled();
    await app.user.type(screen.getByLabelText('评价内容（选填）'), '  装得很快，谢谢  ');

    await app.user.click(rateButton());

    const rating = await screen.findByRole('region', { name: '我的评价' });
    expect(rating).toHaveTextContent('满意');
    expect(within(rating).getByText('装得很快，谢谢')).toBeInTheDocument();
    expect(screen.getByText('已办结', { selector: '.adm-tag' })).toBeInTheDocument();
    expect(section('办理结果')).toHaveTextContent(/已办结 · /);
    expect(screen.queryByRole('heading', { name: '评价本次办理' })).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: '办理记录' })).getAllByRole('listitem');
    expect(
      steps
        .map((s) => s.querySelector('.svc-timeline-action')?.textContent)
        .slice(0, 2)
        .sort(),
    ).toEqual(['办结', '评价']);

    const posts = callsTo(calls, 'POST', `/my/appeals/${APPEAL_ID.replied}/rate`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(await posts[0].body)).toEqual({ score: 4, comment: '装得很快，谢谢' });
    const stored = peopleDb.appeals.find((a) => a.id === APPEAL_ID.replied)!;
    expect(stored).toMatchObject({ status: 'closed', satisfaction: 4, satisfactionComment: '装得很快，谢谢' });
  });

  test('a rating without words sends the score alone', async () => {
    const calls = recordRequests();
    const app = await openAppeal(APPEAL_ID.replied);
    tapStar(2);
    await app.user.type(screen.getByLabelText('评价内容（选填）'), '   ');
    await app.user.click(rateButton());
    await screen.findByRole('region', { name: '我的评价' });
    const [post] = callsTo(calls, 'POST', `/my/appeals/${APPEAL_ID.replied}/rate`);
    expect(JSON.parse(await post.body)).toEqual({ score: 2 });
  });

  test('rated meanwhile (409): the message shows and the page reloads with the rating given', async () => {
    const calls = recordRequests();
    const app = await openAppeal(APPEAL_ID.replied);
    // Rated from another phone after this page loaded.
    const stored = peopleDb.appeals.find((a) => a.id === APPEAL_ID.replied)!;
    Object.assign(stored, {
      status: 'closed',
      satisfaction: 5,
      satisfactionComment: '别的手机上评的',
      ratedAt: new Date().toISOString(),
      closedAt: new Date().toISOString(),
    });

    tapStar(3);
    await app.user.click(rateButton());

    expect(await screen.findByText(PEOPLE_MESSAGES.appealRated)).toBeInTheDocument();
    const rating = await screen.findByRole('region', { name: '我的评价' });
    expect(rating).toHaveTextContent('非常满意');
    expect(rating).toHaveTextContent('别的手机上评的');
    expect(screen.queryByRole('heading', { name: '评价本次办理' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', `/appeals/${APPEAL_ID.replied}`)).toHaveLength(2);
  });

  test('another failure keeps the stars and says why', async () => {
    server.use(http.post(api('/my/appeals/:id/rate'), () => apiError(500, '服务器开小差了，请稍后再试')));
    const app = await openAppeal(APPEAL_ID.replied);
    tapStar(5);
    await app.user.click(rateButton());
    expect(await screen.findByText('服务器开小差了，请稍后再试', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByText('非常满意')).toBeInTheDocument();
    expect(rateButton()).toBeEnabled();
    expect(screen.queryByRole('region', { name: '我的评价' })).not.toBeInTheDocument();
  });

  test('a rated appeal shows the rating and no form', async () => {
    await openAppeal(APPEAL_ID.closed);
    const rating = screen.getByRole('region', { name: '我的评价' });
    expect(rating).toHaveTextContent('满意');
    expect(rating).toHaveTextContent(MY_RATING_COMMENT);
    expect(screen.queryByRole('heading', { name: '评价本次办理' })).not.toBeInTheDocument();
  });

  test.each([
    ['waiting to be accepted', APPEAL_ID.pending, '已提交，等待工作人员受理', false],
    ['in hand and past due', APPEAL_ID.overdue, '工作人员 张三 已受理，正在办理', true],
    ['not accepted', APPEAL_ID.rejected, MY_REJECT_REASON, false],
  ])('an appeal %s says where it stands and cannot be rated', async (_case, id, text, overdue) => {
    await openAppeal(id);
    expect(section('办理结果')).toHaveTextContent(text);
    expect(screen.queryByRole('heading', { name: '评价本次办理' })).not.toBeInTheDocument();
    if (overdue) {
      expect(screen.getByText('已超期')).toBeInTheDocument();
      expect(screen.getByText(/办理时限/)).toHaveTextContent(/超期/);
    } else {
      expect(screen.queryByText('已超期')).not.toBeInTheDocument();
    }
  });

  test.each([
    ['an unknown id', '999'],
    ["someone else's appeal", '1'],
    ['an id that is no number', 'abc'],
  ])('%s: 诉求不存在, with the way back to 我的记录', async (_case, id) => {
    const app = renderApp(`/app/service/appeal/${id}`);
    expect(await screen.findByText('诉求不存在', {}, { timeout: 30000 })).toBeInTheDocument();
    expect(screen.queryByText('诉求内容')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '查看我的记录' }));
    await waitFor(() => expect(app.location()).toBe('/app/service?tab=appeal'));
  });

  test('a failed load offers to try again', async () => {
    let fail = true;
    server.use(http.get(api('/appeals/:id'), () => (fail ? apiError(500, '服务器开小差了，请稍后再试') : undefined)));
    const app = renderApp(`/app/service/appeal/${APPEAL_ID.replied}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 30000 });
    expect(alert).toHaveTextContent('服务器开小差了，请稍后再试');
    fail = false;
    await app.user.click(within(alert).getByText('重新加载'));
    await screen.findByText('诉求内容');
    expect(within(section('办理结果')).getByText(MY_REPLY)).toBeInTheDocument();
  });
});

describe('a photo report', () => {
  test('a handled one shows the result with its photos', async () => {
    renderApp(`/app/service/shot/${REPORT_ID.handled}`);
    expect(await screen.findByText(MY_REPORTS.handled, {}, { timeout: 30000 })).toBeInTheDocument();
    const outcome = section('处理情况');
    expect(within(outcome).getByText(MY_RESULT)).toBeInTheDocument();
    expect(within(outcome).getByRole('group', { name: '处理后照片' })).toBeInTheDocument();
    expect(screen.getByText('已处理', { selector: '.adm-tag' })).toBeInTheDocument();
    expect(screen.getByText('第一村 · 村小学门口')).toBeInTheDocument();
  });

  test('a pending one shows where it is, with the coordinates', async () => {
    renderApp(`/app/service/shot/${REPORT_ID.pending}`);
    expect(await screen.findByText(MY_REPORTS.pending, {}, { timeout: 30000 })).toBeInTheDocument();
    expect(section('处理情况')).toHaveTextContent('已提交，等待工作人员处理');
    expect(screen.getByText('纬度 30.27410，经度 120.15510')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '现场照片' })).getAllByRole('button')).toHaveLength(2);
  });

  test('photos the server is still decoding show 处理中, one that failed 图片处理失败, and neither opens', async () => {
    const report = peopleDb.reports.find((r) => r.id === REPORT_ID.pending)!;
    report.images = [
      { ...report.images[0], status: 'pending' },
      { ...report.images[1], status: 'failed' },
    ];
    renderApp(`/app/service/shot/${REPORT_ID.pending}`);
    expect(await screen.findByText(MY_REPORTS.pending, {}, { timeout: 30000 })).toBeInTheDocument();
    const photos = screen.getByRole('group', { name: '现场照片' });
    expect(within(photos).getByRole('img', { name: '现场照片第1张：处理中' })).toHaveTextContent('处理中');
    expect(within(photos).getByRole('img', { name: '现场照片第2张：图片处理失败' })).toHaveTextContent('图片处理失败');
    expect(within(photos).queryAllByRole('button')).toHaveLength(0);
  });

  test('an invalid one gives the reason', async () => {
    renderApp(`/app/service/shot/${REPORT_ID.invalid}`);
    expect(await screen.findByText(MY_REPORTS.invalid, {}, { timeout: 30000 })).toBeInTheDocument();
    const outcome = section('处理情况');
    expect(outcome).toHaveTextContent('无效原因');
    expect(within(outcome).getByText(MY_INVALID_REASON)).toBeInTheDocument();
    expect(screen.getByText('无效', { selector: '.adm-tag' })).toBeInTheDocument();
  });

  test("someone else's report: 随手拍记录不存在, with the way back", async () => {
    const app = renderApp('/app/service/shot/1');
    expect(await screen.findByText('随手拍记录不存在', {}, { timeout: 30000 })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '查看我的记录' }));
    await waitFor(() => expect(app.location()).toBe('/app/service?tab=shot'));
  });
});
