import { Type, type Static } from '@sinclair/typebox';
import { SEARCH_KINDS, SEARCH_QUERY_MAX, SEARCH_TERMS_MAX } from '../search';
import { Name } from './base';

// The admin header's search (ADR 0059): records of five kinds found by any part of their text.

// The kinds, their labels and the query's limits live in common/search.ts, which the admin's header
// reads without loading TypeBox.
export { SEARCH_KIND_LABELS, SEARCH_KINDS, SEARCH_QUERY_MAX, SEARCH_TERMS_MAX, type SearchKind } from '../search';

export const SearchQuery = Type.Object(
  {
    q: Name('搜索内容', SEARCH_QUERY_MAX),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5, title: '每类条数' })),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/** Matched stretches of a text, [start, end) in UTF-16 code units (JavaScript string offsets). */
const Marks = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));

export const SearchHit = Type.Object({
  kind: Type.Union(SEARCH_KINDS.map((kind) => Type.Literal(kind))),
  id: Type.Integer(),
  title: Type.String(),
  titleMarks: Marks,
  /** The body around the first match (or its beginning). */
  snippet: Type.String(),
  snippetMarks: Marks,
  /** A line of context: village, state, account. */
  meta: Type.String(),
  createdAt: Type.String(),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchGroup = Type.Object({
  kind: Type.Union(SEARCH_KINDS.map((kind) => Type.Literal(kind))),
  hits: Type.Array(SearchHit),
  /** More matches than shown: the list filtered by the query has them. */
  more: Type.Boolean(),
});
export type SearchGroup = Static<typeof SearchGroup>;

export const SearchResult = Type.Object({ groups: Type.Array(SearchGroup) });
export type SearchResult = Static<typeof SearchResult>;

/** A query's terms: split at white space, repeats dropped, at most SEARCH_TERMS_MAX. */
export function searchTerms(query: string): string[] {
  return [...new Set(query.trim().split(/\s+/).filter(Boolean))].slice(0, SEARCH_TERMS_MAX);
}

/** Where the terms occur in a text, case-insensitively, as sorted, merged [start, end) stretches. */
export function markTerms(text: string, terms: string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  const found: Array<[number, number]> = [];
  for (const term of terms) {
    const needle = term.toLowerCase();
    for (let at = lower.indexOf(needle); at !== -1 && needle; at = lower.indexOf(needle, at + needle.length)) {
      found.push([at, at + needle.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of found) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
