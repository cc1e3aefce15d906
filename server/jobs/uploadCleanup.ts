import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  appealImages,
  centreIntroductionImages,
  news,
  photoReportImages,
  serviceEventImages,
  submissionImages,
  uploads,
  villageIntroductions,
} from '../db/schema';
import type { FileStorage } from '../lib/storage';
import { pendingOriginalName } from '../services/uploads/uploads';

// An upload that nothing used within a day (a form abandoned after its photos went up, or
// uploads sent only to fill the disk) is deleted with its file (ADR 0019). "Used" is the
// visibility uploadRefs.markUploadsUsed sets; the NOT EXISTS guards keep a picture that some
// record links anyway, so a missed mark can never cost a record its photo or a news item its cover.

/** Unused uploads older than this are deleted. */
const UNUSED_UPLOAD_HOURS = 24;
const BATCH = 500;

const stillUnused = sql`${uploads.visibility} = 'unattached'
  and not exists (select 1 from ${appealImages} where ${appealImages.uploadId} = ${uploads.id})
  and not exists (select 1 from ${photoReportImages} where ${photoReportImages.uploadId} = ${uploads.id})
  and not exists (select 1 from ${serviceEventImages} where ${serviceEventImages.uploadId} = ${uploads.id})
  and not exists (select 1 from ${submissionImages} where ${submissionImages.uploadId} = ${uploads.id})
  and not exists (select 1 from ${centreIntroductionImages} where ${centreIntroductionImages.uploadId} = ${uploads.id})
  and not exists (select 1 from ${news} where ${news.coverId} = ${uploads.id})
  and not exists (select 1 from ${villageIntroductions} where ${villageIntroductions.coverId} = ${uploads.id})`;

/**
 * Deletes unused uploads older than `olderThanHours`: the rows in batches (picked on
 * uploads_unattached_idx), then their files. Returns how many went. A file whose removal fails is
 * logged through `onFileError` and left behind; the row is gone, so nothing shows it any more.
 */
export async function purgeUnusedUploads(
  db: Db,
  storage: FileStorage,
  opts: { olderThanHours?: number; batch?: number; onFileError?: (name: string, error: unknown) => void } = {},
): Promise<number> {
  const hours = opts.olderThanHours ?? UNUSED_UPLOAD_HOURS;
  const batch = opts.batch ?? BATCH;
  let total = 0;
  for (;;) {
    // The visibility is checked again by the DELETE itself: an upload used since the pick stays.
    const result = await db.execute(sql`
      delete from ${uploads} where ${uploads.id} in (
        select ${uploads.id} from ${uploads}
        where ${uploads.visibility} = 'unattached' and ${uploads.createdAt} < now() - make_interval(hours => ${hours})
        order by ${uploads.createdAt}
        limit ${batch})
      and ${stillUnused}
      returning ${uploads.storedName} as name`);
    const names = (result as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
    // A photo still waiting for its decode, or failed, has its original under the pending name (ADR 0058).
    for (const name of names.flatMap((stored) => [stored, pendingOriginalName(stored)])) {
      try {
        await storage.remove(name);
      } catch (error) {
        opts.onFileError?.(name, error);
      }
    }
    total += names.length;
    if (names.length < batch) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
