import { customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Raw bytes; node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

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
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);
