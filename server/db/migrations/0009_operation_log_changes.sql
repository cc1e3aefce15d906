ALTER TABLE "operation_logs" ADD COLUMN "action" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operation_logs" ADD COLUMN "changes" jsonb;--> statement-breakpoint
CREATE INDEX "operation_logs_ip_idx" ON "operation_logs" USING btree ("ip","created_at");