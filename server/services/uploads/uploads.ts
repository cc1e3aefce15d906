import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

// The uploads table as the upload routes use it: the daily quota, a new file, who may read one.

/** Bytes the owner stored in the last 24 hours (on uploads_owner_idx). */
export async function bytesStoredToday(db: DbOrTx, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, sql`now() - interval '24 hours'`)));
  return Number(row.bytes);
}

/** Records a stored file; answers its id. */
async function recordUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<number> {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  return row.id;
}

/** The advisory-lock class under which one owner's uploads are recorded one at a time. */
const QUOTA_LOCK_CLASS = 7426002;

/**
 * Records a stored file unless, with it, the owner's last 24 hours would pass `dailyBytes`
 * (undefined then). The check and the insert hold the owner's lock, so uploads sent at once are
 * counted one after the other instead of all passing the same total.
 */
export async function recordUploadWithinQuota(
  db: Db,
  values: typeof uploads.$inferInsert & { ownerId: number; size: number },
  dailyBytes: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}, ${values.ownerId})`);
    if ((await bytesStoredToday(tx, values.ownerId)) + values.size > dailyBytes) return undefined;
    return recordUpload(tx, values);
  });
}

/** Who may read a stored file (undefined when there is none by that name). */
export async function uploadVisibility(db: DbOrTx, storedName: string) {
  const [row] = await db.select({ visibility: uploads.visibility }).from(uploads).where(eq(uploads.storedName, storedName));
  return row?.visibility;
}
