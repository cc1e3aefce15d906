import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../tests/helpers/app';
import { buildApp } from './app';
import { loadConfig } from './config';
import { signedUploadUrl } from './services/uploads/uploadAccess';

// The app as a browser meets it: the built client from one port, history routing, security headers.
let t: TestContext;
let clientDir: string;

before(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDir, 'umi.0123abcd.js'), 'console.log(1)');
  t = await createTestContext({ demo: false, config: { clientDir } });
});
after(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the client', () => {
  test('every page path is the single-page app; index.html is never cached', async () => {
    for (const url of ['/', '/dashboard', '/app/service/appeal/3?x=1', '/peopleService/appeal']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(res.body, /id="root"/);
    }
  });

  test('hashed assets are cached for a year; an unknown /api path is a JSON 404, never the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/umi.0123abcd.js' });
    assert.equal(asset.statusCode, 200);
    assert.match(String(asset.headers['cache-control']), /max-age=31536000, immutable/);
    for (const url of ['/api/nope', '/api/appeals/1/nope', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { code: 404, message: '请求地址出错' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    assert.equal(post.statusCode, 404);
  });

  test('API answers are never stored: success, error and unknown path alike', async () => {
    const admin = await t.login('admin');
    for (const [token, url] of [
      [undefined, '/api/settings'],
      [admin, '/api/currentUser'],
      [admin, '/api/users?pageSize=1'],
      [undefined, '/api/currentUser'],
      [admin, '/api/tasks?from=nonsense'],
      [undefined, '/api/nope'],
    ] as const) {
      const res = await t.call(token, { method: 'GET', url });
      assert.equal(res.headers['cache-control'], 'no-store', `${url} (${res.statusCode})`);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/login/account', payload: { username: 'admin', password: 'Admin12345' } });
    assert.equal(login.headers['cache-control'], 'no-store');
  });

  test('security headers: a CSP that loads nothing from elsewhere, nosniff, no framing by others', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /frame-ancestors 'self'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const api = await t.app.inject({ method: 'GET', url: '/api/settings' });
    assert.match(String(api.headers['content-security-policy']), /default-src 'self'/);
  });
});

describe('the API rate limit', () => {
  test('counts API calls only: the client files of a first visit never run into it', async () => {
    const limited = await createTestContext({ demo: false, config: { clientDir, rateLimitPerMinute: 5 } });
    try {
      for (let i = 0; i < 12; i++) {
        const url = i % 2 ? '/umi.0123abcd.js' : '/dashboard';
        assert.equal((await limited.app.inject({ method: 'GET', url })).statusCode, 200, `${url} #${i + 1}`);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await limited.app.inject({ method: 'GET', url: '/api/settings' })).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      assert.equal(
        (await limited.app.inject({ method: 'GET', url: '/umi.0123abcd.js' })).statusCode,
        200,
        'files still load once the API refuses',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the app log', () => {
  // These read the line of an ordinary request, which the default samples (one in a hundred).
  const everyRequest = () => ({ ...t.config, logRequestSample: 1 });

  test('writes one line for a refusal, an error or a slow request, and a sample of the others', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const quiet = await buildApp({ config: { ...t.config, logRequestSample: 0 }, db: t.database.db, logger: { level: 'info', stream } });
    try {
      assert.equal((await quiet.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      assert.equal((await quiet.inject({ method: 'GET', url: '/api/currentUser' })).statusCode, 401);
      assert.equal((await quiet.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode, 404);
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
      const requests = logged.filter((line) => line.msg === 'request completed');
      assert.deepEqual(
        requests.map((line) => [line.req?.url, line.res?.statusCode]),
        [
          ['/api/currentUser', 401],
          ['/api/no-such-route', 404],
        ],
      );
      assert.equal(logged.filter((line) => line.msg === 'incoming request').length, 0, 'one line per request, not two');
    } finally {
      await quiet.close();
    }
    lines.length = 0;
    const slow = await buildApp({
      config: { ...t.config, logRequestSample: 0, logSlowMs: 0 },
      db: t.database.db,
      logger: { level: 'info', stream },
    });
    try {
      await slow.inject({ method: 'GET', url: '/api/health' });
      assert.equal(lines.filter((line) => line.includes('"request completed"') && line.includes('/api/health')).length, 1);
    } finally {
      await slow.close();
    }
  });

  test('keeps no display key: the request line shows key=[REDACTED]', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const app = await buildApp({ config: everyRequest(), db: t.database.db, logger: { level: 'info', stream } });
    try {
      const admin = await t.login('admin');
      const made = await t.call(admin, { method: 'POST', url: '/api/display-links', payload: { name: '大厅' } });
      const key = made.json().data.key as string;
      assert.ok(key.length > 20);
      const res = await app.inject({ method: 'GET', url: `/api/stats/screen?key=${key}` });
      assert.equal(res.statusCode, 200, res.body);
      await app.inject({ method: 'GET', url: `/api/stats/screen?x=1&KEY=${key}&y=2` });
      const log = lines.join('');
      assert.match(log, /\/api\/stats\/screen\?key=\[REDACTED\]/);
      assert.match(log, /\?x=1&KEY=\[REDACTED\]&y=2/);
      assert.ok(!log.includes(key), 'the key is nowhere in the log');
      assert.ok(!log.includes(key.slice(8)), 'nor any long part of it');
    } finally {
      await app.close();
    }
  });

  test("keeps no signature or token: a photo's signed address, S3 presigned values, the sign-in token", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const app = await buildApp({ config: everyRequest(), db: t.database.db, logger: { level: 'info', stream } });
    try {
      const admin = await t.login('admin');
      // A private photo's address as the lists hand it out: it opens the photo for up to two hours.
      const photo = signedUploadUrl('0123456789abcdef0123456789abcdef.jpg');
      const sig = new URL(photo, 'http://x').searchParams.get('sig') as string;
      assert.ok(sig.length >= 20);
      const secrets = [
        'S3cretSignatureValue1',
        'S3cretCredentialValue2',
        'S3cretSessionToken3',
        'S3cretToken4',
        'S3cretCode5',
        'S3cretSig6',
      ];
      const urls = [
        photo,
        `/uploads/x.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${secrets[1]}&X-Amz-Security-Token=${secrets[2]}&X-Amz-Signature=${secrets[0]}`,
        `/api/settings?token=${secrets[3]}&code=${secrets[4]}`,
        `/api/settings?a=1&SIGNATURE=${secrets[5]}#frag`,
        `/api/settings?%73ig=${secrets[5]}`,
      ];
      for (const url of urls) await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      const log = lines.join('');
      assert.match(log, /\/uploads\/0123456789abcdef0123456789abcdef\.jpg\?exp=\d+&sig=\[REDACTED\]/);
      assert.match(log, /X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=\[REDACTED\]/);
      for (const secret of [sig, admin, ...secrets]) assert.ok(!log.includes(secret), `${secret.slice(0, 6)}… is in the log`);
      // What is not a secret stays readable.
      assert.match(log, /\?a=1&SIGNATURE=\[REDACTED\]/);
    } finally {
      await app.close();
    }
  });
});

describe('the OpenAPI pages', () => {
  test('are not served unless API_DOCS turns them on', async () => {
    assert.equal(loadConfig({}).apiDocs, false);
    assert.equal(loadConfig({ API_DOCS: '1' }).apiDocs, true);
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
    }
    const open = await createTestContext({ demo: false, config: { apiDocs: true } });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/api/docs/json' });
      assert.equal(res.statusCode, 200);
      assert.ok(res.json().paths['/api/login/account']);
    } finally {
      await open.close();
    }
  });
});
