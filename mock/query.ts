/** The server's list filters and orders, applied to fixture arrays. */

/** Case-insensitive "contains"; no filter when `part` is empty. */
export const contains = (value: string, part: string | null) => !part || value.toLowerCase().includes(part.toLowerCase());
/** `contains` on any of several fields (a keyword filter). */
export const anyContains = (values: string[], part: string | null) => !part || values.some((v) => contains(v, part));
/** A numeric filter, or undefined when absent. */
export const numberParam = (q: URLSearchParams, key: string) => (q.get(key) ? Number(q.get(key)) : undefined);
/** A period filter (`from`, `to`) on an ISO time. */
export const inPeriod = (time: string, q: URLSearchParams) =>
  (!q.get('from') || time >= (q.get('from') as string)) && (!q.get('to') || time <= (q.get('to') as string));
/** Newest first, the later id first on a tie: the lists' default order. */
export const newestFirst = <T extends { createdAt: string; id: number }>(a: T, b: T) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;
