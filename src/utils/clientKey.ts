/**
 * The client key of a submission attempt (docs/product.md §4): made once and kept in session storage
 * per task, so a retry after a lost answer sends the same key and the server creates nothing twice.
 * It is forgotten only after the server has accepted the submission.
 */
const storageKey = (taskId: number) => `submissionKey:${taskId}`;

/** A fresh key (32 hex characters) for one submission attempt. */
export function newClientKey(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of the current attempt for this task, made on first use. */
export function submissionKey(taskId: number): string {
  const existing = sessionStorage.getItem(storageKey(taskId));
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const key = newClientKey();
  sessionStorage.setItem(storageKey(taskId), key);
  return key;
}

/** A restored draft's key becomes the current attempt's again (ADR 0030). */
export function keepSubmissionKey(taskId: number, key: string) {
  sessionStorage.setItem(storageKey(taskId), key);
}

/** After the server accepted the submission: the next attempt (a resubmission) gets a new key. */
export function forgetSubmissionKey(taskId: number) {
  sessionStorage.removeItem(storageKey(taskId));
}
