import { and, eq, inArray } from 'drizzle-orm';
import type { ImageRef } from '../../common/contracts/tasks';
import type { DbOrTx } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest } from '../errors';
import type { AuthUser } from './sessions';
import { uploadUrl } from './storage';

export const IMAGE_NOT_OWN = '图片不存在或不是您本人上传的，请重新上传';

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
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, fresh), eq(uploads.ownerId, caller.id)));
  if (own.length !== fresh.length) throw badRequest(field, label, IMAGE_NOT_OWN);
}

/** An upload as the contract's ImageRef, or null for a left-joined upload that is absent. */
export function imageRef(row: {
  id: number | null;
  storedName: string | null;
  width: number | null;
  height: number | null;
}): ImageRef | null {
  if (row.id === null || row.storedName === null) return null;
  return { id: row.id, url: uploadUrl(row.storedName), width: row.width, height: row.height };
}
