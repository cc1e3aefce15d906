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

/**
 * Who may read a stored file: undefined when there is none by that name, or while it waits for its
 * decode or failed it (nothing is served before it is decoded and checked, ADR 0058).
 */
export async function uploadVisibility(db: DbOrTx, storedName: string) {
  const [row] = await db
    .select({ visibility: uploads.visibility, decodeStatus: uploads.decodeStatus })
    .from(uploads)
    .where(eq(uploads.storedName, storedName));
  return row?.decodeStatus === 'ready' ? row.visibility : undefined;
}

// ---- The durable decode queue (ADR 0058) ----

/**
 * Where a pending upload's original waits: beside the stored name, under an extension the picture
 * route never serves (it answers only names of stored copies), so nothing of it is readable.
 */
export const pendingOriginalName = (storedName: string) => storedName.replace(/\.[a-z]+$/, '.original');

/** A claim older than this is taken again: the process that held it stopped mid-decode. */
const CLAIM_LEASE_SECONDS = 300;

export interface PendingDecode {
  id: number;
  storedName: string;
  ownerId: number | null;
  contentType: string;
}

/**
 * Takes the oldest pending upload nobody holds, leaving out the accounts listed (those already
 * with a decode running or waiting in this process, so one account's burst never lines up ahead of
 * other accounts). Several processes may claim at once: SKIP LOCKED gives each its own row.
 */
export async function claimPendingDecode(db: Db, busyOwners: number[]): Promise<PendingDecode | undefined> {
  const busy = busyOwners.length ? sql`and ${uploads.ownerId} not in (${sql.join(busyOwners, sql`, `)})` : sql``;
  const result = await db.execute(sql`
    update ${uploads} set decode_claimed_at = now()
    where ${uploads.id} = (
      select ${uploads.id} from ${uploads}
      where ${uploads.decodeStatus} = 'pending'
        and (${uploads.decodeClaimedAt} is null or ${uploads.decodeClaimedAt} < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))
        ${busy}
      order by ${uploads.id}
      limit 1
      for update skip locked)
    returning id, stored_name as "storedName", owner_id as "ownerId", content_type as "contentType"`);
  return (result as unknown as { rows: PendingDecode[] }).rows[0];
}

/** Gives a claimed upload back to the queue (the line was full, the storage unreachable). */
export async function releasePendingDecode(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(uploads)
    .set({ decodeClaimedAt: null })
    .where(and(eq(uploads.id, id), eq(uploads.decodeStatus, 'pending')));
}

/** Marks a pending upload decoded (its stored copy written) or failed; false when it was not pending any more. */
export async function settlePendingDecode(
  db: DbOrTx,
  id: number,
  values: { decodeStatus: 'ready'; size: number; width: number; height: number; phash: bigint | null } | { decodeStatus: 'failed' },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ ...values, decodeClaimedAt: null })
    .where(and(eq(uploads.id, id), eq(uploads.decodeStatus, 'pending')))
    .returning({ id: uploads.id });
  return rows.length > 0;
}
