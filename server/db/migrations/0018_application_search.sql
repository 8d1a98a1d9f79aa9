ALTER TABLE "career_applications" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "career_resumes" ADD COLUMN "text" text;--> statement-breakpoint
CREATE INDEX "career_applications_search_idx" ON "career_applications" USING gin ("search");--> statement-breakpoint
CREATE FUNCTION "career_application_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search" := to_tsvector('simple', concat_ws(' ', NEW."name", NEW."email", NEW."job_title", NEW."cover_letter",
    (SELECT "text" FROM "career_resumes" WHERE "id" = NEW."resume_id")));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "career_applications_search" BEFORE INSERT OR UPDATE OF "name", "email", "job_title", "cover_letter", "resume_id" ON "career_applications"
  FOR EACH ROW EXECUTE FUNCTION "career_application_search"();--> statement-breakpoint
UPDATE "career_applications" SET "name" = "name";
