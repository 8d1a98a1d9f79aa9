import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { testDatabaseKind } from "../../tests/helpers/database";
import { refreshPlannerStatistics } from "./statistics";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rowsThePlannerKnows = async () =>
  ((await t.database.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'enquiries'`)) as unknown as { rows: { rows: number }[] })
    .rows[0]!.rows;

describe.skipIf(testDatabaseKind !== "pglite")("the embedded database's planner statistics", () => {
  it("are gathered by the statistics job, so the planner knows how big the inbox is", async () => {
    await t.database.db.execute(sql`insert into enquiries (type, email, message, ip_hash, user_agent, created_at)
      select 'CTA', 'sender' || n || '@example.com', 'Message ' || n, 'hash', 'test', now() from generate_series(1, 500) as n`);
    expect(await rowsThePlannerKnows()).toBeLessThan(500);
    await refreshPlannerStatistics(t.database, pino({ level: "silent" }));
    expect(await rowsThePlannerKnows()).toBe(500);
  });
});
