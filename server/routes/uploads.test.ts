import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { imageUpload, multipartBody, redImage } from '../../tests/helpers/multipart';

const NOT_AN_IMAGE = '图片：只能上传 JPG、PNG、GIF 或 WebP 格式的图片';
const BROKEN = '图片：图片已损坏或格式与内容不符';
const STORED_URL = /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

describe('uploads', () => {
  let t: TestContext;
  let token: string;
  let png: Buffer;
  let jpeg: Buffer;
  const upload = (body: { payload: Buffer; headers: Record<string, string> }) =>
    t.call(token, { method: 'POST', url: '/api/uploads', ...body });
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  const storedFiles = () => fs.readdirSync(uploadsDir()).sort();

  before(async () => {
    t = await createTestContext();
    token = await t.login('villager02');
    [png, jpeg] = await Promise.all([redImage('png'), redImage('jpeg')]);
  });
  after(async () => {
    await t.close();
  });

  describe('accepted images', () => {
    for (const [format, ext, contentType] of [
      ['png', 'png', 'image/png'],
      ['jpeg', 'jpg', 'image/jpeg'],
      ['webp', 'webp', 'image/webp'],
    ] as const) {
      test(`a real ${format} answers its id, url, size and dimensions, and is served back`, async () => {
        const content = format === 'png' ? png : format === 'jpeg' ? jpeg : await sharp(png).webp().toBuffer();
        const res = await upload(imageUpload(content, `photo.${ext}`, contentType));
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.equal(body.code, 200);
        assert.deepEqual(Object.keys(body.data).sort(), ['height', 'id', 'size', 'url', 'width']);
        assert.ok(Number.isInteger(body.data.id) && body.data.id > 0);
        assert.equal(body.data.width, 20);
        assert.equal(body.data.height, 10);
        assert.match(body.data.url, STORED_URL);
        assert.ok(body.data.url.endsWith(`.${ext}`));

        const served = await t.app.inject({ method: 'GET', url: body.data.url });
        assert.equal(served.statusCode, 200);
        assert.equal(served.headers['content-type'], contentType);
        assert.equal(served.headers['x-content-type-options'], 'nosniff');
        // What is stored is the picture encoded again, the size the answer names.
        assert.equal(body.data.size, served.rawPayload.length);
        const meta = await sharp(served.rawPayload).metadata();
        assert.deepEqual([meta.format, meta.width, meta.height], [format, 20, 10]);
      });
    }

    test('the stored type follows the content, not the name or the declared type', async () => {
      const res = await upload(imageUpload(png, 'photo.jpg', 'image/jpeg'));
      assert.equal(res.statusCode, 200);
      assert.ok(res.json().data.url.endsWith('.png'));
      const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
      assert.equal(served.headers['content-type'], 'image/png');
    });

    test('stored files are read only by their generated names', async () => {
      for (const url of [
        '/api/uploads/..%2F..%2Fetc%2Fpasswd',
        '/api/uploads/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
        '/api/uploads/%2Fetc%2Fpasswd',
        '/api/uploads/00000000-0000-0000-0000-000000000000.png',
        '/api/uploads/index.html',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().code, 404);
      }
    });
  });

  describe('refused files', () => {
    const refusals: Array<[string, () => { payload: Buffer; headers: Record<string, string> }, string]> = [
      [
        'an HTML page renamed .png',
        () => imageUpload('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'photo.png'),
        NOT_AN_IMAGE,
      ],
      [
        'an SVG',
        () =>
          imageUpload(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
            'photo.svg',
            'image/svg+xml',
          ),
        NOT_AN_IMAGE,
      ],
      ['PNG magic bytes with garbage after', () => imageUpload(Buffer.concat([png.subarray(0, 8), randomBytes(300)])), BROKEN],
      ['a truncated PNG', () => imageUpload(png.subarray(0, 60)), BROKEN],
      ['a JPEG with a PNG name', () => imageUpload(Buffer.concat([jpeg.subarray(0, 3), Buffer.from('<?php ?>')]), 'a.png'), BROKEN],
      ['zero bytes', () => imageUpload(Buffer.alloc(0)), '图片：文件为空'],
      [
        'a PHP/JS polyglot text',
        () => imageUpload('<?php system($_GET["c"]); ?>/*<script>alert(1)</script>*/', 'shell.php.png'),
        NOT_AN_IMAGE,
      ],
      [
        'a GIF header in front of PHP and JS',
        () => imageUpload('GIF89a/*<?php system($_GET["c"]); ?>*/=1;alert(1);', 'shell.gif', 'image/gif'),
        BROKEN,
      ],
      ['a form without a file', () => multipartBody([{ name: 'note', content: '没有图片' }]), '图片：请选择要上传的图片'],
      [
        'an empty form',
        () => ({ payload: Buffer.from('--xyz--\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }),
        '图片：请选择要上传的图片',
      ],
      [
        'a truncated multipart body',
        () => ({ payload: Buffer.from('garbage'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' } }),
        '图片：上传内容不完整或格式不正确',
      ],
      [
        'multipart without a boundary',
        () => ({ payload: Buffer.from('x'), headers: { 'content-type': 'multipart/form-data' } }),
        '图片：上传内容不完整或格式不正确',
      ],
      [
        'a JSON body',
        () => ({ payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } }),
        '图片：请以表单方式上传图片',
      ],
    ];

    for (const [what, body, message] of refusals) {
      test(`${what} is a 400 with a clear message`, async () => {
        const before = storedFiles();
        const res = await upload(body());
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 400);
        assert.equal(res.json().message, message);
        assert.equal(res.json().errors[0].field, 'file');
        assert.deepEqual(storedFiles(), before, 'nothing stored');
      });
    }

    test('anonymous callers get 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads', ...imageUpload(png) });
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 401);
    });
  });
});

describe('uploads: size limit', () => {
  let t: TestContext;
  let token: string;
  before(async () => {
    t = await createTestContext({ config: { uploadMaxBytes: 1024 } });
    token = await t.login('cadre02');
  });
  after(async () => {
    await t.close();
  });

  test('a file over the configured limit is a 413; one under it is accepted', async () => {
    const big = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .png()
      .toBuffer();
    assert.ok(big.length > 1024);
    // The demo's photos are already there: nothing may be added to them.
    const stored = fs.readdirSync(path.join(t.config.dataDir, 'uploads')).sort();
    const res = await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(big) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 413);
    assert.equal(res.json().message, '图片不能超过1KB');
    assert.deepEqual(fs.readdirSync(path.join(t.config.dataDir, 'uploads')).sort(), stored);

    const small = await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(await redImage('png')) });
    assert.equal(small.statusCode, 200);
  });
});
