import { EXIF_SEARCH_BYTES, findExifSegment, jpegWithExif } from './jpegExif';

/**
 * Photos from phone cameras are 3–10 MB; the village network is slow. Before upload a photo is
 * scaled so its longest side is at most 1600 px and re-encoded as JPEG (quality 0.8). A photo that
 * is already small is sent as it is, and so is the original whenever re-encoding cannot or does not
 * help (no canvas, an undecodable file, or a photo within the side limit that would not get smaller).
 * A re-encoded JPEG keeps the original's EXIF block (capture time, position; see jpegExif.ts).
 */

export const MAX_SIDE = 1600;
const JPEG_QUALITY = 0.8;
/** At or under this size and within MAX_SIDE, a photo is sent untouched. */
export const KEEP_ORIGINAL_BYTES = 500 * 1024;
const DECODE_TIMEOUT_MS = 15000;

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within maxSide × maxSide keeping the aspect ratio; never enlarges. */
export function fitWithin({ width, height }: Size, maxSide = MAX_SIDE): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: width >= height ? maxSide : Math.max(1, Math.round(width * scale)),
    height: height > width ? maxSide : Math.max(1, Math.round(height * scale)),
  };
}

/** Whether to send the file as it is: already within the side limit and small enough. */
export function isSmallEnough(size: Size, bytes: number, keepBelow = KEEP_ORIGINAL_BYTES, maxSide = MAX_SIDE) {
  return Math.max(size.width, size.height) <= maxSide && bytes <= keepBelow;
}

interface CompressOptions {
  maxSide?: number;
  quality?: number;
  keepBelow?: number;
}

export interface CompressedImage {
  blob: Blob;
  /** The file name to upload under (.jpg when re-encoded). */
  name: string;
  width: number;
  height: number;
  /** False when the original is sent unchanged. */
  compressed: boolean;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/** Decodes an image file, honouring EXIF orientation where the browser can. */
async function decode(file: Blob): Promise<Decoded | undefined> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Older browsers reject the options object or the format: fall back to <img>.
    }
  }
  let url: string;
  try {
    url = URL.createObjectURL(file);
  } catch {
    return undefined; // no object URLs here (tests' jsdom): send the original
  }
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('decode timeout')), DECODE_TIMEOUT_MS);
      img.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      img.onerror = () => {
        clearTimeout(timer);
        reject(new Error('decode failed'));
      };
      img.src = url;
    });
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, release: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    return undefined;
  }
}

/** A blob's bytes, through FileReader where Blob.arrayBuffer is missing (older browsers, jsdom). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The encoded JPEG with the original's EXIF block, or as it is when there is none to carry. */
async function carryExif(original: Blob, encoded: Blob): Promise<Blob> {
  try {
    const segment = findExifSegment(await readBytes(original.slice(0, EXIF_SEARCH_BYTES)));
    if (!segment) return encoded;
    return jpegWithExif(encoded, await readBytes(encoded.slice(0, 64)), segment);
  } catch {
    return encoded; // unreadable: the photo goes without its EXIF, as it did before
  }
}

const toJpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/** The photo to upload: scaled and re-encoded when that makes it smaller, else the original. */
export async function compressImage(file: File, options: CompressOptions = {}): Promise<CompressedImage> {
  const { maxSide = MAX_SIDE, quality = JPEG_QUALITY, keepBelow = KEEP_ORIGINAL_BYTES } = options;
  const original = (size: Size): CompressedImage => ({ blob: file, name: file.name || 'photo.jpg', ...size, compressed: false });
  const decoded = await decode(file);
  if (!decoded) return original({ width: 0, height: 0 });
  try {
    const source = { width: decoded.width, height: decoded.height };
    if (isSmallEnough(source, file.size, keepBelow, maxSide)) return original(source);
    const target = fitWithin(source, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return original(source);
    // JPEG has no transparency: paint white under PNG's transparent parts instead of black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, target.width, target.height);
    context.drawImage(decoded.source, 0, 0, target.width, target.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return original(source);
    // Within the side limit, re-encoding was only for bytes: keep whichever is smaller.
    if (blob.size >= file.size && Math.max(source.width, source.height) <= maxSide) return original(source);
    return { blob: await carryExif(file, blob), name: toJpegName(file.name || 'photo'), ...target, compressed: true };
  } finally {
    decoded.release();
  }
}
