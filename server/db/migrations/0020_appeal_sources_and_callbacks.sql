DROP INDEX "appeals_search_idx";--> statement-breakpoint
ALTER TABLE "appeals" ALTER COLUMN "submitter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "registered_by" integer;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "satisfaction_source" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "called_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_registered_key_idx" ON "appeals" USING btree ("registered_by","client_key") WHERE "appeals"."registered_by" is not null;--> statement-breakpoint
CREATE INDEX "appeals_source_idx" ON "appeals" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "appeals_callback_rated_idx" ON "appeals" USING btree ("area") WHERE "appeals"."satisfaction_source" = 'callback';--> statement-breakpoint
CREATE INDEX "appeals_callback_due_idx" ON "appeals" USING btree ("replied_at") WHERE "appeals"."status" in ('replied', 'closed') and "appeals"."satisfaction" is null and "appeals"."called_back_at" is null;--> statement-breakpoint
CREATE INDEX "appeals_search_idx" ON "appeals" USING gin (search_grams(("title" || ' ' || "content" || ' ' || "phone" || ' ' || coalesce("contact_name", ''))));--> statement-breakpoint
-- Every rating so far was a villager's on the phone.
UPDATE "appeals" SET "satisfaction_source" = 'phone' WHERE "satisfaction" IS NOT NULL;
