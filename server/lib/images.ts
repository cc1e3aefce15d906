import sharp from 'sharp';

export const IMAGE_TYPES = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
} as const;
export type ImageKind = keyof typeof IMAGE_TYPES;

/** Decides the type from the file's first bytes; the client's name and type are not trusted. */
export function sniffImage(buf: Buffer): ImageKind | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

/**
 * Pixels an upload may decode to (a 9990×9990 PNG of 291 KB is 100 MP). Only the first frame of an
 * animated GIF or WebP is ever decoded (ADR 0041), so that frame is what counts.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The stored image's longest side; larger photos are scaled down to it. */
const MAX_STORED_SIDE = 2560;

// One libvips thread per image: each decode worker (server/jobs/decodeWorkers.ts) runs one image at a
// time, so images never use more threads than there are workers (ADR 0058).
sharp.concurrency(1);

interface ImageHeader {
  width: number;
  height: number;
  /** The raw EXIF block ("Exif\0\0" + TIFF), when the file has one. */
  exif?: Buffer;
}

/** Reads the header only (no pixels are decoded): undefined when it is not that image. */
export async function readImageHeader(buf: Buffer, kind: ImageKind): Promise<ImageHeader | undefined> {
  try {
    const meta = await sharp(buf).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) return undefined;
    return { width: meta.width, height: meta.height, exif: meta.exif };
  } catch {
    return undefined;
  }
}

export const pixelCount = (header: ImageHeader) => header.width * header.height;

interface StoredImage {
  content: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the image (a valid signature with a broken or foreign body fails here) and encodes it
 * again in its own format: turned upright by its EXIF orientation, scaled to MAX_STORED_SIDE, with
 * every metadata block (EXIF, GPS, XMP, comments, text chunks) left behind. Of an animated GIF or
 * WebP only the first frame is decoded and kept (ADR 0041): photos of appeals and reports are not
 * animations, and re-encoding forty 1000×1000 frames held the decode queue for 17–27 s. Undefined
 * when it does not decode.
 */
export async function reencodeImage(buf: Buffer, kind: ImageKind): Promise<StoredImage | undefined> {
  try {
    // `pages: 1` is sharp's default; said here because `animated: true` or `pages: -1` would decode
    // every frame again.
    let image = sharp(buf, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).rotate();
    image = image.resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (kind === 'jpeg') image = image.jpeg({ quality: 82 });
    else if (kind === 'png') image = image.png();
    else if (kind === 'webp') image = image.webp({ quality: 82 });
    else image = image.gif();
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

/** Declared types a browser or phone sends for an image (the content decides the stored type). */
const DECLARED_IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/x-png',
  'image/gif',
  'image/webp',
  'application/octet-stream',
]);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'gif', 'webp']);

/**
 * Whether a file name tries to be a path: separators, parent-folder steps or control characters,
 * also when percent-encoded (once or twice). A browser sends a bare name, so such a name is a
 * crafted request, refused even though the name is never used as a path.
 */
export function unsafeFileName(filename: string): boolean {
  let name = filename;
  for (let round = 0; round < 3; round++) {
    if (/[\\/\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..') return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      return false; // a stray % in an ordinary name
    }
    if (decoded === name) return false;
    name = decoded;
  }
  return true; // encoded three times over: nobody names a photo like that
}

/**
 * Whether the name and type the client declared fit an image. A file declared as a page, a script
 * or an SVG is refused before its content is looked at, even when the bytes would pass: whoever
 * sent it meant something other than a photo. A missing name or extension ("blob") is fine.
 */
export function declaredAsImage(filename: string, mimetype: string): boolean {
  const type = mimetype.split(';')[0].trim().toLowerCase();
  if (type && !DECLARED_IMAGE_TYPES.has(type)) return false;
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return true;
  return IMAGE_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}

const PNG_END = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * Whether bytes follow the image's own end marker (a polyglot: a picture with a page, a script or an
 * archive appended, GIFAR style). Trailing zero bytes, which some encoders pad with, are tolerated.
 */
export function hasTrailingData(buf: Buffer, kind: ImageKind): boolean {
  let end = buf.length;
  while (end > 0 && buf[end - 1] === 0) end--;
  switch (kind) {
    case 'png': {
      // The IEND chunk's length field is itself zeros: look for the marker with them put back.
      const iend = buf.lastIndexOf(PNG_END.subarray(4));
      return iend < 4 || iend + 8 < end;
    }
    case 'jpeg':
      return !(end >= 2 && buf[end - 2] === 0xff && buf[end - 1] === 0xd9);
    case 'gif':
      return !(end >= 1 && buf[end - 1] === 0x3b);
    case 'webp': {
      const declared = buf.readUInt32LE(4) + 8;
      return declared + (declared % 2) < buf.length && declared < end;
    }
  }
}

/**
 * Markup or script hidden inside an image's bytes (a comment, a text chunk). The file is only ever
 * served as an image with nosniff, so this is a second guard; compressed pixel data never spells
 * these words by chance.
 */
// Whole words with their delimiter: four or five random bytes would match a shorter pattern in
// one large photo out of a few hundred.
const EMBEDDED_MARKUP = /<(script|html|body|iframe|svg|object|embed)[\s/>]|<\?php|javascript:/i;
export function hasEmbeddedMarkup(buf: Buffer): boolean {
  return EMBEDDED_MARKUP.test(buf.toString('latin1'));
}
