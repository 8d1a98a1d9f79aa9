CREATE TABLE "career_application_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_application_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_application_ratings" (
	"application_id" uuid NOT NULL,
	"admin_id" integer NOT NULL,
	"admin_username" text NOT NULL,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "career_application_ratings_application_id_admin_id_pk" PRIMARY KEY("application_id","admin_id"),
	CONSTRAINT "career_application_ratings_range" CHECK ("career_application_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "career_application_moves" ADD CONSTRAINT "career_application_moves_application_id_career_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_application_notes" ADD CONSTRAINT "career_application_notes_application_id_career_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_application_ratings" ADD CONSTRAINT "career_application_ratings_application_id_career_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."career_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_application_moves_application_idx" ON "career_application_moves" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "career_application_notes_application_idx" ON "career_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
UPDATE "career_applications" SET "status" = 'screening' WHERE "status" = 'reviewing';
