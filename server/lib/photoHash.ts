import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './images';

// A photo's 64-bit difference hash (dHash): the picture shrunk to 9×8 grey pixels, one bit per pair
// of horizontal neighbours (1 when the left one is brighter). Re-encoding, scaling and mild colour
// changes leave it within a few bits; another scene differs in about half of them (ADR 0027).
//
// The bits are stored in an order that makes each 16-bit quarter (a "band", indexed on its own)
// sample the whole picture: cell (row r, column c) goes to band (r + c) mod 4. A quarter of plain
// sky would otherwise hold the same value in many photos and make its index bucket large.

export const BANDS = 4;
const BAND_BITS = 16;
const BAND_MASK = (1n << BigInt(BAND_BITS)) - 1n;

/** Where dHash cell (row, col) lands in the stored 64 bits. */
function bitPosition(row: number, col: number): number {
  const band = (row + col) % BANDS;
  return band * BAND_BITS + row * 2 + (col >= BANDS ? 1 : 0);
}

/** The hash of 9×8 grey values (row-major, 72 of them), as a signed 64-bit integer (PostgreSQL's bigint). */
function hashFromPixels(pixels: ArrayLike<number>): bigint {
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      if (pixels[row * 9 + col] > pixels[row * 9 + col + 1]) hash |= 1n << BigInt(bitPosition(row, col));
    }
  }
  return BigInt.asIntN(64, hash);
}

/** The picture is first scaled to this (16 × 16 pixels per cell), then each cell averaged. */
const GRID_WIDTH = 9 * 16;
const GRID_HEIGHT = 8 * 16;

/** Averages of 16×16 blocks: the 9×8 cells. */
function cellMeans(grid: Buffer): Float64Array {
  const cells = new Float64Array(72);
  for (let y = 0; y < GRID_HEIGHT; y++) {
    for (let x = 0; x < GRID_WIDTH; x++) cells[(y >> 4) * 9 + (x >> 4)] += grid[y * GRID_WIDTH + x];
  }
  return cells;
}

/**
 * The dHash of an image (any format sharp reads), turned upright by its EXIF orientation as the
 * stored copy is. Scaling straight to 9×8 made the hash of one photo move by up to 13 bits between
 * a JPEG and a WebP copy (libvips picks different shrink paths by size and format); averaging
 * 16×16 blocks of a 144×128 copy keeps the phone's compression, re-encoding and format changes
 * within 2 bits (server/lib/photoHash.test.ts). For a JPEG, libvips decodes at 1/8 scale for
 * so small a target, so this costs a fraction of the re-encoding it runs beside (inside the same
 * DecodeQueue turn, ADR 0019). Undefined when the image does not decode.
 */
export async function photoHash(input: Buffer): Promise<bigint | undefined> {
  try {
    // An animation is hashed by its first frame (sharp reads one page unless told otherwise).
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    // Transparent parts count as white, as the phone's compression paints them.
    const grid = await image.flatten({ background: '#fff' }).greyscale().resize(GRID_WIDTH, GRID_HEIGHT, { fit: 'fill' }).raw().toBuffer();
    return grid.length === GRID_WIDTH * GRID_HEIGHT ? hashFromPixels(cellMeans(grid)) : undefined;
  } catch {
    return undefined;
  }
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** Band `k` (0–3) of a hash: 16 bits, 0–65535, as the expression indexes compute it. */
export const bandValue = (hash: bigint, k: number) => Number((BigInt.asUintN(64, hash) >> BigInt(k * BAND_BITS)) & BAND_MASK);

/**
 * The band values a near-identical hash can have in band `k`: its own and every one-bit change.
 * Four bands and at most 6 differing bits: some band differs in at most one bit (if all four
 * differed in two or more, that would be 8 or more), so probing these 17 values in each band finds
 * every hash within distance 6.
 */
export function bandProbes(hash: bigint, k: number): number[] {
  const own = bandValue(hash, k);
  return [own, ...Array.from({ length: BAND_BITS }, (_, bit) => own ^ (1 << bit))];
}

/**
 * Too uniform to compare: a black, white or evenly lit picture (a lens cap, a blank wall) has
 * (almost) all bits equal, and would be "identical" to every other such picture.
 */
const MIN_HASH_EDGES = 8;
export function isInformative(hash: bigint): boolean {
  const ones = hammingDistance(hash, 0n);
  return ones >= MIN_HASH_EDGES && ones <= 64 - MIN_HASH_EDGES;
}
