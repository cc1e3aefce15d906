import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createNews, newsAction } from '../../tests/helpers/content';
import { createAppeal, createPhotoReport } from '../../tests/helpers/people';
import { expectOk, publishedTask, submitOk, uploadImages } from '../../tests/helpers/tasks';
import { uploads } from '../db/schema';
import { readOrCreateKey, signedUploadUrl } from '../services/uploads/uploadAccess';

// The photos of appeals, photo reports and task submissions go only to those who may read the
// record: the answers that show the record hand out signed, short-lived addresses (ADR 0019), the
// plain address is refused, and what is served is cached privately. Public content stays public.

const SIGNED = /^\/api\/uploads\/[0-9a-f-]{36}\.png\?exp=(\d+)&sig=[A-Za-z0-9_-]{32}$/;
const REFUSED = '图片链接已过期或无权查看，请刷新页面后重试';

describe('private photos', () => {
  let t: TestContext;
  let villager: string;
  let neighbour: string;
  let staff: string;
  let cadre: string;
  let otherCadre: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const plain = (url: string) => url.split('?')[0];

  /** A signed address works, is cached privately until it expires, and its plain form is refused. */
  async function assertPrivate(url: string) {
    const match = SIGNED.exec(url);
    assert.ok(match, url);
    const served = await get(url);
    assert.equal(served.statusCode, 200, served.body);
    assert.equal(served.headers['content-type'], 'image/png');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(served.headers['cache-control']))?.[1]);
    assert.ok(maxAge > 3500 && maxAge <= 7200, `cache-control ${served.headers['cache-control']}`);
    assert.ok(Math.abs(Number(match[1]) - Date.now() / 1000 - maxAge) < 5);
    const bare = await get(plain(url));
    assert.equal(bare.statusCode, 403);
    assert.deepEqual(bare.json(), { code: 403, message: REFUSED });
  }

  before(async () => {
    t = await createTestContext();
    [villager, neighbour, staff, cadre, otherCadre] = await Promise.all(
      ['villager02', 'villager03', 'staff01', 'cadre02', 'grid04'].map((account) => t.login(account)),
    );
  });
  after(async () => {
    await t.close();
  });

  test('an appeal photo: served to its submitter and its handlers by signed address only', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const appeal = await createAppeal(t, villager, { imageIds: [photo] });
    const [image] = appeal.images;
    await assertPrivate(image.url);
    // The handler sees it in the admin drawer's detail.
    const forStaff = expectOk(await t.call(staff, { method: 'GET', url: `/api/appeals/${appeal.id}` }));
    await assertPrivate(forStaff.images[0].url);
    // Another villager gets neither the record nor an address.
    assert.equal((await t.call(neighbour, { method: 'GET', url: `/api/appeals/${appeal.id}` })).statusCode, 404);
    const theirs = expectOk(await t.call(neighbour, { method: 'GET', url: '/api/my/appeals?pageSize=100' }));
    assert.ok(!JSON.stringify(theirs).includes(plain(image.url)));
  });

  test('a photo report: its list cover, its photos and its result photos are signed', async () => {
    const report = await createPhotoReport(t, villager, await uploadImages(t, villager, 2));
    for (const image of report.images) await assertPrivate(image.url);
    const mine = expectOk(await t.call(villager, { method: 'GET', url: '/api/my/photo-reports?pageSize=100' }));
    const item = mine.list.find((r: { id: number }) => r.id === report.id);
    await assertPrivate(item.cover.url);
    const handled = expectOk(
      await t.call(staff, {
        method: 'POST',
        url: `/api/photo-reports/${report.id}/handle`,
        payload: { result: '已清理', imageIds: await uploadImages(t, staff, 1) },
      }),
    );
    await assertPrivate(handled.resultImages[0].url);
    const forSubmitter = expectOk(await t.call(villager, { method: 'GET', url: `/api/photo-reports/${report.id}` }));
    await assertPrivate(forSubmitter.resultImages[0].url);
    const admin = expectOk(await t.call(staff, { method: 'GET', url: '/api/photo-reports?pageSize=100' }));
    await assertPrivate(admin.list.find((r: { id: number }) => r.id === report.id).cover.url);
  });

  test("a task submission: signed in the audit queue and in the cadre's own task detail, never for another village", async () => {
    const task = await publishedTask(t, staff, { areas: [2], template: '2', imageNum: 1 });
    const submission = await submitOk(t, cadre, task.id, { imageIds: await uploadImages(t, cadre, 1) });
    await assertPrivate(submission.images[0].url);
    const queue = expectOk(await t.call(staff, { method: 'GET', url: `/api/submissions?taskId=${task.id}&pageSize=100` }));
    await assertPrivate(queue.list[0].images[0].url);
    const mine = expectOk(await t.call(cadre, { method: 'GET', url: `/api/my/tasks/${task.id}` }));
    const own = JSON.stringify(mine).match(/\/api\/uploads\/[^"]+/g) ?? [];
    assert.ok(own.length > 0);
    for (const url of own) await assertPrivate(url);
    // A cadre of another village cannot open the submission, so gets no address for it.
    assert.ok([403, 404].includes((await t.call(otherCadre, { method: 'GET', url: `/api/submissions/${submission.id}` })).statusCode));
  });

  test('a wrong, altered, moved or expired signature is refused; a malformed one is a 400 naming the field', async () => {
    const [photo] = await uploadImages(t, villager, 1);
    const appeal = await createAppeal(t, villager, { imageIds: [photo] });
    const url = appeal.images[0].url;
    const [, exp] = SIGNED.exec(url)!;
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const name = plain(url).split('/').pop()!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const other = await createAppeal(t, villager, { imageIds: await uploadImages(t, villager, 1) });
    const otherName = plain(other.images[0].url).split('/').pop();
    for (const attempt of [
      `${plain(url)}?exp=${exp}&sig=${flipped}`,
      `${plain(url)}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${plain(url)}?sig=${sig}`,
      `${plain(url)}?exp=${exp}`,
      `/api/uploads/${otherName}?exp=${exp}&sig=${sig}`,
      // Signed three hours ago: expired an hour ago at the latest.
      signedUploadUrl(name, Date.now() - 3 * 3600_000),
    ]) {
      const res = await get(attempt);
      assert.equal(res.statusCode, 403, attempt);
      assert.equal(res.json().message, REFUSED);
    }
    const bad = await get(`${plain(url)}?exp=soon&sig=${sig}`);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors[0].field, 'exp');
  });

  test('public content stays public and cacheable; an upload no record uses yet is served but kept out of shared caches', async () => {
    const [cover, inline, fresh] = await uploadImages(t, staff, 3);
    const freshUrl = `/api/uploads/${await storedName(fresh)}`;
    const served = await get(freshUrl);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['cache-control'], 'private, max-age=86400');

    const inlineUrl = `/api/uploads/${await storedName(inline)}`;
    const draft = await createNews(t, staff, { coverId: cover, content: `<p>正文</p><p><img src="${inlineUrl}"></p>` });
    expectOk(await newsAction(t, staff, draft.id, 'publish'));
    const read = expectOk(await t.call(undefined, { method: 'GET', url: `/api/public/news/${draft.id}` }));
    assert.doesNotMatch(read.cover.url, /\?/);
    assert.ok(read.content.includes(inlineUrl));
    for (const url of [read.cover.url, inlineUrl]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    }
  });

  test('the signing key lives in the database: another process on it signs and checks alike', async () => {
    const stored = await readOrCreateKey(t.database.db, randomBytes(32));
    assert.equal(stored.length, 32);
    // A second process offering its own fresh key gets the stored one back.
    assert.deepEqual(await readOrCreateKey(t.database.db, randomBytes(32)), stored);
  });

  async function storedName(id: number): Promise<string> {
    const [row] = await t.database.db.select({ storedName: uploads.storedName }).from(uploads).where(eq(uploads.id, id));
    return row.storedName;
  }
});
