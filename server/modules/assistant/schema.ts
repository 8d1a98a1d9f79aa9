import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AssistantSource } from "#contracts/assistant.ts";
import { enquiries } from "../enquiries/schema";

/** A visitor's conversation with the contact page's assistant: its turns while they stayed on the tab. */
export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    questions: integer("questions").notNull().default(0),
    /** Questions the site's content had no good answer for: the gaps staff look at. */
    unanswered: integer("unanswered").notNull().default(0),
    /** The visitor's device as the dashboard shows it ("Chrome on Windows"), read from the user agent. */
    device: text("device"),
    /** The enquiry made when the visitor asked for a person, carrying the transcript. */
    enquiryId: integer("enquiry_id").references(() => enquiries.id, { onDelete: "set null" }),
  },
  (table) => [index("assistant_conversations_last_idx").on(table.lastAt)],
);

/** One question and the answer it got. */
export const assistantTurns = pgTable(
  "assistant_turns",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => assistantConversations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sources: jsonb("sources").$type<AssistantSource[]>().notNull(),
    /** False when nothing matched well enough and the assistant said so. */
    answered: boolean("answered").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.position] }), index("assistant_turns_asked_idx").on(table.askedAt)],
);

/**
 * An answer staff wrote for a question the assistant could not answer: shown on the FAQ page and
 * indexed at once, so the assistant and search answer it from then on.
 */
export const assistantAnswers = pgTable("assistant_answers", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** The admin who wrote it, by name as the audit log shows them. */
  writtenBy: text("written_by").notNull(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
