import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { searchTerms } from '../../../common/contracts/search';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { documentHolds, documentHoldsAll, userDocument } from '../../db/searchText';

// Conditions shared by the header search and the lists' keyword filters (ADR 0059).

/**
 * The people whose name holds the term. Looked up first, so the record query carries their ids as
 * constants: PostgreSQL then knows how few rows the name side adds. Inside the query, as a subquery,
 * it guessed a tenth of the table and walked the list's order index, building every row's search
 * grams, instead of using the grams index (ADR 0059).
 */
async function submittersNamed(db: DbOrTx, term: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(documentHolds(userDocument(users), term, sql`${users.name}`));
  return rows.map((row) => row.id);
}

/**
 * Every term occurs in the record's document or in its submitter's name; the list keyword filters
 * of appeals and photo reports use it too.
 */
export async function textOrSubmitterHolds(db: DbOrTx, document: SQL, submitterId: PgColumn, terms: string[]): Promise<SQL | undefined> {
  const named = await Promise.all(terms.map((term) => submittersNamed(db, term)));
  return and(...terms.map((term, i) => or(documentHolds(document, term), named[i].length ? inArray(submitterId, named[i]) : undefined)));
}

/** A list's keyword filter: every term of the keyword in the document (undefined when blank). */
export const keywordHolds = (document: SQL, keyword: string | undefined, confirm?: SQL) =>
  keyword?.trim() ? documentHoldsAll(document, searchTerms(keyword), confirm) : undefined;

/** As keywordHolds, for records also found by their submitter's name (appeals, photo reports). */
export const keywordOrSubmitterHolds = async (db: DbOrTx, document: SQL, submitterId: PgColumn, keyword: string | undefined) =>
  keyword?.trim() ? textOrSubmitterHolds(db, document, submitterId, searchTerms(keyword)) : undefined;
