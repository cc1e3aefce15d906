CREATE TABLE "score_weekly" (
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "score_weekly_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
ALTER TABLE "score_weekly" ADD CONSTRAINT "score_weekly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_weekly_cover_idx" ON "score_weekly" USING btree ("week","user_id","points");--> statement-breakpoint
CREATE INDEX "tasks_category_status_idx" ON "tasks" USING btree ("category","status","created_at");--> statement-breakpoint
-- Hand edit (ADR 0013): the ledger's insert trigger keeps score_weekly beside score_daily. A week
-- is named by its Monday (isodow 1), counted on the Beijing day already computed for score_daily.
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
CREATE OR REPLACE FUNCTION refresh_summaries() RETURNS void LANGUAGE plpgsql AS $$
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
  DELETE FROM score_weekly;
  INSERT INTO score_weekly (week, user_id, points)
    SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points) FROM score_daily GROUP BY 1, 2;
END $$;
--> statement-breakpoint
INSERT INTO score_weekly (week, user_id, points)
  SELECT day - (extract(isodow FROM day)::int - 1), user_id, sum(points) FROM score_daily GROUP BY 1, 2;
