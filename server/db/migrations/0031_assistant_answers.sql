CREATE TABLE "assistant_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"written_by" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
