import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type AppConfig, loadConfig } from '../../server/config';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { seed } from '../../server/seed/seed';
import { createCaptcha } from '../../server/services/captcha';
import { useHashCostForTests } from '../../server/lib/passwords';
import { localStorage } from '../../server/lib/storage';

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
 * A fresh database per test file: in-memory PGlite, or a new PostgreSQL database on the server
 * named by DATABASE_URL (CI runs the suite both ways).
 */
async function freshDatabase(): Promise<{ database: Database; dropDatabase?: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return { database };
  }
  const name = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), 5);
  return {
    database,
    async dropDatabase() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestContext(opts: { demo?: boolean; config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const { database, dropDatabase } = await freshDatabase();
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-test-'));
  const storage = localStorage(path.join(dataDir, 'uploads'));
  await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, demo: opts.demo ?? true, storage });
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
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
