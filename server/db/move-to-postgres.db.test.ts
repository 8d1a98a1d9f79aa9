import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { testDatabaseKind } from "../../tests/helpers/database";
import { emptyPostgresDatabase, md5, postEnquiry, postgresQuery, replyToEnquiry, storedResumes, uploadResume } from "../../tests/helpers/operations";
import { postgresHandle } from "./client";
import { describeMove, moveToPostgres, runOn } from "./move-to-postgres";

// The source is the embedded database; the target a PostgreSQL database of its own on TEST_DATABASE_URL's server.
describe.runIf(testDatabaseKind === "pglite" && process.env.TEST_DATABASE_URL)("moving the embedded database to PostgreSQL", () => {
  let t: TestContext;
  let target: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitsDisabled: true });
    target = await emptyPostgresDatabase();
  });
  afterAll(async () => {
    await t.close();
    await target.drop();
  });

  it("copies every table's rows, the files and the sequences, shows both sides the same, and a new row gets a fresh id", async () => {
    const ids = [await postEnquiry(t, 1), await postEnquiry(t, 2), await postEnquiry(t, 3)];
    // A message's trigger adds to its enquiry's search words: copied, it must not add them again.
    await replyToEnquiry(t, ids[0]!, "Here are the details of the pipeline.");
    const resume = await uploadResume(t, 700_000);

    const report = await moveToPostgres(t.database, target.url);
    console.log(describeMove(report));
    expect(report.matches).toBe(true);
    const figures = Object.fromEntries(report.tables.map((table) => [table.table, table]));
    expect(figures["public.enquiries"]).toMatchObject({ rows: 3, targetRows: 3 });
    expect(figures["public.enquiry_messages"]!.targetRows).toBe(1);
    expect(figures["public.outbox"]!.targetRows).toBeGreaterThanOrEqual(3);
    expect(figures["public.career_resume_chunks"]!.targetRows).toBe(Math.ceil(resume.length / (256 * 1024)));
    expect(figures["public.search_documents"]!.targetRows).toBeGreaterThan(0);
    expect(figures["drizzle.__drizzle_migrations"]!.targetRows).toBeGreaterThan(0);
    expect(report.sequences.map((sequence) => sequence.sequence)).toContain("public.enquiries_id_seq");

    const copy = await postgresQuery(target.url);
    try {
      expect(await storedResumes(copy.run)).toEqual([{ size: resume.length, md5: md5(resume) }]);
      const searchWords = `select search::text as words from enquiries where id = ${ids[0]}`;
      expect(await copy.run(searchWords)).toEqual(await runOn(t.database.db)(searchWords));
    } finally {
      await copy.end();
    }

    // The site on the moved database: its next enquiry takes the next id, after the copied ones.
    const moved = await buildTestApp({ database: postgresHandle(target.url), rateLimitsDisabled: true });
    try {
      expect(await postEnquiry(moved, 4)).toBe(Math.max(...ids) + 1);
    } finally {
      await moved.close();
    }
  }, 60_000);

  it("refuses a target that is not empty, and changes nothing there", async () => {
    const copy = await postgresQuery(target.url);
    try {
      const before = await copy.run("select count(*)::int as enquiries from enquiries");
      await expect(moveToPostgres(t.database, target.url)).rejects.toThrow(
        /^The PostgreSQL database is not empty \(\d+ tables, sequences or views\): a move only writes into an empty one/,
      );
      expect(await copy.run("select count(*)::int as enquiries from enquiries")).toEqual(before);
    } finally {
      await copy.end();
    }
  });
});
