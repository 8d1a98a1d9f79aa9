import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";

/** A file the person gave us, as the access archive carries it. */
export interface PersonalDataFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Whose data a request is about: the e-mail, and the keys other areas' records are found by, which
 * each area names for itself before anything is erased (`identify`). The assistant finds a
 * person's conversations by their enquiries' ids without reading the enquiries' table.
 */
export interface DataSubject {
  email: string;
  keys: Partial<Record<PersonalDataKey, readonly (number | string)[]>>;
}
export type PersonalDataKey = "enquiries" | "subscriptions" | "applications" | "users";

/**
 * One area's part in the privacy rights: the tables it keeps about people outside the staff, and how
 * it hands over and erases what they hold about one person. Every area with such a table registers
 * one in server/personal-data.ts; a test fails for a table no area claims.
 */
export interface PersonalDataHandler {
  /** The archive's name for this area's part. */
  area: string;
  tables: readonly PgTable[];
  identify?(executor: Executor, email: string): Promise<DataSubject["keys"]>;
  /** What is held, as plain JSON, and the person's own files; undefined when there is nothing. */
  export(executor: Executor, subject: DataSubject): Promise<{ records: unknown; files?: PersonalDataFile[] } | undefined>;
  /** Deletes (or, where a count must stay true, anonymises) what is held; answers how many rows. */
  erase(executor: Executor, subject: DataSubject): Promise<number>;
}

/** The same address whatever its case: forms keep what people typed. */
export const sameEmail = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = ${email.toLowerCase()}`;
