// `npm run bench`: fills a database with a township at scale and measures the API over real HTTP.
// The server runs in a child process (bench/server.ts, with the production request log) and the
// load comes from wrk when installed (bench/load.ts), so the figures measure the server, not the
// load generator. Every scale of a target is filled first; then each endpoint is measured on every
// scale and on a bare fastify baseline (bench/hello.ts) in turn, round after round, so a busy moment
// of the machine falls on all of them alike. Prints each scale's table with every c=20 p99 as a
// multiple of the baseline's, then each list's large/small ratio.
// Options (environment):
//   BENCH_SCALES=small,large   which scales to run (default both)
//   BENCH_TARGETS=embedded,postgres  (embedded: the PostgreSQL `npm start` runs, in a new DATA_DIR)
//   BENCH_PG_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres  (a server where a scratch
//                database may be created and dropped; PostgreSQL is skipped when unreachable)
//   BENCH_SECONDS=5            seconds per measurement (after a 1 s warm-up at c=1)
//   BENCH_ROUNDS=2             rounds of the interleaved measurements; each figure is their median
//   BENCH_ONLY=tasks,me        measure only these endpoint keys (see ENDPOINTS); photoLookup is the
//                              duplicate-photo lookup, one photo against all, timed in-process
//   BENCH_CLIENT=wrk|node      the load generator (default wrk when installed)
//   BENCH_POWER_CUT=3          rounds of the power-cut case (bench/powerCut.ts) after the embedded
//                              target's scales; 0 skips it
//   BENCH_CUT_WRITES=200       acknowledged writes before each cut
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openEmbedded, openPostgres } from '../server/db/client';
import { seed } from '../server/seed/seed';
import { generate, SCALES } from './generate';
import { measurePhotoLookup } from './photos';
import { measurePowerCut } from './powerCut';
import { type LoadResult, measure, pickClient } from './load';
import { type Server, startServer } from './spawnServer';

const ADMIN_PASSWORD = 'Bench12345';
const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 2;
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const CLIENT = pickClient();

interface Endpoint {
  key: string;
  name: string;
  url: string;
  /** A paged list: compared between the scales. */
  list?: boolean;
  /** Measured on a server that keeps no stats answers (statsCacheMs 0). */
  cold?: boolean;
}

const iso = (msAgo: number) => encodeURIComponent(new Date(Math.floor((Date.now() - msAgo) / 60_000) * 60_000).toISOString());
const DAY = 86400_000;

const ENDPOINTS: Endpoint[] = [
  { key: 'tasks', name: '任务列表 task list', url: '/api/tasks?current=1&pageSize=10', list: true },
  {
    key: 'tasksFiltered',
    name: '任务列表（类别+状态）task list, category+status',
    url: '/api/tasks?current=1&pageSize=10&category=3&status=published',
    list: true,
  },
  { key: 'tasksPage50', name: '任务列表第50页 task list page 50', url: '/api/tasks?current=50&pageSize=10', list: true },
  { key: 'audit', name: '审核队列 audit queue', url: '/api/submissions?current=1&pageSize=10&status=pending', list: true },
  {
    key: 'auditArea',
    name: '审核队列（村）audit queue, area',
    url: '/api/submissions?current=1&pageSize=10&status=pending&area=5',
    list: true,
  },
  { key: 'appeals', name: '群众诉求 appeal list', url: '/api/appeals?current=1&pageSize=10', list: true },
  {
    key: 'appealsFiltered',
    name: '群众诉求（状态+村+近90天）appeals, status+area+period',
    url: `/api/appeals?current=1&pageSize=10&status=closed&area=5&from=${iso(90 * DAY)}&to=${iso(0)}`,
    list: true,
  },
  {
    key: 'photoReports',
    name: '随手拍（待处理）photo reports, pending',
    url: '/api/photo-reports?current=1&pageSize=10&status=pending',
    list: true,
  },
  { key: 'ranking', name: '积分排名 ranking (all time)', url: '/api/scores/ranking?current=1&pageSize=10', list: true },
  {
    key: 'ranking30',
    name: '积分排名（近30天）ranking, 30 days',
    url: `/api/scores/ranking?current=1&pageSize=10&from=${iso(30 * DAY)}`,
    list: true,
  },
  {
    key: 'photoChecked',
    name: '提交详情（照片查重）submission with a re-sent photo',
    url: '/api/submissions/{flaggedSubmission}',
  },
  { key: 'stats', name: '数据概览（5 秒缓存）stats overview, cached', url: '/api/stats/overview' },
  { key: 'statsCold', name: '数据概览（每次重新统计）stats overview, cold count', url: '/api/stats/overview', cold: true },
  { key: 'me', name: '当前用户 currentUser', url: '/api/currentUser' },
  // The header search (ADR 0059): a term in one appeal of 37, a term in thousands of appeals and
  // reports (only the newest 200 matches are ranked), and a task's number among 100k task titles.
  { key: 'search', name: '全局搜索（漏水）header search, selective term', url: `/api/search?q=${encodeURIComponent('漏水')}` },
  { key: 'searchCommon', name: '全局搜索（咨询）header search, frequent term', url: `/api/search?q=${encodeURIComponent('咨询')}` },
  {
    key: 'searchTask',
    name: '全局搜索（任务第4242号）header search, one task',
    url: `/api/search?q=${encodeURIComponent('任务第4242号')}`,
  },
  {
    key: 'appealsKeyword',
    name: '群众诉求（关键字）appeal list, keyword',
    url: `/api/appeals?current=1&pageSize=10&keyword=${encodeURIComponent('漏水')}`,
    list: true,
  },
];

const only = process.env.BENCH_ONLY?.split(',');
const endpoints = only ? ENDPOINTS.filter((e) => only.includes(e.key)) : ENDPOINTS;

interface Measured {
  one: LoadResult;
  twenty: LoadResult;
}

// ---- Databases ----

interface Target {
  /** What the server child needs to open the filled database. */
  env: Record<string, string>;
  /** Ids the endpoints' addresses name ({flaggedSubmission}). */
  vars: Record<string, string>;
  cleanup(): Promise<void>;
}

async function fill(database: Database, scaleName: string): Promise<Record<string, string>> {
  // Closed on failure too: an embedded server left running would outlive the bench.
  try {
    return await fillOpen(database, scaleName);
  } finally {
    await database.close();
  }
}

async function fillOpen(database: Database, scaleName: string): Promise<Record<string, string>> {
  await database.migrate();
  await seed(database.db, { adminPassword: ADMIN_PASSWORD, demo: false });
  const started = Date.now();
  await generate(database.db, SCALES[scaleName], (line) => console.log(line));
  console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!only || only.includes('photoLookup')) {
    const figures = await measurePhotoLookup(database.db);
    console.log(
      `\n  photo lookup (one photo against ${await countPhotos(database)}, ${figures.lookups} lookups one after another): ` +
        `p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}; index entries read per lookup: mean ${figures.candidates.mean}, ` +
        `max ${figures.candidates.max}; other photos within 6 bits: ${figures.found.mean.toFixed(2)} per lookup, ` +
        `${figures.found.withAny} of ${figures.lookups} lookups found any`,
    );
  }
  const [flagged] = (
    (await database.db.execute(
      sql`select record_id from photo_matches where kind = 'submission' order by record_id limit 1`,
    )) as unknown as {
      rows: Array<{ record_id: number }>;
    }
  ).rows;
  return { flaggedSubmission: String(flagged?.record_id ?? 1) };
}

async function countPhotos(database: Database): Promise<string> {
  const [{ n }] = (
    (await database.db.execute(sql`select count(*)::int as n from uploads where phash is not null`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  return Number(n).toLocaleString('en').replace(/,/g, ' ');
}

async function prepare(target: string, scaleName: string): Promise<Target | undefined> {
  if (target === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-bench-'));
    // The generator's bulk statements run for longer than a request may (ADR 0038).
    const vars = await fill(await openEmbedded(dataDir, { timeoutMs: 0 }), scaleName);
    return { env: { BENCH_DATA_DIR: dataDir }, vars, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL at ${PG_URL} unreachable (${(error as Error).message}): skipped`);
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const vars = await fill(await openPostgres(url.toString(), { max: 4, timeoutMs: 0 }), scaleName);
  return {
    env: { BENCH_DATABASE_URL: url.toString() },
    vars,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

// ---- Tables ----

const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms` : '–');
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const BASELINE = 'baseline';

/** The median of each figure over the rounds; requests and errors summed. */
function median(runs: LoadResult[]): LoadResult {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  };
  return {
    p50: mid(runs.map((r) => r.p50)),
    p99: mid(runs.map((r) => r.p99)),
    rps: mid(runs.map((r) => r.rps)),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

interface Running {
  server: Server;
  headers: Record<string, string>;
  vars: Record<string, string>;
}

/**
 * Each endpoint on every scale's server and on the baseline, in a rotating order, ROUNDS times.
 * Results by scale (and BASELINE) and endpoint key.
 */
async function measureInterleaved(running: Record<string, Running>, list: Endpoint[], results: Record<string, Record<string, Measured>>) {
  const names = Object.keys(running);
  for (const endpoint of list) {
    const urls: Record<string, string> = {};
    for (const name of names) {
      const { server, headers, vars } = running[name];
      urls[name] = server.base + endpoint.url.replace(/\{(\w+)\}/g, (_, key: string) => vars[key]);
      const check = await fetch(urls[name], { headers });
      if (check.status !== 200) throw new Error(`${name} ${endpoint.url} answered ${check.status}: ${await check.text()}`);
      await measure(CLIENT, urls[name], headers, 1, 1); // warm up caches and plans
    }
    const runs: Record<string, { one: LoadResult[]; twenty: LoadResult[] }> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) {
        runs[name] ??= { one: [], twenty: [] };
        runs[name].one.push(await measure(CLIENT, urls[name], running[name].headers, 1, SECONDS));
        runs[name].twenty.push(await measure(CLIENT, urls[name], running[name].headers, 20, SECONDS));
      }
    }
    for (const name of names) {
      results[name] ??= {};
      results[name][endpoint.key] = { one: median(runs[name].one), twenty: median(runs[name].twenty) };
    }
    console.log(`  measured ${endpoint.key} (load average ${load()})`);
  }
}

async function runTarget(target: string, scales: string[]): Promise<Record<string, Record<string, Measured>>> {
  const prepared: Record<string, Target> = {};
  const results: Record<string, Record<string, Measured>> = {};
  try {
    for (const scale of scales) {
      console.log(`\n### ${target}, scale ${scale} (${JSON.stringify(SCALES[scale])}): filling`);
      const ready = await prepare(target, scale);
      if (!ready) return results;
      prepared[scale] = ready;
    }
    console.log(`\nmeasuring ${scales.join(', ')} and the baseline in turn, ${ROUNDS} rounds; load average before: ${load()}`);
    // The production request log (ADR 0052), one file per scale, whose size is reported.
    const logFile = (scale: string) => path.join(os.tmpdir(), `glp-bench-${process.pid}-${scale}.log`);
    for (const cold of [false, true]) {
      const list = endpoints.filter((e) => Boolean(e.cold) === cold);
      if (!list.length) continue;
      const running: Record<string, Running> = {};
      try {
        const hello = await startServer({}, { script: 'bench/hello.ts' });
        running[BASELINE] = { server: hello, headers: {}, vars: {} };
        for (const scale of scales) {
          const env = { ...prepared[scale].env, BENCH_LOG_FILE: logFile(scale), ...(cold ? { BENCH_STATS_CACHE_MS: '0' } : {}) };
          const server = await startServer(env);
          running[scale] = { server, headers: { authorization: await signIn(server.base) }, vars: prepared[scale].vars };
        }
        await measureInterleaved(running, list, results);
      } finally {
        for (const { server } of Object.values(running)) await server.stop();
      }
    }
    console.log(`load average after: ${load()}`);
    for (const scale of scales) {
      const requests = Object.values(results[scale] ?? {}).reduce((n, r) => n + r.one.requests + r.twenty.requests, 0);
      const size = fs.existsSync(logFile(scale)) ? fs.statSync(logFile(scale)).size : 0;
      console.log(`request log at the production level, ${scale}: ${(size / 1024).toFixed(0)} KiB for ${requests} requests`);
      fs.rmSync(logFile(scale), { force: true });
    }
  } finally {
    for (const ready of Object.values(prepared)) await ready.cleanup();
  }
  return results;
}

function printScale(target: string, scale: string, measured: Record<string, Measured>, baseline: Record<string, Measured>) {
  console.log(`\n### ${target}, scale ${scale} (${JSON.stringify(SCALES[scale])})\n`);
  console.log('| endpoint | c=1 p50 | c=1 p99 | c=1 req/s | c=20 p50 | c=20 p99 | c=20 req/s | c=20 p99 ÷ baseline | requests | errors |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const endpoint of endpoints) {
    const m = measured[endpoint.key];
    const base = baseline[endpoint.key];
    if (!m || !base) continue;
    console.log(
      `| ${endpoint.name} | ${ms(m.one.p50)} | ${ms(m.one.p99)} | ${m.one.rps.toFixed(0)} | ${ms(m.twenty.p50)} | ${ms(m.twenty.p99)} | ${m.twenty.rps.toFixed(0)} | ${(m.twenty.p99 / base.twenty.p99).toFixed(1)} | ${m.one.requests + m.twenty.requests} | ${m.one.errors + m.twenty.errors} |`,
    );
  }
  const bases = Object.values(baseline);
  if (bases.length) {
    const p99 = median(bases.map((b) => b.twenty)).p99;
    console.log(`\nbaseline (bare fastify, between the measurements above): c=20 p99 median ${ms(p99)}`);
  }
}

function printRatios(target: string, small: Record<string, Measured>, large: Record<string, Measured>) {
  console.log(`\n### ${target}: lists at the small scale (10k rows) against the large (1M ledger entries), measured in turn\n`);
  console.log('| endpoint | small c=1 p50 | large c=1 p50 | ratio | small c=20 p99 | large c=20 p99 | ratio |');
  console.log('|---|---|---|---|---|---|---|');
  for (const endpoint of endpoints.filter((e) => e.list && small[e.key] && large[e.key])) {
    const s = small[endpoint.key];
    const l = large[endpoint.key];
    console.log(
      `| ${endpoint.name} | ${ms(s.one.p50)} | ${ms(l.one.p50)} | ${(l.one.p50 / s.one.p50).toFixed(2)} | ${ms(s.twenty.p99)} | ${ms(l.twenty.p99)} | ${(l.twenty.p99 / s.twenty.p99).toFixed(2)} |`,
    );
  }
}

async function main() {
  const scales = (process.env.BENCH_SCALES ?? 'small,large').split(',');
  const targets = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
  console.log(
    `# Benchmarks (${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load from ${CLIENT}, ` +
      `${SECONDS} s per measurement, ${new Date().toISOString()})`,
  );
  for (const target of targets) {
    const results = await runTarget(target, scales);
    for (const scale of scales) if (results[scale]) printScale(target, scale, results[scale], results[BASELINE] ?? {});
    if (results.small && results.large) printRatios(target, results.small, results.large);
  }
  const cutRounds = Number(process.env.BENCH_POWER_CUT ?? 3);
  if (targets.includes('embedded') && cutRounds > 0) await measurePowerCut(cutRounds, Number(process.env.BENCH_CUT_WRITES) || 200);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
