import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "../../db/files";

/** A picture, named by a hash of the bytes it was made from, so the same upload is stored once. */
export const images = pgTable("images", {
  id: text("id").primaryKey(),
  /** Size of the picture as decoded and turned upright. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** The widths of its WebP variants, smallest first. */
  variantWidths: integer("variant_widths").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: text("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of the WebP file, kept in image_variant_chunks. */
    size: integer("size").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);

/** A variant's bytes, in chunks of FILE_CHUNK_BYTES numbered from 0 (server/db/files.ts). */
export const imageVariantChunks = pgTable(
  "image_variant_chunks",
  {
    imageId: text("image_id").notNull(),
    width: integer("width").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.imageId, table.width, table.seq] }),
    foreignKey({ columns: [table.imageId, table.width], foreignColumns: [imageVariants.imageId, imageVariants.width] }).onDelete("cascade"),
  ],
);
