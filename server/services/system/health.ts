import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Health } from '../../../common/contracts/health';
import { type Db, migrationsFolder } from '../../db/client';
import type { FileStorage } from '../../lib/storage';

/** A check that has not answered by then counts as failed: monitoring must get an answer. */
const CHECK_TIMEOUT_MS = 3000;

async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

/** The migrations this release ships, read once: they change only with a new release. */
let shipped: { count: number; latest: string } | undefined;
function shippedMigrations() {
  if (!shipped) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    shipped = { count: journal.entries.length, latest: journal.entries.at(-1)?.tag ?? '' };
  }
  return shipped;
}

async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  // drizzle's node-postgres driver answers the driver's result: { rows }.
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/**
 * Database reachable, schema at this release's migration level, uploads storage writable (a probe
 * file is written and removed, on the local folder and on S3 alike).
 */
export async function checkHealth(db: Db, storage: FileStorage): Promise<{ health: Health; failed: string[] }> {
  const { count: expected, latest } = shippedMigrations();
  let applied = 0;
  const [database, migrations, storageCheck] = await Promise.all([
    timed(() => db.execute(sql`select 1`)),
    timed(async () => {
      applied = await appliedMigrations(db);
    }),
    timed(async () => {
      const probe = `.health-${randomBytes(6).toString('hex')}`;
      await storage.put(probe, Buffer.from('ok'));
      await storage.remove(probe);
    }),
  ]);
  const migrationsOk = migrations.ok && applied === expected;
  const failed = [
    ...(database.ok ? [] : ['数据库无法连接']),
    ...(migrationsOk || !database.ok ? [] : [`数据库结构版本不符（已应用${applied}个迁移，本版本需要${expected}个）`]),
    ...(storageCheck.ok ? [] : ['上传文件存储不可写']),
  ];
  return {
    health: {
      status: failed.length ? 'fail' : 'ok',
      database,
      migrations: { ok: migrationsOk, applied, expected, latest },
      storage: storageCheck,
      uptimeSeconds: Math.round(process.uptime()),
    },
    failed,
  };
}
