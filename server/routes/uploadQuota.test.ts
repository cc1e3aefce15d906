import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { imageUpload } from '../../tests/helpers/multipart';
import { uploads, users } from '../db/schema';

// UPLOAD_DAILY_MB: what one account may store within 24 hours. Each account had ~1 GB a minute
// before (120 uploads of 10 MB); now the bytes stored in the last 24 hours are bounded.

const QUOTA = 4 * 1024;

/** A 24×24 noisy PNG: about 1.7 KB once stored, so the quota fills after two. */
const noisyPng = (seed: number) =>
  sharp({
    create: {
      width: 24,
      height: 24,
      channels: 3,
      background: { r: seed % 255, g: 90, b: 30 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

describe('upload quota per account and day', () => {
  let t: TestContext;
  let cadre: string;
  const storedFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'uploads')).length;
  const upload = async (token: string, seed: number) =>
    t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(await noisyPng(seed)) });

  before(async () => {
    t = await createTestContext({ config: { uploadDailyBytes: QUOTA } });
    // The demo's own photos were "uploaded" just now: move them out of the window.
    await t.database.db.update(uploads).set({ createdAt: sql`now() - interval '2 days'` });
    cadre = await t.login('cadre02');
  });
  after(async () => {
    await t.close();
  });

  test('uploads go in until the 24-hour total would pass the quota, then 429 naming it, and nothing is stored', async () => {
    let stored = 0;
    let seed = 0;
    for (;;) {
      const res = await upload(cadre, seed++);
      if (res.statusCode !== 200) {
        assert.equal(res.statusCode, 429, res.body);
        assert.deepEqual(res.json(), { code: 429, message: '24小时内上传的图片已达上限（4KB），请稍后再试', showType: 1 });
        break;
      }
      stored += res.json().data.size;
      assert.ok(seed < 10, 'the quota stops it');
    }
    assert.ok(stored <= QUOTA && stored > QUOTA / 2, `${stored} bytes stored`);
    const files = storedFiles();
    const again = await upload(cadre, seed++);
    assert.equal(again.statusCode, 429);
    assert.equal(storedFiles(), files, 'a refused upload leaves no file');
  });

  test('uploads sent at the same moment are counted one after the other: together they stay within the quota', async () => {
    const villager = await t.login('villager02');
    const files = storedFiles();
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => upload(villager, 300 + n)));
    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode !== 200);
    assert.ok(accepted.length >= 1 && refused.length >= 1, answers.map((res) => res.statusCode).join(','));
    for (const res of refused) assert.equal(res.statusCode, 429, res.body);
    const total = accepted.reduce((sum, res) => sum + Number(res.json().data.size), 0);
    assert.ok(total <= QUOTA, `${total} bytes stored by uploads sent at once`);
    assert.equal(storedFiles(), files + accepted.length, 'a refused upload leaves no file');
  });

  test("another account's quota is its own", async () => {
    const other = await t.login('grid02');
    const res = await upload(other, 100);
    assert.equal(res.statusCode, 200, res.body);
  });

  test('what was stored more than 24 hours ago no longer counts', async () => {
    const [cadreRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.account, 'cadre02'));
    await t.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(uploads.ownerId, cadreRow.id));
    const res = await upload(cadre, 200);
    assert.equal(res.statusCode, 200, res.body);
  });
});
