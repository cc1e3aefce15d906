import sharp from 'sharp';

// Village scenes drawn from a seed (sky, hills, a road, houses, trees): every seed a different
// picture with real edges, so the demo's photos, the tests' and the journeys' are told apart by
// the duplicate-photo check the way camera photos are, and one seed drawn twice is the same photo.

/** A small deterministic generator (mulberry32): the same seed, the same scene. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** The scene of `seed` as SVG, `width` × `height`. */
export function sceneSvg(seed: number, width = 640, height = 480): string {
  const r = random(seed * 7919 + 17);
  const between = (a: number, b: number) => a + (b - a) * r();
  const parts: string[] = [];
  const skyHue = between(190, 220);
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="${between(0, 1).toFixed(2)}" y2="1">` +
      `<stop offset="0" stop-color="${hsl(skyHue, between(40, 80), between(45, 65))}"/>` +
      `<stop offset="1" stop-color="${hsl(skyHue + 10, between(20, 50), between(75, 92))}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  );
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<ellipse cx="${between(0, width)}" cy="${between(20, height * 0.3)}" rx="${between(30, 90)}" ry="${between(10, 30)}" fill="#fff" opacity="${between(0.5, 0.9).toFixed(2)}"/>`,
    );
  }
  // Hills, far to near, each lower and darker.
  for (let layer = 0; layer < 3; layer++) {
    const base = height * (0.45 + layer * 0.1);
    const points = [`0,${height}`];
    for (let x = 0; x <= width; x += width / 8) points.push(`${x.toFixed(0)},${(base - between(0, height * 0.18)).toFixed(0)}`);
    points.push(`${width},${height}`);
    parts.push(`<polygon points="${points.join(' ')}" fill="${hsl(between(70, 140), between(25, 60), 45 - layer * 9)}"/>`);
  }
  // A road from the bottom towards a vanishing point.
  const vanish = between(width * 0.2, width * 0.8);
  parts.push(
    `<polygon points="${width * between(0.1, 0.4)},${height} ${vanish - 8},${height * 0.62} ${vanish + 8},${height * 0.62} ${width * between(0.6, 0.9)},${height}" fill="${hsl(30, 10, between(35, 60))}"/>`,
  );
  const houses = 2 + Math.floor(r() * 4);
  for (let i = 0; i < houses; i++) {
    const w = between(50, 130);
    const h = between(40, 90);
    const x = between(0, width - w);
    const y = between(height * 0.5, height * 0.8) - h;
    parts.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${hsl(between(0, 60), between(10, 50), between(55, 90))}"/>`,
      `<polygon points="${x - 6},${y} ${x + w / 2},${y - between(20, 45)} ${x + w + 6},${y}" fill="${hsl(between(0, 30), between(40, 70), between(25, 45))}"/>`,
      `<rect x="${x + w * between(0.15, 0.6)}" y="${y + h * 0.45}" width="${w * 0.2}" height="${h * 0.55}" fill="${hsl(25, 40, 25)}"/>`,
    );
  }
  const trees = 3 + Math.floor(r() * 6);
  for (let i = 0; i < trees; i++) {
    const x = between(0, width);
    const y = between(height * 0.55, height * 0.95);
    const size = between(15, 45);
    parts.push(
      `<rect x="${x - 3}" y="${y - size * 0.2}" width="6" height="${size}" fill="${hsl(25, 45, 22)}"/>`,
      `<circle cx="${x}" cy="${y - size * 0.5}" r="${size * 0.6}" fill="${hsl(between(90, 140), between(35, 65), between(20, 40))}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** The scene of `seed` as a JPEG (as a phone would send it, without EXIF). */
export function sceneJpeg(seed: number, options: { width?: number; height?: number; quality?: number } = {}): Promise<Buffer> {
  const { width = 640, height = 480, quality = 80 } = options;
  return sharp(Buffer.from(sceneSvg(seed, width, height)))
    .jpeg({ quality })
    .toBuffer();
}
