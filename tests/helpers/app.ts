import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { type Database, openPostgres } from '../../server/db/client';
import { seed } from '../../server/seed/seed';
import { createCaptcha } from '../../server/services/accounts/captcha';
import { useHashCostForTests } from '../../server/lib/passwords';
import { localStorage } from '../../server/lib/storage';
import { testServerUrl } from './serverProcess';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Signs in and returns the token. */
  login(account: string, password?: string): Promise<string>;
  /** A captcha stored with a known answer, as sign-in fields (the real ones are random pictures). */
  solvedCaptcha(): Promise<{ captchaId: string; captcha: string }>;
  /** `app.inject` with a token in the authorization header. */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const ADMIN_PASSWORD = 'Admin12345';
export const DEMO_PASSWORD = 'Demo12345';

// Hashing at production cost (2^17) would make the suites' thousands of sign-ins take minutes.
useHashCostForTests();

/**
 * A fresh database per test file on the run's PostgreSQL (scripts/test-server.mjs), copied from
 * the run's seeded template when there is one. `seeded`: the database already holds the seed,
 * whose uploads are in that directory.
 */
async function freshDatabase(demo: boolean): Promise<{ database: Database; seeded?: string }> {
  const url = testServerUrl();
  const template = await postgresTemplate(url, demo);
  const { database } = await emptyDatabase(template?.name);
  return { database, seeded: template?.uploads };
}

/**
 * A new database on the run's PostgreSQL (empty, or a copy of `template`), dropped when closed.
 */
export async function emptyDatabase(template?: string): Promise<{ database: Database }> {
  const url = testServerUrl();
  const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const database = await openPostgres(databaseUrl(url, name), 5, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return { database };
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const seedOptions = (demo: boolean) => ({ adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, demo });

/**
 * A migrated and seeded database per run and day that each test's database is copied from
 * (CREATE DATABASE … TEMPLATE, a file copy: a fraction of a second where migrations and the demo
 * seed take seconds, and the suites start some hundred databases). Only when the test runner
 * names a directory for the seed's uploads (TEST_TEMPLATE_DIR); the runner's cluster goes with
 * the run.
 */
async function postgresTemplate(url: string, demo: boolean): Promise<{ name: string; uploads: string } | undefined> {
  const root = process.env.TEST_TEMPLATE_DIR;
  if (!root) return undefined;
  const name = `template_${demo ? 'demo' : 'bare'}_${new Date().toLocaleDateString('sv-SE').replace(/-/g, '')}`;
  const uploads = path.join(root, `${name}-uploads`);
  if (builtTemplates.has(name)) return { name, uploads };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Test files run two at a time: the first builds it while the other waits here.
    await admin.query('SELECT pg_advisory_lock(7426002)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      await admin.query(`CREATE DATABASE ${name}`);
      const database = await openPostgres(databaseUrl(url, name), 2);
      await database.migrate();
      await seed(database.db, { ...seedOptions(demo), storage: localStorage(uploads) });
      fs.mkdirSync(uploads, { recursive: true });
      // No one may be connected to a template while it is copied.
      await database.close();
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7426002)').catch(() => undefined);
    await admin.end();
  }
  builtTemplates.add(name);
  return { name, uploads };
}

const builtTemplates = new Set<string>();

export async function createTestContext(opts: { demo?: boolean; config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const demo = opts.demo ?? true;
  const { database, seeded } = await freshDatabase(demo);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-test-'));
  const storage = localStorage(path.join(dataDir, 'uploads'));
  if (seeded) {
    fs.cpSync(seeded, path.join(dataDir, 'uploads'), { recursive: true });
  } else {
    await database.migrate();
    await seed(database.db, { ...seedOptions(demo), storage });
  }
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir,
    clientDir: undefined,
    logLevel: 'silent',
    // Short enough for the suites' many wrong passwords; loginSecurity.test.ts measures it.
    loginSlowdownMs: 200,
    ...opts.config,
  };
  const app = await buildApp({ config, db: database.db, storage, logger: false });
  await app.ready();
  const call = (token: string | undefined, options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  return {
    app,
    database,
    config,
    call,
    async solvedCaptcha() {
      const { captchaId } = await createCaptcha(database.db, { text: 'k7xq' });
      return { captchaId, captcha: 'K7XQ' };
    },
    async login(account, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login/account',
        payload: { username: account, password: password ?? (account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD) },
      });
      if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
