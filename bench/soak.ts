// `npm run load`: a soak test against PostgreSQL. 200 simulated people (villagers, village cadres and
// centre staff) sign in once each, then loop for LOAD_SECONDS doing what they do all day: read their
// lists, submit reports, file appeals and photo reports, review and answer them. The server runs in
// its own process (bench/server.ts) on loopback.
//
// Every request is counted. At the end:
//   - any answer that is not 2xx, other than a 409 when two staff took the same item at once, is an error;
//   - every acknowledged write must be in the database: rows found by client key or id, reviews
//     and answers in the state they were acknowledged in.
// Prints a table (requests, req/s, p50/p99 per action, writes acknowledged vs found) and exits
// non-zero on any error or missing write.
//
// Environment:
//   BENCH_PG_URL   a PostgreSQL server where a scratch database may be created and dropped
//                  (default postgres://postgres:postgres@127.0.0.1:5432/postgres)
//   LOAD_SECONDS   how long the loop runs (default 300)
//   LOAD_USERS     simulated people (default 200: 150 villagers, 38 cadres, 12 staff)
//   LOAD_THINK_MS  pause between one person's actions (default 200, randomised ±50 %)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { openPostgres } from '../server/db/client';
import { roles, users } from '../server/db/schema';
import { seed } from '../server/seed/seed';
import { hashPassword } from '../server/lib/passwords';
import { type Server, startServer } from './spawnServer';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.LOAD_SECONDS) || 300;
const USERS = Number(process.env.LOAD_USERS) || 200;
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 200);
const ADMIN_PASSWORD = 'Soak12345';
const PASSWORD = 'Soak12345';
/** Uploads are limited to 120 a minute per address (server/routes/uploads.ts); all of ours share one. */
const UPLOADS_PER_MINUTE = 90;

// ---- Measurement ----

interface Stat {
  times: number[];
  errors: number;
  conflicts: number;
}
const stats = new Map<string, Stat>();
const errors: string[] = [];
let total = 0;

function stat(action: string): Stat {
  let s = stats.get(action);
  if (!s) stats.set(action, (s = { times: [], errors: 0, conflicts: 0 }));
  return s;
}

let base = '';

/** One request, timed and counted under `action`. Returns the body's data, or undefined when refused. */
async function call<T = any>(
  action: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  { conflictOk = false } = {},
): Promise<T | undefined> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const s = stat(action);
  const started = performance.now();
  total++;
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    status = res.status;
    text = await res.text();
  } catch (error) {
    text = (error as Error).message;
  }
  s.times.push(performance.now() - started);
  if (status >= 200 && status < 300) return JSON.parse(text).data as T;
  if (status === 409 && conflictOk) {
    s.conflicts++;
    return undefined;
  }
  s.errors++;
  if (errors.length < 20) errors.push(`${action}: ${method} ${url} → ${status} ${text.slice(0, 200)}`);
  return undefined;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

// ---- What was acknowledged ----

const acked = {
  submissions: new Map<string, number>(), // clientKey → id
  appeals: new Map<string, number>(),
  photoReports: new Map<string, number>(),
  uploads: new Set<number>(),
  audits: new Map<number, 'approved' | 'rejected'>(),
  replies: new Map<number, string>(),
  handled: new Map<number, string>(),
};

// ---- The people ----

interface Person {
  account: string;
  kind: 'villager' | 'cadre' | 'staff';
  area: number;
  token: string;
}

const think = () => new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const key = () => `soak-${randomBytes(9).toString('base64url')}`;

/** Start times of recent uploads: at most UPLOADS_PER_MINUTE in any 65 seconds (a sliding window
 * inside the server's fixed one, with a margin for the time a request takes to arrive). */
const recentUploads: number[] = [];
function mayUpload(): boolean {
  const now = Date.now();
  while (recentUploads.length && recentUploads[0] <= now - 65_000) recentUploads.shift();
  if (recentUploads.length >= UPLOADS_PER_MINUTE) return false;
  recentUploads.push(now);
  return true;
}

let photo: Buffer;

async function villagerLoop(p: Person, until: number) {
  let round = 0;
  while (Date.now() < until) {
    round++;
    const news = await call<{ list: Array<{ id: number }> }>('public news list', p.token, 'GET', '/api/public/news?current=1&pageSize=10');
    const item = pick(news?.list ?? []);
    if (item) await call('public news detail', p.token, 'GET', `/api/public/news/${item.id}`);
    await think();
    await call('currentUser', p.token, 'GET', '/api/currentUser');
    await call('my appeals', p.token, 'GET', '/api/my/appeals?current=1&pageSize=10');
    await think();
    if (round % 4 === 0) {
      const clientKey = key();
      const created = await call<{ id: number }>('file appeal', p.token, 'POST', '/api/appeals', {
        title: `压力测试诉求${round}`,
        content: '村道上的路灯不亮了，晚上出行不便，请尽快处理。',
        category: 1 + (round % 5),
        area: p.area,
        phone: '13900000000',
        imageIds: [],
        clientKey,
      });
      if (created) acked.appeals.set(clientKey, created.id);
    } else if (round % 4 === 2 && mayUpload()) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const upload = await call<{ id: number }>('upload photo', p.token, 'POST', '/api/uploads', form);
      if (upload) {
        acked.uploads.add(upload.id);
        const clientKey = key();
        const created = await call<{ id: number }>('file photo report', p.token, 'POST', '/api/photo-reports', {
          description: '路边堆放了建筑垃圾，影响通行。',
          type: 1 + (round % 4),
          area: p.area,
          imageIds: [upload.id],
          location: '村委会东侧',
          lat: null,
          lng: null,
          clientKey,
        });
        if (created) acked.photoReports.set(clientKey, created.id);
      }
    } else {
      await call('my photo reports', p.token, 'GET', '/api/my/photo-reports?current=1&pageSize=10');
    }
    await think();
  }
}

async function cadreLoop(p: Person, until: number) {
  const submitted = new Set<number>();
  let round = 0;
  while (Date.now() < until) {
    round++;
    const tasks = await call<{ list: Array<{ id: number }> }>('my tasks', p.token, 'GET', '/api/my/tasks?current=1&pageSize=20&state=todo');
    await call('my task counts', p.token, 'GET', '/api/my/tasks/counts');
    await think();
    const task = pick((tasks?.list ?? []).filter((t) => !submitted.has(t.id)));
    if (task) {
      await call('my task detail', p.token, 'GET', `/api/my/tasks/${task.id}`);
      await think();
      if (round % 2 === 0) {
        const clientKey = key();
        submitted.add(task.id);
        const created = await call<{ id: number }>('submit report', p.token, 'POST', `/api/tasks/${task.id}/submissions`, {
          text: `第${round}轮：已按要求完成，现场情况良好。`,
          imageIds: [],
          clientKey,
        });
        if (created) acked.submissions.set(clientKey, created.id);
      }
    }
    await call('currentUser', p.token, 'GET', '/api/currentUser');
    await call('my score', p.token, 'GET', '/api/my/score');
    await think();
  }
}

async function staffLoop(p: Person, until: number) {
  let round = 0;
  while (Date.now() < until) {
    round++;
    const pending = await call<{ list: Array<{ id: number }> }>(
      'audit queue',
      p.token,
      'GET',
      '/api/submissions?current=1&pageSize=20&status=pending',
    );
    const submission = pick(pending?.list ?? []);
    if (submission) {
      const result = round % 3 === 0 ? 'rejected' : 'approved';
      const done = await call(
        'review submission',
        p.token,
        'POST',
        `/api/submissions/${submission.id}/audit`,
        { result, comment: '压力测试审核' },
        { conflictOk: true },
      );
      if (done !== undefined) acked.audits.set(submission.id, result);
    }
    await think();
    const appeals = await call<{ list: Array<{ id: number; status: string }> }>(
      'appeal list',
      p.token,
      'GET',
      '/api/appeals?current=1&pageSize=20&status=pending',
    );
    const appeal = pick(appeals?.list ?? []);
    if (appeal) {
      const accepted = await call('accept appeal', p.token, 'POST', `/api/appeals/${appeal.id}/accept`, undefined, { conflictOk: true });
      if (accepted !== undefined) {
        const reply = `已安排处理（${round}）`;
        const replied = await call('reply appeal', p.token, 'POST', `/api/appeals/${appeal.id}/reply`, { reply }, { conflictOk: true });
        if (replied !== undefined) acked.replies.set(appeal.id, reply);
      }
    }
    await think();
    const reports = await call<{ list: Array<{ id: number }> }>(
      'photo report list',
      p.token,
      'GET',
      '/api/photo-reports?current=1&pageSize=20&status=pending',
    );
    const report = pick(reports?.list ?? []);
    if (report) {
      const result = `已清理（${round}）`;
      const handled = await call(
        'handle photo report',
        p.token,
        'POST',
        `/api/photo-reports/${report.id}/handle`,
        { result, imageIds: [] },
        { conflictOk: true },
      );
      if (handled !== undefined) acked.handled.set(report.id, result);
    }
    if (round % 3 === 0) await call('stats overview', p.token, 'GET', '/api/stats/overview');
    await call('notices', p.token, 'GET', '/api/notices');
    await think();
  }
}

// ---- Setup ----

async function prepare(url: string): Promise<Person[]> {
  const database = await openPostgres(url, 4);
  await database.migrate();
  await seed(database.db, { adminPassword: ADMIN_PASSWORD, demo: false });
  const roleIds = Object.fromEntries((await database.db.select({ id: roles.id, code: roles.code }).from(roles)).map((r) => [r.code, r.id]));
  const passwordHash = await hashPassword(PASSWORD);
  const staffCount = Math.max(2, Math.round(USERS * 0.06));
  const cadreCount = Math.max(2, Math.round(USERS * 0.19));
  const people: Person[] = Array.from({ length: USERS }, (_, i) => {
    const kind = i < staffCount ? 'staff' : i < staffCount + cadreCount ? 'cadre' : 'villager';
    return { account: `soak_${kind}_${i}`, kind, area: kind === 'staff' ? 1 : 2 + (i % 11), token: '' };
  });
  await database.db.insert(users).values(
    people.map((p, i) => ({
      account: p.account,
      name: `压测${i}`,
      phone: `135${String(i).padStart(8, '0')}`,
      passwordHash,
      roleId: roleIds[p.kind === 'cadre' ? 'village' : p.kind],
      area: p.area,
      status: 'active' as const,
    })),
  );
  const [admin] = await database.db.select().from(users).where(eq(users.account, 'admin'));
  if (!admin) throw new Error('no admin after seeding');
  await database.close();
  return people;
}

/** Counts, in the database, what was acknowledged. */
async function verify(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const found = async (sql: string, values: unknown[]) => (await client.query(sql, values)).rows;
  const byKey = async (table: string, map: Map<string, number>) => {
    const rows = await found(`SELECT id, client_key FROM ${table} WHERE client_key = ANY($1)`, [[...map.keys()]]);
    return rows.filter((r) => map.get(r.client_key) === Number(r.id)).length;
  };
  const checks: Array<[string, number, number]> = [
    ['submissions (by client key)', acked.submissions.size, await byKey('submissions', acked.submissions)],
    ['appeals (by client key)', acked.appeals.size, await byKey('appeals', acked.appeals)],
    ['photo reports (by client key)', acked.photoReports.size, await byKey('photo_reports', acked.photoReports)],
    ['uploads (by id)', acked.uploads.size, (await found('SELECT id FROM uploads WHERE id = ANY($1)', [[...acked.uploads]])).length],
  ];
  const audits = await found('SELECT id, status FROM submissions WHERE id = ANY($1)', [[...acked.audits.keys()]]);
  checks.push([
    'reviews (submission in the acknowledged state)',
    acked.audits.size,
    audits.filter((r) => acked.audits.get(Number(r.id)) === r.status).length,
  ]);
  const replies = await found('SELECT id, status, reply FROM appeals WHERE id = ANY($1)', [[...acked.replies.keys()]]);
  checks.push([
    'appeal replies (replied, with the reply)',
    acked.replies.size,
    replies.filter((r) => ['replied', 'closed'].includes(r.status) && r.reply === acked.replies.get(Number(r.id))).length,
  ]);
  const handled = await found('SELECT id, status, result FROM photo_reports WHERE id = ANY($1)', [[...acked.handled.keys()]]);
  checks.push([
    'photo reports handled (with the result)',
    acked.handled.size,
    handled.filter((r) => r.status === 'handled' && r.result === acked.handled.get(Number(r.id))).length,
  ]);
  await client.end();
  return checks;
}

async function main() {
  const name = `soak_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-soak-'));
  let server: Server | undefined;
  let failed = true;
  try {
    console.log(`scratch database ${name}; ${USERS} people for ${SECONDS} s`);
    const people = await prepare(url.toString());
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5a8' } })
      .jpeg({ quality: 70 })
      .toBuffer();
    server = await startServer({ BENCH_DATABASE_URL: url.toString(), BENCH_DATA_DIR: dataDir }, { echoErrors: true });
    base = server.base;

    // Work to do: published tasks for every village.
    const adminToken = (
      await call<{ token: string }>('sign in', null, 'POST', '/api/login/account', { username: 'admin', password: ADMIN_PASSWORD })
    )?.token;
    if (!adminToken) throw new Error('admin sign-in failed');
    for (let i = 0; i < 120; i++) {
      const task = await call<{ id: number }>('publish task (setup)', adminToken, 'POST', '/api/tasks', {
        title: `压力测试任务${i + 1}`,
        category: 1 + (i % 15),
        content: '<p>请按要求完成并上报完成情况。</p>',
        template: '1',
        imageNum: 0,
        points: 1,
        areas: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        groupIds: [],
        deadline: new Date(Date.now() + 30 * 86400_000).toISOString(),
      });
      if (task) await call('publish task (setup)', adminToken, 'POST', `/api/tasks/${task.id}/publish`);
    }

    // Everyone signs in once, a few at a time (the address limit counts sign-ins in flight).
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < people.length) {
          const p = people[next++];
          p.token =
            (await call<{ token: string }>('sign in', null, 'POST', '/api/login/account', { username: p.account, password: PASSWORD }))
              ?.token ?? '';
        }
      }),
    );
    const signedIn = people.filter((p) => p.token);
    console.log(`${signedIn.length}/${people.length} signed in; running…`);

    const setupRequests = total;
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const progress = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000;
      console.log(
        `  ${elapsed.toFixed(0)} s: ${total - setupRequests} requests, ${[...stats.values()].reduce((n, s) => n + s.errors, 0)} errors`,
      );
    }, 30_000);
    await Promise.all(
      signedIn.map((p) =>
        p.kind === 'villager' ? villagerLoop(p, until) : p.kind === 'cadre' ? cadreLoop(p, until) : staffLoop(p, until),
      ),
    );
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;

    // ---- Report ----
    const rows = [...stats.entries()]
      .filter(([action, s]) => !action.endsWith('(setup)') && s.times.length > 0)
      .map(([action, s]) => {
        const sorted = [...s.times].sort((a, b) => a - b);
        return {
          action,
          n: sorted.length,
          errors: s.errors,
          conflicts: s.conflicts,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        };
      })
      .sort((a, b) => b.n - a.n);
    // The rate counts the loop only: sign-ins happened before it started.
    const measured = rows.filter((r) => r.action !== 'sign in').reduce((n, r) => n + r.n, 0);
    const errorCount = [...stats.values()].reduce((n, s) => n + s.errors, 0);
    console.log(`\n| action | requests | errors | 409 (taken by another) | p50 ms | p99 ms |`);
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows)
      console.log(`| ${r.action} | ${r.n} | ${r.errors} | ${r.conflicts} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);
    console.log(
      `\n${measured} requests in ${seconds.toFixed(0)} s by ${signedIn.length} people: ${(measured / seconds).toFixed(0)} req/s; ${errorCount} errors`,
    );
    const checks = await verify(url.toString());
    console.log('\n| writes | acknowledged | found in the database |');
    console.log('|---|---:|---:|');
    for (const [what, ackedCount, foundCount] of checks) console.log(`| ${what} | ${ackedCount} | ${foundCount} |`);
    for (const line of errors) console.log(`error: ${line}`);
    const missing = checks.filter(([, a, f]) => a !== f);
    failed = errorCount > 0 || missing.length > 0 || signedIn.length < people.length;
    console.log(failed ? '\nFAILED: errors or missing writes' : '\nOK: no errors, every acknowledged write found');
  } finally {
    await server?.stop();
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
