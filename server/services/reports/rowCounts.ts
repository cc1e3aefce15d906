import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowCounts } from '../../db/schema';
import { reachOf } from '../../../common/scope';
import type { AuthUser } from '../accounts/sessions';

/** Tables whose rows per status (and area, or category for tasks) the database keeps in row_counts (migrations 0005, 0007; ADR 0013). */
type CountedTable = 'tasks' | 'submissions' | 'appeals' | 'photo_reports';

/**
 * The area a list is limited to by the caller's scope and its own area filter: undefined for the
 * whole township, null when the two contradict (nothing can match), or false when the scope is
 * the caller's own rows, which row_counts cannot answer.
 */
export function countedArea(caller: AuthUser, filterArea: number | undefined): number | undefined | null | false {
  const reach = reachOf(caller);
  if (reach.kind === 'town') return filterArea;
  if (reach.kind === 'own') return false;
  return filterArea !== undefined && filterArea !== reach.area ? null : reach.area;
}

/**
 * A list's total from row_counts: a sum of at most a few dozen rows, whatever the table's size.
 * Only for lists filtered by nothing but status and area, or for tasks status and category (the
 * callers check).
 */
export async function countedTotal(
  db: DbOrTx,
  table: CountedTable,
  filter: { status?: string; area?: number | null; category?: number },
): Promise<number> {
  if (filter.area === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)::int`.mapWith(Number) })
    .from(rowCounts)
    .where(
      and(
        eq(rowCounts.entity, table),
        filter.status ? eq(rowCounts.status, filter.status) : undefined,
        filter.area !== undefined ? eq(rowCounts.area, filter.area) : undefined,
        filter.category !== undefined ? eq(rowCounts.category, filter.category) : undefined,
      ),
    );
  return row?.n ?? 0;
}
