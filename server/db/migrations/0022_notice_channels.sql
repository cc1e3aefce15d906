CREATE TABLE "notice_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"area" smallint,
	"enabled" boolean DEFAULT false NOT NULL,
	"format" text DEFAULT 'text' NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"method" text DEFAULT 'POST' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body_template" text DEFAULT '' NOT NULL,
	"success_path" text DEFAULT '' NOT NULL,
	"success_value" text DEFAULT '' NOT NULL,
	"notice_kinds" text[] NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"last_test_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_error" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"notice_id" bigint,
	"user_id" integer,
	"kind" text NOT NULL,
	"address" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notice_channels" ADD CONSTRAINT "notice_channels_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_channels" ADD CONSTRAINT "notice_channels_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_channel_id_notice_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notice_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_notice_id_user_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."user_notices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_outbox" ADD CONSTRAINT "notice_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_channels_robot_place_idx" ON "notice_channels" USING btree (coalesce("area", 0)) WHERE "notice_channels"."kind" in ('wecom', 'dingtalk');--> statement-breakpoint
CREATE UNIQUE INDEX "notice_channels_sms_idx" ON "notice_channels" USING btree ("kind") WHERE "notice_channels"."kind" = 'sms';--> statement-breakpoint
CREATE INDEX "notice_outbox_due_idx" ON "notice_outbox" USING btree ("next_attempt_at","id") WHERE "notice_outbox"."status" in ('pending', 'retrying', 'held', 'sending');--> statement-breakpoint
CREATE INDEX "notice_outbox_status_idx" ON "notice_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "notice_outbox_channel_idx" ON "notice_outbox" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "notice_outbox_kind_idx" ON "notice_outbox" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "notice_outbox_address_idx" ON "notice_outbox" USING btree ("address","id") WHERE "notice_outbox"."address" is not null;--> statement-breakpoint
CREATE INDEX "notice_outbox_user_idx" ON "notice_outbox" USING btree ("user_id") WHERE "notice_outbox"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "notice_outbox_notice_idx" ON "notice_outbox" USING btree ("notice_id") WHERE "notice_outbox"."notice_id" is not null;--> statement-breakpoint
CREATE INDEX "notice_outbox_created_idx" ON "notice_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_outbox_dedupe_idx" ON "notice_outbox" USING btree ("channel_id","dedupe_key") WHERE "notice_outbox"."dedupe_key" is not null;