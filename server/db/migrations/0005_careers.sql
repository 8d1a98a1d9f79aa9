CREATE TABLE "career_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" text,
	"job_title" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"cover_letter" text,
	"resume_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_applications_resume_id_unique" UNIQUE("resume_id")
);
--> statement-breakpoint
CREATE TABLE "career_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"department" text NOT NULL,
	"location" text NOT NULL,
	"remote" boolean DEFAULT true NOT NULL,
	"applicant_locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"salary" text,
	"description" text NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"responsibilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_jobs_id_slug" CHECK ("career_jobs"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and "career_jobs"."id" <> 'general')
);
--> statement-breakpoint
CREATE TABLE "career_resumes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "career_applications" ADD CONSTRAINT "career_applications_job_id_career_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."career_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_applications" ADD CONSTRAINT "career_applications_resume_id_career_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."career_resumes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_applications_job_idx" ON "career_applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "career_applications_created_idx" ON "career_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "career_jobs_open_idx" ON "career_jobs" USING btree ("posted_at") WHERE status = 'open';