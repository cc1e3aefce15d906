import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { parseExifDate, readPhotoFacts } from './exif';

const exifOf = async (exif: Record<string, Record<string, string>>) =>
  (
    await sharp(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .withExif(exif)
        .jpeg()
        .toBuffer(),
    ).metadata()
  ).exif;

/** A big-endian ("MM") TIFF block written by hand: IFD0 → Exif IFD (DateTimeOriginal) and GPS IFD. */
function bigEndianExif(): Buffer {
  const buf = Buffer.alloc(200);
  buf.write('MM', 0, 'latin1');
  buf.writeUInt16BE(42, 2);
  buf.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    buf.writeUInt16BE(tag, at);
    buf.writeUInt16BE(type, at + 2);
    buf.writeUInt32BE(count, at + 4);
    buf.writeUInt32BE(value, at + 8);
  };
  // IFD0 at 8: two entries, pointers to the Exif IFD (40) and the GPS IFD (80).
  buf.writeUInt16BE(2, 8);
  entry(10, 0x8769, 4, 1, 40);
  entry(22, 0x8825, 4, 1, 80);
  // Exif IFD at 40: DateTimeOriginal (20 bytes at 60).
  buf.writeUInt16BE(1, 40);
  entry(42, 0x9003, 2, 20, 60);
  buf.write('2025:01:31 23:59:58\0', 60, 'latin1');
  // GPS IFD at 80: S 33°52'0", W 151°12'0" (rationals at 130 and 172).
  buf.writeUInt16BE(4, 80);
  entry(82, 1, 2, 2, 0);
  buf.write('S\0', 90, 'latin1');
  entry(94, 2, 5, 3, 130);
  entry(106, 3, 2, 2, 0);
  buf.write('W\0', 114, 'latin1');
  entry(118, 4, 5, 3, 172);
  const rationals = (at: number, values: number[]) =>
    values.forEach((v, i) => (buf.writeUInt32BE(v, at + i * 8), buf.writeUInt32BE(1, at + i * 8 + 4)));
  rationals(130, [33, 52, 0]);
  rationals(172, [151, 12, 0]);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), buf]);
}

describe('EXIF capture time and position', () => {
  test('read from what a phone writes (little-endian), Beijing time when no offset is recorded', async () => {
    const facts = readPhotoFacts(
      await exifOf({
        IFD2: { DateTimeOriginal: '2026:11:20 09:30:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 15/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '120/1 9/1 0/1' },
      }),
    );
    assert.equal(facts.takenAt?.toISOString(), '2026-11-20T01:30:00.000Z');
    assert.equal(facts.lat, 30.2583333);
    assert.equal(facts.lng, 120.15);
  });

  test('an offset recorded beside the time is used', async () => {
    const facts = readPhotoFacts(await exifOf({ IFD2: { DateTimeOriginal: '2026:11:20 09:30:00', OffsetTimeOriginal: '-05:00' } }));
    assert.equal(facts.takenAt?.toISOString(), '2026-11-20T14:30:00.000Z');
    assert.deepEqual([facts.lat, facts.lng], [null, null]);
  });

  test('read from a big-endian block, south and west negative', () => {
    const facts = readPhotoFacts(bigEndianExif());
    assert.equal(facts.takenAt?.toISOString(), '2025-01-31T15:59:58.000Z');
    assert.equal(facts.lat, -33.8666667);
    assert.equal(facts.lng, -151.2);
  });

  test('nothing is found in missing, truncated, looping or implausible blocks', async () => {
    const none = { takenAt: null, lat: null, lng: null };
    assert.deepEqual(readPhotoFacts(undefined), none);
    assert.deepEqual(readPhotoFacts(Buffer.from('Exif\0\0garbage')), none);
    const block = bigEndianExif();
    for (let cut = 0; cut < block.length; cut += 7) {
      const facts = readPhotoFacts(block.subarray(0, cut));
      assert.ok(facts.takenAt === null || facts.takenAt instanceof Date, `cut at ${cut}`);
    }
    // An IFD that claims 65535 entries.
    const huge = Buffer.from(block);
    huge.writeUInt16BE(0xffff, 6 + 8);
    assert.deepEqual(readPhotoFacts(huge), none);
    // 0,0 is no fix.
    const zero = readPhotoFacts(
      await exifOf({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' } }),
    );
    assert.deepEqual([zero.lat, zero.lng], [null, null]);
    // Latitude beyond the pole.
    const pole = readPhotoFacts(
      await exifOf({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '95/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 0/1 0/1' } }),
    );
    assert.deepEqual([pole.lat, pole.lng], [null, null]);
  });

  test('dates a camera would not write are not dates', () => {
    assert.equal(parseExifDate('0000:00:00 00:00:00'), null);
    assert.equal(parseExifDate('2026:02:30 10:00:00'), null);
    assert.equal(parseExifDate('2026:13:01 10:00:00'), null);
    assert.equal(parseExifDate('    :  :     :  :  '), null);
    assert.equal(parseExifDate('2026:02:28 24:00:00'), null);
    assert.equal(parseExifDate('2026:02:28 23:59:59')?.toISOString(), '2026-02-28T15:59:59.000Z');
    assert.equal(parseExifDate('2026:03:01 00:30:00', '+09:00')?.toISOString(), '2026-02-28T15:30:00.000Z');
  });
});
