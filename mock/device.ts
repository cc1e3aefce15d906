/**
 * A phone's photos in jsdom. `usePhotoDevice()`, for every test of a file: each photo reads as
 * 800×600 (small, so it is sent as it is) and object URLs are stubbed. `photo()` is a chosen file:
 * Node's File, because the test environment's FormData is Node's and refuses jsdom's Blob.
 */
import { File as NodeFile } from 'node:buffer';

export function usePhotoDevice() {
  beforeEach(() => {
    (globalThis as { createImageBitmap?: unknown }).createImageBitmap = async () => ({ width: 800, height: 600, close() {} });
    jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { createImageBitmap?: unknown }).createImageBitmap;
  });
}

export const photo = (name: string) => new NodeFile([new Uint8Array(2048).fill(7)], name, { type: 'image/jpeg' }) as unknown as File;
