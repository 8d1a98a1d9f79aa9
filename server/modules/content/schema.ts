import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One editable content type (the testimonials, the FAQ, …): which revision is live, and which saved
 * draft, if any, goes live at a set time. `version` grows with every change, so an editor who saves
 * over a change they have not seen is told rather than overwriting it.
 */
export const contentDocuments = pgTable("content_documents", {
  type: text("type").primaryKey(),
  version: integer("version").notNull(),
  publishedRevision: integer("published_revision").notNull(),
  /** The newest revision, when it is a draft set to go live at `scheduled_at`. */
  scheduledRevision: integer("scheduled_revision"),
  scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * Every saved state of a type, numbered from 1 (the copy the site shipped with). Nothing is ever changed
 * or removed: a restore saves an old body again as the newest revision.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    number: integer("number").notNull(),
    body: jsonb("body").notNull(),
    /** Who saved it: an admin's username, or "site" for the first revision. */
    author: text("author").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** How it came to be, in the history: "Restored revision 3", "Imported". */
    note: text("note").notNull().default(""),
    /** When it went live, if it has. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("content_revisions_type_number_idx").on(table.type, table.number)],
);
