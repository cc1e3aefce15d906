import {
  hasEmbeddedMarkup,
  hasTrailingData,
  type ImageKind,
  MAX_INPUT_PIXELS,
  pixelCount,
  readImageHeader,
  reencodeImage,
} from '../lib/images';
import { photoHash } from '../lib/photoHash';

// What a decode worker does with an upload (server/jobs/decodeWorker.ts): every check of an upload
// that reads the picture, in the order the upload route answers them, then the stored copy and its
// duplicate-photo hash (ADR 0027). Pure: bytes in, an outcome out; nothing here touches the
// database or the storage, so the same function runs in a worker thread or in a test.

/** Why an upload is refused; the upload route words each one. */
export type Refusal =
  | { reason: 'broken' }
  | { reason: 'tooManyPixels'; width: number; height: number }
  | { reason: 'trailingData' }
  | { reason: 'embeddedMarkup' };

interface Precheck {
  width: number;
  height: number;
  /** The raw EXIF block of the original, for its capture time and position (server/lib/exif.ts). */
  exif?: Buffer;
}

/**
 * The checks that need no pixels: the header (and with it the pixel limit, before anything is
 * decoded) and the bytes around and inside the picture. Cheap enough to answer at once when a burst
 * sends the decode itself to the pending queue (ADR 0058).
 */
export async function precheckUpload(content: Buffer, kind: ImageKind): Promise<Precheck | Refusal> {
  const header = await readImageHeader(content, kind);
  if (!header) return { reason: 'broken' };
  // A few hundred KB can describe a billion pixels: refused from the header, before decoding.
  if (pixelCount(header) > MAX_INPUT_PIXELS) return { reason: 'tooManyPixels', width: header.width, height: header.height };
  // Polyglots: a real picture with a page, a script or an archive after its end or inside it.
  // The stored copy is re-encoded and carries none of it; the sender still meant something else.
  if (hasTrailingData(content, kind)) return { reason: 'trailingData' };
  if (hasEmbeddedMarkup(content)) return { reason: 'embeddedMarkup' };
  return header;
}

export interface Decoded {
  header: Precheck;
  /** The stored copy: upright, at most 2560 px, without metadata. */
  content: Buffer;
  width: number;
  height: number;
  phash?: bigint;
}

export const isRefusal = (outcome: object): outcome is Refusal => 'reason' in outcome;

/** Every check, then the stored copy and its hash; a picture that passes the header but not the decode is 'broken'. */
export async function decodeUpload(content: Buffer, kind: ImageKind): Promise<Decoded | Refusal> {
  const header = await precheckUpload(content, kind);
  if (isRefusal(header)) return header;
  const image = await reencodeImage(content, kind);
  if (!image) return { reason: 'broken' };
  // The duplicate-photo hash from the stored copy: upright, at most 2560 px (a JPEG decodes at 1/8
  // scale for it), and what the backfill hashes for uploads from before, so hashes compare alike.
  const phash = await photoHash(image.content);
  return { header, content: image.content, width: image.width, height: image.height, phash };
}
