import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areas, users } from '../db/schema';

// A list's village and handler names as scalar subqueries rather than joins: with five joined tables
// PostgreSQL spent longer planning a page (about 1.1 ms) than running it (0.1 ms); with three it
// plans in 0.3 ms (ADR 0013, addendum).

/** The name of the village in `area`. */
export const areaNameOf = (area: PgColumn) => sql<string>`(select ${areas.name} from ${areas} where ${areas.id} = ${area})`;

/** The name of the user in `user` (a handler or reviewer), or null when it is empty. */
export const userNameOf = (user: PgColumn) => sql<string | null>`(select named.name from ${users} named where named.id = ${user})`;
