import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ImageDecodeStatus } from '../../../common/contracts/base';
import type { ImageRef } from '../../../common/contracts/tasks';
import type { DbOrTx } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { uploadUrl } from '../../lib/storage';

// Private photos (those of appeals, photo reports and task submissions) are fetched through
// addresses that carry an expiry and a signature (ADR 0019). Only the API answers that show a
// record's photos hand them out, and those answers already go only to who may read the record.

const KEY_NAME = 'upload-url-key';
const HOUR = 3600;

/** The signing key of this process, loaded from the database when the app is built. */
let key: Buffer | undefined;

/**
 * The key stored under KEY_NAME, created with `candidate` when there is none yet. Every process on
 * the database ends up with the same key, whichever wrote it first.
 */
export async function readOrCreateKey(db: DbOrTx, candidate: Buffer): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: candidate.toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
  return Buffer.from(row.value, 'base64');
}

/** Called by buildApp: from then on this process signs and checks with the database's key. */
export async function loadUploadUrlKey(db: DbOrTx): Promise<void> {
  // A process already holding a key offers it, so test apps on several fresh databases agree.
  key = await readOrCreateKey(db, key ?? randomBytes(32));
}

function signature(storedName: string, exp: number): string {
  if (!key) throw new Error('upload url key not loaded (buildApp loads it)');
  return createHmac('sha256', key).update(`${storedName}\n${exp}`).digest('base64url').slice(0, 32);
}

/**
 * The address of a private upload, valid until the end of the next full hour: one to two hours,
 * and the same address for a whole hour, so the browser's cache still serves it on a reload.
 */
export function signedUploadUrl(storedName: string, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / HOUR) + 2) * HOUR;
  return `${uploadUrl(storedName)}?exp=${exp}&sig=${signature(storedName, exp)}`;
}

/** Seconds the signed address is still good for, or 0 when it is wrong or expired. */
export function signatureValidFor(storedName: string, exp: number | undefined, sig: string | undefined, now = Date.now()): number {
  if (exp === undefined || !sig) return 0;
  const left = exp - Math.floor(now / 1000);
  if (left <= 0) return 0;
  const expected = Buffer.from(signature(storedName, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? left : 0;
}

/**
 * A record's private photo as the contract's ImageRef, at its signed address; while it waits for its
 * decode or after it failed, with that status (the page shows 处理中 or 图片处理失败, ADR 0058).
 */
export function signedImageRef(row: {
  id: number;
  storedName: string;
  width: number | null;
  height: number | null;
  decodeStatus: string;
}): ImageRef {
  const ref: ImageRef = { id: row.id, url: signedUploadUrl(row.storedName), width: row.width, height: row.height };
  if (row.decodeStatus !== 'ready') ref.status = row.decodeStatus as ImageDecodeStatus;
  return ref;
}
