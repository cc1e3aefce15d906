// `npm run bench`: fills a database with a township at scale and measures the API over real HTTP.
// Prints a markdown table per database. Options (environment):
//   BENCH_SCALES=small,large   which scales to run (default both)
//   BENCH_TARGETS=pglite,postgres
//   BENCH_PG_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres  (a server where a scratch
//                database may be created and dropped; PostgreSQL is skipped when unreachable)
//   BENCH_REQUESTS=200         requests per measurement
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openPglite, openPostgres } from '../server/db/client';
import { seed } from '../server/db/seed';
import { generate, SCALES } from './generate';

const ADMIN_PASSWORD = 'Bench12345';
const REQUESTS = Number(process.env.BENCH_REQUESTS) || 200;
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

interface Endpoint {
  name: string;
  url: string;
}
const ENDPOINTS: Endpoint[] = [
  { name: '任务列表 task list', url: '/api/tasks?current=1&pageSize=10' },
  { name: '任务列表（筛选）task list, category+status', url: '/api/tasks?current=1&pageSize=10&category=3&status=published' },
  { name: '任务列表第50页 task list page 50', url: '/api/tasks?current=50&pageSize=10' },
  { name: '审核队列 audit queue', url: '/api/submissions?current=1&pageSize=10&status=pending' },
  { name: '审核队列（村）audit queue, area', url: '/api/submissions?current=1&pageSize=10&status=pending&area=5' },
  { name: '积分排名 ranking (all time)', url: '/api/scores/ranking?current=1&pageSize=10' },
  {
    name: '积分排名（近30天）ranking, 30 days',
    url: `/api/scores/ranking?current=1&pageSize=10&from=${encodeURIComponent(new Date(Date.now() - 30 * 86400_000).toISOString())}`,
  },
  { name: '当前用户 currentUser', url: '/api/currentUser' },
];

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(base: string, token: string, url: string, concurrency: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const res = await fetch(base + url, { headers: { authorization: token } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds, errors };
}

async function openTarget(target: string): Promise<{ database: Database; cleanup: () => Promise<void> } | undefined> {
  if (target === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-bench-'));
    const database = await openPglite(dir);
    return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
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
  const database = await openPostgres(url.toString(), 20);
  return {
    database,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function runOne(target: string, scaleName: string) {
  const opened = await openTarget(target);
  if (!opened) return;
  const { database, cleanup } = opened;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-bench-data-'));
  try {
    console.log(`\n## ${target}, scale ${scaleName} (${JSON.stringify(SCALES[scaleName])})`);
    await database.migrate();
    await seed(database.db, { adminPassword: ADMIN_PASSWORD, demo: false });
    const started = Date.now();
    await generate(database.db, SCALES[scaleName], console.log);
    console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const config = { ...loadConfig({}), dataDir, clientDir: undefined, logLevel: 'warn' };
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/login/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = (await login.json()).data.token as string;
    console.log('\n| endpoint | c=1 p50 | c=1 p99 | c=20 p50 | c=20 p99 | c=20 req/s | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const endpoint of ENDPOINTS) {
      await measure(base, token, endpoint.url, 1); // warm up caches and plans
      const one = await measure(base, token, endpoint.url, 1);
      const twenty = await measure(base, token, endpoint.url, 20);
      const f = (n: number) => `${n.toFixed(1)} ms`;
      console.log(
        `| ${endpoint.name} | ${f(one.p50)} | ${f(one.p99)} | ${f(twenty.p50)} | ${f(twenty.p99)} | ${twenty.rps.toFixed(0)} | ${one.errors + twenty.errors} |`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  process.env.RATE_LIMIT_PER_MINUTE ??= '100000000';
  const scales = (process.env.BENCH_SCALES ?? 'small,large').split(',');
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
  console.log(`# Benchmarks (${os.cpus().length} cores, ${REQUESTS} requests per measurement, ${new Date().toISOString()})`);
  for (const target of targets) for (const scale of scales) await runOne(target, scale);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
