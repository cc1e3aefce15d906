import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AreaItem } from '../../../common/contracts/system';
import type { DbOrTx } from '../../db/client';
import { areas } from '../../db/schema';
import { badRequest } from '../../errors';

// Reading the areas (the town community and its villages, ADR 0050): in their sort order, with
// archived ones marked; and the check every write that takes an area makes.

export const areaColumns = {
  id: areas.id,
  name: areas.name,
  code: areas.code,
  sortOrder: areas.sortOrder,
  active: sql<boolean>`${areas.archivedAt} is null`,
};
export const inOrder = [asc(areas.sortOrder), asc(areas.id)];

/**
 * Every area in its order, archived ones included (active false), or only `area` when given:
 * what pickers, charts and name lookups read.
 */
export function listAreas(db: DbOrTx, area: number | null = null): Promise<AreaItem[]> {
  return db
    .select(areaColumns)
    .from(areas)
    .where(area === null ? undefined : eq(areas.id, area))
    .orderBy(...inOrder);
}

/**
 * The rows of a per-area table or chart: every active area, and an archived one only while it has
 * figures to show (so its history still adds up to the totals).
 */
export function shownAreas<T>(rows: Array<{ area: AreaItem; row: T }>, hasFigures: (row: T) => boolean): Array<{ area: AreaItem; row: T }> {
  return rows.filter(({ area, row }) => area.active || hasFigures(row));
}

/**
 * 400 naming the field unless every id is an active area. `kept` are ids the record already holds:
 * an account of a village archived since keeps it through an edit of something else.
 */
export async function assertActiveAreas(
  db: DbOrTx,
  ids: Array<number | null | undefined>,
  field: string,
  label: string,
  kept: number[] = [],
) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && !kept.includes(id)))];
  if (!wanted.length) return;
  const found = await db
    .select({ id: areas.id, name: areas.name, active: areaColumns.active })
    .from(areas)
    .where(inArray(areas.id, wanted));
  for (const id of wanted) {
    const row = found.find((r) => r.id === id);
    if (!row) throw badRequest(field, label, `编号为${id}的村（社区）不存在`);
    if (!row.active) throw badRequest(field, label, `“${row.name}”已归档，不能再选择`);
  }
}
