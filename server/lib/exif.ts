// The two facts kept from a photo's EXIF before it is stripped: when it was taken and where
// (ADR 0019). A small TIFF reader over sharp's `metadata().exif` buffer; anything malformed,
// out of bounds or implausible is simply not found.

interface PhotoFacts {
  takenAt: Date | null;
  lat: number | null;
  lng: number | null;
}

const EXIF_IFD = 0x8769;
const GPS_IFD = 0x8825;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const GPS_LATITUDE_REF = 1;
const GPS_LATITUDE = 2;
const GPS_LONGITUDE_REF = 3;
const GPS_LONGITUDE = 4;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
/** A real IFD has a few dozen entries; more means a crafted or corrupt block. */
const MAX_ENTRIES = 512;
/**
 * Camera clocks carry no zone unless OffsetTimeOriginal says so; the county's phones run on
 * Beijing time, so that is what a bare capture time means.
 */
const DEFAULT_OFFSET = '+08:00';

interface Entry {
  type: number;
  count: number;
  /** Where the value lives (inline in the entry when it fits in four bytes). */
  at: number;
}

function reader(tiff: Buffer) {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;

  /** The entries of the IFD at `offset`, by tag. */
  const ifd = (offset: number): Map<number, Entry> => {
    const entries = new Map<number, Entry>();
    if (offset < 8 || offset + 2 > tiff.length) return entries;
    const n = u16(offset);
    if (n > MAX_ENTRIES || offset + 2 + n * 12 > tiff.length) return entries;
    for (let i = 0; i < n; i++) {
      const base = offset + 2 + i * 12;
      const type = u16(base + 2);
      const count = u32(base + 4);
      const size = (TYPE_SIZES[type] ?? 0) * count;
      if (!size) continue;
      const at = size <= 4 ? base + 8 : u32(base + 8);
      if (at + size > tiff.length) continue;
      entries.set(u16(base), { type, count, at });
    }
    return entries;
  };
  const ascii = (entry: Entry | undefined) =>
    entry?.type === 2 ? tiff.toString('latin1', entry.at, entry.at + entry.count).replace(/\0[\s\S]*$/, '') : undefined;
  const long = (entry: Entry | undefined) => (entry && entry.type === 4 && entry.count === 1 ? u32(entry.at) : undefined);
  const rationals = (entry: Entry | undefined) => {
    if (!entry || entry.type !== 5 || entry.count !== 3) return undefined;
    const values: number[] = [];
    for (let i = 0; i < 3; i++) {
      const denominator = u32(entry.at + i * 8 + 4);
      if (!denominator) return undefined;
      values.push(u32(entry.at + i * 8) / denominator);
    }
    return values;
  };
  return { ifd, ascii, long, rationals, first: u32(4) };
}

/** "2026:11:23 10:15:00" (+ "+08:00") as a moment, or null when it is not a real date. */
export function parseExifDate(text: string | undefined, offset?: string): Date | null {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  if (y < 1990 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : DEFAULT_OFFSET;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${zone}`);
  if (Number.isNaN(date.getTime())) return null;
  // 2026-02-30 rolls over to March in Date: not a date a camera writes.
  const local = new Date(date.getTime() + zoneMinutes(zone) * 60_000);
  return local.getUTCDate() === d ? date : null;
}

const zoneMinutes = (zone: string) => (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));

function coordinate(values: number[] | undefined, ref: string | undefined, negative: string, limit: number): number | null {
  if (!values || (ref !== negative && ref !== (negative === 'S' ? 'N' : 'E'))) return null;
  const [degrees, minutes, seconds] = values;
  if (minutes >= 60 || seconds >= 60) return null;
  const value = (degrees + minutes / 60 + seconds / 3600) * (ref === negative ? -1 : 1);
  return Math.abs(value) <= limit ? Math.round(value * 1e7) / 1e7 : null;
}

/** The capture time and position an EXIF block records (sharp's `exif`, "Exif\0\0" + TIFF). */
export function readPhotoFacts(exif: Buffer | undefined): PhotoFacts {
  const none: PhotoFacts = { takenAt: null, lat: null, lng: null };
  if (!exif) return none;
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  const r = reader(tiff);
  if (!r) return none;
  const ifd0 = r.ifd(r.first);
  const exifIfd = r.ifd(r.long(ifd0.get(EXIF_IFD)) ?? 0);
  const gps = r.ifd(r.long(ifd0.get(GPS_IFD)) ?? 0);
  const takenAt = parseExifDate(r.ascii(exifIfd.get(DATE_TIME_ORIGINAL)), r.ascii(exifIfd.get(OFFSET_TIME_ORIGINAL)));
  let lat = coordinate(r.rationals(gps.get(GPS_LATITUDE)), r.ascii(gps.get(GPS_LATITUDE_REF)), 'S', 90);
  let lng = coordinate(r.rationals(gps.get(GPS_LONGITUDE)), r.ascii(gps.get(GPS_LONGITUDE_REF)), 'W', 180);
  // 0,0 is what a phone writes without a fix; a position needs both halves.
  if (lat === null || lng === null || (lat === 0 && lng === 0)) lat = lng = null;
  return { takenAt, lat, lng };
}
