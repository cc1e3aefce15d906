CREATE TABLE "score_weekly" (
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "score_weekly_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "category" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_entity_status_area_pk";--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_entity_status_area_category_pk" PRIMARY KEY("entity","status","area","category");--> statement-breakpoint
ALTER TABLE "score_weekly" ADD CONSTRAINT "score_weekly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_weekly_cover_idx" ON "score_weekly" USING btree ("week","user_id","points");--> statement-breakpoint
CREATE INDEX "tasks_category_status_idx" ON "tasks" USING btree ("category","status","created_at");
--> statement-breakpoint
-- Hand edits (ADR 0013, addendum): the column above is added before the key that uses it
-- (drizzle-kit put the key first). Tasks are counted per status and work category; the ledger's
-- trigger keeps score_weekly beside score_daily, a week named by its Monday (isodow 1) on the
-- Beijing day already computed for score_daily. These replace the functions of migration 0005.
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
CREATE OR REPLACE FUNCTION score_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO score_daily (day, user_id, points)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, user_id, sum(delta)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, user_id) DO UPDATE SET points = score_daily.points + excluded.points;
  INSERT INTO score_weekly (week, user_id, points)
    SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points)
    FROM (SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, user_id, delta AS points FROM new_rows) d
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (week, user_id) DO UPDATE SET points = score_weekly.points + excluded.points;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO score_weekly (week, user_id, points)
  SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points) FROM score_daily GROUP BY 1, 2;
--> statement-breakpoint
-- Fill the new summary and re-key the tasks' counts; the other summaries stay as they are.
DELETE FROM row_counts WHERE entity = 'tasks';--> statement-breakpoint
INSERT INTO row_counts (entity, status, area, category, n)
  SELECT 'tasks', status, 0, category, count(*) FROM tasks GROUP BY status, category;
