import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AppealDetail, NoticeGroup, PhotoReportDetail, PhotoReportItem, UserNotice } from '../../common/contracts/people';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { appealStep, createAppeal, createPhotoReport, peopleHandler } from '../../tests/helpers/people';
import { expectError, expectOk, uploadImages } from '../../tests/helpers/tasks';
import { operationLogs } from '../db/schema';

// 随手拍转派 (ADR 0064): the centre hands a photo report to a village, its cadre accepts it and
// answers with text and photos on the phone, and the centre approves the answer (it becomes the
// result) or sends it back with a reason. Village replies to appeals take photos too.

let t: TestContext;
let admin: string;
let staff: string; // staff01, scope all
let villager: string; // villager02, area 2
let cadre2: string; // cadre02, village role, area 2
let grid2: string; // grid02, village role, area 2
let cadre3: string; // cadre03, village role, area 3
let areaHandler: string; // peopleService, scope area, area 3

before(async () => {
  t = await createTestContext();
  [admin, staff, villager, cadre2, grid2, cadre3] = await Promise.all(
    ['admin', 'staff01', 'villager02', 'cadre02', 'grid02', 'cadre03'].map((a) => t.login(a)),
  );
  areaHandler = (await peopleHandler(t, admin, { code: 'shot_area3', dataScope: 'area', area: 3 })).token;
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const dispatch = (token: string, id: number, areaId: number, note?: string) =>
  post(token, `/api/photo-reports/${id}/dispatch`, { areaId, ...(note ? { note } : {}) });
const cadre = (token: string, id: number, step: 'accept' | 'reply', payload?: Record<string, unknown>) =>
  post(token, `/api/my/dispatched-photo-reports/${id}/${step}`, payload);
const detail = async (token: string, id: number) => expectOk(await get(token, `/api/photo-reports/${id}`)) as PhotoReportDetail;
const villageList = async (token: string, state: 'open' | 'done') =>
  expectOk(await get(token, `/api/my/dispatched-photo-reports?pageSize=100&state=${state}`)) as { list: PhotoReportItem[]; total: number };
const noticesOf = async (token: string) => (expectOk(await get(token, '/api/my/notices?pageSize=100')) as { list: UserNotice[] }).list;

async function newReport(description = '河道边堆了垃圾') {
  const photos = await uploadImages(t, villager, 1);
  return createPhotoReport(t, villager, photos, { description, area: 2 });
}

/** A report handed to 第二村 (area 3) and accepted there. */
async function acceptedIn3() {
  const report = await newReport();
  expectOk(await dispatch(staff, report.id, 3));
  expectOk(await cadre(cadre3, report.id, 'accept'));
  return report;
}

describe('handing a photo report down to a village', () => {
  test('staff hand it to 第二村: the history names the village, its cadres are told, the list shows where it went', async () => {
    const report = await newReport('桥头护栏断了');
    const res = await dispatch(staff, report.id, 3, '请村里尽快修复');
    const shown = expectOk(res) as PhotoReportDetail;
    assert.equal(res.json().message, '已转派至第二村');
    assert.equal(shown.status, 'pending');
    assert.equal(shown.dispatchedArea, 3);
    assert.equal(shown.dispatchedAreaName, '第二村');
    assert.ok(shown.dispatchedAt);
    const step = shown.history.at(-1)!;
    assert.deepEqual([step.action, step.areaName, step.note], ['dispatch', '第二村', '请村里尽快修复']);

    const [notice] = await noticesOf(cadre3);
    assert.equal(notice.kind, 'photoReportHandedDown');
    assert.equal(notice.photoReportId, report.id);
    assert.equal(notice.appealId, null);
    assert.equal(notice.body, '镇里将随手拍「桥头护栏断了」转派给第二村处置，请及时受理。');
    // Another village's cadres and the one handing it down hear nothing.
    assert.ok(!(await noticesOf(cadre2)).some((n) => n.photoReportId === report.id));
    assert.ok(!(await noticesOf(staff)).some((n) => n.photoReportId === report.id));

    const open = await villageList(cadre3, 'open');
    assert.ok(open.list.some((r) => r.id === report.id && r.dispatchedAreaName === '第二村'));
    assert.ok(!(await villageList(cadre2, 'open')).list.some((r) => r.id === report.id));
    const listed = expectOk(await get(staff, `/api/photo-reports?pageSize=100&status=pending`)) as { list: PhotoReportItem[] };
    assert.equal(listed.list.find((r) => r.id === report.id)?.dispatchedAreaName, '第二村');
  });

  test('re-dispatch, 撤回 and the states it may happen in', async () => {
    const report = await newReport();
    expectOk(await dispatch(staff, report.id, 3));
    expectError(await dispatch(staff, report.id, 3), 409, PEOPLE_MESSAGES.dispatchSameVillage);
    expectOk(await dispatch(admin, report.id, 4, '改由第三村处置'));
    const recalled = expectOk(await post(staff, `/api/photo-reports/${report.id}/recall`, { note: '镇里直接处理' })) as PhotoReportDetail;
    assert.equal(recalled.dispatchedArea, null);
    assert.deepEqual(
      recalled.history.map((h) => [h.action, h.areaName ?? null, h.note]),
      [
        ['submit', null, ''],
        ['dispatch', '第二村', ''],
        ['dispatch', '第三村', '改由第三村处置'],
        ['recall', null, '镇里直接处理'],
      ],
    );
    expectError(await post(staff, `/api/photo-reports/${report.id}/recall`, {}), 409, PEOPLE_MESSAGES.dispatchNotDispatched);
    // Recalled: the village's cadres can no longer read it.
    expectError(await get(cadre3, `/api/photo-reports/${report.id}`), 404);

    const done = await newReport();
    expectOk(await post(staff, `/api/photo-reports/${done.id}/handle`, { result: '已清理', imageIds: [] }));
    expectError(await dispatch(staff, done.id, 3), 409, PEOPLE_MESSAGES.reportMoved('handled'));
  });

  test('refused callers: no key (403), a village-scoped handler (403), a cadre of another village (404), not signed in (401)', async () => {
    const report = await newReport();
    expectError(await dispatch(villager, report.id, 3), 403);
    expectError(await dispatch(cadre2, report.id, 3), 403);
    expectError(await dispatch(areaHandler, report.id, 3), 403, PEOPLE_MESSAGES.reportDispatchTownWide);
    expectError(await post(areaHandler, `/api/photo-reports/${report.id}/recall`, {}), 403, PEOPLE_MESSAGES.reportDispatchTownWide);
    const anonymous = await t.call(undefined, { method: 'POST', url: `/api/photo-reports/${report.id}/dispatch`, payload: { areaId: 3 } });
    assert.equal(anonymous.statusCode, 401);
    expectError(await dispatch(staff, 999999, 3), 404);

    expectOk(await dispatch(staff, report.id, 3));
    // Not yet handed to 第一村: its cadre reads nothing and takes no step.
    expectError(await get(cadre2, `/api/photo-reports/${report.id}`), 404);
    expectError(await cadre(cadre2, report.id, 'accept'), 404);
    // The villager and staff are no cadres.
    expectError(await cadre(villager, report.id, 'accept'), 403, PEOPLE_MESSAGES.reportNotVillageCadre);
    expectError(await cadre(staff, report.id, 'accept'), 403, PEOPLE_MESSAGES.reportNotVillageCadre);
    expectError(await get(staff, '/api/my/dispatched-photo-reports'), 403, PEOPLE_MESSAGES.reportNotVillageCadre);
  });

  test('a village-scoped handler sees the reports handed to their village, from another village too, and counts them', async () => {
    const report = await newReport(); // area 2
    const before = expectOk(await get(areaHandler, '/api/photo-reports?pageSize=1')) as { total: number };
    assert.ok(
      !(expectOk(await get(areaHandler, '/api/photo-reports?pageSize=100')) as { list: PhotoReportItem[] }).list.some(
        (r) => r.id === report.id,
      ),
    );
    expectOk(await dispatch(staff, report.id, 3));
    const after = expectOk(await get(areaHandler, '/api/photo-reports?pageSize=100')) as { list: PhotoReportItem[]; total: number };
    assert.ok(after.list.some((r) => r.id === report.id));
    assert.equal(after.total, before.total + 1);
    const counts = expectOk(await get(areaHandler, '/api/photo-reports/counts')) as { all: number };
    assert.equal(counts.all, after.total);
    assert.equal((await detail(areaHandler, report.id)).id, report.id);
  });

  test('bad input is a 400 naming the field', async () => {
    const report = await acceptedIn3();
    expectError(await post(staff, `/api/photo-reports/${report.id}/dispatch`, {}), 400, undefined, 'areaId');
    expectError(await dispatch(staff, report.id, 1), 400, undefined, 'areaId');
    expectError(await dispatch(staff, report.id, 999), 400, undefined, 'areaId');
    expectError(await cadre(cadre3, report.id, 'reply', { result: '已修好', imageIds: [] }), 400, undefined, 'imageIds');
    expectError(await cadre(cadre3, report.id, 'reply', { imageIds: [1] }), 400, undefined, 'result');
    expectError(await cadre(cadre3, report.id, 'reply', { result: '   ', imageIds: [1] }), 400, undefined, 'result');
    expectError(await post(staff, `/api/photo-reports/${report.id}/return`, { reason: '' }), 400, undefined, 'reason');
    expectError(await post(staff, `/api/photo-reports/${report.id}/approve`, { note: 'x'.repeat(501) }), 400, undefined, 'note');
    expectError(await get(cadre3, '/api/my/dispatched-photo-reports?state=all'), 400, undefined, 'state');
    // Another person's photo cannot be attached to the answer.
    const [others] = await uploadImages(t, villager, 1);
    expectError(await cadre(cadre3, report.id, 'reply', { result: '已修好', imageIds: [others] }), 400, undefined, 'imageIds');
  });
});

describe('the village answers, the centre reviews', () => {
  test('accept, answer with photos, 通过: the answer becomes the result, the cadre stays its handler', async () => {
    const report = await newReport();
    expectOk(await dispatch(staff, report.id, 3));
    const accepted = expectOk(await cadre(cadre3, report.id, 'accept')) as PhotoReportDetail;
    assert.equal(accepted.status, 'processing');
    assert.equal(accepted.handlerName, '陈立新');
    expectError(await cadre(cadre3, report.id, 'accept'), 409, PEOPLE_MESSAGES.reportMoved('processing'));
    assert.ok((await villageList(cadre3, 'open')).list.some((r) => r.id === report.id));

    const photos = await uploadImages(t, cadre3, 2);
    const replied = expectOk(await cadre(cadre3, report.id, 'reply', { result: '垃圾已清运，河道已清理', imageIds: photos }));
    assert.equal(replied.status, 'reviewing');
    assert.equal(replied.result, '垃圾已清运，河道已清理');
    assert.deepEqual(
      replied.resultImages.map((i: { id: number }) => i.id),
      photos,
    );
    assert.match(replied.resultImages[0].url, /\?exp=\d+&sig=/);
    // The signed address serves the photo to whoever got it.
    const served = await t.call(undefined, { method: 'GET', url: replied.resultImages[0].url });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(
      replied.history.at(-1)!.images!.map((i: { id: number }) => i.id),
      photos,
    );
    // Answered: no longer to do, now under done; the town can no longer finish it around the review.
    assert.ok(!(await villageList(cadre3, 'open')).list.some((r) => r.id === report.id));
    assert.ok((await villageList(cadre3, 'done')).list.some((r) => r.id === report.id && r.status === 'reviewing'));
    expectError(
      await post(staff, `/api/photo-reports/${report.id}/handle`, { result: 'x', imageIds: [] }),
      409,
      PEOPLE_MESSAGES.reportMoved('reviewing'),
    );
    expectError(await dispatch(staff, report.id, 4), 409, PEOPLE_MESSAGES.reportMoved('reviewing'));

    // The bell of the centre lists it under 待审核随手拍, not a village-scoped handler's.
    const bell = expectOk(await get(staff, '/api/notices')) as { groups: NoticeGroup[] };
    const review = bell.groups.find((g) => g.kind === 'reviewPhotoReports')!;
    assert.ok(review.count >= 1);
    assert.equal(review.link, '/peopleService/shot?status=reviewing');
    const areaBell = expectOk(await get(areaHandler, '/api/notices')) as { groups: NoticeGroup[] };
    assert.ok(!areaBell.groups.some((g) => g.kind === 'reviewPhotoReports'));

    // Only the centre reviews.
    expectError(await post(areaHandler, `/api/photo-reports/${report.id}/approve`, {}), 403, PEOPLE_MESSAGES.reportDispatchTownWide);
    expectError(await post(cadre3, `/api/photo-reports/${report.id}/approve`, {}), 403);
    const approved = expectOk(await post(staff, `/api/photo-reports/${report.id}/approve`, { note: '处置到位' })) as PhotoReportDetail;
    assert.equal(approved.status, 'handled');
    assert.equal(approved.result, '垃圾已清运，河道已清理');
    assert.equal(approved.handlerName, '陈立新');
    assert.ok(approved.handledAt);
    assert.deepEqual(
      approved.resultImages.map((i) => i.id),
      photos,
    );
    assert.deepEqual(
      approved.history.slice(-3).map((h) => [h.action, h.actorName, h.note]),
      [
        ['accept', '陈立新', ''],
        ['reply', '陈立新', '垃圾已清运，河道已清理'],
        ['approve', '李晓燕', '处置到位'],
      ],
    );
    expectError(await post(staff, `/api/photo-reports/${report.id}/approve`, {}), 409, PEOPLE_MESSAGES.reportMoved('handled'));
    // The villager reads the village's result on their own report once approved, and never the exchange before it.
    const own = await detail(villager, report.id);
    assert.equal(own.result, '垃圾已清运，河道已清理');
    assert.equal(own.resultImages.length, 2);
  });

  test('退回: back to the village with the reason, its cadres told; the returned answer keeps its photos in the history', async () => {
    const report = await acceptedIn3();
    const first = await uploadImages(t, cadre3, 1);
    expectOk(await cadre(cadre3, report.id, 'reply', { result: '已清理', imageIds: first }));
    // Under review, the villager does not read the village's answer yet.
    const waiting = await detail(villager, report.id);
    assert.deepEqual([waiting.status, waiting.result, waiting.resultImages.length], ['reviewing', null, 0]);
    expectError(await post(areaHandler, `/api/photo-reports/${report.id}/return`, { reason: '照片看不清' }), 403);
    const returned = expectOk(
      await post(staff, `/api/photo-reports/${report.id}/return`, { reason: '照片看不清，请补拍全景' }),
    ) as PhotoReportDetail;
    assert.equal(returned.status, 'processing');
    const own = await detail(villager, report.id);
    assert.equal(own.status, 'processing');
    assert.equal(own.returnReason, null);
    assert.ok(!own.history.some((h) => h.action === 'return'));
    assert.ok(own.history.filter((h) => h.action === 'reply').every((h) => h.note === '' && !h.images));
    assert.equal(returned.result, null);
    assert.deepEqual(returned.resultImages, []);
    assert.equal(returned.returnReason, '照片看不清，请补拍全景');
    const replyStep = returned.history.findLast((h) => h.action === 'reply')!;
    assert.deepEqual(
      replyStep.images!.map((i) => i.id),
      first,
    );

    // 第二村's cadre is told; 第一村's hear nothing.
    const notice = (await noticesOf(cadre3)).find((n) => n.kind === 'photoReportReturned' && n.photoReportId === report.id)!;
    assert.equal(notice.body, '镇里退回了随手拍「河道边堆了垃圾」的处置结果，原因：照片看不清，请补拍全景。请重新处置后回复。');
    assert.ok(!(await noticesOf(grid2)).some((n) => n.photoReportId === report.id));
    assert.ok((await villageList(cadre3, 'open')).list.some((r) => r.id === report.id));

    const second = await uploadImages(t, cadre3, 1);
    const again = expectOk(await cadre(cadre3, report.id, 'reply', { result: '已补拍全景', imageIds: second })) as PhotoReportDetail;
    assert.equal(again.returnReason, null);
    assert.deepEqual(
      again.resultImages.map((i) => i.id),
      second,
    );
    const approved = expectOk(await post(admin, `/api/photo-reports/${report.id}/approve`, {})) as PhotoReportDetail;
    assert.equal(approved.result, '已补拍全景');
    assert.deepEqual(
      approved.history.map((h) => h.action),
      ['submit', 'dispatch', 'accept', 'reply', 'return', 'reply', 'approve'],
    );
  });

  test('two cadres of the village at once: one accepts, the other gets 409', async () => {
    const photos = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, photos, { area: 2 });
    expectOk(await dispatch(staff, report.id, 2));
    const results = await Promise.all([cadre(cadre2, report.id, 'accept'), cadre(grid2, report.id, 'accept')]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
  });

  test('the town may still handle or invalidate what a village accepted, and every step is in the operation log', async () => {
    const report = await acceptedIn3();
    expectOk(await post(staff, `/api/photo-reports/${report.id}/invalid`, { reason: '重复上报' }));
    const photos = await uploadImages(t, cadre3, 1);
    expectError(await cadre(cadre3, report.id, 'reply', { result: 'x', imageIds: photos }), 409, PEOPLE_MESSAGES.reportMoved('invalid'));
    // The log is written after the answer has gone out: wait for the last step's entry.
    const actions = async () =>
      (
        await t.database.db
          .select({ action: operationLogs.action, statusCode: operationLogs.statusCode })
          .from(operationLogs)
          .where(eq(operationLogs.targetId, String(report.id)))
      )
        .filter((l) => l.statusCode === 200)
        .map((l) => l.action);
    for (let tries = 0; tries < 600 && !(await actions()).some((a) => a.startsWith('标为无效')); tries++)
      await new Promise((r) => setTimeout(r, 50));
    const logged = await actions();
    assert.ok(logged.some((a) => a.startsWith('转派随手拍到村')));
    assert.ok(logged.some((a) => a.startsWith('村里受理转派的随手拍')));
    assert.ok(logged.some((a) => a.startsWith('标为无效')));
  });
});

describe('village replies to appeals take photos', () => {
  test('a cadre replies with photos; the villager reads them at signed addresses; the history keeps them', async () => {
    const appeal = await createAppeal(t, villager, { title: '路灯不亮' });
    expectOk(await post(staff, `/api/appeals/${appeal.id}/dispatch`, { areaId: 2 }));
    expectOk(await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/accept`));
    const photos = await uploadImages(t, cadre2, 3);
    const [others] = await uploadImages(t, villager, 1);
    expectError(
      await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/reply`, { reply: '已修好', imageIds: [others] }),
      400,
      undefined,
      'imageIds',
    );
    expectError(
      await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/reply`, {
        reply: '已修好',
        imageIds: Array.from({ length: 10 }, (_, i) => i + 1),
      }),
      400,
      undefined,
      'imageIds',
    );
    const replied = expectOk(
      await post(cadre2, `/api/my/dispatched-appeals/${appeal.id}/reply`, { reply: '已更换灯泡', imageIds: photos }),
    ) as AppealDetail;
    assert.deepEqual(
      replied.replyImages.map((i) => i.id),
      photos,
    );
    const own = expectOk(await get(villager, `/api/appeals/${appeal.id}`)) as AppealDetail;
    assert.equal(own.replyImages.length, 3);
    assert.match(own.replyImages[0].url, /\?exp=\d+&sig=/);
    assert.equal((await t.call(undefined, { method: 'GET', url: own.replyImages[0].url })).statusCode, 200);
    // Without the signature the photo is refused: it is private.
    assert.equal((await t.call(undefined, { method: 'GET', url: own.replyImages[0].url.split('?')[0] })).statusCode, 403);
    assert.equal(own.history.find((h) => h.action === 'reply')!.images!.length, 3);
  });

  test('the town’s reply takes photos as well; without photos the reply has none', async () => {
    const withPhotos = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, withPhotos.id, 'accept'));
    const [photo] = await uploadImages(t, staff, 1);
    const replied = expectOk(await appealStep(t, staff, withPhotos.id, 'reply', { reply: '已处理', imageIds: [photo] })) as AppealDetail;
    assert.deepEqual(
      replied.replyImages.map((i) => i.id),
      [photo],
    );
    const plain = await createAppeal(t, villager);
    expectOk(await appealStep(t, staff, plain.id, 'accept'));
    const bare = expectOk(await appealStep(t, staff, plain.id, 'reply', { reply: '已处理' })) as AppealDetail;
    assert.deepEqual(bare.replyImages, []);
    assert.equal(bare.history.at(-1)!.images, undefined);
  });
});
