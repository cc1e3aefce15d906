ALTER TABLE "submissions" ADD COLUMN "values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "fields" jsonb DEFAULT '[]'::jsonb NOT NULL;