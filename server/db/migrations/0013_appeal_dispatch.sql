CREATE TABLE "user_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"appeal_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "dispatched_area" smallint;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_events" ADD COLUMN "area" smallint;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notices_user_idx" ON "user_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_notices_unread_idx" ON "user_notices" USING btree ("user_id","id") WHERE "user_notices"."read_at" is null;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_dispatched_area_areas_id_fk" FOREIGN KEY ("dispatched_area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_dispatched_idx" ON "appeals" USING btree ("dispatched_area","status","created_at","id") WHERE "appeals"."dispatched_area" is not null;