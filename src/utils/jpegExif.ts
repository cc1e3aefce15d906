/**
 * A phone photo re-encoded through a canvas loses its EXIF block, and with it the capture time and
 * position the server keeps for spotting the same photo sent twice (ADR 0019; the server strips the
 * block from the stored copy). These helpers carry the original's block into the compressed JPEG,
 * with its orientation set to upright, since the canvas has already turned the picture.
 */

const SOI = [0xff, 0xd8];
/** JPEG metadata sits at the start; reading this much of a file always covers it. */
export const EXIF_SEARCH_BYTES = 128 * 1024;

/** The APP1 "Exif\0\0" segment (marker and length included) of a JPEG's first bytes, if any. */
export function findExifSegment(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] !== SOI[0] || bytes[1] !== SOI[1]) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    // Start of scan or end of image: the metadata is behind us.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2) return undefined;
    const end = at + 2 + length;
    if (marker === 0xe1 && length >= 16 && end <= bytes.length && String.fromCharCode(...bytes.subarray(at + 4, at + 10)) === 'Exif\0\0') {
      return bytes.slice(at, end);
    }
    at = end;
  }
  return undefined;
}

/** A copy of the segment whose IFD0 Orientation (tag 0x0112), if present, says 1: upright. */
export function withUprightOrientation(segment: Uint8Array): Uint8Array {
  const copy = segment.slice();
  const tiff = 10; // marker (2) + length (2) + "Exif\0\0" (6)
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
  if (copy.length < tiff + 8) return copy;
  const little = copy[tiff] === 0x49; // "II"; "MM" is big-endian
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > copy.length) return copy;
  const entries = view.getUint16(ifd0, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > copy.length) break;
    if (view.getUint16(entry, little) === 0x0112 && view.getUint16(entry + 2, little) === 3) {
      view.setUint16(entry + 8, 1, little);
    }
  }
  return copy;
}

/**
 * The encoded JPEG with the original's EXIF segment put in after its JFIF header (or right after
 * SOI when it has none). `head` is the encoded JPEG's first bytes, enough to read that header.
 */
export function jpegWithExif(encoded: Blob, head: Uint8Array, segment: Uint8Array): Blob {
  let at = 2;
  if (head[2] === 0xff && head[3] === 0xe0 && head.length >= 6) at = 4 + ((head[4] << 8) | head[5]);
  return new Blob([encoded.slice(0, at), new Uint8Array(withUprightOrientation(segment)), encoded.slice(at)], { type: 'image/jpeg' });
}
