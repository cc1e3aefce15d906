CREATE TABLE "appeal_images" (
	"appeal_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "appeal_images_appeal_id_position_pk" PRIMARY KEY("appeal_id","position")
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"submitter_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" smallint NOT NULL,
	"area" smallint NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"handler_id" integer,
	"reply" text,
	"reject_reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"satisfaction" smallint,
	"satisfaction_comment" text,
	"rated_at" timestamp with time zone,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinion_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinions" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" smallint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sentiment" text NOT NULL,
	"level" smallint NOT NULL,
	"area" smallint,
	"status" text DEFAULT 'monitoring' NOT NULL,
	"appeal_id" integer,
	"photo_report_id" integer,
	"keyword" text,
	"created_by_id" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_report_images" (
	"report_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upload_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "photo_report_images_report_id_kind_position_pk" PRIMARY KEY("report_id","kind","position")
);
--> statement-breakpoint
CREATE TABLE "photo_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"submitter_id" integer NOT NULL,
	"description" text NOT NULL,
	"type" smallint NOT NULL,
	"area" smallint NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"status" text DEFAULT 'pending' NOT NULL,
	"handler_id" integer,
	"result" text,
	"invalid_reason" text,
	"handled_at" timestamp with time zone,
	"client_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appeal_id" integer,
	"photo_report_id" integer,
	"action" text NOT NULL,
	"actor_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_events_one_target" CHECK (("service_events"."appeal_id" is null) <> ("service_events"."photo_report_id" is null))
);
--> statement-breakpoint
ALTER TABLE "appeal_images" ADD CONSTRAINT "appeal_images_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_images" ADD CONSTRAINT "appeal_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_keywords" ADD CONSTRAINT "opinion_keywords_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_photo_report_id_photo_reports_id_fk" FOREIGN KEY ("photo_report_id") REFERENCES "public"."photo_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_report_images" ADD CONSTRAINT "photo_report_images_report_id_photo_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."photo_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_report_images" ADD CONSTRAINT "photo_report_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reports" ADD CONSTRAINT "photo_reports_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reports" ADD CONSTRAINT "photo_reports_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reports" ADD CONSTRAINT "photo_reports_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_photo_report_id_photo_reports_id_fk" FOREIGN KEY ("photo_report_id") REFERENCES "public"."photo_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_events" ADD CONSTRAINT "service_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_client_key_idx" ON "appeals" USING btree ("submitter_id","client_key");--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appeals_status_idx" ON "appeals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "appeals_area_idx" ON "appeals" USING btree ("area","status","created_at");--> statement-breakpoint
CREATE INDEX "appeals_category_idx" ON "appeals" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "appeals_submitter_idx" ON "appeals" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_handler_idx" ON "appeals" USING btree ("handler_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_open_due_idx" ON "appeals" USING btree ("due_at") WHERE "appeals"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "opinion_keywords_keyword_idx" ON "opinion_keywords" USING btree (lower("keyword"));--> statement-breakpoint
CREATE INDEX "opinion_keywords_created_idx" ON "opinion_keywords" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opinions_created_idx" ON "opinions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "opinions_status_idx" ON "opinions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "opinions_area_idx" ON "opinions" USING btree ("area","created_at");--> statement-breakpoint
CREATE INDEX "opinions_creator_idx" ON "opinions" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "opinions_appeal_idx" ON "opinions" USING btree ("appeal_id");--> statement-breakpoint
CREATE INDEX "opinions_photo_report_idx" ON "opinions" USING btree ("photo_report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_reports_client_key_idx" ON "photo_reports" USING btree ("submitter_id","client_key");--> statement-breakpoint
CREATE INDEX "photo_reports_created_idx" ON "photo_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "photo_reports_status_idx" ON "photo_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "photo_reports_area_idx" ON "photo_reports" USING btree ("area","status","created_at");--> statement-breakpoint
CREATE INDEX "photo_reports_type_idx" ON "photo_reports" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "photo_reports_submitter_idx" ON "photo_reports" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_reports_handler_idx" ON "photo_reports" USING btree ("handler_id","created_at");--> statement-breakpoint
CREATE INDEX "service_events_appeal_idx" ON "service_events" USING btree ("appeal_id","id");--> statement-breakpoint
CREATE INDEX "service_events_photo_report_idx" ON "service_events" USING btree ("photo_report_id","id");