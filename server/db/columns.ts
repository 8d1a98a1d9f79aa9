import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document (both databases have it). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
