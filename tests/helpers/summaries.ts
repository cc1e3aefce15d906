// The summaries the database keeps by trigger (row_counts, task_areas.approved, task_area_counts,
// day_counts; ADR 0013, ADR 0057) against counting the tables themselves, as sorted lines: a test
// asserts the two lists are equal after whatever writes it made.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../server/db/client';

const lines = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Array<{ line: string }> }).rows.map((r) => r.line);

/** Kept and counted lines ("appeals closed 3 0 7 5 21": area, category, n, rated, rating sum), each sorted. */
export async function summaryAndTruth(db: DbOrTx): Promise<{ kept: string[]; truth: string[] }> {
  const kept = await lines(
    db,
    sql`select line from (
      select 'rows ' || entity || ' ' || status || ' ' || area || ' ' || category || ' ' || n || ' ' || rated || ' ' || rating_sum as line
        from row_counts where n <> 0 or rated <> 0 or rating_sum <> 0
      union all select 'units ' || area || ' ' || status || ' ' || category || ' ' || targets || ' ' || completed
        from task_area_counts where targets <> 0 or completed <> 0
      union all select 'approved ' || task_id || ' ' || area || ' ' || approved from task_areas where approved <> 0
      union all select 'day ' || entity || ' ' || day || ' ' || area || ' ' || n from day_counts where n <> 0
    ) x order by 1`,
  );
  const truth = await lines(
    db,
    sql`select line from (
      select 'rows tasks ' || status || ' 0 ' || category || ' ' || count(*) || ' 0 0' as line from tasks group by status, category
      union all select 'rows submissions ' || status || ' ' || area || ' 0 ' || count(*) || ' 0 0' from submissions group by status, area
      union all select 'rows appeals ' || status || ' ' || area || ' 0 ' || count(*) || ' ' || count(satisfaction) || ' ' || coalesce(sum(satisfaction), 0)
        from appeals group by status, area
      union all select 'rows photo_reports ' || status || ' ' || area || ' 0 ' || count(*) || ' 0 0' from photo_reports group by status, area
      union all select 'units ' || ta.area || ' ' || t.status || ' ' || t.category || ' ' || count(*) || ' ' ||
          count(*) filter (where exists (select 1 from submissions s where s.task_id = ta.task_id and s.area = ta.area and s.status = 'approved'))
        from task_areas ta join tasks t on t.id = ta.task_id group by ta.area, t.status, t.category
      union all select 'approved ' || task_id || ' ' || area || ' ' || n from (
          select ta.task_id, ta.area, count(*) as n from task_areas ta
          join submissions s on s.task_id = ta.task_id and s.area = ta.area and s.status = 'approved' group by 1, 2) a
      union all select 'day appeals ' || d || ' ' || area || ' ' || count(*) from (
          select (created_at at time zone 'Asia/Shanghai')::date as d, area from appeals) a group by d, area
      union all select 'day photo_reports ' || d || ' ' || area || ' ' || count(*) from (
          select (created_at at time zone 'Asia/Shanghai')::date as d, area from photo_reports) p group by d, area
    ) x order by 1`,
  );
  return { kept, truth };
}
