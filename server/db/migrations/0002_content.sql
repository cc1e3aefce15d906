CREATE TABLE "centre_introduction" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by_id" integer,
	CONSTRAINT "centre_introduction_single_row" CHECK ("centre_introduction"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "centre_introduction_images" (
	"position" smallint PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"column" smallint NOT NULL,
	"area" smallint,
	"cover_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"author_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"leader" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"members" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "village_introductions" (
	"area" smallint PRIMARY KEY NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover_id" integer,
	"population" integer,
	"households" integer,
	"land_area" numeric(10, 1),
	"party_members" integer,
	"leader" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "centre_introduction" ADD CONSTRAINT "centre_introduction_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centre_introduction_images" ADD CONSTRAINT "centre_introduction_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_cover_id_uploads_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_parent_id_org_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."org_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_introductions" ADD CONSTRAINT "village_introductions_area_areas_id_fk" FOREIGN KEY ("area") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_introductions" ADD CONSTRAINT "village_introductions_cover_id_uploads_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_introductions" ADD CONSTRAINT "village_introductions_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news" USING btree ("status","pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "news_column_idx" ON "news" USING btree ("column","status","pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "news_area_idx" ON "news" USING btree ("area","status","pinned","published_at","id");--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_status_idx" ON "news" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "news_author_idx" ON "news" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "news_views_idx" ON "news" USING btree ("views","id");--> statement-breakpoint
CREATE INDEX "org_units_parent_idx" ON "org_units" USING btree ("parent_id","sort","id");