import { randomInt } from 'node:crypto';
import sharp from 'sharp';

// The sign-in captcha's picture (ADR 0046): drawn here as pixels, never sent as shapes. A vector
// picture gave each letter's outline away (a script matched it against the font and read every
// one); here the letters are rasterised, turned, scaled, crossed by lines in their own colours,
// bent by a wave over the whole picture and sprinkled with dots before the WebP leaves the server.

/**
 * Letters and digits nobody mistakes for another in any of the fonts (no 0/O/D/Q, 1/I/L/J, 2/Z,
 * 5/S, 6/G, 8/B, U/V), nor once a curve crosses them (no E/F: a curve adds or hides a bar).
 */
export const CAPTCHA_ALPHABET = '34789ACHKMNPRTWXY';
export const CAPTCHA_LENGTH = 5;
/** Drawn at twice the size the page shows it (CSS 200 × 60), sharp on phones' dense screens. */
export const CAPTCHA_WIDTH = 400;
export const CAPTCHA_HEIGHT = 120;
/** Room left and right so a turned letter stays whole. */
export const CAPTCHA_MARGIN = 34;

/**
 * Bold faces fontconfig finds on the server (Debian: fonts-dejavu-core, fonts-liberation,
 * fonts-wqy-microhei; see docs/deploy.md). A missing one falls back to another sans face, still legible.
 */
export const CAPTCHA_FONTS = ['DejaVu Sans', 'DejaVu Serif', 'Liberation Sans', 'Liberation Serif', 'WenQuanYi Micro Hei'];

/** A uniform number in [0, 1). */
export type Random = () => number;
/** The system's secure source: for the text and every choice in the picture. Tests pass a seeded one to repeat a sample. */
const secureRandom: Random = () => randomInt(0, 2 ** 40) / 2 ** 40;

/** The choices one picture makes, all from one source. */
function chooser(random: Random) {
  const between = (min: number, max: number) => min + random() * (max - min);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length)];
  /** A dark colour (strong contrast on the pale ground for weak eyes), of a random hue unless given. */
  const darkColour = (hue = int(0, 360)) => `hsl(${hue % 360}, ${int(55, 90)}%, ${int(18, 34)}%)`;
  return { between, int, pick, darkColour };
}
type Chooser = ReturnType<typeof chooser>;

export const randomCaptchaText = (random: Random = secureRandom) => {
  const { pick } = chooser(random);
  return Array.from({ length: CAPTCHA_LENGTH }, () => pick([...CAPTCHA_ALPHABET])).join('');
};

/** Letters, then lines over them: an SVG only sharp ever reads. */
function sceneSvg(text: string, { between, int, pick, darkColour }: Chooser): string {
  const slot = (CAPTCHA_WIDTH - 2 * CAPTCHA_MARGIN) / text.length;
  // The row moves as a whole and each letter within it: no letter stands where a script expects it.
  const shift = between(-16, 16);
  // Neighbours over a quarter of the colour wheel apart, so two touching letters still read as two.
  const firstHue = int(0, 360);
  const glyphs = [...text].map((ch, i) => {
    const size = between(76, 92);
    const x = CAPTCHA_MARGIN + slot * (i + 0.5) + shift + between(-9, 9);
    const y = CAPTCHA_HEIGHT / 2 + size * 0.36 + between(-7, 7);
    const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${between(-25, 25).toFixed(1)}) skewX(${between(-20, 20).toFixed(1)}) scale(${between(0.65, 1.05).toFixed(2)} ${between(0.8, 1.15).toFixed(2)})`;
    // Heavier or lighter than the font (an outline in its own colour), or hollow: no stroke width
    // a drawing of the font would have.
    const colour = darkColour(firstHue + i * 100 + int(0, 30));
    const paint =
      int(0, 4) === 0
        ? `fill="none" stroke="${colour}" stroke-width="${between(4.5, 6).toFixed(1)}" stroke-linejoin="round"`
        : `fill="${colour}" stroke="${colour}" stroke-width="${between(0, 5).toFixed(1)}" stroke-linejoin="round"`;
    return `<text transform="${transform}" font-family="${pick(CAPTCHA_FONTS)}" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" ${paint}>${ch}</text>`;
  });
  // Curves through the letters' band, as thick as a thin stroke and in the same dark colours, so
  // they cannot be told from the letters by colour or width.
  const curve = (width: number) => {
    const y = () => between(30, CAPTCHA_HEIGHT - 30).toFixed(1);
    const x = (from: number, to: number) => (between(from, to) * CAPTCHA_WIDTH).toFixed(1);
    const anyY = () => between(0, CAPTCHA_HEIGHT).toFixed(1);
    return `<path d="M ${x(-0.03, 0.1)} ${y()} C ${x(0.2, 0.45)} ${anyY()}, ${x(0.55, 0.8)} ${anyY()}, ${x(0.9, 1.03)} ${y()}" stroke="${darkColour()}" stroke-width="${width.toFixed(1)}" fill="none" stroke-linecap="round"/>`;
  };
  const lines = [curve(between(4, 5)), curve(between(2.5, 3.5))];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">${glyphs.join('')}${lines.join('')}</svg>`;
}

/**
 * Where each pixel of the bent picture comes from: two crossing sine waves over the whole picture
 * plus a smooth random field (a coarse grid of random shifts, interpolated) that bends each letter
 * its own way, so no drawing of a letter, however turned, lies on it.
 */
function displacement(width: number, height: number, { between }: Chooser): { dx: Float32Array; dy: Float32Array } {
  const dx = new Float32Array(width * height);
  const dy = new Float32Array(width * height);
  const [ax, lx, px] = [between(3, 5), between(70, 110), between(0, 2 * Math.PI)];
  const [ay, ly, py] = [between(4, 7), between(90, 150), between(0, 2 * Math.PI)];
  const STEP = 36;
  const cols = Math.ceil(width / STEP) + 2;
  const rows = Math.ceil(height / STEP) + 2;
  const gx = Array.from({ length: cols * rows }, () => between(-10, 10));
  const gy = Array.from({ length: cols * rows }, () => between(-10, 10));
  const smooth = (grid: number[], x: number, y: number) => {
    const cx = x / STEP;
    const cy = y / STEP;
    const i = Math.floor(cx);
    const j = Math.floor(cy);
    // Smoothstep between grid points: no creases where cells meet.
    const u = (cx - i) * (cx - i) * (3 - 2 * (cx - i));
    const v = (cy - j) * (cy - j) * (3 - 2 * (cy - j));
    const at = (ii: number, jj: number) => grid[jj * cols + ii];
    return (at(i, j) * (1 - u) + at(i + 1, j) * u) * (1 - v) + (at(i, j + 1) * (1 - u) + at(i + 1, j + 1) * u) * v;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      dx[y * width + x] = ax * Math.sin((2 * Math.PI * y) / lx + px) + smooth(gx, x, y);
      dy[y * width + x] = ay * Math.sin((2 * Math.PI * x) / ly + py) + smooth(gy, x, y);
    }
  return { dx, dy };
}

/** Bends the picture (letters and lines together) along the displacement, sampling bilinearly. */
function bend(src: Buffer, width: number, height: number, choose: Chooser): Buffer {
  const out = Buffer.alloc(src.length);
  const { dx, dy } = displacement(width, height, choose);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1.001, Math.max(0, x + dx[y * width + x]));
      const sy = Math.min(height - 1.001, Math.max(0, y + dy[y * width + x]));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const a = (y0 * width + x0) * 4;
      const b = a + width * 4;
      for (let c = 0; c < 4; c++) {
        const top = src[a + c] * (1 - fx) + src[a + 4 + c] * fx;
        const bottom = src[b + c] * (1 - fx) + src[b + 4 + c] * fx;
        out[(y * width + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  return out;
}

/** Pale, uneven ground: a colour drifting across the picture. */
function ground(width: number, height: number, { int }: Chooser): Buffer {
  const out = Buffer.alloc(width * height * 3);
  const from = [int(225, 250), int(225, 250), int(225, 250)];
  const to = [int(225, 250), int(225, 250), int(225, 250)];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = Math.round(from[c] * (1 - t) + to[c] * t);
    }
  return out;
}

/** Dots of every shade over everything, some on the letters, some as dark as they are. */
function speckle(rgb: Buffer, width: number, height: number, { int }: Chooser) {
  for (let n = 0; n < 260; n++) {
    const cx = int(0, width);
    const cy = int(0, height);
    const r = n % 4 === 0 ? 2 : 1;
    const shade = n % 3 === 0 ? [int(20, 90), int(20, 90), int(20, 90)] : [int(120, 255), int(120, 255), int(120, 255)];
    for (let y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++)
      for (let x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++)
        for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = shade[c];
  }
}

/** The picture of `text` as a WebP, different every time (unless a test repeats its `random`). */
export async function renderCaptcha(text: string, random: Random = secureRandom): Promise<Buffer> {
  const choose = chooser(random);
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const ink = await sharp(Buffer.from(sceneSvg(text, choose)))
    .ensureAlpha()
    .raw()
    .toBuffer();
  const bent = bend(ink, width, height, choose);
  const rgb = ground(width, height, choose);
  for (let i = 0; i < width * height; i++) {
    const alpha = bent[i * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round(bent[i * 4 + c] * alpha + rgb[i * 3 + c] * (1 - alpha));
  }
  speckle(rgb, width, height, choose);
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}
