/** webpack's script loader (`__webpack_require__.l`): url, callback, key ("chunk-<id>"), chunk id. */
type LoadScript = (url: string, done: (event?: Event) => void, key?: string, chunkId?: string | number) => void;

declare const __webpack_require__: { l?: LoadScript } | undefined;

/**
 * Makes a failed chunk fail at once, so the nearest error boundary can say so.
 *
 * Umi's route preload (preload_helper.js in the head of index.html) adds a script tag for each chunk
 * of the page opened, before the entry runs. When webpack later wants such a chunk it adopts that
 * tag (same src or data-webpack) and waits for its load or error event. If the tag has already
 * failed (a weak network), the event has passed: webpack waits out its 120 s timeout and the page
 * shows its loading state all that time. So webpack's loads each get a tag of their own: a
 * preloaded tag for the same chunk is set aside first. One that has loaded is never asked for again
 * (its chunk is installed); one still loading shares the download through the browser's cache
 * (hashed files are served immutable), and one that failed is simply tried again. ADR 0044.
 */
export function loadChunksWithOwnTags() {
  if (typeof __webpack_require__ === 'undefined' || typeof __webpack_require__?.l !== 'function') return;
  const load = __webpack_require__.l;
  __webpack_require__.l = (url, done, key, chunkId) => {
    for (const script of Array.from(document.getElementsByTagName('script'))) {
      const same = script.getAttribute('src') === url || (key !== undefined && script.getAttribute('data-webpack')?.endsWith(`:${key}`));
      // webpack's own tag for a load under way carries its handlers: that one stays.
      if (same && script.onerror === null && script.onload === null) script.remove();
    }
    load(url, done, key, chunkId);
  };
}
