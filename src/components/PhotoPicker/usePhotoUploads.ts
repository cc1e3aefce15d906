import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadResult } from '@common/contracts/system';
import { uploadImage } from '@/services/uploads';
import { apiErrorMessage } from '@/utils/apiError';
import { type CompressedImage, compressImage } from '@/utils/compressImage';
import { type DraftPhoto, restorablePhotos } from '@/utils/drafts';

type PhotoStatus = 'compressing' | 'uploading' | 'done' | 'error';

export interface Photo {
  key: string;
  /** An object URL of the chosen file for the thumbnail ('' where the browser has none). */
  preview: string;
  status: PhotoStatus;
  /** Upload progress, 0–100. */
  progress: number;
  upload?: UploadResult;
  error?: string;
}

let nextKey = 0;
function objectUrl(file: Blob): string {
  try {
    return URL.createObjectURL(file);
  } catch {
    return ''; // no object URLs (tests' jsdom): the tile shows the uploaded image once there
  }
}
const releaseUrl = (url: string) => {
  if (url) URL.revokeObjectURL(url);
};

/**
 * Photos for a report: each chosen file is compressed, then uploaded with progress; a failed one
 * can be retried (without compressing again) or removed. At most `limit` photos are kept.
 */
export function usePhotoUploads(limit: number) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const photosRef = useRef(photos);
  photosRef.current = photos;
  const files = useRef(new Map<string, File>());
  const compressed = useRef(new Map<string, CompressedImage>());
  const uploads = useRef(new Map<string, AbortController>());
  const uploadedAt = useRef(new Map<string, number>());
  /**
   * Uploads go one after the other: the server keeps one photo per account waiting for its decode
   * and answers a second one with 429 (ADR 0041). Compression still runs for all at once.
   */
  const uploadTurn = useRef<Promise<unknown>>(Promise.resolve());

  const patch = useCallback((key: string, changes: Partial<Photo>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...changes } : p)));
  }, []);

  const process = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      try {
        let image = compressed.current.get(key);
        if (!image) {
          patch(key, { status: 'compressing', progress: 0, error: undefined });
          image = await compressImage(file);
          if (!files.current.has(key)) return; // removed meanwhile
          compressed.current.set(key, image);
        }
        patch(key, { status: 'uploading', progress: 0, error: undefined });
        const upload = new AbortController();
        uploads.current.set(key, upload);
        const blob = image.blob;
        const name = image.name;
        // A photo removed while waiting for its turn is sent with its aborted signal: it stops at once.
        const turn = uploadTurn.current.then(() =>
          uploadImage(blob, name, { onProgress: (progress) => patch(key, { progress }), signal: upload.signal }),
        );
        uploadTurn.current = turn.catch(() => undefined);
        const stored = await turn;
        uploads.current.delete(key);
        uploadedAt.current.set(key, Date.now());
        patch(key, { status: 'done', progress: 100, upload: stored });
      } catch (error) {
        uploads.current.delete(key);
        if (!files.current.has(key)) return;
        // A 401 has already signed out (the request layer); the tile keeps the server's words.
        patch(key, { status: 'error', error: apiErrorMessage(error) });
      }
    },
    [patch],
  );

  /** Adds chosen files (images only) up to the limit; returns how many were left out. */
  const add = useCallback(
    (chosen: File[]) => {
      const room = Math.max(0, limit - photosRef.current.length);
      const images = chosen.filter((f) => !f.type || f.type.startsWith('image/'));
      const taken = images.slice(0, room);
      const added = taken.map((file) => {
        const key = `photo-${++nextKey}`;
        files.current.set(key, file);
        return { key, preview: objectUrl(file), status: 'compressing' as const, progress: 0 };
      });
      if (added.length) {
        photosRef.current = [...photosRef.current, ...added];
        setPhotos((list) => [...list, ...added]);
        added.forEach((photo) => process(photo.key));
      }
      return chosen.length - taken.length;
    },
    [limit, process],
  );

  const retry = useCallback((key: string) => process(key), [process]);

  /** What a draft keeps of each photo (ADR 0030): its upload, and the picture to upload again. */
  const draftPhotos = useCallback(
    (): DraftPhoto[] =>
      photosRef.current.map((p) => {
        const image = compressed.current.get(p.key);
        const file = files.current.get(p.key);
        return {
          upload: p.status === 'done' ? p.upload : undefined,
          uploadedAt: uploadedAt.current.get(p.key),
          blob: image?.blob ?? file,
          name: image?.name ?? file?.name ?? 'photo.jpg',
          compressed: image ? true : undefined,
        };
      }),
    [],
  );

  /** Puts a draft's photos back: a recent upload as it was, the others uploaded again. */
  const restore = useCallback(
    (kept: DraftPhoto[]) => {
      const restored = restorablePhotos(kept)
        .slice(0, limit)
        .map((item) => {
          const key = `photo-${++nextKey}`;
          const blob = item.blob ?? new Blob();
          files.current.set(key, new File([blob], item.name, { type: blob.type || 'image/jpeg' }));
          if (item.compressed && item.blob)
            compressed.current.set(key, { blob: item.blob, name: item.name, width: 0, height: 0, compressed: true });
          const preview = item.blob ? objectUrl(item.blob) : '';
          if (item.upload) {
            uploadedAt.current.set(key, item.uploadedAt!);
            return { key, preview, status: 'done' as const, progress: 100, upload: item.upload };
          }
          return { key, preview, status: 'compressing' as const, progress: 0 };
        });
      photosRef.current = restored;
      setPhotos(restored);
      restored.forEach((photo) => photo.status !== 'done' && process(photo.key));
    },
    [limit, process],
  );

  const remove = useCallback((key: string) => {
    files.current.delete(key);
    compressed.current.delete(key);
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const photo = photosRef.current.find((p) => p.key === key);
    if (photo) releaseUrl(photo.preview);
    photosRef.current = photosRef.current.filter((p) => p.key !== key);
    setPhotos((list) => list.filter((p) => p.key !== key));
  }, []);

  useEffect(
    () => () => {
      uploads.current.forEach((upload) => upload.abort());
      photosRef.current.forEach((p) => releaseUrl(p.preview));
    },
    [],
  );

  const uploadedIds = photos.filter((p) => p.status === 'done' && p.upload).map((p) => p.upload!.id);
  const busy = photos.some((p) => p.status === 'compressing' || p.status === 'uploading');
  /** Changes when what a draft keeps changes (not on every progress step). */
  const draftSignature = photos.map((p) => `${p.key}:${p.upload?.id ?? ''}`).join(',');
  return { photos, add, retry, remove, uploadedIds, busy, draftPhotos, restore, draftSignature };
}
