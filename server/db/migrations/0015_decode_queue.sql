ALTER TABLE "uploads" ADD COLUMN "decode_status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "decode_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_decode_pending_idx" ON "uploads" USING btree ("id") WHERE "uploads"."decode_status" = 'pending';