CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "visibility" text DEFAULT 'unattached' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gps_lat" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gps_lng" double precision;--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."visibility" = 'unattached';
--> statement-breakpoint
-- Hand edit (ADR 0019): uploads from before this release are never cleaned up as unused. Those an
-- appeal, a photo report or a task submission shows become private; every other one stays public.
UPDATE "uploads" SET "visibility" = CASE WHEN
  EXISTS (SELECT 1 FROM "appeal_images" i WHERE i."upload_id" = "uploads"."id")
  OR EXISTS (SELECT 1 FROM "photo_report_images" i WHERE i."upload_id" = "uploads"."id")
  OR EXISTS (SELECT 1 FROM "submission_images" i WHERE i."upload_id" = "uploads"."id")
  THEN 'private' ELSE 'public' END;
