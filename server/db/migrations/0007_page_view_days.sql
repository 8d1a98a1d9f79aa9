CREATE TABLE "page_view_day_referrers" (
	"day" date NOT NULL,
	"host" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_day_referrers_day_host_pk" PRIMARY KEY("day","host")
);
--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"page_views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"mobile" integer NOT NULL,
	"desktop" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_view_day_referrers" ADD CONSTRAINT "page_view_day_referrers_day_page_view_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."page_view_days"("day") ON DELETE cascade ON UPDATE no action;