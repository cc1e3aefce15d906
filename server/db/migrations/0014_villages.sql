ALTER TABLE "areas" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing areas keep their ids and their order (1 the town community, then the villages by id).
UPDATE "areas" SET "sort_order" = "id";--> statement-breakpoint
CREATE UNIQUE INDEX "areas_name_key" ON "areas" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_code_key" ON "areas" USING btree ("code");--> statement-breakpoint
CREATE INDEX "areas_order_idx" ON "areas" USING btree ("sort_order","id");