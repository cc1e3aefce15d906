ALTER TABLE "user_notices" ADD COLUMN "task_id" integer;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notices_task_idx" ON "user_notices" USING btree ("task_id") WHERE "user_notices"."task_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_notices_due_once_idx" ON "user_notices" USING btree ("task_id","user_id") WHERE "user_notices"."kind" = 'taskDueTomorrow';