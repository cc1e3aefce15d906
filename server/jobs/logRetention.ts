import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginLogs, operationLogs } from '../db/schema';

// Operation and sign-in logs are kept `days` (at least 180, checked by loadConfig) and then purged.
// Deleted in batches of ids picked through the created_at index, so that no single statement holds
// locks or builds WAL for long, and writers of new log rows never wait on the purge.

interface PurgeResult {
  operationLogs: number;
  loginLogs: number;
}

const BATCH = 5000;

async function purgeTable(db: Db, table: typeof operationLogs | typeof loginLogs, days: number, batch: number) {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${table} where ${table.id} in (
        select ${table.id} from ${table}
        where ${table.createdAt} < now() - make_interval(days => ${days})
        order by ${table.createdAt}
        limit ${batch})`);
    const deleted = Number(
      (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
    );
    total += deleted;
    if (deleted < batch) return total;
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function purgeOldLogs(db: Db, days: number, opts: { batch?: number } = {}): Promise<PurgeResult> {
  const batch = opts.batch ?? BATCH;
  return {
    operationLogs: await purgeTable(db, operationLogs, days, batch),
    loginLogs: await purgeTable(db, loginLogs, days, batch),
  };
}
