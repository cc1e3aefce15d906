import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../common/constants';
import { forbidden } from '../errors';
import type { AuthUser } from './accounts/sessions';

const SCOPE_RANK: Record<DataScope, number> = { self: 0, area: 1, all: 2 };

/** True when `scope` reaches no further than `limit`. */
export const scopeWithin = (scope: DataScope, limit: DataScope) => SCOPE_RANK[scope] <= SCOPE_RANK[limit];

/**
 * The condition limiting rows to the caller's data scope: everything, the caller's own area,
 * or the caller's own rows. Returns undefined when nothing needs filtering.
 */
export function scopeCondition(user: AuthUser, columns: { area: PgColumn; owner: PgColumn }): SQL | undefined {
  if (user.dataScope === 'all') return undefined;
  if (user.dataScope === 'area' && user.area !== null) return eq(columns.area, user.area);
  return eq(columns.owner, user.id);
}

/** Whether a single record with this area and owner is within the caller's scope. */
export function inScope(user: AuthUser, record: { area: number | null; ownerId: number }): boolean {
  if (user.dataScope === 'all') return true;
  if (user.dataScope === 'area' && user.area !== null) return record.area === user.area;
  return record.ownerId === user.id;
}

/**
 * Records shared by the whole town (user groups, watch keywords) have no area to scope them by:
 * everyone who holds the key reads them, only a caller whose scope is the whole town changes them
 * (as the centre's introduction, ADR 0007). A village-scoped manager would otherwise rename or
 * delete what every village uses.
 */
export function assertTownWideWriter(user: AuthUser, what: string): void {
  if (user.dataScope !== 'all') throw forbidden(`只有数据范围为“全部数据”的用户才能${what}`);
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
