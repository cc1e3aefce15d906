import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MyPhotoReportItem, PhotoReportCounts, PhotoReportDetail, PhotoReportItem } from '../../common/contracts/people';
import { PEOPLE_MESSAGES } from '../../common/constants';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createPhotoReport, peopleHandler, photoReportBody } from '../../tests/helpers/people';
import { expectError, expectOk, uploadImages } from '../../tests/helpers/tasks';
import { opinions } from '../db/schema';

let t: TestContext;
let admin: string;
let staff: string;
let staff2: string;
let villager: string; // villager02, area 2
let villager3: string; // villager03, area 3
let cadre: string;

before(async () => {
  t = await createTestContext();
  [admin, staff, staff2, villager, villager3, cadre] = await Promise.all(
    ['admin', 'staff01', 'staff02', 'villager02', 'villager03', 'cadre02'].map((a) => t.login(a)),
  );
});
after(async () => {
  await t.close();
});

const get = (token: string | undefined, url: string) => t.call(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
const list = async (token: string, query = '') =>
  expectOk(await get(token, `/api/photo-reports?pageSize=100&${query}`)) as { list: PhotoReportItem[]; total: number };
const handle = (token: string, id: number, payload: Record<string, unknown>) => post(token, `/api/photo-reports/${id}/handle`, payload);
const invalid = (token: string, id: number, payload: Record<string, unknown>) => post(token, `/api/photo-reports/${id}/invalid`, payload);

describe('submitting a photo report', () => {
  test('photos first: the report keeps them in order, with type, place, coordinates and a pending state', async () => {
    const imageIds = await uploadImages(t, villager, 3);
    const report = await createPhotoReport(t, villager, [imageIds[2], imageIds[0], imageIds[1]], {
      description: '  桥边护栏断了  ',
      type: 2,
      location: '第一村三组石桥',
      lat: 30.123456,
      lng: 120.654321,
    });
    assert.equal(report.status, 'pending');
    assert.equal(report.description, '桥边护栏断了');
    assert.equal(report.excerpt, '桥边护栏断了');
    assert.equal(report.type, 2);
    assert.equal(report.location, '第一村三组石桥');
    assert.equal(report.lat, 30.123456);
    assert.equal(report.lng, 120.654321);
    assert.equal(report.imageCount, 3);
    assert.deepEqual(
      report.images.map((i) => i.id),
      [imageIds[2], imageIds[0], imageIds[1]],
    );
    assert.equal(report.cover?.id, imageIds[2]);
    assert.deepEqual(report.resultImages, []);
    assert.deepEqual(
      report.history.map((h) => [h.action, h.actorName]),
      [['submit', '周大伯']],
    );
  });

  test('at least one and at most nine photos, each an upload of the submitter', async () => {
    expectError(await post(villager, '/api/photo-reports', photoReportBody([])), 400, undefined, 'imageIds');
    const ten = await uploadImages(t, villager, 10);
    expectError(await post(villager, '/api/photo-reports', photoReportBody(ten)), 400, undefined, 'imageIds');
    const [others] = await uploadImages(t, villager3, 1);
    expectError(await post(villager, '/api/photo-reports', photoReportBody([others])), 400, /不是您本人上传的/, 'imageIds');
    expectError(await post(villager, '/api/photo-reports', photoReportBody([ten[0], ten[0]])), 400, undefined, 'imageIds');
  });

  test('bad input is a 400 naming the field; the location is optional', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ description: ' ' }, 'description'],
      [{ description: '长'.repeat(1001) }, 'description'],
      [{ type: 5 }, 'type'],
      [{ area: 0 }, 'area'],
      [{ lat: 91 }, 'lat'],
      [{ lng: -181 }, 'lng'],
      [{ location: '长'.repeat(101) }, 'location'],
    ];
    for (const [overrides, field] of cases) {
      expectError(await post(villager, '/api/photo-reports', photoReportBody([photo], overrides)), 400, undefined, field);
    }
    const noPlace = await createPhotoReport(t, villager, [photo], { location: '', lat: null, lng: null });
    assert.equal(noPlace.location, '');
    assert.equal(noPlace.lat, null);
  });

  test('a retry with the same client key answers the same report', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const body = photoReportBody([photo], { description: '重试的随手拍' });
    const [a, b] = await Promise.all([post(villager, '/api/photo-reports', body), post(villager, '/api/photo-reports', body)]);
    assert.equal(expectOk(a).id, expectOk(b).id);
    assert.equal((await list(admin, 'keyword=重试的随手拍')).total, 1);
  });

  test('a report naming a watch keyword becomes an opinion item; a safety hazard is 重要', async () => {
    expectOk(await post(staff, '/api/opinion-keywords', { keyword: '电线' }));
    const [photo] = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, [photo], { type: 2, description: '电线垂到地面了', location: '二组路口' });
    const [item] = await t.database.db.select().from(opinions).where(eq(opinions.photoReportId, report.id));
    assert.equal(item.source, 5);
    assert.equal(item.level, 2);
    assert.equal(item.keyword, '电线');
    assert.equal(item.title, '随手拍·安全隐患：电线垂到地面了');
    assert.equal(item.summary, '电线垂到地面了（位置：二组路口）');
  });
});

describe('handling a photo report', () => {
  test('pending → handled with the result and result photos; the villager sees them', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, [photo]);
    const results = await uploadImages(t, staff, 2);
    expectError(await handle(staff, report.id, { result: ' ', imageIds: [] }), 400, undefined, 'result');
    const [villagerPhoto] = await uploadImages(t, villager, 1);
    expectError(await handle(staff, report.id, { result: '已清理', imageIds: [villagerPhoto] }), 400, /不是您本人上传的/, 'imageIds');
    const res = await handle(staff, report.id, { result: '  已清理完毕  ', imageIds: results });
    const handled = expectOk(res) as PhotoReportDetail;
    assert.equal(res.json().message, '已处理');
    assert.equal(handled.status, 'handled');
    assert.equal(handled.result, '已清理完毕');
    assert.deepEqual(
      handled.resultImages.map((i) => i.id),
      results,
    );
    assert.equal(handled.handlerName, '李晓燕');
    assert.ok(handled.handledAt);
    assert.deepEqual(
      handled.history.map((h) => [h.action, h.note]),
      [
        ['submit', ''],
        ['handle', '已清理完毕'],
      ],
    );
    const own = expectOk(await get(villager, `/api/photo-reports/${report.id}`)) as PhotoReportDetail;
    assert.equal(own.result, '已清理完毕');
    const mine = expectOk(await get(villager, '/api/my/photo-reports?pageSize=100')) as { list: MyPhotoReportItem[] };
    assert.equal(mine.list.find((r) => r.id === report.id)?.result, '已清理完毕');
  });

  test('pending → invalid with a reason; nothing moves twice, and two handlers at once make one 409', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, [photo]);
    expectError(await invalid(staff, report.id, { reason: '' }), 400, undefined, 'reason');
    const done = expectOk(await invalid(staff, report.id, { reason: '照片与问题无关' })) as PhotoReportDetail;
    assert.equal(done.status, 'invalid');
    assert.equal(done.invalidReason, '照片与问题无关');
    expectError(await handle(staff, report.id, { result: '处理', imageIds: [] }), 409, PEOPLE_MESSAGES.reportMoved('invalid'));
    expectError(await invalid(staff, report.id, { reason: '再次' }), 409, PEOPLE_MESSAGES.reportMoved('invalid'));

    const [photo2] = await uploadImages(t, villager, 1);
    const raced = await createPhotoReport(t, villager, [photo2]);
    const results = await Promise.all([
      handle(staff, raced.id, { result: '甲处理', imageIds: [] }),
      invalid(staff2, raced.id, { reason: '乙认为无效' }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 409]);
    const after = expectOk(await get(admin, `/api/photo-reports/${raced.id}`)) as PhotoReportDetail;
    assert.equal(after.history.length, 2);
    expectError(await handle(staff, 999999, { result: 'x', imageIds: [] }), 404, '随手拍不存在');
  });
});

describe('lists, counts and who sees what', () => {
  test('filters by status, type, area, keyword and period; the counts follow the other filters', async () => {
    const mark = `随拍${Date.now()}`;
    const [p1, p2] = await uploadImages(t, villager, 2);
    const [p3] = await uploadImages(t, villager3, 1);
    const a = await createPhotoReport(t, villager, [p1], { description: `${mark}甲`, type: 1 });
    const b = await createPhotoReport(t, villager, [p2], { description: `${mark}乙`, type: 3 });
    const c = await createPhotoReport(t, villager3, [p3], { description: `${mark}丙`, area: 3, type: 1 });
    expectOk(await handle(staff, b.id, { result: '修好了', imageIds: [] }));
    assert.deepEqual(
      (await list(admin, `keyword=${mark}`)).list.map((r) => r.id),
      [c.id, b.id, a.id],
    );
    assert.deepEqual(
      (await list(admin, `keyword=${mark}&status=handled`)).list.map((r) => r.id),
      [b.id],
    );
    assert.deepEqual(
      (await list(admin, `keyword=${mark}&type=1&area=3`)).list.map((r) => r.id),
      [c.id],
    );
    assert.equal((await list(admin, `keyword=${mark}&to=2000-01-01T00:00:00Z`)).total, 0);
    const counts = expectOk(await get(admin, `/api/photo-reports/counts?keyword=${mark}`)) as PhotoReportCounts;
    assert.deepEqual(counts, { all: 3, pending: 2, processing: 0, reviewing: 0, handled: 1, invalid: 0 });
    const area3 = expectOk(await get(admin, `/api/photo-reports/counts?keyword=${mark}&area=3`)) as PhotoReportCounts;
    assert.deepEqual(area3, { all: 1, pending: 1, processing: 0, reviewing: 0, handled: 0, invalid: 0 });
    expectError(await get(admin, '/api/photo-reports?status=done'), 400, undefined, 'status');
  });

  test("IDOR: another villager's report is 404; villagers and cadres cannot list or handle", async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const report = await createPhotoReport(t, villager, [photo]);
    expectError(await get(villager3, `/api/photo-reports/${report.id}`), 404, '随手拍不存在');
    for (const token of [villager, villager3, cadre]) {
      expectError(await get(token, '/api/photo-reports'), 403);
      expectError(await handle(token, report.id, { result: 'x', imageIds: [] }), 403);
      expectError(await invalid(token, report.id, { reason: 'x' }), 403);
    }
    const mine = expectOk(await get(villager3, '/api/my/photo-reports?pageSize=100')) as { list: MyPhotoReportItem[] };
    assert.ok(mine.list.every((r) => r.submitterName === '吴秀兰'));
  });

  test('an area-scoped handler sees and handles only their area', async () => {
    const handler = await peopleHandler(t, admin, { code: 'shot_area3', dataScope: 'area', area: 3 });
    const [p1] = await uploadImages(t, villager, 1);
    const [p2] = await uploadImages(t, villager3, 1);
    const outside = await createPhotoReport(t, villager, [p1]);
    const inside = await createPhotoReport(t, villager3, [p2], { area: 3 });
    const seen = await list(handler.token);
    assert.ok(seen.list.every((r) => r.area === 3));
    assert.ok(seen.list.some((r) => r.id === inside.id));
    expectError(await get(handler.token, `/api/photo-reports/${outside.id}`), 404);
    expectError(await handle(handler.token, outside.id, { result: 'x', imageIds: [] }), 404);
    expectOk(await handle(handler.token, inside.id, { result: '已处理', imageIds: [] }));
  });
});
