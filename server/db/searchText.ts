import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// Search by any part of a record's text (ADR 0059). Chinese has no word separators and pg_trgm
// extracts no trigrams from it on a C-locale cluster, so each searchable record has a "document"
// (its texts joined by spaces) whose characters and character pairs, from the SQL function
// search_grams (migration 0015), are indexed by GIN on the expression. The index definitions in
// schema.ts and the queries in server/services/search/ build the document with the same functions
// here, so the planner recognises the indexed expression.

const joined = (parts: SQL[]) => sql`(${sql.join(parts, sql` || ' ' || `)})`;
/** Rich text without its tags: the words of a news item or task, not the markup's. */
const plain = (column: PgColumn) => sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`;

/** An appeal registered by staff also holds the name entered for the person (ADR 0054). */
export const appealDocument = (t: { title: PgColumn; content: PgColumn; phone: PgColumn; contactName: PgColumn }) =>
  joined([sql`${t.title}`, sql`${t.content}`, sql`${t.phone}`, sql`coalesce(${t.contactName}, '')`]);
export const photoReportDocument = (t: { description: PgColumn; location: PgColumn }) =>
  joined([sql`${t.description}`, sql`${t.location}`]);
export const taskDocument = (t: { title: PgColumn; content: PgColumn }) => joined([sql`${t.title}`, plain(t.content)]);
export const newsDocument = (t: { title: PgColumn; summary: PgColumn; content: PgColumn }) =>
  joined([sql`${t.title}`, sql`${t.summary}`, plain(t.content)]);
export const userDocument = (t: { name: PgColumn; account: PgColumn; phone: PgColumn }) =>
  joined([sql`${t.name}`, sql`${t.account}`, sql`${t.phone}`]);

/** The indexed expression: a document's characters and character pairs. */
export const searchGrams = (document: SQL) => sql`search_grams(${document})`;

/**
 * Every term occurs in the document: the index narrows by the term's character pairs, the
 * substring check confirms (pairs may come from different places). `confirm` checks a narrower
 * text instead (a list's title filter) while the index still narrows by the whole document.
 */
export function documentHolds(document: SQL, term: string, confirm: SQL = document): SQL {
  return sql`(${searchGrams(document)} @> search_query_grams(${term}::text) and strpos(lower(${confirm}), lower(${term}::text)) > 0)`;
}

export const documentHoldsAll = (document: SQL, terms: string[], confirm?: SQL): SQL | undefined =>
  terms.length
    ? sql`(${sql.join(
        terms.map((term) => documentHolds(document, term, confirm)),
        sql` and `,
      )})`
    : undefined;
