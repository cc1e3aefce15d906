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
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/**
 * Fully decodes the image (not only its header), so a file with a valid signature but a broken or
 * foreign body is refused. Returns the dimensions, or undefined when it is not that image.
 */
export async function inspectImage(
  buf: Buffer,
  kind: ImageKind,
): Promise<{ width: number; height: number } | undefined> {
  try {
    const image = sharp(buf, { failOn: 'error', limitInputPixels: 100_000_000 });
    const meta = await image.metadata();
    if (meta.format !== kind || !meta.width || !meta.height) return undefined;
    await image.stats();
    return { width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}
