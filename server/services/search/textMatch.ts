import { and, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { searchTerms } from '../../../common/contracts/search';
import { users } from '../../db/schema';
import { documentHolds, documentHoldsAll, userDocument } from '../../db/searchText';

// Conditions shared by the header search and the lists' keyword filters (ADR 0059).

const SUBMITTER = 'search_submitter';
const submitter = alias(users, SUBMITTER);

/**
 * Every term occurs in the record's document or in its submitter's name; the list keyword filters
 * of appeals and photo reports use it too.
 */
export function textOrSubmitterHolds(document: SQL, submitterId: PgColumn, terms: string[]): SQL | undefined {
  return and(
    ...terms.map((term) =>
      or(
        documentHolds(document, term),
        sql`${submitterId} = any(array(select ${submitter.id} from ${users} as ${sql.identifier(SUBMITTER)} where ${documentHolds(userDocument(submitter), term, sql`${submitter.name}`)}))`,
      ),
    ),
  );
}

/** A list's keyword filter: every term of the keyword in the document (undefined when blank). */
export const keywordHolds = (document: SQL, keyword: string | undefined, confirm?: SQL) =>
  keyword?.trim() ? documentHoldsAll(document, searchTerms(keyword), confirm) : undefined;

/** As keywordHolds, for records also found by their submitter's name (appeals, photo reports). */
export const keywordOrSubmitterHolds = (document: SQL, submitterId: PgColumn, keyword: string | undefined) =>
  keyword?.trim() ? textOrSubmitterHolds(document, submitterId, searchTerms(keyword)) : undefined;
