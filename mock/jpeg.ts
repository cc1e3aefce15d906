/** JPEG pieces written byte by byte, for the client's photo-compression tests. */
/** A JFIF APP0 header as browsers' canvas encoders write it. */
export const JFIF = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
/** A token start of scan and end of image. */
export const SCAN = [0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0x11, 0x22, 0xff, 0xd9];

/** An APP1 Exif segment whose IFD0 has Make and Orientation (6: turned), little- or big-endian. */
export function exifSegment(little: boolean, orientation = 6): number[] {
  const tiff = new DataView(new ArrayBuffer(8 + 2 + 2 * 12 + 4));
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  tiff.setUint16(2, 42, little);
  tiff.setUint32(4, 8, little);
  tiff.setUint16(8, 2, little);
  // Make (0x010f), ASCII, 4 bytes inline: "Oppo".
  tiff.setUint16(10, 0x010f, little);
  tiff.setUint16(12, 2, little);
  tiff.setUint32(14, 4, little);
  [0x4f, 0x70, 0x70, 0x6f].forEach((c, i) => tiff.setUint8(18 + i, c));
  // Orientation (0x0112), SHORT, 1 value inline.
  tiff.setUint16(22, 0x0112, little);
  tiff.setUint16(24, 3, little);
  tiff.setUint32(26, 1, little);
  tiff.setUint16(30, orientation, little);
  const body = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat([...new Uint8Array(tiff.buffer)]);
  return [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
}
