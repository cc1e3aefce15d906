/**
 * Phone-form drafts in tests: a fresh fake IndexedDB per test (jsdom has none), and a way to wait
 * until a draft is kept, as a page would have kept it before being lost.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { waitFor } from '@testing-library/react';
import { type Draft, readDraft, resetDraftsConnection } from '@/utils/drafts';

export function useFreshDrafts() {
  beforeEach(() => {
    (globalThis as { indexedDB: IDBFactory }).indexedDB = new IDBFactory();
    resetDraftsConnection();
  });
}

/** The kept draft once `ready` holds for it (e.g. its photos are uploaded). */
export async function keptDraft<F>(id: string, ready: (draft: Draft<F>) => boolean = () => true): Promise<Draft<F>> {
  let kept: Draft<F> | undefined;
  await waitFor(async () => {
    kept = await readDraft<F>(id);
    expect(kept && ready(kept)).toBe(true);
  });
  return kept!;
}

/** Waits until no draft is kept under `id`. */
export async function noDraft(id: string) {
  await waitFor(async () => expect(await readDraft(id)).toBeUndefined());
}
