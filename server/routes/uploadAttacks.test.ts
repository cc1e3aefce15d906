import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { imageUpload, multipartBody, redImage } from '../../tests/helpers/multipart';

// Files an attacker would try to get stored and served from our origin. Each is refused with a 400
// (413 when too large) whose Chinese message names the problem, and nothing reaches the uploads
// folder. What is accepted is served as an image that a browser will not treat as anything else.

const NOT_AN_IMAGE = '图片：只能上传 JPG、PNG、GIF 或 WebP 格式的图片';
const BROKEN = '图片：图片已损坏或格式与内容不符';
const TRAILING = '图片：图片文件末尾附带了其他内容，请重新导出图片后上传';
const MARKUP = '图片：图片中夹带了网页或脚本代码，请重新导出图片后上传';
const EMPTY = '图片：文件为空';

const HTML = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

/** A PNG with a tEXt chunk carrying `text` (a valid image: decoders skip unknown text). */
function pngWithText(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`Comment\u0000${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  // After the IHDR chunk (8 signature + 25 bytes).
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A JPEG with a COM segment carrying `text` right after SOI. */
function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, data, jpeg.subarray(2)]);
}

/** The smallest ZIP archive (an empty one): what a GIFAR carries after the picture. */
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

describe('upload attacks', () => {
  let t: TestContext;
  let token: string;
  let png: Buffer;
  let jpeg: Buffer;
  let gif: Buffer;
  let webp: Buffer;
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  /** Every file under the data dir, so a write outside the uploads folder is seen too. */
  const allFiles = () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else found.push(path.relative(t.config.dataDir, full));
      }
    };
    walk(t.config.dataDir);
    return found.sort();
  };
  const upload = (body: { payload: Buffer; headers: Record<string, string> }) =>
    t.call(token, { method: 'POST', url: '/api/uploads', ...body });

  before(async () => {
    t = await createTestContext();
    token = await t.login('villager02');
    [png, jpeg] = await Promise.all([redImage('png'), redImage('jpeg')]);
    const image = sharp({ create: { width: 20, height: 10, channels: 3, background: '#00f' } });
    [gif, webp] = await Promise.all([image.clone().gif().toBuffer(), image.clone().webp().toBuffer()]);
  });
  after(async () => {
    await t.close();
  });

  const attacks: Array<[string, () => { payload: Buffer; headers: Record<string, string> }, string]> = [
    // Wrong magic bytes.
    ['a text file named .png', () => imageUpload('这不是图片，只是一段文字。'), NOT_AN_IMAGE],
    ['a BMP (not an allowed format)', () => imageUpload(Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 1)]), 'a.png'), NOT_AN_IMAGE],
    [
      'a Windows executable named .jpg',
      () => imageUpload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'a.jpg', 'image/jpeg'),
      NOT_AN_IMAGE,
    ],
    ['a PDF named .png', () => imageUpload('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF', 'report.png'), NOT_AN_IMAGE],
    ['PNG magic bytes in front of HTML', () => imageUpload(Buffer.concat([png.subarray(0, 8), Buffer.from(HTML)])), BROKEN],
    [
      'JPEG magic bytes in front of HTML',
      () => imageUpload(Buffer.concat([jpeg.subarray(0, 4), Buffer.from(HTML)]), 'a.jpg', 'image/jpeg'),
      BROKEN,
    ],
    // Pages and vector images dressed as photos.
    ['an HTML page renamed .png', () => imageUpload(HTML, 'photo.png', 'image/png'), NOT_AN_IMAGE],
    ['an HTML page with a UTF-8 BOM renamed .jpg', () => imageUpload(`\ufeff${HTML}`, 'photo.jpg', 'image/jpeg'), NOT_AN_IMAGE],
    ['an SVG renamed .png', () => imageUpload(SVG, 'photo.png', 'image/png'), NOT_AN_IMAGE],
    ['an SVG declared as image/svg+xml', () => imageUpload(SVG, 'photo.svg', 'image/svg+xml'), NOT_AN_IMAGE],
    ['an SVG declared as image/svg+xml but named .png', () => imageUpload(SVG, 'photo.png', 'image/svg+xml'), NOT_AN_IMAGE],
    // Wrong declared type or name on a real picture: the sender meant something else.
    ['a real PNG declared as text/html', () => imageUpload(png, 'photo.png', 'text/html'), NOT_AN_IMAGE],
    ['a real PNG declared as image/svg+xml', () => imageUpload(png, 'photo.png', 'image/svg+xml'), NOT_AN_IMAGE],
    ['a real PNG declared as application/javascript', () => imageUpload(png, 'photo.png', 'application/javascript'), NOT_AN_IMAGE],
    ['a real PNG named .html', () => imageUpload(png, 'index.html'), NOT_AN_IMAGE],
    ['a real PNG named .svg', () => imageUpload(png, 'photo.svg'), NOT_AN_IMAGE],
    ['a real PNG named .php', () => imageUpload(png, 'shell.php'), NOT_AN_IMAGE],
    // Polyglots: a real picture that is also something else.
    ['a valid PNG followed by HTML', () => imageUpload(Buffer.concat([png, Buffer.from(HTML)])), TRAILING],
    [
      'a valid JPEG followed by a script',
      () => imageUpload(Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]), 'a.jpg', 'image/jpeg'),
      TRAILING,
    ],
    [
      'GIFAR: a valid GIF followed by a ZIP (jar) archive',
      () => imageUpload(Buffer.concat([gif, EMPTY_ZIP]), 'a.gif', 'image/gif'),
      TRAILING,
    ],
    ['a valid WebP followed by HTML', () => imageUpload(Buffer.concat([webp, Buffer.from(HTML)]), 'a.webp', 'image/webp'), TRAILING],
    ['a valid PNG with HTML in a text chunk', () => imageUpload(pngWithText(png, HTML)), MARKUP],
    ['a valid PNG with PHP in a text chunk', () => imageUpload(pngWithText(png, '<?php system($_GET["c"]); ?>')), MARKUP],
    [
      'a valid JPEG with a script in a comment',
      () => imageUpload(jpegWithComment(jpeg, '*/<script>alert(1)</script>/*'), 'a.jpg', 'image/jpeg'),
      MARKUP,
    ],
    ['a valid JPEG with an SVG in a comment', () => imageUpload(jpegWithComment(jpeg, SVG), 'a.jpg', 'image/jpeg'), MARKUP],
    // Nothing at all.
    ['zero bytes', () => imageUpload(Buffer.alloc(0)), EMPTY],
    ['zero bytes named .jpg', () => imageUpload(Buffer.alloc(0), 'a.jpg', 'image/jpeg'), EMPTY],
    ['a file part without a name or type', () => multipartBody([{ name: 'file', filename: '', content: HTML }]), NOT_AN_IMAGE],
  ];

  for (const [what, body, message] of attacks) {
    test(`${what}: 400 "${message}", nothing stored`, async () => {
      const before = allFiles();
      const res = await upload(body());
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), { code: 400, message, errors: [{ field: 'file', label: '图片', message: message.slice(3) }] });
      assert.deepEqual(allFiles(), before, 'nothing written');
    });
  }

  test("the pictures the polyglots were built from are accepted themselves (so each refusal is the attack's)", async () => {
    const stored: string[] = [];
    for (const [content, name, type] of [
      [png, 'a.png', 'image/png'],
      [jpeg, 'a.jpg', 'image/jpeg'],
      [gif, 'a.gif', 'image/gif'],
      [webp, 'a.webp', 'image/webp'],
      [png, 'blob', 'application/octet-stream'],
      [jpeg, 'IMG_0001.JPEG', 'image/jpeg'],
      [pngWithText(png, '拍摄于村口'), 'a.png', 'image/png'],
      [jpegWithComment(jpeg, 'Made with a phone'), 'a.jpg', 'image/jpeg'],
      // Zero padding after the end marker is what some encoders write.
      [Buffer.concat([jpeg, Buffer.alloc(16)]), 'a.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(imageUpload(content, name, type));
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      stored.push(res.json().data.url);
    }
    assert.equal(new Set(stored).size, stored.length);
  });

  test('a file name that is a path is refused, plain or percent-encoded, and nothing is stored', async () => {
    for (const name of [
      '../../etc/passwd.png',
      '..\\..\\windows\\win.ini.png',
      '..%2F..%2Fetc%2Fpasswd.png',
      '%2e%2e%2f%2e%2e%2fescape.png',
      '....//....//escape.png',
      '/etc/passwd.png',
      'a\u0000.png',
    ]) {
      const before = allFiles();
      const res = await upload(imageUpload(png, name));
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.deepEqual(
        res.json().errors,
        [{ field: 'file', label: '图片', message: '文件名不能包含路径或控制字符，请重命名后再上传' }],
        name,
      );
      assert.deepEqual(allFiles(), before, name);
    }
    // Ordinary names, Chinese ones and a lone percent sign among them, still go in.
    for (const name of ['IMG_20261123_101500.jpg.png', '村口照片（1）.png', '100%完成.png', 'a..b.png']) {
      const res = await upload(imageUpload(png, name));
      assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
      assert.match(res.json().data.url, /^\/api\/uploads\/[0-9a-f-]{36}\.png$/, name);
    }
    for (const escape of ['etc/passwd.png', '../etc/passwd.png', '../../etc/passwd.png', 'escape.png', '../escape.png']) {
      assert.equal(fs.existsSync(path.resolve(uploadsDir(), escape)), false, escape);
    }
  });

  test('names that are not generated ones are never served, encoded or not', async () => {
    for (const url of [
      '/api/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/..%252F..%252Fetc%252Fpasswd',
      '/api/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/uploads/..%5C..%5Cetc%5Cpasswd',
      '/api/uploads/%00.png',
      '/api/uploads/passwd.png',
      '/api/uploads/0a1b2c3d-0000-4000-8000-123456789abc.html',
      '/api/uploads/0a1b2c3d-0000-4000-8000-123456789abc.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.ok([400, 404].includes(res.statusCode), `${url}: ${res.statusCode}`);
      assert.equal(res.json().code, res.statusCode);
      assert.doesNotMatch(res.body, /root:/);
    }
  });

  test('a served upload is an image the browser will not sniff, frame or run', async () => {
    for (const [content, name, type] of [
      [png, 'a.png', 'image/png'],
      [jpeg, 'a.jpg', 'image/jpeg'],
      [gif, 'a.gif', 'image/gif'],
      [webp, 'a.webp', 'image/webp'],
    ] as const) {
      const res = await upload(imageUpload(content, name, 'application/octet-stream'));
      assert.equal(res.statusCode, 200, res.body);
      const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], type);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.match(String(served.headers['content-security-policy']), /default-src 'none'/);
      assert.match(String(served.headers['content-security-policy']), /sandbox/);
      assert.equal(served.headers['content-disposition'], 'inline');
      const meta = await sharp(served.rawPayload).metadata();
      assert.deepEqual([`image/${meta.format}`, meta.width, meta.height], [type, 20, 10]);
    }
  });
});

describe('upload attacks: size', () => {
  let t: TestContext;
  let token: string;
  before(async () => {
    // UPLOAD_MAX_MB=1 as an operator would set it.
    t = await createTestContext({ config: { uploadMaxBytes: 1024 * 1024 } });
    token = await t.login('cadre02');
  });
  after(async () => {
    await t.close();
  });

  test('a file over UPLOAD_MAX_MB is a 413 naming the limit, and nothing is stored', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    const stored = fs.readdirSync(uploads).sort();
    // A valid PNG header followed by 1 MB and a bit: refused by size before anything else is looked at.
    const big = Buffer.concat([await redImage('png'), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const res = await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(big) });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { code: 413, message: '图片不能超过1MB' });
    assert.deepEqual(fs.readdirSync(uploads).sort(), stored);
    // No half-written temporary file either.
    assert.deepEqual(
      fs.readdirSync(uploads).filter((f) => f.endsWith('.part')),
      [],
    );
  });

  test("a body over the server's request limit is refused too, as 413", async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 1);
    const res = await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(huge) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().code, 413);
    assert.match(res.json().message, /不能超过|过大/);
  });
});
