CREATE TABLE "service_event_images" (
	"event_id" bigint NOT NULL,
	"upload_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "service_event_images_event_id_position_pk" PRIMARY KEY("event_id","position")
);
--> statement-breakpoint
ALTER TABLE "photo_reports" ADD COLUMN "dispatched_area" smallint;--> statement-breakpoint
ALTER TABLE "photo_reports" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notices" ADD COLUMN "photo_report_id" integer;--> statement-breakpoint
ALTER TABLE "service_event_images" ADD CONSTRAINT "service_event_images_event_id_service_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."service_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_event_images" ADD CONSTRAINT "service_event_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_event_images_upload_idx" ON "service_event_images" USING btree ("upload_id");--> statement-breakpoint
ALTER TABLE "photo_reports" ADD CONSTRAINT "photo_reports_dispatched_area_areas_id_fk" FOREIGN KEY ("dispatched_area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_photo_report_id_photo_reports_id_fk" FOREIGN KEY ("photo_report_id") REFERENCES "public"."photo_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_reports_dispatched_idx" ON "photo_reports" USING btree ("dispatched_area","status","created_at","id") WHERE "photo_reports"."dispatched_area" is not null;--> statement-breakpoint
CREATE INDEX "photo_reports_reviewing_idx" ON "photo_reports" USING btree ("created_at","id") WHERE "photo_reports"."status" = 'reviewing';--> statement-breakpoint
CREATE INDEX "user_notices_photo_report_idx" ON "user_notices" USING btree ("photo_report_id") WHERE "user_notices"."photo_report_id" is not null;