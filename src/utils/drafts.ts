import type { UploadResult } from '@common/contracts/system';

/**
 * Half-filled phone forms kept in IndexedDB until they are sent (ADR 0030). One record per form,
 * account and record (`account/form/record`), so a shared phone never shows one person's draft to
 * another. Every call fails soft: without IndexedDB (private mode, an old browser, jsdom) there is
 * simply no draft and the form works as before.
 */
export const DRAFT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const DB_NAME = 'phone-drafts';
const STORE = 'drafts';

type DraftForm = 'appeal' | 'shot' | 'submission';

/** A chosen photo: its upload when it finished, and the (compressed) picture to upload again. */
export interface DraftPhoto {
  upload?: UploadResult;
  /** When the upload finished (ms): an upload no record uses is deleted after a day (ADR 0019). */
  uploadedAt?: number;
  blob?: Blob;
  name: string;
  /** The blob is already compressed: it is uploaded as it is. */
  compressed?: boolean;
}

export interface Draft<F = Record<string, unknown>> {
  fields: F;
  photos: DraftPhoto[];
  /** The client key of this submission attempt: the same key after a restore creates nothing twice. */
  clientKey: string;
  savedAt: number;
}

/** Uploads older than this may be gone by the time the draft is sent: they are uploaded again. */
const UPLOAD_KEPT_MS = 20 * 60 * 60 * 1000;

/**
 * The photos of a draft that can come back: a recent upload stays as it is; an older one, or one
 * that never finished, comes back as its picture to upload again; one with neither is lost.
 */
export function restorablePhotos(photos: DraftPhoto[], now = Date.now()): DraftPhoto[] {
  return photos.flatMap((p) => {
    const fresh = p.upload && p.uploadedAt !== undefined && now - p.uploadedAt < UPLOAD_KEPT_MS;
    if (fresh) return [p];
    return p.blob ? [{ ...p, upload: undefined, uploadedAt: undefined }] : [];
  });
}

export const draftId = (form: DraftForm, account: number, record = 0) => `${account}/${form}/${record}`;

let opening: Promise<IDBDatabase | null> | undefined;

function openDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null); // no indexedDB at all, or refused (private mode)
    }
  });
  return opening;
}

/** Runs one request in its own transaction; undefined on any failure. */
async function run<T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  return new Promise<T | undefined>((resolve) => {
    try {
      const tx = db.transaction(STORE, mode);
      const request = make(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => resolve(undefined);
      tx.onabort = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Deletes the records under a key range whose draft is older than the expiry, or all with `all`. */
function deleteWhere(range: IDBKeyRange | null, all: boolean) {
  const oldest = Date.now() - DRAFT_DAYS * DAY_MS;
  return run('readwrite', (store) => {
    const cursor = store.openCursor(range);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      if (all || !((at.value as Draft)?.savedAt > oldest)) at.delete();
      at.continue();
    };
  });
}

/** The draft of this form, unless there is none or it expired (expired ones are deleted here). */
export async function readDraft<F>(id: string): Promise<Draft<F> | undefined> {
  await deleteWhere(null, false);
  const draft = await run<Draft<F>>('readonly', (store) => store.get(id));
  return draft && typeof draft.clientKey === 'string' && Array.isArray(draft.photos) ? draft : undefined;
}

/** Keeps the draft; where the browser cannot store pictures, it keeps it without them. */
export async function writeDraft(id: string, draft: Draft<unknown>): Promise<void> {
  const stored = await run('readwrite', (store) => store.put(draft, id));
  if (stored === undefined && draft.photos.some((p) => p.blob)) {
    const photos = draft.photos.filter((p) => p.upload).map(({ blob: _blob, ...rest }) => rest);
    await run('readwrite', (store) => store.put({ ...draft, photos }, id));
  }
}

export async function removeDraft(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id));
}

/** On sign-out: every draft of that account goes (village phones are shared). */
export async function removeAccountDrafts(account: number): Promise<void> {
  if (typeof IDBKeyRange === 'undefined') return;
  await deleteWhere(IDBKeyRange.bound(`${account}/`, `${account}/\uffff`), true);
}

/** `removeAccountDrafts` that never holds a sign-out up for more than a moment. */
export function forgetAccountDrafts(account: number | undefined): Promise<void> {
  if (account === undefined || typeof indexedDB === 'undefined') return Promise.resolve();
  return Promise.race([removeAccountDrafts(account).catch(() => undefined), new Promise<void>((r) => setTimeout(r, 1000))]);
}

/** For tests: forget the open connection (a fresh fake IndexedDB per test). */
export function resetDraftsConnection() {
  opening = undefined;
}
