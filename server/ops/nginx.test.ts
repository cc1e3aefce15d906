import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pngImage } from '../../tests/helpers/cluster';
import {
  freePort,
  type RunningServer,
  type ScratchDatabase,
  scratchDatabase,
  startServer,
  tempDir,
} from '../../tests/helpers/serverProcess';

// deploy/nginx.conf in front of the real server: Debian's nginx as an unprivileged foreground
// process on a high port, with this repository's site file (upstream ports, TLS and log paths
// swapped). Two processes on a scratch database of the run's PostgreSQL (DATABASE_URL).

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const DATABASE_URL = process.env.DATABASE_URL;
const ADMIN = 'Admin-12345';
const SITE = path.resolve(__dirname, '../../deploy/nginx.conf');
const NOBODY = 65534;

/** The site file as the test runs it: plain HTTP on `port`, these upstreams, logs in `dir`. */
function siteForTest(site: string, opts: { port: number; upstreams: number[]; dir: string }): string {
  let text = site.replace(/# BEGIN http-redirect[\s\S]*?# END http-redirect\n/, '');
  text = text.replace(/^\s*listen \[::\]:443[^\n]*\n/m, '');
  text = text.replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${opts.port};`);
  text = text.replace(/^\s*ssl_[^\n]*\n/gm, '');
  text = text.replace(/\/var\/log\/nginx\//g, `${opts.dir}/`);
  const servers = opts.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  text = text.replace(/(?:^\s*server 127\.0\.0\.1:\d+[^\n]*\n)+/m, `${servers}\n`);
  return text;
}

function mainConfig(dir: string, siteFile: string) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  access_log off;
  include ${siteFile};
}
`;
}

/** Runs as nobody when we are root, so the test proves nginx needs no privilege on a high port. */
const asNobody = () => (process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request from a chosen local address (127.0.0.2 stands for a client machine). */
function request(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer; localAddress?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: { ...(opts.body ? { 'content-length': String(opts.body.length) } : {}), ...opts.headers },
        localAddress: opts.localAddress ?? '127.0.0.2',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
const jsonOf = (reply: Reply) => JSON.parse(reply.body.toString()) as { code?: number; data?: any; message?: string };

describe(
  'nginx in front of the server (deploy/nginx.conf)',
  {
    skip: NGINX ? false : 'nginx is not installed (apt-get install -y nginx); deploy/nginx.conf was not run',
  },
  () => {
    let dir: string;
    let dataDir: string;
    let db: ScratchDatabase | undefined;
    const servers: RunningServer[] = [];
    let nginx: ChildProcess | undefined;
    let nginxOutput = '';
    let port: number;

    before(async () => {
      dir = tempDir('glp-nginx-');
      dataDir = tempDir('glp-nginx-data-');
      const env: Record<string, string> = { ADMIN_PASSWORD: ADMIN, TRUST_PROXY: '127.0.0.1' };
      if (DATABASE_URL) {
        db = await scratchDatabase(DATABASE_URL, 'nginx');
        env.DATABASE_URL = db.url;
        servers.push(await startServer(dataDir, env));
        servers.push(await startServer(dataDir, env));
      } else {
        servers.push(await startServer(dataDir, env));
      }
      port = await freePort();
      const upstreams = servers.map((s) => Number(new URL(s.url).port));
      const siteFile = path.join(dir, 'site.conf');
      fs.writeFileSync(siteFile, siteForTest(fs.readFileSync(SITE, 'utf8'), { port, upstreams, dir }));
      fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, siteFile));
      if (process.getuid?.() === 0) {
        fs.chmodSync(dir, 0o755);
        fs.chownSync(dir, NOBODY, NOBODY);
        for (const f of fs.readdirSync(dir)) fs.chownSync(path.join(dir, f), NOBODY, NOBODY);
      }
      nginx = spawn(NGINX as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...asNobody(),
      });
      nginx.stdout?.on('data', (d) => (nginxOutput += d));
      nginx.stderr?.on('data', (d) => (nginxOutput += d));
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOutput}`);
        try {
          await request(port, { path: '/api/settings' });
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    });
    after(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((r) => nginx?.once('exit', r));
        nginx.kill('SIGQUIT'); // graceful stop
        await exited;
      }
      await Promise.all(servers.map((s) => s.stop()));
      await db?.drop();
      for (const d of [dir, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
    });

    test('the site file as shipped (TLS, redirect) passes nginx -t', (t) => {
      if (!fs.existsSync('/usr/bin/openssl')) return t.skip('openssl is not installed');
      const check = tempDir('glp-nginx-t-');
      try {
        const made = spawnSync('/usr/bin/openssl', [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=gov.example.cn',
          '-keyout',
          path.join(check, 'glp.key'),
          '-out',
          path.join(check, 'glp.crt'),
        ]);
        assert.equal(made.status, 0, String(made.stderr));
        const site = fs
          .readFileSync(SITE, 'utf8')
          .replace(/\/etc\/nginx\/ssl\//g, `${check}/`)
          .replace(/\/var\/log\/nginx\//g, `${check}/`);
        fs.writeFileSync(path.join(check, 'site.conf'), site);
        fs.writeFileSync(path.join(check, 'nginx.conf'), mainConfig(check, path.join(check, 'site.conf')));
        const tested = spawnSync(NGINX as string, [
          '-t',
          '-p',
          check,
          '-c',
          path.join(check, 'nginx.conf'),
          '-e',
          path.join(check, 'error.log'),
        ]);
        assert.equal(tested.status, 0, String(tested.stderr));
      } finally {
        fs.rmSync(check, { recursive: true, force: true });
      }
    });

    test('requests pass through; the client address reaches the app, a forged X-Forwarded-For does not', async () => {
      const res = await request(port, { path: '/api/currentUser' });
      assert.equal(res.status, 401);
      assert.equal(jsonOf(res).code, 401);
      const signIn = await request(port, {
        method: 'POST',
        path: '/api/login/account',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '6.6.6.6' },
        body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN })),
      });
      assert.equal(signIn.status, 200, signIn.body.toString());
      const token = jsonOf(signIn).data.token as string;
      const logs = await request(port, { path: '/api/login-logs?pageSize=5&account=admin', headers: { authorization: `Bearer ${token}` } });
      assert.equal(logs.status, 200);
      const ips = (jsonOf(logs).data.list as Array<{ ip: string }>).map((l) => l.ip);
      assert.equal(ips[0], '127.0.0.2', `the client's own address is logged, not nginx's nor the forged one: ${ips}`);
    });

    test('the access log keeps no display key, on the page or the API', async () => {
      const signIn = await request(port, {
        method: 'POST',
        path: '/api/login/account',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN })),
      });
      const token = jsonOf(signIn).data.token as string;
      const made = await request(port, {
        method: 'POST',
        path: '/api/display-links',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ name: '大厅' })),
      });
      const key = jsonOf(made).data.key as string;
      const screen = await request(port, { path: `/api/stats/screen?key=${key}` });
      assert.equal(screen.status, 200, screen.body.toString());
      await request(port, { path: `/screen?key=${key}&from=wall` });
      // A private photo's signed address, and a line with several secrets in any case.
      await request(port, { path: '/api/uploads/0123456789abcdef0123456789abcdef.jpg?exp=1795845600&sig=PhotoSig0123456789' });
      await request(port, { path: '/api/settings?Token=Secret1Token&a=1&X-Amz-Signature=Secret2Sig&code=Secret3Code' });
      // nginx writes a request's line after its answer has gone: wait for the last one to be there.
      let log = '';
      for (let i = 0; i < 50 && !log.includes('GET /api/settings?'); i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 100));
        log = fs.readFileSync(path.join(dir, 'glp.access.log'), 'utf8');
      }
      assert.match(log, /"GET \/api\/stats\/screen\?key=\[REDACTED\] HTTP\/1\.1" 200/);
      assert.match(log, /"GET \/screen\?key=\[REDACTED\]&from=wall HTTP\/1\.1"/);
      assert.ok(!log.includes(key), 'the key is nowhere in the access log');
      assert.match(log, /"GET \/api\/uploads\/0123456789abcdef0123456789abcdef\.jpg\?exp=1795845600&sig=\[REDACTED\] HTTP\/1\.1"/);
      assert.match(log, /"GET \/api\/settings\?Token=\[REDACTED\]&a=1&X-Amz-Signature=\[REDACTED\]&code=\[REDACTED\] HTTP\/1\.1"/);
      assert.doesNotMatch(log, /PhotoSig|Secret\dTo|Secret\dSig|Secret\dCode/);
      // Requests without a key are logged as they came.
      assert.match(log, /"GET \/api\/settings HTTP\/1\.1" 200/);
    });

    test("uploads pass (and one over UPLOAD_MAX_MB gets the app's own answer, not nginx's); load is spread", async () => {
      const signIn = await request(port, {
        method: 'POST',
        path: '/api/login/account',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ username: 'admin', password: ADMIN })),
      });
      const token = jsonOf(signIn).data.token as string;
      const multipart = async (content: Buffer) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'photo.png');
        const encoded = new Response(form);
        return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') as string };
      };
      const image = await pngImage();
      const small = await multipart(image);
      const up = await request(port, {
        method: 'POST',
        path: '/api/uploads',
        headers: { authorization: `Bearer ${token}`, 'content-type': small.type },
        body: small.body,
      });
      assert.equal(up.status, 200, up.body.toString());
      const { url, size } = jsonOf(up).data as { url: string; size: number };
      const bodies = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const served = await request(port, { path: url });
        assert.equal(served.status, 200);
        // The stored copy is the picture re-encoded (ADR 0019): the size the upload answered.
        assert.equal(served.body.length, size, 'served by whichever process answers');
        bodies.add(served.body.toString('base64'));
      }
      assert.equal(bodies.size, 1);
      const big = await multipart(Buffer.concat([image, Buffer.alloc(10.5 * 1024 * 1024)]));
      const tooBig = await request(port, {
        method: 'POST',
        path: '/api/uploads',
        headers: { authorization: `Bearer ${token}`, 'content-type': big.type },
        body: big.body,
      });
      assert.equal(tooBig.status, 413);
      assert.match(jsonOf(tooBig).message ?? '', /图片不能超过10MB/, 'the app answered, not nginx');

      for (let i = 0; i < 20; i++) await request(port, { path: '/api/currentUser', headers: { authorization: `Bearer ${token}` } });
      const log = fs.readFileSync(path.join(dir, 'glp.access.log'), 'utf8');
      const upstreams = new Set([...log.matchAll(/"(127\.0\.0\.1:\d+)"/g)].map((m) => m[1]));
      assert.deepEqual(
        [...upstreams].sort(),
        servers.map((s) => new URL(s.url).host).sort(),
        `every process answered some: ${[...upstreams]}`,
      );
    });
  },
);
