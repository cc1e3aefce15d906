import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  APPEAL_STATUS_LABELS,
  NEWS_STATUS_LABELS,
  PHOTO_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
  USER_STATUS_LABELS,
  newsColumnLabel,
} from '../../../common/constants';
import {
  markTerms,
  searchTerms,
  type SearchGroup,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '../../../common/contracts/search';
import type { DbOrTx } from '../../db/client';
import { appeals, news, photoReports, tasks, users } from '../../db/schema';
import { appealDocument, documentHoldsAll, newsDocument, photoReportDocument, taskDocument, userDocument } from '../../db/searchText';
import { hasAccess, type RouteAccess } from '../accounts/access';
import { textOrSubmitterHolds } from './textMatch';
import type { AuthUser } from '../accounts/sessions';
import { usersInScope } from '../accounts/users';
import { newsScope } from '../content/news';
import { appealHandlerScope } from '../people/appeals';
import { photoReportHandlerScope } from '../people/photoReports';
import { taskReadScope } from '../tasks/tasks';
import { areaNameOf } from '../names';

// The admin header's search (ADR 0059): each kind the caller may read, within the scope its own
// service applies, ranked among its newest matches.

/** How many of a kind's newest matches are ranked. */
const CANDIDATES = 200;
/** Characters of body shown before the first match. */
const SNIPPET_LEAD = 20;
const SNIPPET_LENGTH = 80;

interface Kind {
  kind: SearchKind;
  access: RouteAccess;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  title: SQL;
  body: SQL;
  meta: Record<string, SQL>;
  match: (terms: string[], db: DbOrTx) => SQL | undefined | Promise<SQL | undefined>;
  scope: (caller: AuthUser, db: DbOrTx) => SQL | undefined;
  describe: (meta: Record<string, unknown>) => string;
}

const plain = (column: PgColumn) => sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`;
const joinMeta = (...parts: unknown[]) => parts.filter((part) => part !== null && part !== undefined && part !== '').join(' · ');

const KINDS: Kind[] = [
  {
    kind: 'appeal',
    access: 'peopleService',
    table: appeals,
    id: appeals.id,
    createdAt: appeals.createdAt,
    title: sql`${appeals.title}`,
    body: sql`${appeals.content}`,
    meta: { area: areaNameOf(appeals.area), status: sql`${appeals.status}` },
    match: (terms, db) => textOrSubmitterHolds(db, appealDocument(appeals), appeals.submitterId, terms),
    scope: (caller) => appealHandlerScope(caller),
    describe: (m) => joinMeta(m.area, APPEAL_STATUS_LABELS[m.status as keyof typeof APPEAL_STATUS_LABELS]),
  },
  {
    kind: 'photoReport',
    access: 'peopleService',
    table: photoReports,
    id: photoReports.id,
    createdAt: photoReports.createdAt,
    title: sql`${photoReports.description}`,
    body: sql`${photoReports.location}`,
    meta: { area: areaNameOf(photoReports.area), status: sql`${photoReports.status}` },
    match: (terms, db) => textOrSubmitterHolds(db, photoReportDocument(photoReports), photoReports.submitterId, terms),
    scope: (caller) => photoReportHandlerScope(caller),
    describe: (m) => joinMeta(m.area, PHOTO_REPORT_STATUS_LABELS[m.status as keyof typeof PHOTO_REPORT_STATUS_LABELS]),
  },
  {
    kind: 'task',
    access: 'taskManage',
    table: tasks,
    id: tasks.id,
    createdAt: tasks.createdAt,
    title: sql`${tasks.title}`,
    body: plain(tasks.content),
    meta: { status: sql`${tasks.status}` },
    match: (terms) => documentHoldsAll(taskDocument(tasks), terms),
    scope: (caller) => taskReadScope(caller),
    describe: (m) => joinMeta(TASK_STATUS_LABELS[m.status as keyof typeof TASK_STATUS_LABELS]),
  },
  {
    kind: 'news',
    access: 'newsManage',
    table: news,
    id: news.id,
    createdAt: news.createdAt,
    title: sql`${news.title}`,
    body: plain(news.content),
    meta: { column: sql`${news.column}`, status: sql`${news.status}` },
    match: (terms) => documentHoldsAll(newsDocument(news), terms),
    scope: (caller) => newsScope(caller),
    describe: (m) => joinMeta(newsColumnLabel(Number(m.column)), NEWS_STATUS_LABELS[m.status as keyof typeof NEWS_STATUS_LABELS]),
  },
  {
    kind: 'user',
    access: 'userManage',
    table: users,
    id: users.id,
    createdAt: users.createdAt,
    title: sql`${users.name}`,
    body: sql`(${users.account} || ' ' || ${users.phone})`,
    meta: { area: areaNameOf(users.area), status: sql`${users.status}` },
    match: (terms) => documentHoldsAll(userDocument(users), terms),
    scope: (caller, db) => usersInScope(db, caller),
    describe: (m) => joinMeta(m.area, USER_STATUS_LABELS[m.status as keyof typeof USER_STATUS_LABELS]),
  },
];

async function searchKind(db: DbOrTx, caller: AuthUser, kind: Kind, terms: string[], limit: number): Promise<SearchGroup> {
  const first = terms[0];
  const titleHoldsAll = sql.join(
    terms.map((term) => sql`strpos(lower(${kind.title}), lower(${term}::text)) > 0`),
    sql` and `,
  );
  // The newest matches within scope, then ranked: titles holding every term first, newest first.
  const candidates = db
    .select({
      id: sql<number>`${kind.id}`.as('id'),
      createdAt: sql<Date>`${kind.createdAt}`.as('created_at'),
      title: sql<string>`${kind.title}`.as('title'),
      snippet:
        sql<string>`substr(${kind.body}, greatest(strpos(lower(${kind.body}), lower(${first}::text)) - ${SNIPPET_LEAD}, 1), ${SNIPPET_LENGTH})`.as(
          'snippet',
        ),
      titleHit: sql<boolean>`(${titleHoldsAll})`.as('title_hit'),
      ...Object.fromEntries(Object.entries(kind.meta).map(([key, value]) => [key, sql`${value}`.as(`meta_${key}`)])),
    })
    .from(kind.table)
    .where(and(await kind.match(terms, db), kind.scope(caller, db)))
    .orderBy(desc(kind.createdAt), desc(kind.id))
    .limit(CANDIDATES)
    .as('candidates');
  const rows = (await db
    .select()
    .from(candidates)
    .orderBy(desc(sql`title_hit`), desc(sql`created_at`), desc(sql`id`))
    .limit(limit + 1)) as unknown as Array<
    Record<string, unknown> & { id: number; createdAt: Date | string; title: string; snippet: string }
  >;
  const hits = rows.slice(0, limit).map((row) => {
    const title = row.title.length > SNIPPET_LENGTH ? row.title.slice(0, SNIPPET_LENGTH) : row.title;
    const snippet = row.snippet.replace(/\s+/g, ' ');
    return {
      kind: kind.kind,
      id: row.id,
      title,
      titleMarks: markTerms(title, terms),
      snippet,
      snippetMarks: markTerms(snippet, terms),
      meta: kind.describe(row),
      createdAt: new Date(row.createdAt).toISOString(),
    };
  });
  return { kind: kind.kind, hits, more: rows.length > limit };
}

export async function search(db: DbOrTx, caller: AuthUser, query: SearchQuery): Promise<SearchResult> {
  const terms = searchTerms(query.q);
  const readable = KINDS.filter((kind) => hasAccess(caller, kind.access));
  const groups = await Promise.all(readable.map((kind) => searchKind(db, caller, kind, terms, query.limit ?? 5)));
  return { groups };
}
