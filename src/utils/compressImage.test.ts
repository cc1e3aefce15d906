import { exifSegment, JFIF, SCAN } from '@mock/jpeg';
import { KEEP_ORIGINAL_BYTES, MAX_SIDE, compressImage, fitWithin, isSmallEnough } from './compressImage';
import { findExifSegment } from './jpegExif';

describe('fitWithin', () => {
  test.each([
    [
      { width: 4000, height: 3000 },
      { width: 1600, height: 1200 },
    ], // landscape camera photo
    [
      { width: 3000, height: 4000 },
      { width: 1200, height: 1600 },
    ], // portrait
    [
      { width: 4032, height: 3024 },
      { width: 1600, height: 1200 },
    ], // 4:3 phone sensor, rounded
    [
      { width: 1080, height: 2400 },
      { width: 720, height: 1600 },
    ], // tall screenshot
    [
      { width: 2000, height: 2000 },
      { width: 1600, height: 1600 },
    ], // square
    [
      { width: 1601, height: 1 },
      { width: 1600, height: 1 },
    ], // never below 1 px
    [
      { width: 1600, height: 900 },
      { width: 1600, height: 900 },
    ], // at the limit: unchanged
    [
      { width: 640, height: 480 },
      { width: 640, height: 480 },
    ], // small: never enlarged
  ])('%o fits as %o', (size, expected) => {
    expect(fitWithin(size)).toEqual(expected);
    const fitted = fitWithin(size);
    expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(MAX_SIDE);
  });

  test('keeps the aspect ratio within a pixel of rounding', () => {
    const { width, height } = fitWithin({ width: 5472, height: 3648 });
    expect(width).toBe(1600);
    expect(Math.abs(width / height - 5472 / 3648)).toBeLessThan(0.002);
  });

  test('another limit and degenerate sizes', () => {
    expect(fitWithin({ width: 1000, height: 500 }, 800)).toEqual({ width: 800, height: 400 });
    expect(fitWithin({ width: 0, height: 500 })).toEqual({ width: 0, height: 0 });
    expect(fitWithin({ width: Number.NaN, height: 500 })).toEqual({ width: 0, height: 0 });
  });
});

describe('isSmallEnough', () => {
  test('small in both pixels and bytes', () => {
    expect(isSmallEnough({ width: 1200, height: 900 }, 300 * 1024)).toBe(true);
    expect(isSmallEnough({ width: 1600, height: 1600 }, KEEP_ORIGINAL_BYTES)).toBe(true);
  });
  test('too many pixels or too many bytes', () => {
    expect(isSmallEnough({ width: 1601, height: 900 }, 10 * 1024)).toBe(false);
    expect(isSmallEnough({ width: 1200, height: 900 }, KEEP_ORIGINAL_BYTES + 1)).toBe(false);
  });
});

describe('compressImage', () => {
  const originalGetContext = HTMLCanvasElement.prototype.getContext;
  const originalToBlob = HTMLCanvasElement.prototype.toBlob;
  afterEach(() => {
    HTMLCanvasElement.prototype.getContext = originalGetContext;
    HTMLCanvasElement.prototype.toBlob = originalToBlob;
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  });

  const photo = (bytes: number, name = 'IMG_0001.PNG', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

  /** A browser that decodes to `size` and encodes to `outBytes` (or these bytes); records the canvas and quality. */
  function fakeBrowser(size: { width: number; height: number }, outBytes: number | Uint8Array) {
    const drawn: Array<{ width: number; height: number; quality?: number; type?: string }> = [];
    const close = jest.fn();
    (globalThis as unknown as { createImageBitmap: unknown }).createImageBitmap = jest.fn(async () => ({ ...size, close }));
    HTMLCanvasElement.prototype.getContext = function getContext() {
      return { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    } as unknown as typeof originalGetContext;
    HTMLCanvasElement.prototype.toBlob = function toBlob(this: HTMLCanvasElement, callback, type, quality) {
      drawn.push({ width: this.width, height: this.height, type, quality });
      callback(new Blob([typeof outBytes === 'number' ? new Uint8Array(outBytes) : new Uint8Array(outBytes)], { type: 'image/jpeg' }));
    };
    return { drawn, close };
  }

  test('a big camera photo is scaled to 1600 px on its longest side and sent as JPEG at 0.8', async () => {
    const { drawn, close } = fakeBrowser({ width: 4000, height: 3000 }, 400_000);
    const result = await compressImage(photo(5_000_000));
    expect(drawn).toEqual([{ width: 1600, height: 1200, type: 'image/jpeg', quality: 0.8 }]);
    expect(result).toMatchObject({ width: 1600, height: 1200, compressed: true, name: 'IMG_0001.jpg' });
    expect(result.blob.size).toBe(400_000);
    expect(close).toHaveBeenCalled();
  });

  test('a small photo is sent as it is', async () => {
    const { drawn } = fakeBrowser({ width: 800, height: 600 }, 10);
    const file = photo(100_000, 'small.jpg', 'image/jpeg');
    const result = await compressImage(file);
    expect(drawn).toHaveLength(0);
    expect(result.blob).toBe(file);
    expect(result.compressed).toBe(false);
  });

  test('within the side limit but heavy: re-encoded only if that is smaller', async () => {
    fakeBrowser({ width: 1200, height: 900 }, 2_000_000);
    const file = photo(1_000_000);
    expect((await compressImage(file)).blob).toBe(file);
    fakeBrowser({ width: 1200, height: 900 }, 200_000);
    expect((await compressImage(file)).blob.size).toBe(200_000);
  });

  test('over the side limit the scaled photo is used even if its bytes are not fewer', async () => {
    fakeBrowser({ width: 3200, height: 1600 }, 900_000);
    const result = await compressImage(photo(800_000));
    expect(result).toMatchObject({ width: 1600, height: 800, compressed: true });
  });

  test("a re-encoded phone photo keeps the original's EXIF block, turned upright", async () => {
    const encoded = new Uint8Array([0xff, 0xd8, ...JFIF, ...SCAN]);
    fakeBrowser({ width: 4000, height: 3000 }, encoded);
    const segment = exifSegment(true, 6);
    const original = new File([new Uint8Array([0xff, 0xd8, ...segment, ...SCAN]), new Uint8Array(3_000_000)], 'IMG_0002.jpg', {
      type: 'image/jpeg',
    });
    const result = await compressImage(original);
    expect(result.compressed).toBe(true);
    const bytes = new Uint8Array(await result.blob.arrayBuffer());
    expect(bytes.length).toBe(encoded.length + segment.length);
    const carried = findExifSegment(bytes)!;
    expect(carried).toBeDefined();
    // Orientation 6 became 1: the canvas drew the photo upright already.
    expect(new DataView(carried.buffer, carried.byteOffset).getUint16(10 + 30, true)).toBe(1);
  });

  test('a PNG or a JPEG without EXIF is sent as the canvas encoded it', async () => {
    const encoded = new Uint8Array([0xff, 0xd8, ...JFIF, ...SCAN]);
    fakeBrowser({ width: 4000, height: 3000 }, encoded);
    const result = await compressImage(photo(3_000_000));
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(encoded);
  });

  test('without a way to decode (jsdom) the original is sent', async () => {
    const file = photo(3_000_000);
    const result = await compressImage(file);
    expect(result.blob).toBe(file);
    expect(result.compressed).toBe(false);
  });
});
