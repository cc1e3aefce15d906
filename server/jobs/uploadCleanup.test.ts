import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews, saveCentre, saveVillage } from '../../tests/helpers/content';
import { createAppeal, createPhotoReport } from '../../tests/helpers/people';
import { createTask, expectOk, publishedTask, submitOk, uploadImages } from '../../tests/helpers/tasks';
import { uploads } from '../db/schema';
import { localStorage } from '../lib/storage';
import { purgeUnusedUploads } from './uploadCleanup';

// Uploads that nothing used are deleted after a day, with their files; everything a record uses
// stays, whichever way it uses it, and each use decides who may fetch the picture afterwards.

describe('unused uploads', () => {
  let t: TestContext;
  let staff: string;
  let villager: string;
  let cadre: string;
  const storage = () => localStorage(path.join(t.config.dataDir, 'uploads'));
  const rowsOf = async (ids: number[]) =>
    t.database.db
      .select({ id: uploads.id, storedName: uploads.storedName, visibility: uploads.visibility })
      .from(uploads)
      .where(inArray(uploads.id, ids))
      .orderBy(uploads.id);
  const visibilityOf = async (id: number) => (await rowsOf([id]))[0]?.visibility;
  const age = (ids: number[], hours: number) =>
    t.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(inArray(uploads.id, ids));
  const urlOf = async (id: number) => `/api/uploads/${(await rowsOf([id]))[0].storedName}`;

  before(async () => {
    t = await createTestContext();
    [staff, villager, cadre] = await Promise.all([t.login('staff01'), t.login('villager02'), t.login('cadre02')]);
  });
  after(async () => {
    await t.close();
  });

  test('each use marks its uploads: public content public, appeals, photo reports and submissions private', async () => {
    const [newsCover, newsInline, centre, centreInline, village, taskInline, result] = await uploadImages(t, staff, 7);
    const [appealPhoto, reportPhoto] = await uploadImages(t, villager, 2);
    const submissionPhotos = await uploadImages(t, cadre, 2);
    const [untouched] = await uploadImages(t, villager, 1);
    for (const id of [newsCover, appealPhoto, untouched]) assert.equal(await visibilityOf(id), 'unattached');

    await createNews(t, staff, { coverId: newsCover, content: `<p>正文</p><p><img src="${await urlOf(newsInline)}"></p>` });
    expectOk(await saveCentre(t, staff, { imageIds: [centre], content: `<p><img src="${await urlOf(centreInline)}"></p>` }));
    expectOk(await saveVillage(t, staff, 2, { coverId: village }));
    await createTask(t, staff, { content: `<p>要求</p><img src="${await urlOf(taskInline)}">` });
    for (const id of [newsCover, newsInline, centre, centreInline, village, taskInline]) {
      assert.equal(await visibilityOf(id), 'public', `upload ${id}`);
    }

    await createAppeal(t, villager, { imageIds: [appealPhoto] });
    const report = await createPhotoReport(t, villager, [reportPhoto]);
    expectOk(
      await t.call(staff, {
        method: 'POST',
        url: `/api/photo-reports/${report.id}/handle`,
        payload: { result: '已清理', imageIds: [result] },
      }),
    );
    const task = await publishedTask(t, staff, { areas: [2], template: '2', imageNum: 2 });
    await submitOk(t, cadre, task.id, { imageIds: submissionPhotos });
    for (const id of [appealPhoto, reportPhoto, result, ...submissionPhotos])
      assert.equal(await visibilityOf(id), 'private', `upload ${id}`);
    assert.equal(await visibilityOf(untouched), 'unattached');
  });

  test('private stays private: a photo of a private record put into public content is not made public', async () => {
    const [photo] = await uploadImages(t, staff, 1);
    const report = await createPhotoReport(t, villager, await uploadImages(t, villager, 1));
    expectOk(
      await t.call(staff, {
        method: 'POST',
        url: `/api/photo-reports/${report.id}/handle`,
        payload: { result: '已处理', imageIds: [photo] },
      }),
    );
    assert.equal(await visibilityOf(photo), 'private');
    // The villager's appeal photo, its address typed into a news item by someone who saw it.
    const villagerPhoto = report.images[0].id;
    await createNews(t, staff, { coverId: photo, content: `<p><img src="${await urlOf(villagerPhoto)}"></p>` });
    assert.equal(await visibilityOf(photo), 'private');
    assert.equal(await visibilityOf(villagerPhoto), 'private');
  });

  test('after a day, unused uploads and their files are deleted; used and recent ones stay', async () => {
    const [oldUnused, anotherOld] = await uploadImages(t, villager, 2);
    const [recentUnused] = await uploadImages(t, villager, 1);
    const [oldUsed] = await uploadImages(t, villager, 1);
    await createAppeal(t, villager, { imageIds: [oldUsed] });
    await age([oldUnused, anotherOld, oldUsed], 25);
    await age([recentUnused], 23);
    const [gone, gone2] = await rowsOf([oldUnused, anotherOld]);
    const file = (name: string) => path.join(t.config.dataDir, 'uploads', name);
    assert.ok(fs.existsSync(file(gone.storedName)));

    // Everything older than a day that the tests above used stays too.
    await t.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(sql`${uploads.visibility} <> 'unattached'`);
    const before = (await t.database.db.select({ id: uploads.id }).from(uploads)).length;
    const purged = await purgeUnusedUploads(t.database.db, storage(), { batch: 1 });
    assert.equal(purged, 2, 'the two old unused ones, none of the used ones');
    assert.equal((await t.database.db.select({ id: uploads.id }).from(uploads)).length, before - purged);
    assert.deepEqual(await rowsOf([oldUnused, anotherOld]), []);
    assert.equal(fs.existsSync(file(gone.storedName)), false);
    assert.equal(fs.existsSync(file(gone2.storedName)), false);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/uploads/${gone.storedName}` })).statusCode, 404);
    assert.equal((await rowsOf([recentUnused, oldUsed])).length, 2);
    // A second run finds nothing more.
    assert.equal(await purgeUnusedUploads(t.database.db, storage()), 0);
  });

  test('an upload a record links though it was never marked is kept (and a missing file is no error)', async () => {
    const [linked] = await uploadImages(t, staff, 1);
    // As an older code path would have left it: linked as a news cover, still 'unattached'.
    const news = await createNews(t, staff, {});
    await t.database.db.execute(sql`update news set cover_id = ${linked} where id = ${news.id}`);
    await t.database.db.update(uploads).set({ visibility: 'unattached' }).where(eq(uploads.id, linked));
    const [orphan] = await uploadImages(t, staff, 1);
    const [orphanRow] = await rowsOf([orphan]);
    fs.rmSync(path.join(t.config.dataDir, 'uploads', orphanRow.storedName));
    await age([linked, orphan], 30);
    const failures: string[] = [];
    assert.equal(await purgeUnusedUploads(t.database.db, storage(), { onFileError: (name) => failures.push(name) }), 1);
    assert.deepEqual(failures, [], 'removing a file that is already gone is fine');
    assert.equal((await rowsOf([linked])).length, 1);
    assert.deepEqual(await rowsOf([orphan]), []);
  });
});
