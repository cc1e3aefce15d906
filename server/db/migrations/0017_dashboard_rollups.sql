CREATE TABLE "day_counts" (
	"entity" text NOT NULL,
	"day" date NOT NULL,
	"area" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "day_counts_entity_day_area_pk" PRIMARY KEY("entity","day","area")
);
--> statement-breakpoint
CREATE TABLE "task_area_counts" (
	"area" integer NOT NULL,
	"status" text NOT NULL,
	"category" integer NOT NULL,
	"targets" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "task_area_counts_area_status_category_pk" PRIMARY KEY("area","status","category")
);
--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "rated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_areas" ADD COLUMN "approved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline") WHERE "tasks"."status" = 'published';
--> statement-breakpoint
-- Hand-written (ADR 0057): the dashboard's figures kept like row_counts, by statement-level triggers
-- in the transaction that writes the rows. Counter rows are upserted in key order within a statement.
-- Each function has a branch per operation: a transition table exists only for the operations that have it.
--
-- Appeals: row_counts also keeps how many rows carry a satisfaction and its sum, per status and
-- village; a rating changes them without a status change.
CREATE FUNCTION row_counts_appeals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts (entity, status, area, n, rated, rating_sum)
      SELECT 'appeals', status, area, sum(d), sum(r), sum(s) FROM (
            SELECT status, coalesce(area, 0) AS area, 1 AS d, (satisfaction IS NOT NULL)::int AS r, coalesce(satisfaction, 0) AS s FROM new_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 OR sum(r) <> 0 OR sum(s) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE
        SET n = row_counts.n + excluded.n, rated = row_counts.rated + excluded.rated,
            rating_sum = row_counts.rating_sum + excluded.rating_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts (entity, status, area, n, rated, rating_sum)
      SELECT 'appeals', status, area, sum(d), sum(r), sum(s) FROM (
            SELECT status, coalesce(area, 0) AS area, -1 AS d, -(satisfaction IS NOT NULL)::int AS r, -coalesce(satisfaction, 0) AS s FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 OR sum(r) <> 0 OR sum(s) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE
        SET n = row_counts.n + excluded.n, rated = row_counts.rated + excluded.rated,
            rating_sum = row_counts.rating_sum + excluded.rating_sum;
  ELSE
    INSERT INTO row_counts (entity, status, area, n, rated, rating_sum)
      SELECT 'appeals', status, area, sum(d), sum(r), sum(s) FROM (
            SELECT status, coalesce(area, 0) AS area, 1 AS d, (satisfaction IS NOT NULL)::int AS r, coalesce(satisfaction, 0) AS s FROM new_rows
            UNION ALL SELECT status, coalesce(area, 0) AS area, -1 AS d, -(satisfaction IS NOT NULL)::int AS r, -coalesce(satisfaction, 0) AS s FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 OR sum(r) <> 0 OR sum(s) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, status, area, category) DO UPDATE
        SET n = row_counts.n + excluded.n, rated = row_counts.rated + excluded.rated,
            rating_sum = row_counts.rating_sum + excluded.rating_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows per Beijing day (as score_daily's days) and village, for appeals and photo reports.
CREATE FUNCTION day_counts_by_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO day_counts (entity, day, area, n)
      SELECT TG_TABLE_NAME, day, area, sum(d) FROM (
            SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, coalesce(area, 0) AS area, 1 AS d FROM new_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, day, area) DO UPDATE SET n = day_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO day_counts (entity, day, area, n)
      SELECT TG_TABLE_NAME, day, area, sum(d) FROM (
            SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, coalesce(area, 0) AS area, -1 AS d FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, day, area) DO UPDATE SET n = day_counts.n + excluded.n;
  ELSE
    INSERT INTO day_counts (entity, day, area, n)
      SELECT TG_TABLE_NAME, day, area, sum(d) FROM (
            SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, coalesce(area, 0) AS area, 1 AS d FROM new_rows
            UNION ALL SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, coalesce(area, 0) AS area, -1 AS d FROM old_rows
      ) changed GROUP BY 2, 3 HAVING sum(d) <> 0 ORDER BY 2, 3
      ON CONFLICT (entity, day, area) DO UPDATE SET n = day_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A village's work unit (task_areas row) is complete while it has an approved report: approvals
-- per (task, village) follow the reports' inserts, status, task and village changes and deletes.
CREATE FUNCTION task_areas_approved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE task_areas ta SET approved = ta.approved + c.d
      FROM (
        SELECT task_id, area, sum(d)::int AS d FROM (
            SELECT task_id, area, 1 AS d FROM new_rows WHERE status = 'approved'
        ) changed GROUP BY 1, 2 HAVING sum(d) <> 0
      ) c
      WHERE ta.task_id = c.task_id AND ta.area = c.area;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE task_areas ta SET approved = ta.approved + c.d
      FROM (
        SELECT task_id, area, sum(d)::int AS d FROM (
            SELECT task_id, area, -1 AS d FROM old_rows WHERE status = 'approved'
        ) changed GROUP BY 1, 2 HAVING sum(d) <> 0
      ) c
      WHERE ta.task_id = c.task_id AND ta.area = c.area;
  ELSE
    UPDATE task_areas ta SET approved = ta.approved + c.d
      FROM (
        SELECT task_id, area, sum(d)::int AS d FROM (
            SELECT task_id, area, 1 AS d FROM new_rows WHERE status = 'approved'
            UNION ALL SELECT task_id, area, -1 AS d FROM old_rows WHERE status = 'approved'
        ) changed GROUP BY 1, 2 HAVING sum(d) <> 0
      ) c
      WHERE ta.task_id = c.task_id AND ta.area = c.area;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Work units per village, task status and category, and how many are complete. The task's status
-- is read from tasks: a task being deleted takes its units out itself (below), and the cascade that
-- then removes them finds no task here, so nothing is taken out twice.
CREATE FUNCTION task_area_counts_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_area_counts (area, status, category, targets, completed)
      SELECT u.area, t.status, t.category, sum(u.d), sum(u.c) FROM (
            SELECT task_id, area, 1 AS d, (approved > 0)::int AS c FROM new_rows
      ) u JOIN tasks t ON t.id = u.task_id
      GROUP BY 1, 2, 3 HAVING sum(u.d) <> 0 OR sum(u.c) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (area, status, category) DO UPDATE
        SET targets = task_area_counts.targets + excluded.targets, completed = task_area_counts.completed + excluded.completed;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO task_area_counts (area, status, category, targets, completed)
      SELECT u.area, t.status, t.category, sum(u.d), sum(u.c) FROM (
            SELECT task_id, area, -1 AS d, -(approved > 0)::int AS c FROM old_rows
      ) u JOIN tasks t ON t.id = u.task_id
      GROUP BY 1, 2, 3 HAVING sum(u.d) <> 0 OR sum(u.c) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (area, status, category) DO UPDATE
        SET targets = task_area_counts.targets + excluded.targets, completed = task_area_counts.completed + excluded.completed;
  ELSE
    INSERT INTO task_area_counts (area, status, category, targets, completed)
      SELECT u.area, t.status, t.category, sum(u.d), sum(u.c) FROM (
            SELECT task_id, area, 1 AS d, (approved > 0)::int AS c FROM new_rows
            UNION ALL SELECT task_id, area, -1 AS d, -(approved > 0)::int AS c FROM old_rows
      ) u JOIN tasks t ON t.id = u.task_id
      GROUP BY 1, 2, 3 HAVING sum(u.d) <> 0 OR sum(u.c) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (area, status, category) DO UPDATE
        SET targets = task_area_counts.targets + excluded.targets, completed = task_area_counts.completed + excluded.completed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A task's status or category change moves its units between the counters.
CREATE FUNCTION task_area_counts_task_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_area_counts (area, status, category, targets, completed)
    SELECT area, status, category, sum(d), sum(c) FROM (
      SELECT ta.area, x.status, x.category, x.d, x.d * (ta.approved > 0)::int AS c
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.status, n.category, 1), (o.status, o.category, -1)) x(status, category, d)
        JOIN task_areas ta ON ta.task_id = n.id
      WHERE (n.status, n.category) IS DISTINCT FROM (o.status, o.category)
    ) moved GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(c) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (area, status, category) DO UPDATE
      SET targets = task_area_counts.targets + excluded.targets, completed = task_area_counts.completed + excluded.completed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a task goes, its units leave the counters (the cascade that removes them comes after).
CREATE FUNCTION task_area_counts_task_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_area_counts (area, status, category, targets, completed)
    SELECT area, OLD.status, OLD.category, -count(*), -count(*) FILTER (WHERE approved > 0)
    FROM task_areas WHERE task_id = OLD.id GROUP BY area ORDER BY area
    ON CONFLICT (area, status, category) DO UPDATE
      SET targets = task_area_counts.targets + excluded.targets, completed = task_area_counts.completed + excluded.completed;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Rebuilds every summary from its table (after a load that bypassed the triggers, or to check them).
CREATE OR REPLACE FUNCTION refresh_summaries() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts;
  INSERT INTO row_counts (entity, status, area, category, n, rated, rating_sum)
    SELECT 'tasks', status, 0, category, count(*), 0, 0 FROM tasks GROUP BY status, category
    UNION ALL SELECT 'submissions', status, coalesce(area, 0), 0, count(*), 0, 0 FROM submissions GROUP BY 2, 3
    UNION ALL SELECT 'appeals', status, coalesce(area, 0), 0, count(*), count(satisfaction), coalesce(sum(satisfaction), 0)
      FROM appeals GROUP BY 2, 3
    UNION ALL SELECT 'photo_reports', status, coalesce(area, 0), 0, count(*), 0, 0 FROM photo_reports GROUP BY 2, 3;
  DELETE FROM score_daily;
  INSERT INTO score_daily (day, user_id, points)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, user_id, sum(delta)
    FROM score_ledger GROUP BY 1, 2;
  DELETE FROM score_weekly;
  INSERT INTO score_weekly (week, user_id, points)
    SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points) FROM score_daily GROUP BY 1, 2;
  DELETE FROM day_counts;
  INSERT INTO day_counts (entity, day, area, n)
    SELECT 'appeals', ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, area, count(*) FROM appeals GROUP BY 2, 3
    UNION ALL SELECT 'photo_reports', ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, area, count(*)
      FROM photo_reports GROUP BY 2, 3;
  UPDATE task_areas ta SET approved = c.n
    FROM (
      SELECT u.task_id, u.area, count(s.id)::int AS n FROM task_areas u
        LEFT JOIN submissions s ON s.task_id = u.task_id AND s.area = u.area AND s.status = 'approved'
        GROUP BY 1, 2
    ) c
    WHERE ta.task_id = c.task_id AND ta.area = c.area AND ta.approved <> c.n;
  DELETE FROM task_area_counts;
  INSERT INTO task_area_counts (area, status, category, targets, completed)
    SELECT ta.area, t.status, t.category, count(*), count(*) FILTER (WHERE ta.approved > 0)
    FROM task_areas ta JOIN tasks t ON t.id = ta.task_id GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
DROP TRIGGER appeals_count_insert ON appeals;
--> statement-breakpoint
DROP TRIGGER appeals_count_update ON appeals;
--> statement-breakpoint
DROP TRIGGER appeals_count_delete ON appeals;
--> statement-breakpoint
CREATE TRIGGER appeals_count_insert AFTER INSERT ON appeals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_appeals();
--> statement-breakpoint
CREATE TRIGGER appeals_count_update AFTER UPDATE ON appeals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_appeals();
--> statement-breakpoint
CREATE TRIGGER appeals_count_delete AFTER DELETE ON appeals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_appeals();
--> statement-breakpoint
CREATE TRIGGER appeals_day_insert AFTER INSERT ON appeals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER appeals_day_update AFTER UPDATE ON appeals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER appeals_day_delete AFTER DELETE ON appeals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_day_insert AFTER INSERT ON photo_reports REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_day_update AFTER UPDATE ON photo_reports REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER photo_reports_day_delete AFTER DELETE ON photo_reports REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION day_counts_by_area();
--> statement-breakpoint
CREATE TRIGGER submissions_approved_insert AFTER INSERT ON submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_areas_approved();
--> statement-breakpoint
CREATE TRIGGER submissions_approved_update AFTER UPDATE ON submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_areas_approved();
--> statement-breakpoint
CREATE TRIGGER submissions_approved_delete AFTER DELETE ON submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_areas_approved();
--> statement-breakpoint
CREATE TRIGGER task_areas_count_insert AFTER INSERT ON task_areas REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_area_counts_units();
--> statement-breakpoint
CREATE TRIGGER task_areas_count_update AFTER UPDATE ON task_areas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_area_counts_units();
--> statement-breakpoint
CREATE TRIGGER task_areas_count_delete AFTER DELETE ON task_areas REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_area_counts_units();
--> statement-breakpoint
CREATE TRIGGER tasks_units_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_area_counts_task_moved();
--> statement-breakpoint
CREATE TRIGGER tasks_units_delete BEFORE DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION task_area_counts_task_deleted();
--> statement-breakpoint
SELECT refresh_summaries();
