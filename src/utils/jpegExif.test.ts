import { exifSegment, JFIF, SCAN } from '@mock/jpeg';
import { findExifSegment, jpegWithExif, withUprightOrientation } from './jpegExif';

const orientationOf = (segment: Uint8Array, little: boolean) => new DataView(segment.buffer, segment.byteOffset).getUint16(10 + 30, little);

describe('findExifSegment', () => {
  test('finds the Exif block after a JFIF header', () => {
    const segment = exifSegment(true);
    const found = findExifSegment(new Uint8Array([0xff, 0xd8, ...JFIF, ...segment, ...SCAN]));
    expect(found && [...found]).toEqual(segment);
  });

  test('nothing in a PNG, in a JPEG without one, in an XMP block, or past the start of scan', () => {
    expect(findExifSegment(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(findExifSegment(new Uint8Array([0xff, 0xd8, ...JFIF, ...SCAN]))).toBeUndefined();
    const xmp = [...'http://ns.adobe.com/xap/1.0/\0'].map((c) => c.charCodeAt(0));
    expect(findExifSegment(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, xmp.length + 2, ...xmp, ...SCAN]))).toBeUndefined();
    expect(findExifSegment(new Uint8Array([0xff, 0xd8, ...SCAN, ...exifSegment(true)]))).toBeUndefined();
    // Cut off in the middle of the block.
    expect(findExifSegment(new Uint8Array([0xff, 0xd8, ...exifSegment(true).slice(0, 20)]))).toBeUndefined();
  });
});

describe('withUprightOrientation', () => {
  test.each([true, false])('sets Orientation to 1 (little-endian: %s) and leaves the rest', (little) => {
    const segment = new Uint8Array(exifSegment(little));
    expect(orientationOf(segment, little)).toBe(6);
    const upright = withUprightOrientation(segment);
    expect(orientationOf(upright, little)).toBe(1);
    expect(orientationOf(segment, little)).toBe(6);
    expect(String.fromCharCode(...upright.subarray(10 + 18, 10 + 22))).toBe('Oppo');
  });
});

describe('jpegWithExif', () => {
  test('puts the upright block after the JFIF header of the encoded JPEG', async () => {
    const encoded = new Uint8Array([0xff, 0xd8, ...JFIF, ...SCAN]);
    const segment = new Uint8Array(exifSegment(true));
    const result = new Uint8Array(await jpegWithExif(new Blob([encoded]), encoded.subarray(0, 64), segment).arrayBuffer());
    expect([...result.subarray(0, 2 + JFIF.length)]).toEqual([0xff, 0xd8, ...JFIF]);
    const carried = findExifSegment(result)!;
    expect(orientationOf(carried, true)).toBe(1);
    expect([...result.subarray(result.length - SCAN.length)]).toEqual(SCAN);
    expect(result.length).toBe(encoded.length + segment.length);
  });

  test('right after SOI when the encoder wrote no JFIF header', async () => {
    const encoded = new Uint8Array([0xff, 0xd8, ...SCAN]);
    const result = new Uint8Array(await jpegWithExif(new Blob([encoded]), encoded, new Uint8Array(exifSegment(false))).arrayBuffer());
    expect([...result.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe1]);
  });
});
