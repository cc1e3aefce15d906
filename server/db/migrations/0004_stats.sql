CREATE TABLE "display_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "display_links_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "display_links" ADD CONSTRAINT "display_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_logs_account_lower_idx" ON "login_logs" USING btree (lower("account"),"created_at");--> statement-breakpoint
CREATE INDEX "submissions_approved_idx" ON "submissions" USING btree ("reviewed_at") WHERE "submissions"."status" = 'approved';