/**
 * A table's search form mirrored in the address bar. The table reads the address once, when it
 * mounts, and writes it with `history.replaceState` as its filters and page change: the browser's
 * history gets no entry per search, and the router is not involved, so a page that keeps its own
 * state in the router (drawers, tabs) is not remounted. The workbench reads the address bar for
 * that reason when it remembers where a tab was (src/components/Workbench/index.tsx browserUrl).
 */

/** The address bar's query: a key given twice becomes a list. */
export function readUrlQuery(search: string = window.location.search): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  new URLSearchParams(search).forEach((value, key) => {
    const known = query[key];
    query[key] = known === undefined ? value : ([] as string[]).concat(known, value);
  });
  return query;
}

/**
 * Sets these keys in the address bar's query and deletes `removed` (keys this table wrote before
 * that are empty now); other keys stay. Nothing is written when nothing changes.
 */
export function writeUrlQuery(values: Record<string, unknown>, removed: Iterable<string> = []) {
  const url = new URL(window.location.href);
  for (const key of removed) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(values)) {
    url.searchParams.delete(key);
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  if (url.search !== window.location.search) window.history.replaceState(window.history.state, '', url.toString());
}
