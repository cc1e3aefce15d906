import sharp from 'sharp';
import { sceneSvg } from '../../server/seed/demoScenes';
import type { TestContext } from './app';
import { imageUpload } from './multipart';
import { expectOk } from './tasks';

// Camera-like photos for the duplicate-photo tests: a village scene per seed, optionally with the
// EXIF capture time a phone writes (in Beijing time, as "2026:11:20 09:30:00").

/** EXIF's DateTimeOriginal for a moment, in Beijing time. */
export function exifTime(at: Date): string {
  const beijing = new Date(at.getTime() + 8 * 3600_000).toISOString();
  return `${beijing.slice(0, 10).replace(/-/g, ':')} ${beijing.slice(11, 19)}`;
}

/** Scene `seed` as a JPEG, `width` px wide, with a capture time when `takenAt` is given. */
export async function scenePhoto(seed: number, opts: { takenAt?: Date; width?: number; quality?: number } = {}): Promise<Buffer> {
  const width = opts.width ?? 1200;
  const image = sharp(Buffer.from(sceneSvg(seed, width, Math.round((width * 3) / 4))));
  const withTime = opts.takenAt ? image.withExif({ IFD2: { DateTimeOriginal: exifTime(opts.takenAt) } }) : image;
  return withTime.jpeg({ quality: opts.quality ?? 85 }).toBuffer();
}

/** Uploads a photo as `token` and returns its upload id. */
export async function uploadPhoto(t: TestContext, token: string, content: Buffer): Promise<number> {
  return expectOk(await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(content, 'photo.jpg', 'image/jpeg') })).id;
}
