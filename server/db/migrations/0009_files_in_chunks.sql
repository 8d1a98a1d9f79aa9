CREATE TABLE "image_variant_chunks" (
	"image_id" text NOT NULL,
	"width" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_variant_chunks_image_id_width_seq_pk" PRIMARY KEY("image_id","width","seq")
);
--> statement-breakpoint
CREATE TABLE "career_resume_chunks" (
	"resume_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "career_resume_chunks_resume_id_seq_pk" PRIMARY KEY("resume_id","seq")
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD COLUMN "size" integer;--> statement-breakpoint
UPDATE "image_variants" SET "size" = octet_length("data");--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variant_chunks" ADD CONSTRAINT "image_variant_chunks_image_id_width_image_variants_image_id_width_fk" FOREIGN KEY ("image_id","width") REFERENCES "public"."image_variants"("image_id","width") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_resume_chunks" ADD CONSTRAINT "career_resume_chunks_resume_id_career_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."career_resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The bytes already stored move into chunks of 262144 bytes (FILE_CHUNK_BYTES in server/db/files.ts), numbered from 0.
INSERT INTO "image_variant_chunks" ("image_id", "width", "seq", "data")
  SELECT v."image_id", v."width", chunk.seq, substring(v."data" FROM chunk.seq * 262144 + 1 FOR 262144)
  FROM "image_variants" v CROSS JOIN LATERAL generate_series(0, (octet_length(v."data") - 1) / 262144) AS chunk(seq)
  WHERE octet_length(v."data") > 0;--> statement-breakpoint
INSERT INTO "career_resume_chunks" ("resume_id", "seq", "data")
  SELECT r."id", chunk.seq, substring(r."data" FROM chunk.seq * 262144 + 1 FOR 262144)
  FROM "career_resumes" r CROSS JOIN LATERAL generate_series(0, (octet_length(r."data") - 1) / 262144) AS chunk(seq)
  WHERE octet_length(r."data") > 0;--> statement-breakpoint
ALTER TABLE "image_variants" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "career_resumes" DROP COLUMN "data";