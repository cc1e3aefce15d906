import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { type DecodeQueue, QueueFullError } from './decodeQueue';
import type { DecodeWorkers } from './decodeWorkers';
import { recordPhotoMatches } from '../services/uploads/photoMatches';
import { type FileStorage, readStored } from '../lib/storage';

// Uploads from before photos were hashed (migration 0012 marks them phash_pending) are hashed from
// their stored copies, as new uploads are, a few at a time, each decode taking its turn in the
// upload's DecodeQueue (ADR 0019) and on its worker threads (ADR 0058) so that users' uploads keep theirs; then their matches are
// recorded like a new photo's (ADR 0027). Several processes may run it at once: a photo hashed
// twice gets the same hash, and matches are inserted once.

const BATCH = 50;

/**
 * Hashes pending uploads until none is left or users' uploads are waiting for a decode (the next
 * round goes on from there). Returns how many were done. A missing or undecodable file is marked
 * done without a hash; a storage error leaves the upload pending for the next round.
 */
/** The backfill's own account in the decode queue: it takes its turns like one more user. */
const BACKGROUND = 'photo-hash-backfill';

export async function hashPendingUploads(
  db: Db,
  storage: FileStorage,
  decodes: DecodeQueue,
  workers: DecodeWorkers,
  opts: { batch?: number; onError?: (uploadId: number, error: unknown) => void } = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    const pending = await db
      .select({ id: uploads.id, storedName: uploads.storedName })
      .from(uploads)
      .where(eq(uploads.phashPending, true))
      .orderBy(asc(uploads.id))
      .limit(opts.batch ?? BATCH);
    if (!pending.length) return done;
    for (const upload of pending) {
      // Users first: while anyone waits for a decode, the job waits for the next round.
      if (decodes.size.waiting > 0) return done;
      let hash: bigint | undefined;
      try {
        const content = await readStored(storage, upload.storedName);
        hash = content ? await decodes.run(BACKGROUND, () => workers.hash(content)) : undefined;
      } catch (error) {
        if (error instanceof QueueFullError) return done;
        // Storage unreachable (S3 down): leave it pending for the next round.
        opts.onError?.(upload.id, error);
        return done;
      }
      await db
        .update(uploads)
        .set({ phash: hash ?? null, phashPending: false })
        .where(eq(uploads.id, upload.id));
      if (hash !== undefined) await recordPhotoMatches(db, [upload.id]);
      done++;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
