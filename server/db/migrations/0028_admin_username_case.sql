-- Admins whose names differed only in letter case could exist before names were unique in any case: the first
-- made keeps its name, each later one gets "-<id>" appended, and the audit log tells the owners who was renamed.
WITH "renamed" AS (
	UPDATE "admins" SET "username" = "admins"."username" || '-' || "admins"."id"
	FROM (SELECT "id", "username", row_number() OVER (PARTITION BY lower("username") ORDER BY "id") AS "rank" FROM "admins") AS "ranked"
	WHERE "ranked"."id" = "admins"."id" AND "ranked"."rank" > 1
	RETURNING "admins"."id", "ranked"."username" AS "from", "admins"."username" AS "to"
)
INSERT INTO "audit_log" ("admin_username", "action", "target", "detail")
SELECT 'database migration', 'admin.renamed', 'admin:' || "id", jsonb_build_object('from', "from", 'to', "to") FROM "renamed";--> statement-breakpoint
ALTER TABLE "admins" DROP CONSTRAINT "admins_username_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_lower_idx" ON "admins" USING btree (lower("username"));
