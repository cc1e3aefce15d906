CREATE TABLE "photo_matches" (
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"other_kind" text NOT NULL,
	"other_record_id" integer NOT NULL,
	"other_upload_id" integer NOT NULL,
	"distance" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_matches_kind_record_id_upload_id_other_kind_other_record_id_other_upload_id_pk" PRIMARY KEY("kind","record_id","upload_id","other_kind","other_record_id","other_upload_id")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "phash_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appeal_images_upload_idx" ON "appeal_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "photo_report_images_upload_idx" ON "photo_report_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "submission_images_upload_idx" ON "submission_images" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "uploads_phash_band0_idx" ON "uploads" USING btree ((("phash" >> 0) & 65535),"phash","id") WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band1_idx" ON "uploads" USING btree ((("phash" >> 16) & 65535),"phash","id") WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band2_idx" ON "uploads" USING btree ((("phash" >> 32) & 65535),"phash","id") WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_band3_idx" ON "uploads" USING btree ((("phash" >> 48) & 65535),"phash","id") WHERE "uploads"."phash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_phash_pending_idx" ON "uploads" USING btree ("id") WHERE "uploads"."phash_pending";--> statement-breakpoint
-- Hand edit (ADR 0027): uploads from before this release have no hash yet; the background job
-- (server/services/photoHashBackfill.ts) hashes those a record may show from their stored copies.
UPDATE "uploads" SET "phash_pending" = true WHERE "visibility" <> 'public';
