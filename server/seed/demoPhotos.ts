import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { photoHash } from '../lib/photoHash';
import type { FileStorage } from '../lib/storage';
import { sceneJpeg } from './demoScenes';

// The demo's photos: each a different village scene, stored and hashed as an upload would be, with
// a capture time a little before the upload as a phone records it. A few are planted so that the
// first look shows the duplicate-photo check (ADR 0027): a scene used again, re-encoded, in a later
// record, a photo taken weeks before its upload, and one without a capture time.

const DAY = 86400_000;
const WIDTH = 480;
const HEIGHT = 360;

export interface DemoPhotoSpec {
  /** The scene; a fresh one when absent. Naming a scene another record used plants a duplicate. */
  scene?: number;
  /** A re-encoded, smaller copy of the scene (as a photo saved from a chat and sent again). */
  copy?: boolean;
  /** Days between capture and upload; null: the photo carries no capture time. Default: 20 minutes. */
  takenDaysBefore?: number | null;
}

export interface DemoPhotoFile {
  storedName: string;
  size: number;
  width: number;
  height: number;
  phash: bigint | null;
  takenDaysBefore: number | null;
}

/**
 * Writes demo photos' files (files first: a file without a row is harmless, a row without its file
 * is a broken image). Fresh scenes are numbered from `firstScene` on; planted ones name theirs
 * below 1000.
 */
export function demoPhotoWriter(storage: FileStorage, firstScene: number) {
  let nextScene = firstScene;
  return async (spec: DemoPhotoSpec = {}): Promise<DemoPhotoFile> => {
    const scene = spec.scene ?? nextScene++;
    let content = await sceneJpeg(scene, { width: WIDTH, height: HEIGHT, quality: 75 });
    let [width, height] = [WIDTH, HEIGHT];
    if (spec.copy) {
      [width, height] = [400, 300];
      content = await sharp(content).resize(width, height).jpeg({ quality: 60 }).toBuffer();
    }
    const storedName = `${randomUUID()}.jpg`;
    await storage.put(storedName, content);
    return {
      storedName,
      size: content.length,
      width,
      height,
      phash: (await photoHash(content)) ?? null,
      takenDaysBefore: spec.takenDaysBefore === undefined ? 20 / 1440 : spec.takenDaysBefore,
    };
  };
}

/** The uploads row of a demo photo uploaded at `at` by `ownerId`. */
export const demoUploadRow = (file: DemoPhotoFile, ownerId: number, at: Date, originalName: string) => ({
  storedName: file.storedName,
  originalName,
  ownerId,
  contentType: 'image/jpeg',
  size: file.size,
  width: file.width,
  height: file.height,
  // The records' photos: served to their readers only (ADR 0019).
  visibility: 'private',
  phash: file.phash,
  takenAt: file.takenDaysBefore === null ? null : new Date(at.getTime() - file.takenDaysBefore * DAY),
  createdAt: at,
});
