import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { PhotoReportDetail } from '../../common/contracts/people';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { imageUpload } from '../../tests/helpers/multipart';
import { createPhotoReport, photoReportBody } from '../../tests/helpers/people';
import { expectError, expectOk } from '../../tests/helpers/tasks';
import { buildApp } from '../app';
import { localStorage } from '../lib/storage';

// Photos at the deadline (ADR 0058): what does not fit the decode workers and their line is
// accepted into the database's queue instead of refused, shows 处理中 on its record until it is
// decoded, resumes after a restart, is decoded fairly between accounts, and ends 图片处理失败
// (status 'failed') when it does not decode. Nothing of it is served before it is decoded and checked.

/** A distinct PNG per seed (its colour), so each photo can be told apart. */
const photo = (seed: number, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } } })
    .png()
    .toBuffer();

/** A PNG whose header is sound and whose pixel data is garbled: it passes every check but the decode. */
async function corruptPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer(),
  );
  const idat = png.indexOf('IDAT');
  for (let i = idat + 20; i < idat + 2000; i++) png[i] = (png[i] * 7 + 13) & 0xff;
  return png;
}

const sha = (content: Buffer) => createHash('sha1').update(content).digest('hex');

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Holds the queue's running slots (another account's long decode) until released. */
function holdSlots(app: FastifyInstance) {
  const releases: Array<() => void> = [];
  const held = Array.from({ length: app.imageDecodes.running }, () =>
    app.imageDecodes.run('someone else', () => new Promise<void>((resolve) => releases.push(resolve))),
  );
  return async () => {
    releases.forEach((release) => release());
    await Promise.all(held);
  };
}

describe('uploads in a burst beyond the decode capacity', () => {
  let t: TestContext;
  let villager: string;
  let villager3: string;
  before(async () => {
    t = await createTestContext({ config: { imageDecodeSlots: { running: 1, waiting: 1 } } });
    [villager, villager3] = await Promise.all(['villager02', 'villager03'].map((a) => t.login(a)));
  });
  after(async () => {
    await t.close();
  });
  const send = (as: string, content: Buffer) => t.call(as, { method: 'POST', url: '/api/uploads', ...imageUpload(content) });
  const report = async (id: number) =>
    expectOk(await t.call(villager, { method: 'GET', url: `/api/photo-reports/${id}` })) as PhotoReportDetail;

  test('are accepted, show 处理中 on their record, are not served meanwhile, and all become ready', async () => {
    const release = holdSlots(t.app);
    const contents = await Promise.all([1, 2, 3, 4].map((seed) => photo(seed)));
    // The first takes the one place in the line and is answered once decoded; the rest cannot wait there.
    const first = send(villager, contents[0]);
    await until('a waiting upload', async () => (t.app.imageDecodes.size.waiting ? true : undefined));
    const rest = await Promise.all(contents.slice(1).map((content) => send(villager, content)));
    for (const res of rest) {
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.status, 'pending');
    }
    const pending = rest.map((res) => res.json().data as { id: number; url: string });
    for (const upload of pending) {
      assert.equal((await t.app.inject({ method: 'GET', url: upload.url })).statusCode, 404, 'nothing served before its decode');
    }
    const created = await createPhotoReport(
      t,
      villager,
      pending.map((upload) => upload.id),
    );
    assert.deepEqual(
      created.images.map((image) => image.status),
      ['pending', 'pending', 'pending'],
    );
    await release();
    assert.equal((await first).statusCode, 200);
    assert.equal((await first).json().data.status, undefined, 'answered at once: ready');
    const ready = await until('the pictures to be ready', async () => {
      const detail = await report(created.id);
      return detail.images.every((image) => image.status === undefined) ? detail : undefined;
    });
    for (const image of ready.images) {
      const served = await t.app.inject({ method: 'GET', url: image.url });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.equal(image.width, 320);
    }
    const left = fs.readdirSync(path.join(t.config.dataDir, 'uploads')).filter((name) => name.endsWith('.original'));
    assert.deepEqual(left, [], 'the originals are removed once decoded');
  });

  test('one account cannot hold more than one waiting decode ahead of another account', async () => {
    const order: string[] = [];
    const labels = new Map<string, string>();
    const decode = t.app.decodeWorkers.decode.bind(t.app.decodeWorkers);
    t.app.decodeWorkers.decode = (content, kind) => {
      order.push(labels.get(sha(content)) ?? 'other');
      return decode(content, kind);
    };
    try {
      const mine = await Promise.all([11, 12, 13, 14].map((seed) => photo(seed)));
      const theirs = await photo(21);
      mine.forEach((content, i) => labels.set(sha(content), `A${i + 1}`));
      labels.set(sha(theirs), 'B1');
      const release = holdSlots(t.app);
      const first = send(villager, mine[0]);
      await until('a waiting upload', async () => (t.app.imageDecodes.size.waiting ? true : undefined));
      // Account A's burst, then B's one photo: all of them wait in the database.
      for (const content of mine.slice(1)) assert.equal((await send(villager, content)).json().data.status, 'pending');
      const other = await send(villager3, theirs);
      assert.equal(other.json().data.status, 'pending');
      await release();
      await first;
      await until('every decode', async () => (order.length >= 5 ? true : undefined));
      const aheadOfB = order.slice(0, order.indexOf('B1')).filter((label) => label.startsWith('A'));
      assert.ok(aheadOfB.length <= 2, `A's decodes ahead of B's: ${order.join(', ')}`);
    } finally {
      t.app.decodeWorkers.decode = decode;
    }
  });

  test('a picture that passes the checks but does not decode ends failed, and cannot be attached again', async () => {
    const release = holdSlots(t.app);
    const content = await corruptPng();
    const first = send(villager3, await photo(31));
    await until('a waiting upload', async () => (t.app.imageDecodes.size.waiting ? true : undefined));
    const res = await send(villager, content);
    assert.equal(res.statusCode, 200, res.body);
    const upload = res.json().data as { id: number; url: string; status: string };
    assert.equal(upload.status, 'pending');
    const created = await createPhotoReport(t, villager, [upload.id]);
    await release();
    await first;
    const failed = await until('the decode to fail', async () => {
      const detail = await report(created.id);
      return detail.images[0].status === 'failed' ? detail : undefined;
    });
    assert.equal(failed.images[0].status, 'failed');
    assert.equal((await t.app.inject({ method: 'GET', url: upload.url })).statusCode, 404);
    expectError(
      await t.call(villager, { method: 'POST', url: '/api/photo-reports', payload: photoReportBody([upload.id]) }),
      400,
      '照片：有图片处理失败，请删除后重新上传',
    );
    // Answered at once (a free worker), the same picture is refused as before.
    expectError(await send(villager, content), 400, '图片：图片已损坏或格式与内容不符');
  });
});

describe('pending decodes after a restart', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestContext();
    // This context's own app stands for a process that is not running.
    await t.app.pendingDecodes.close();
  });
  after(async () => {
    await t.close();
  });

  test('a new process takes up what the stopped one left pending', async () => {
    const storage = localStorage(path.join(t.config.dataDir, 'uploads'));
    const start = (config: Partial<TestContext['config']> = {}) =>
      buildApp({ config: { ...t.config, ...config }, db: t.database.db, storage, logger: false });
    const [villager, cadre] = await Promise.all(['villager02', 'cadre02'].map((a) => t.login(a)));
    const call = (app: FastifyInstance, token: string, options: InjectOptions) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });

    const stopping = await start({ imageDecodeSlots: { running: 1, waiting: 0 } });
    await stopping.ready();
    const release = holdSlots(stopping);
    const sent = [];
    for (const [token, seed] of [
      [villager, 41],
      [cadre, 42],
      [villager, 43],
    ] as const) {
      const res = await call(stopping, token, { method: 'POST', url: '/api/uploads', ...imageUpload(await photo(seed)) });
      assert.equal(res.json().data.status, 'pending', res.body);
      sent.push(res.json().data as { url: string });
    }
    await stopping.close();
    await release();
    for (const upload of sent) assert.equal((await t.app.inject({ method: 'GET', url: upload.url })).statusCode, 404);

    const restarted = await start();
    try {
      await restarted.ready();
      for (const upload of sent) {
        await until('the picture to be served', async () =>
          (await restarted.inject({ method: 'GET', url: upload.url })).statusCode === 200 ? true : undefined,
        );
      }
    } finally {
      await restarted.close();
    }
  });
});
