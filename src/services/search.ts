import type { SearchResult } from '@common/contracts/search';
import { get } from './http';

/** GET /api/search: the header search across kinds, within the caller's keys and data scope (ADR 0059). */
export async function searchAll(q: string) {
  return get<SearchResult>('/search', { q }, { skipErrorHandler: true });
}
