import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { PhotoCheck } from '../../common/contracts/photoChecks';
import type { AppealDetail, PhotoReportDetail } from '../../common/contracts/people';
import type { CheckedImage, SubmissionItem } from '../../common/contracts/tasks';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createAppeal, createPhotoReport, peopleHandler } from '../../tests/helpers/people';
import { scenePhoto, uploadPhoto } from '../../tests/helpers/photos';
import { createAccount, expectError, expectOk, publishedTask, submitOk, uploadImages } from '../../tests/helpers/tasks';
import { submissionImages, submissions, tasks, uploads } from '../db/schema';
import { hashPendingUploads } from '../jobs/photoHashBackfill';
import { nearUploads, nearUploadsQuery } from '../services/uploads/photoMatches';

// The duplicate and stale photo check (ADR 0027) through the API: a photo sent again on another
// record is pointed out to its reviewer with the earlier record, never refused; so is a photo taken
// before the task or long before its upload; what the reviewer may not open is named, not linked.

let t: TestContext;
let admin: string;
let staff: string;
const tokens: Record<string, string> = {};

const DAY = 86400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

before(async () => {
  t = await createTestContext();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  for (const account of ['cadre02', 'grid02', 'cadre03', 'villager02', 'villager03']) tokens[account] = await t.login(account);
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const photoTask = (title: string, overrides: Record<string, unknown> = {}) =>
  publishedTask(t, staff, { title, template: '2', imageNum: 1, areas: [2, 3], ...overrides });
/** The submission as the audit queue shows it to `token`. */
const reviewed = async (token: string, id: number): Promise<SubmissionItem> => expectOk(await get(token, `/api/submissions/${id}`));
const checkOf = (image: CheckedImage): PhotoCheck => {
  assert.ok(image.check, 'the reviewer gets the photo check');
  return image.check;
};

describe('the demo', () => {
  test('shows a re-sent photo, an old one and one without a capture time in the queues', async () => {
    const queue = expectOk(await get(staff, '/api/submissions?status=pending&pageSize=100')).list as SubmissionItem[];
    const planted = new Set<SubmissionItem>();
    const byTask = (title: string, name: string) => {
      const found = queue.find((s) => s.taskTitle === title && s.userName === name);
      assert.ok(found, `${name}: ${title}`);
      planted.add(found);
      return found.images.map(checkOf);
    };
    const [resent, fresh] = byTask('“清洁村庄”人居环境集中整治', '刘志强');
    assert.equal(resent.duplicateOf[0]?.label, '刘志强提交的「春耕备耕农资情况摸排」');
    assert.deepEqual(fresh.duplicateOf, []);
    const [notice] = byTask('村级财务公开情况检查', '张红梅');
    assert.deepEqual([notice.stale, notice.staleReason], [true, '拍摄于任务发布之前']);
    assert.ok(byTask('秸秆禁烧巡查记录', '陈立新').every((c) => c.takenAt === null && !c.stale));
    // Every other pending photo has its capture time and is neither a duplicate nor old.
    const others = queue.filter((s) => !planted.has(s)).flatMap((s) => s.images.map(checkOf));
    assert.ok(others.length > 0);
    assert.ok(others.every((c) => c.compared && c.takenAt && !c.duplicateOf.length && !c.stale));

    const reports = expectOk(await get(staff, '/api/photo-reports?status=pending&pageSize=100')).list as Array<{
      id: number;
      excerpt: string;
    }>;
    const detail = async (text: string): Promise<PhotoCheck[]> => {
      const report = reports.find((r) => r.excerpt.startsWith(text));
      assert.ok(report, text);
      return (expectOk(await get(staff, `/api/photo-reports/${report.id}`)) as PhotoReportDetail).images.map(checkOf);
    };
    const [, pole] = await detail('桥边护栏断了');
    assert.equal(pole.duplicateOf[0]?.label, '周大伯的随手拍「电线杆倾斜，电线垂得很低。」');
    const [litter] = await detail('路边绿化带');
    assert.deepEqual([litter.stale, litter.staleReason], [true, '拍摄时间早于上传30天以上']);
  });
});

describe('near-identical photos', () => {
  test('a cadre sends last month’s photo again on another task: accepted, and the reviewer is told which report had it', async () => {
    const march = await photoTask('三月道路巡查');
    const april = await photoTask('四月道路巡查');
    // The first time straight from the camera; the second time as the phone compresses it (1600 px, quality 0.8).
    const original = await scenePhoto(11, { width: 2400, quality: 92 });
    const first = await submitOk(t, tokens.cadre02, march.id, { imageIds: [await uploadPhoto(t, tokens.cadre02, original)] });
    const resent = await sharp(original).resize(1600).jpeg({ quality: 80 }).toBuffer();
    const second = await submitOk(t, tokens.cadre02, april.id, { imageIds: [await uploadPhoto(t, tokens.cadre02, resent)] });
    assert.equal(second.status, 'pending', 'never refused for it');
    // The cadre's own answer carries no check.
    assert.equal(second.images[0].check, undefined);

    const check = checkOf((await reviewed(staff, second.id)).images[0]);
    assert.equal(check.duplicateCount, 1);
    assert.equal(check.compared, true);
    const [duplicate] = check.duplicateOf;
    assert.equal(duplicate.kind, 'submission');
    assert.equal(duplicate.id, first.id);
    assert.equal(duplicate.label, '张红梅提交的「三月道路巡查」');
    assert.ok(duplicate.distance <= 6, `distance ${duplicate.distance}`);
    assert.ok(Date.parse(duplicate.uploadedAt) <= Date.parse(second.createdAt));
    // The earlier report is not flagged by the later one.
    assert.deepEqual(checkOf((await reviewed(staff, first.id)).images[0]).duplicateOf, []);
    // The queue shows the same.
    const page = expectOk(await get(staff, `/api/submissions?taskId=${april.id}&status=pending`));
    assert.equal(checkOf(page.list[0].images[0]).duplicateOf[0].id, first.id);
  });

  test('another scene is not a duplicate; a one-colour picture is not compared at all', async () => {
    const task = await photoTask('五月道路巡查');
    const other = await submitOk(t, tokens.grid02, task.id, { imageIds: [await uploadPhoto(t, tokens.grid02, await scenePhoto(12))] });
    const check = checkOf((await reviewed(staff, other.id)).images[0]);
    assert.deepEqual([check.duplicateOf, check.duplicateCount, check.compared], [[], 0, true]);

    // Plain red pictures are all alike: they say nothing, so none is flagged for looking like another.
    const plainTask = await photoTask('纯色图片');
    const plainTask2 = await photoTask('纯色图片二');
    await submitOk(t, tokens.grid02, plainTask.id, { imageIds: await uploadImages(t, tokens.grid02, 1) });
    const plain = await submitOk(t, tokens.grid02, plainTask2.id, { imageIds: await uploadImages(t, tokens.grid02, 1) });
    const plainCheck = checkOf((await reviewed(staff, plain.id)).images[0]);
    assert.deepEqual([plainCheck.duplicateOf, plainCheck.compared], [[], false]);
  });

  test('an appeal photo sent again with a photo report is flagged on the report, for its handler only', async () => {
    const photo = await scenePhoto(21);
    const appeal = await createAppeal(t, tokens.villager02, {
      title: '桥边护栏断了',
      imageIds: [await uploadPhoto(t, tokens.villager02, photo)],
    });
    const copy = await sharp(photo).resize(800).jpeg({ quality: 70 }).toBuffer();
    const report = await createPhotoReport(t, tokens.villager03, [await uploadPhoto(t, tokens.villager03, copy)], { area: 3 });
    // The submitter reads their own report without any check.
    assert.equal(report.images[0].check, undefined);

    const handled: PhotoReportDetail = expectOk(await get(staff, `/api/photo-reports/${report.id}`));
    const [duplicate] = checkOf(handled.images[0]).duplicateOf;
    assert.deepEqual(
      { kind: duplicate.kind, id: duplicate.id, label: duplicate.label },
      { kind: 'appeal', id: appeal.id, label: '周大伯的诉求「桥边护栏断了」' },
    );
    const earlier: AppealDetail = expectOk(await get(staff, `/api/appeals/${appeal.id}`));
    assert.deepEqual(checkOf(earlier.images[0]).duplicateOf, []);
  });

  test('a record the reader may not open is named by its village only, without title or link', async () => {
    const photo = await scenePhoto(31);
    const inTwo = await photoTask('二村先报', { areas: [2] });
    const inThree = await photoTask('三村后报', { areas: [3] });
    await submitOk(t, tokens.cadre02, inTwo.id, { imageIds: [await uploadPhoto(t, tokens.cadre02, photo)] });
    const later = await submitOk(t, tokens.cadre03, inThree.id, { imageIds: [await uploadPhoto(t, tokens.cadre03, photo)] });

    const role = expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '三村审核员', code: 'photo_reviewer3', permissions: ['taskManage'], dataScope: 'area' },
      }),
    );
    const reviewer3 = (await createAccount(t, admin, { account: 'photoreviewer3', roleId: role.id, area: 3 })).token;
    const [hidden] = checkOf((await reviewed(reviewer3, later.id)).images[0]).duplicateOf;
    assert.deepEqual({ kind: hidden.kind, id: hidden.id, label: hidden.label }, { kind: 'submission', id: null, label: '另一村的提交' });
    assert.doesNotMatch(JSON.stringify(hidden), /二村先报|张红梅/);
    const [shown] = checkOf((await reviewed(staff, later.id)).images[0]).duplicateOf;
    assert.equal(shown.label, '张红梅提交的「二村先报」');

    // A people-service handler of village 3 sees a village-2 appeal the same way.
    const appealPhoto = await scenePhoto(32);
    await createAppeal(t, tokens.villager02, { title: '二村的诉求', imageIds: [await uploadPhoto(t, tokens.villager02, appealPhoto)] });
    const report = await createPhotoReport(t, tokens.villager03, [await uploadPhoto(t, tokens.villager03, appealPhoto)], { area: 3 });
    const handler3 = (await peopleHandler(t, admin, { code: 'photo_handler3', dataScope: 'area', area: 3 })).token;
    const fromHandler: PhotoReportDetail = expectOk(await get(handler3, `/api/photo-reports/${report.id}`));
    const [appealHidden] = checkOf(fromHandler.images[0]).duplicateOf;
    assert.deepEqual({ id: appealHidden.id, label: appealHidden.label }, { id: null, label: '另一村的诉求' });
  });
});

describe('capture time', () => {
  test('taken before the task was published, long before the upload, or without a time at all', async () => {
    const task = await photoTask('拍摄时间检查', { imageNum: 3 });
    await t.database.db
      .update(tasks)
      .set({ publishedAt: daysAgo(3) })
      .where(eq(tasks.id, task.id));
    const imageIds = [
      await uploadPhoto(t, tokens.cadre02, await scenePhoto(41, { takenAt: daysAgo(5) })),
      await uploadPhoto(t, tokens.cadre02, await scenePhoto(42, { takenAt: daysAgo(1) })),
      await uploadPhoto(t, tokens.cadre02, await scenePhoto(43)),
    ];
    const made = await submitOk(t, tokens.cadre02, task.id, { imageIds });
    const [before, fresh, unknown] = (await reviewed(staff, made.id)).images.map(checkOf);
    assert.deepEqual([before.stale, before.staleReason], [true, '拍摄于任务发布之前']);
    assert.ok(before.takenAt && Math.abs(Date.parse(before.takenAt) - daysAgo(5).getTime()) < 5000, before.takenAt ?? 'none');
    assert.deepEqual([fresh.stale, fresh.staleReason], [false, null]);
    assert.deepEqual([unknown.takenAt, unknown.stale, unknown.staleReason], [null, false, null]);
  });

  test('an appeal photo taken more than the set number of days before its upload', async () => {
    const old = await uploadPhoto(t, tokens.villager02, await scenePhoto(51, { takenAt: daysAgo(40) }));
    const appeal = await createAppeal(t, tokens.villager02, { imageIds: [old] });
    const stale = () => get(staff, `/api/appeals/${appeal.id}`).then((res) => checkOf((expectOk(res) as AppealDetail).images[0]));
    assert.deepEqual(await stale().then((c) => [c.stale, c.staleReason]), [true, '拍摄时间早于上传30天以上']);
    expectOk(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { photoStaleDays: 60 } }));
    assert.deepEqual(await stale().then((c) => [c.stale, c.staleReason]), [false, null]);
    expectOk(await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { photoStaleDays: 30 } }));
  });

  test('the setting takes 1–365 days from the admin only', async () => {
    for (const photoStaleDays of [0, 366, 2.5]) {
      expectError(
        await t.call(admin, { method: 'PUT', url: '/api/settings', payload: { photoStaleDays } }),
        400,
        undefined,
        'photoStaleDays',
      );
    }
    expectError(await t.call(staff, { method: 'PUT', url: '/api/settings', payload: { photoStaleDays: 10 } }), 403);
    assert.equal(expectOk(await get(staff, '/api/settings')).photoStaleDays, 30);
  });
});

describe('the index and the photos from before', () => {
  test('the band lookup finds every hash within 6 bits and none at 7', async () => {
    const base = 0x5a3c_96e1_0f7b_c284n;
    const flip = (hash: bigint, bits: number[]) =>
      BigInt.asIntN(
        64,
        bits.reduce((h, bit) => h ^ (1n << BigInt(bit)), hash),
      );
    // Flips spread so that every band differs in at least one bit (the hardest case for the probes).
    const six = flip(base, [0, 17, 33, 49, 2, 35]);
    const seven = flip(base, [0, 17, 33, 49, 2, 35, 51]);
    const [sixRow, sevenRow] = await t.database.db
      .insert(uploads)
      .values(
        [six, seven].map((phash) => ({
          storedName: `${randomUUID()}.jpg`,
          contentType: 'image/jpeg',
          size: 1,
          visibility: 'private',
          phash,
        })),
      )
      .returning({ id: uploads.id });
    const found = await nearUploads(t.database.db, BigInt.asIntN(64, base));
    assert.deepEqual(
      found.filter((n) => n.id === sixRow.id || n.id === sevenRow.id),
      [{ id: sixRow.id, distance: 6 }],
    );
  });

  test('the lookup reads the band indexes (their expression is the query’s)', async () => {
    // Enough hashed photos for the planner to weigh the indexes against a scan as it will in use.
    await t.database.db.execute(sql`
      insert into uploads (stored_name, content_type, size, visibility, phash)
      select 'plan-' || g || '.jpg', 'image/jpeg', 1, 'private', ('x' || substr(md5(g::text), 1, 16))::bit(64)::bigint
      from generate_series(1, 20000) g`);
    await t.database.db.execute(sql`analyze uploads`);
    const plan = await t.database.db.execute(sql`explain ${nearUploadsQuery(0x1234_5678_9abc_def0n)}`);
    const lines = (plan as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((r) => r['QUERY PLAN']).join('\n');
    // Each band's branch is served by its own index (a bitmap or an index-only scan, as the table's size decides).
    for (const k of [0, 1, 2, 3]) {
      assert.match(lines, new RegExp(`uploads_phash_band${k}_idx.*\\n\\s*Index Cond: \\(\\(\\(phash >> ${k * 16}\\)`), lines);
    }
  });

  test('an upload from before the hashes is hashed by the background job, and a later report with it is flagged', async () => {
    const photo = await scenePhoto(61);
    const task = await photoTask('旧照片');
    const later = await photoTask('新任务');
    // An old report: its photo stored before hashing existed (no hash, waiting for the job).
    const oldSubmission = await submitOk(t, tokens.grid02, task.id, { imageIds: [await uploadPhoto(t, tokens.grid02, photo)] });
    const [{ uploadId }] = await t.database.db
      .select({ uploadId: submissionImages.uploadId })
      .from(submissionImages)
      .where(eq(submissionImages.submissionId, oldSubmission.id));
    await t.database.db.update(uploads).set({ phash: null, phashPending: true }).where(eq(uploads.id, uploadId));
    await t.database.db.execute(sql`delete from photo_matches where other_upload_id = ${uploadId} or upload_id = ${uploadId}`);
    await t.database.db
      .update(submissions)
      .set({ createdAt: daysAgo(20) })
      .where(eq(submissions.id, oldSubmission.id));
    const newer = await submitOk(t, tokens.grid02, later.id, { imageIds: [await uploadPhoto(t, tokens.grid02, photo)] });
    assert.deepEqual(checkOf((await reviewed(staff, newer.id)).images[0]).duplicateOf, [], 'not found before the job ran');
    const old = checkOf((await reviewed(staff, oldSubmission.id)).images[0]);
    assert.equal(old.compared, false);

    const hashed = await hashPendingUploads(t.database.db, t.app.storage, t.app.imageDecodes, t.app.decodeWorkers);
    assert.ok(hashed >= 1);
    const [row] = await t.database.db.select({ pending: uploads.phashPending }).from(uploads).where(eq(uploads.id, uploadId));
    assert.equal(row.pending, false);
    assert.equal(checkOf((await reviewed(staff, newer.id)).images[0]).duplicateOf[0]?.id, oldSubmission.id);
    assert.deepEqual(checkOf((await reviewed(staff, oldSubmission.id)).images[0]).duplicateOf, []);
    assert.equal(await hashPendingUploads(t.database.db, t.app.storage, t.app.imageDecodes, t.app.decodeWorkers), 0, 'nothing left');
  });
});
