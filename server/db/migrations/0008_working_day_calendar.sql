CREATE TABLE "calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_days_kind" CHECK ("calendar_days"."kind" in ('off', 'work'))
);
--> statement-breakpoint
CREATE TABLE "calendar_years" (
	"year" smallint PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
