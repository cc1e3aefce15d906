ALTER TABLE "appeals" ADD COLUMN "callback_reached" boolean;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "callback_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "called_back_by" integer;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_called_back_by_users_id_fk" FOREIGN KEY ("called_back_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;