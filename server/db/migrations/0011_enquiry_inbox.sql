CREATE TABLE "enquiry_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enquiry_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"author_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"mail_message_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_digests" (
	"day" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiries" DROP CONSTRAINT "enquiries_handled_by_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_author_id_admins_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_messages_thread_idx" ON "enquiry_messages" USING btree ("enquiry_id","created_at","id");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_assignee_id_admins_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_due_idx" ON "enquiries" USING btree ("due_at","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "enquiries_status_created_idx" ON "enquiries" USING btree ("status","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "enquiries_assignee_idx" ON "enquiries" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin ("search");--> statement-breakpoint
-- An enquiry marked handled was answered (by mail, outside the site) and is closed; one still new is due 24 hours after it came.
UPDATE "enquiries" SET
	"status" = CASE WHEN "status" = 'handled' THEN 'closed' ELSE 'new' END,
	"first_response_at" = "handled_at",
	"assignee_id" = "handled_by",
	"due_at" = CASE WHEN "status" = 'handled' THEN NULL ELSE "created_at" + interval '24 hours' END,
	"last_message_at" = "created_at";--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "last_message_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ALTER COLUMN "last_message_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "enquiries" DROP COLUMN "handled_by";--> statement-breakpoint
-- The inbox's search document (decision 038): an enquiry's names, address (also split into its parts),
-- company, subject and message, set as it is stored, and every later message of its thread added to it.
-- Triggers keep it whatever writes the rows: the forms' batched inserts, the inbox, an import.
CREATE FUNCTION "enquiries_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search" := to_tsvector('simple', coalesce(NEW."name", '') || ' ' || NEW."email" || ' ' || translate(NEW."email", '@.+_-', '     ')
		|| ' ' || coalesce(NEW."company", '') || ' ' || coalesce(NEW."subject", '') || ' ' || NEW."message");
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enquiries_search_document" BEFORE INSERT ON "enquiries" FOR EACH ROW EXECUTE FUNCTION "enquiries_search_document"();--> statement-breakpoint
CREATE FUNCTION "enquiry_messages_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "enquiries" SET "search" = coalesce("search", ''::tsvector) || to_tsvector('simple', NEW."body") WHERE "id" = NEW."enquiry_id";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enquiry_messages_search_document" AFTER INSERT ON "enquiry_messages" FOR EACH ROW EXECUTE FUNCTION "enquiry_messages_search_document"();--> statement-breakpoint
-- Enquiries stored before the inbox get theirs once.
UPDATE "enquiries" SET "search" = to_tsvector('simple', coalesce("name", '') || ' ' || "email" || ' ' || translate("email", '@.+_-', '     ')
	|| ' ' || coalesce("company", '') || ' ' || "message");