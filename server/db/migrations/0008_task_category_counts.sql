ALTER TABLE "row_counts" ADD COLUMN "category" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_entity_status_area_pk";--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_entity_status_area_category_pk" PRIMARY KEY("entity","status","area","category");--> statement-breakpoint
-- Hand edit (ADR 0013): the column order above is fixed by hand (drizzle-kit put the key before the
-- column). Tasks are now counted per status and work category, the list's usual pair of filters;
-- the functions below replace those of migrations 0005 and 0007 for the new key.
CREATE OR REPLACE FUNCTION row_counts_by_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (entity, status, area, category, n)
      SELECT TG_TABLE_NAME, status, 0, category, count(*) FROM new_rows GROUP BY 2, 4 ORDER BY 2, 4
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (entity, status, area, category, n)
      SELECT TG_TABLE_NAME, status, 0, category, -count(*) FROM old_rows GROUP BY 2, 4 ORDER BY 2, 4
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    INSERT INTO row_counts (entity, status, area, category, n)
      SELECT TG_TABLE_NAME, status, 0, category, sum(d) FROM (
        SELECT status, category, 1 AS d FROM new_rows UNION ALL SELECT status, category, -1 FROM old_rows
      ) changed GROUP BY 2, 4 HAVING sum(d) <> 0 ORDER BY 2, 4
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_by_status_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, coalesce(area, 0), count(*) FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, coalesce(area, 0), -count(*) FROM old_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, area, sum(d) FROM (
        SELECT status, coalesce(area, 0) AS area, 1 AS d FROM new_rows
        UNION ALL SELECT status, coalesce(area, 0), -1 FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts;
  INSERT INTO row_counts (entity, status, area, category, n)
    SELECT 'tasks', status, 0, category, count(*) FROM tasks GROUP BY status, category
    UNION ALL SELECT 'submissions', status, coalesce(area, 0), 0, count(*) FROM submissions GROUP BY 2, 3
    UNION ALL SELECT 'appeals', status, coalesce(area, 0), 0, count(*) FROM appeals GROUP BY 2, 3
    UNION ALL SELECT 'photo_reports', status, coalesce(area, 0), 0, count(*) FROM photo_reports GROUP BY 2, 3;
  DELETE FROM score_daily;
  INSERT INTO score_daily (day, user_id, points)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, user_id, sum(delta)
    FROM score_ledger GROUP BY 1, 2;
  DELETE FROM score_weekly;
  INSERT INTO score_weekly (week, user_id, points)
    SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points) FROM score_daily GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Only the tasks' rows change key; the other summaries stay as they are.
DELETE FROM row_counts WHERE entity = 'tasks';--> statement-breakpoint
INSERT INTO row_counts (entity, status, area, category, n)
  SELECT 'tasks', status, 0, category, count(*) FROM tasks GROUP BY status, category;
