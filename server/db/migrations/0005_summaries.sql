CREATE TABLE "row_counts" (
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"area" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "row_counts_entity_status_area_pk" PRIMARY KEY("entity","status","area")
);
--> statement-breakpoint
CREATE TABLE "score_daily" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "score_daily_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "score_daily" ADD CONSTRAINT "score_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_daily_cover_idx" ON "score_daily" USING btree ("day","user_id","points");--> statement-breakpoint
-- Kept by statement-level triggers, in the transaction that writes the rows (ADR 0013).
-- Locks on the counter rows are taken in (status, area) order, so two writers never wait on each other in a cycle.
CREATE FUNCTION row_counts_by_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, 0, count(*) FROM new_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, 0, -count(*) FROM old_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, 0, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) changed GROUP BY status HAVING sum(d) <> 0 ORDER BY status
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION row_counts_by_status_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, coalesce(area, 0), count(*) FROM new_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, coalesce(area, 0), -count(*) FROM old_rows GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  ELSE
    INSERT INTO row_counts (entity, status, area, n)
      SELECT TG_TABLE_NAME, status, area, sum(d) FROM (
        SELECT status, coalesce(area, 0) AS area, 1 AS d FROM new_rows
        UNION ALL SELECT status, coalesce(area, 0), -1 FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, status, area) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The ledger is append-only: inserts are all there is to follow. Days are Beijing days (UTC+8, no DST).
CREATE FUNCTION score_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO score_daily (day, user_id, points)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, user_id, sum(delta)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, user_id) DO UPDATE SET points = score_daily.points + excluded.points;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rebuilds both summaries from their tables (after a restore that bypassed the triggers, or to check them).
CREATE FUNCTION refresh_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts;
  INSERT INTO row_counts (entity, status, area, n)
    SELECT 'tasks', status, 0, count(*) FROM tasks GROUP BY status
    UNION ALL SELECT 'submissions', status, coalesce(area, 0), count(*) FROM submissions GROUP BY 2, 3
    UNION ALL SELECT 'appeals', status, coalesce(area, 0), count(*) FROM appeals GROUP BY 2, 3
    UNION ALL SELECT 'photo_reports', status, coalesce(area, 0), count(*) FROM photo_reports GROUP BY 2, 3;
  DELETE FROM score_daily;
  INSERT INTO score_daily (day, user_id, points)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, user_id, sum(delta)
    FROM score_ledger GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT refresh_summaries();
--> statement-breakpoint
CREATE TRIGGER tasks_count_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status();
--> statement-breakpoint
CREATE TRIGGER tasks_count_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status();
--> statement-breakpoint
CREATE TRIGGER tasks_count_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status();
--> statement-breakpoint
CREATE TRIGGER submissions_count_insert AFTER INSERT ON submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER submissions_count_update AFTER UPDATE ON submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER submissions_count_delete AFTER DELETE ON submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER appeals_count_insert AFTER INSERT ON appeals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER appeals_count_update AFTER UPDATE ON appeals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER appeals_count_delete AFTER DELETE ON appeals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_count_insert AFTER INSERT ON photo_reports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_count_update AFTER UPDATE ON photo_reports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_count_delete AFTER DELETE ON photo_reports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status_area();
--> statement-breakpoint
CREATE TRIGGER score_ledger_daily AFTER INSERT ON score_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_daily_add();
