/**
 * Messages after actions and request errors. Pages inside the admin layout register antd's App
 * instance (theme-aware); elsewhere antd's message is loaded on demand so the entry stays small.
 */
export type FeedbackKind = 'success' | 'error' | 'warning' | 'info';

export interface FeedbackApi {
  message(kind: FeedbackKind, text: string): void;
  notification(kind: FeedbackKind, title: string, text: string): void;
}

let registered: FeedbackApi | undefined;
let pending: Array<{ kind: FeedbackKind; text: string }> = [];

export function registerFeedback(api: FeedbackApi | undefined) {
  registered = api;
  if (api && pending.length) {
    const queued = pending;
    pending = [];
    queued.forEach(({ kind, text }) => api.message(kind, text));
  }
}

/** Forgets `api` if it is still the registered one (a newer page may have registered since). */
export function unregisterFeedback(api: FeedbackApi) {
  if (registered === api) registered = undefined;
}

/** A message for the page we are about to open (the current page's context unmounts on navigation). */
export function showMessageOnNextPage(kind: FeedbackKind, text: string) {
  pending.push({ kind, text });
}

export function showMessage(kind: FeedbackKind, text: string) {
  if (registered) {
    registered.message(kind, text);
    return;
  }
  import('antd').then(({ message }) => message[kind](text)).catch(() => console.error(text));
}

export function showNotification(kind: FeedbackKind, title: string, text: string) {
  if (registered) {
    registered.notification(kind, title, text);
    return;
  }
  import('antd')
    .then(({ notification }) => notification[kind]({ message: title, description: text }))
    .catch(() => console.error(title, text));
}
