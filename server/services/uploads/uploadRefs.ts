import { and, eq, inArray, ne } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '../../../common/constants';
import type { ImageRef } from '../../../common/contracts/tasks';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import { badRequest } from '../../errors';
import type { AuthUser } from '../accounts/sessions';
import { uploadUrl } from '../../lib/storage';

/**
 * Images a form attaches to a record. Those the record already has stay as they are (a colleague
 * may edit a page whose pictures someone else uploaded); every new one must be an upload of the
 * caller's own. Upload ids are small numbers anyone can guess, and another user's photo (an
 * appeal's, a report's) must not end up on a public page because someone typed its id.
 */
export async function assertAttachableImages(
  db: DbOrTx,
  caller: AuthUser,
  ids: number[],
  attached: Array<number | null>,
  field: string,
  label: string,
): Promise<void> {
  const fresh = [...new Set(ids)].filter((id) => !attached.includes(id));
  if (!fresh.length) return;
  const own = await db
    .select({ id: uploads.id, decodeStatus: uploads.decodeStatus })
    .from(uploads)
    .where(and(inArray(uploads.id, fresh), eq(uploads.ownerId, caller.id)));
  if (own.length !== fresh.length) throw badRequest(field, label, UPLOAD_MESSAGES.imageNotOwn);
  // A pending photo may be attached (it shows 处理中 until ready); one that failed cannot (ADR 0058).
  if (own.some((row) => row.decodeStatus === 'failed')) throw badRequest(field, label, UPLOAD_MESSAGES.failedNotAttachable);
}

/** Our uploads' addresses inside saved rich text (sanitize.ts keeps no other image source). */
const RICH_TEXT_UPLOAD = /\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|gif|webp))/g;

/** The stored names of the uploads a rich text shows. */
const richTextUploads = (html: string) => [...new Set(Array.from(html.matchAll(RICH_TEXT_UPLOAD), (m) => m[1]))];

/**
 * Records that a record uses these uploads (ADR 0019), so the clean-up of unused uploads leaves
 * them alone and the address serves them as the record's readers need. 'public': a news item, a
 * task or an introduction, which anyone may read; only an upload nothing used yet becomes public.
 * 'private': an appeal, a photo report or a task submission; private wins over public and stays.
 * Called before or inside the write that uses them: if that write then fails, an upload is kept
 * that need not be, never the reverse.
 */
export async function markUploadsUsed(
  db: DbOrTx,
  uses: { ids?: Array<number | null>; html?: string },
  visibility: 'public' | 'private',
): Promise<void> {
  const ids = (uses.ids ?? []).filter((id): id is number => id !== null);
  const names = uses.html ? richTextUploads(uses.html) : [];
  const which = visibility === 'public' ? eq(uploads.visibility, 'unattached') : ne(uploads.visibility, 'private');
  if (ids.length) {
    await db
      .update(uploads)
      .set({ visibility })
      .where(and(inArray(uploads.id, ids), which));
  }
  if (names.length) {
    await db
      .update(uploads)
      .set({ visibility })
      .where(and(inArray(uploads.storedName, names), which));
  }
}

/**
 * A picture of public content (a cover, an introduction's picture) as the contract's ImageRef, with
 * its plain address; null for a left-joined upload that is absent. A private upload used there does
 * not show: its plain address is refused (ADR 0019).
 */
export function imageRef(row: {
  id: number | null;
  storedName: string | null;
  width: number | null;
  height: number | null;
}): ImageRef | null {
  if (row.id === null || row.storedName === null) return null;
  return { id: row.id, url: uploadUrl(row.storedName), width: row.width, height: row.height };
}
