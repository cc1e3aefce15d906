import { useCallback, useEffect, useRef, useState } from 'react';
import { type Draft, type DraftPhoto, readDraft, removeDraft, writeDraft } from '@/utils/drafts';
import { newClientKey } from '@/utils/clientKey';

const SAVE_DELAY_MS = 400;

interface DraftOptions<F> {
  /** `draftId(...)`; null while the account is unknown (nothing is read or kept). */
  id: string | null;
  /** Changes whenever what is kept changes; saving waits for it to settle. */
  signature: string;
  /** What to keep now, or null when nothing was entered yet (no draft, and an old one goes). */
  take(): { fields: F; photos: DraftPhoto[] } | null;
  /** Puts a kept draft back into the form. */
  restore(draft: Draft<F>): void;
  /** The client key of a form without a draft (default: a fresh one). */
  newKey?(): string;
}

/**
 * A phone form's draft (ADR 0030): read once when the form opens and put back unless the person
 * already started typing; kept a moment after each change, and at once when the page is hidden or
 * left; deleted when sent or cleared. The client key travels with the draft.
 */
export function useDraft<F>({ id, signature, take, restore, newKey = newClientKey }: DraftOptions<F>) {
  const [clientKey, setClientKey] = useState(newKey);
  const [restoredAt, setRestoredAt] = useState<number>();
  const [loaded, setLoaded] = useState(false);
  const latest = useRef({ take, clientKey, id, loaded, done: false });
  latest.current = { ...latest.current, take, clientKey, id, loaded };
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const firstSignature = useRef(signature);
  const signatureNow = useRef(signature);
  signatureNow.current = signature;

  useEffect(() => {
    if (!id) return undefined;
    let alive = true;
    readDraft<F>(id)
      .catch(() => undefined)
      .then((draft) => {
        if (!alive) return;
        // Typing already began (a slow read): what is on screen wins, and replaces the draft.
        if (draft && signatureNow.current === firstSignature.current) {
          restore(draft);
          setClientKey(draft.clientKey);
          latest.current.clientKey = draft.clientKey;
          setRestoredAt(draft.savedAt);
        }
        setLoaded(true);
      });
    return () => {
      alive = false;
    };
    // Read once per form and account; `restore` is the form's own and need not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const now = latest.current;
    if (!now.id || !now.loaded || now.done) return Promise.resolve();
    const kept = now.take();
    if (!kept) return removeDraft(now.id).catch(() => undefined);
    return writeDraft(now.id, { ...kept, clientKey: now.clientKey, savedAt: Date.now() }).catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(save, SAVE_DELAY_MS);
  }, [signature, loaded, save]);

  // A phone may drop a page in the background without warning: keep the draft when it is hidden.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' || timer.current) void save();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      if (timer.current) void save();
    };
  }, [save]);

  /** After the server accepted it: the draft goes and nothing is kept again from this form. */
  const sent = useCallback(async () => {
    latest.current.done = true;
    clearTimeout(timer.current);
    if (latest.current.id) await removeDraft(latest.current.id).catch(() => undefined);
  }, []);

  return { clientKey, restoredAt, sent, discard: sent };
}
