import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../common/constants';
import { boundArea, reachesTown, reachOf } from '../../common/scope';
import { forbidden } from '../errors';
import type { AuthUser } from './accounts/sessions';

const SCOPE_RANK: Record<DataScope, number> = { self: 0, area: 1, all: 2 };

/** True when `scope` reaches no further than `limit`. */
export const scopeWithin = (scope: DataScope, limit: DataScope) => SCOPE_RANK[scope] <= SCOPE_RANK[limit];

/**
 * Where a table's records sit for the data-scope rule: the area column (or, for records that sit
 * in several areas such as tasks aimed at villages or appeals handed down, a condition "this record
 * is in area A"), and the column or columns naming the people a record belongs to (its author; a
 * people-service record's submitter and handler).
 */
interface ScopeColumns {
  area: PgColumn | ((area: number) => SQL);
  owner: PgColumn | PgColumn[];
}

/**
 * The condition limiting rows to the caller's reach (common/scope.ts): nothing for the town, the
 * record's area for an area, the caller's own rows otherwise. Undefined when nothing is filtered.
 */
export function scopeCondition(user: AuthUser, columns: ScopeColumns): SQL | undefined {
  const reach = reachOf(user);
  if (reach.kind === 'town') return undefined;
  if (reach.kind === 'area') return typeof columns.area === 'function' ? columns.area(reach.area) : eq(columns.area, reach.area);
  const owners = Array.isArray(columns.owner) ? columns.owner : [columns.owner];
  // A table without owners (villages' introductions) has no own rows: nothing, never everything.
  return owners.length ? or(...owners.map((owner) => eq(owner, reach.userId))) : never;
}

/** One record as scopeCondition's columns see it: its area (or "is it in area A") and its owners. */
interface ScopedRecord {
  area: number | null | ((area: number) => boolean);
  owner: number | null | Array<number | null>;
}

/** Whether a single record is within the caller's reach: scopeCondition for a row already loaded. */
export function inScope(user: AuthUser, record: ScopedRecord): boolean {
  const reach = reachOf(user);
  if (reach.kind === 'town') return true;
  if (reach.kind === 'area') return typeof record.area === 'function' ? record.area(reach.area) : record.area === reach.area;
  const owners = Array.isArray(record.owner) ? record.owner : [record.owner];
  return owners.includes(reach.userId);
}

/** Whether the caller reaches the whole town (dispatching appeals, the centre's introduction, town-wide records). */
export { reachesTown };

/**
 * Whether a record the caller writes would sit outside the one area they are bound to (ADR 0007):
 * an area reach writes its own area's news and opinion items; town and own-rows reaches pick any.
 */
export function outsideBoundArea(user: AuthUser, area: number | null): boolean {
  const bound = boundArea(user);
  return bound !== undefined && area !== bound;
}

/**
 * Which areas a caller's figures count (docs/product.md §10): every area (null) for the town, their
 * own for an area, and none for own rows: figures are counted by area, and counting an area for
 * someone who may read only their own rows would tell them about everyone else's.
 */
export function figureArea(user: AuthUser): number | null | undefined {
  const reach = reachOf(user);
  if (reach.kind === 'town') return null;
  return reach.kind === 'area' ? reach.area : undefined;
}

/**
 * Records shared by the whole town (user groups, watch keywords) have no area to scope them by:
 * everyone who holds the key reads them, only a caller whose scope is the whole town changes them
 * (as the centre's introduction, ADR 0007). A village-scoped manager would otherwise rename or
 * delete what every village uses.
 */
export function assertTownWideWriter(user: AuthUser, what: string): void {
  if (!reachesTown(user)) throw forbidden(`只有数据范围为“全部数据”的用户才能${what}`);
}

/** `%text%` with LIKE wildcards in the input escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const never = sql`false`;

/** A list's date column within [from, to] (ISO date-times from the query's Period). */
export function periodCondition(column: PgColumn, from?: string, to?: string): SQL | undefined {
  return and(from ? gte(column, new Date(from)) : undefined, to ? lte(column, new Date(to)) : undefined);
}
