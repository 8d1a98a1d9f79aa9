import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { createTestDatabaseOnDisk, postgresUrlOf, testDatabaseKind } from "../../tests/helpers/database";
import { notOwnerOnly, underUmask } from "../../tests/helpers/file-modes";
import {
  emptyPostgresDatabase,
  md5,
  postEnquiry,
  postgresQuery,
  replyToEnquiry,
  storedResumes,
  uploadResume,
  viaControlSocket,
} from "../../tests/helpers/operations";
import { startControlSocket } from "../control";
import { backupPostgres, restoreEmbedded, restorePostgres } from "./backup";
import { openDatabase, type DatabaseHandle } from "./client";
import { runOn, tableFigures, tablesInCopyOrder, type RunQuery } from "./move-to-postgres";

const root = path.resolve(import.meta.dirname, "../..");

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "himal-backup-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The md5 of each row of a table, as a sorted list: what a subset check compares. */
const rowHashes = async (run: RunQuery, table: string) =>
  (await run(`select md5(t::text) as hash from ${table} as t order by 1`)).map((row) => String(row.hash));

/** `npm run admin -- …` as the operator runs it (through tsx, the sources as they are). */
function admin(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server/cli/run.ts"), ...args], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    // One run has taken past 60 s with the machine's two cores shared by every suite (load average 10).
    timeout: 240_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.runIf(testDatabaseKind === "pglite")("a backup of the embedded database", () => {
  let t: TestContext;
  let control: Server;
  const opened: DatabaseHandle[] = [];
  beforeAll(async () => {
    // On disk, as the server keeps it: the backup copies its data directory.
    t = await buildTestApp({ rateLimitsDisabled: true, database: await createTestDatabaseOnDisk(path.join(folder, "site")) });
    control = await startControlSocket(t.config.dataDir, { services: t.app.services, database: t.database }, t.app.log);
  });
  afterAll(async () => {
    control?.close();
    for (const database of opened) await database.close();
    await t?.close();
  });

  /** Restores `file` into a new DATA_DIR, its user's alone whatever the umask, and opens it as the server would. */
  async function restored(file: string, name: string): Promise<RunQuery> {
    const dataDir = path.join(folder, name);
    expect(await underUmask(0o022, () => restoreEmbedded(dataDir, file))).toMatch(/^Restored .* \d+ tables\./);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    const database = await openDatabase({ dataDir });
    opened.push(database);
    return runOn(database.db);
  }

  it("taken through the running server while enquiries are posted and a résumé uploaded, holds a moment between transactions; one taken after holds every row and file byte", async () => {
    const source = runOn(t.database.db);
    let posted = 0;
    let posting = true;
    const writer = async (lane: number) => {
      for (let n = 0; posting; n++) {
        await postEnquiry(t, lane * 10_000 + n);
        posted++;
        // Steady writes, as a busy site's visitors send them: each holds the event loop, which the archive does
        // not need (decision 083); when it was read file by file on the same loop, a slow disk took it past 180 s.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const writers = [writer(1), writer(2)];
    await expect.poll(() => posted).toBeGreaterThanOrEqual(6);
    const upload = uploadResume(t, 3 * 1024 * 1024 + 12_345);
    const duringLoad = path.join(folder, "during-load.tar.gz");
    const postedBeforeBackup = posted;
    const answer = await viaControlSocket(t.config.dataDir, { name: "backup", file: duringLoad });
    const postedByAnswer = posted;
    posting = false;
    await Promise.all(writers);
    const resume = await upload;
    expect(answer.error).toBeUndefined();
    expect(answer.output).toMatch(/^Wrote \/.*during-load\.tar\.gz \(\d+\.\d MB\) in \d+\.\d s; writes waited \d+\.\d s for the copy of the data directory\.$/);
    expect(statSync(duringLoad).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).filter((name) => name.includes(".partial"))).toEqual([]);

    const underLoad = await restored(duringLoad, "restored-under-load");
    const heldEnquiries = await rowHashes(underLoad, "enquiries");
    // Every enquiry it holds is one the site holds, whole; none posted before it was asked for is missing.
    expect(heldEnquiries.length).toBeGreaterThanOrEqual(postedBeforeBackup);
    expect(heldEnquiries.length).toBeLessThanOrEqual(postedByAnswer);
    const siteEnquiries = new Set(await rowHashes(source, "enquiries"));
    expect(heldEnquiries.filter((hash) => !siteEnquiries.has(hash))).toEqual([]);
    const siteMail = new Set(await rowHashes(source, "outbox"));
    expect((await rowHashes(underLoad, "outbox")).filter((hash) => !siteMail.has(hash))).toEqual([]);
    // The résumé is in it whole, or not at all: never some of its chunks.
    const resumesUnderLoad = await storedResumes(underLoad);
    expect([[], [{ size: resume.length, md5: md5(resume) }]]).toContainEqual(resumesUnderLoad);
    const [{ chunks }] = (await underLoad(`select count(*)::int as chunks from career_resume_chunks`)) as [{ chunks: number }];
    expect(chunks).toBe(resumesUnderLoad.length === 0 ? 0 : Math.ceil(resume.length / (256 * 1024)));

    const afterLoad = path.join(folder, "after-load.tar.gz");
    expect((await viaControlSocket(t.config.dataDir, { name: "backup", file: afterLoad })).ok).toBe(true);
    const quiet = await restored(afterLoad, "restored-after-load");
    const tables = await tablesInCopyOrder(source);
    const [siteFigures, restoredFigures] = [await tableFigures(source, tables), await tableFigures(quiet, tables)];
    expect(restoredFigures).toEqual(siteFigures);
    expect(await storedResumes(quiet)).toEqual([{ size: resume.length, md5: md5(resume) }]);
    console.log(
      `Backup under load: ${postedBeforeBackup}–${postedByAnswer} enquiries posted around it, ${heldEnquiries.length} held, résumé ${resumesUnderLoad.length ? "held whole" : "not yet stored"}; ` +
        `after: ${tables.length} tables, ${siteFigures.reduce((sum, table) => sum + table.rows, 0)} rows, every count and checksum the same. ${answer.output}`,
    );
    // Alone about 15 s; beside the other suites on a slow day, past 60 s.
  }, 180_000);

  it("restore refuses a DATA_DIR that is not empty, a missing, foreign or damaged file, and changes nothing", async () => {
    const backup = path.join(folder, "after-load.tar.gz");
    const occupied = path.join(folder, "occupied");
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, "notes.txt"), "keep me");
    await expect(restoreEmbedded(occupied, backup)).rejects.toThrow(
      /^DATA_DIR \(.*occupied\) is not empty \(notes\.txt\): a restore only writes into an empty one/,
    );
    expect(readdirSync(occupied)).toEqual(["notes.txt"]);

    const fresh = path.join(folder, "never-made");
    await expect(restoreEmbedded(fresh, path.join(folder, "missing.tar.gz"))).rejects.toThrow(/^There is no backup file at /);
    writeFileSync(path.join(folder, "notes.txt"), "not a backup");
    await expect(restoreEmbedded(fresh, path.join(folder, "notes.txt"))).rejects.toThrow(/is not a backup made by `npm run admin -- backup`/);
    writeFileSync(path.join(folder, "cut.tar.gz"), Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]));
    await expect(restoreEmbedded(fresh, path.join(folder, "cut.tar.gz"))).rejects.toThrow(/is damaged/);
    writeFileSync(path.join(folder, "postgres.dump"), "PGDMP and more");
    await expect(restoreEmbedded(fresh, path.join(folder, "postgres.dump"))).rejects.toThrow(/is a PostgreSQL backup \(pg_dump\)/);
    expect(existsSync(fresh)).toBe(false);
  });

  it("the CLI backs up a DATA_DIR no server holds, and refuses bad input with a message, exit code 1 and nothing written", async () => {
    // The database restored above, closed, as a stopped site leaves it.
    const dataDir = path.join(folder, "restored-after-load");
    await opened.splice(0).reduce((closing, database) => closing.then(() => database.close()), Promise.resolve());
    const file = path.join(folder, "by-the-cli.tar.gz");
    const backup = admin(["backup", file], { DATA_DIR: dataDir });
    expect(backup).toMatchObject({ status: 0, output: expect.stringMatching(/^Wrote .*by-the-cli\.tar\.gz \(\d+\.\d MB\)/) });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const occupied = path.join(folder, "occupied");
    expect(admin(["restore", file], { DATA_DIR: occupied })).toMatchObject({ status: 1, output: expect.stringMatching(/is not empty \(notes\.txt\)/) });
    expect(readdirSync(occupied)).toEqual(["notes.txt"]);
    expect(admin(["backup", path.join(folder, "no-such-folder", "x.tar.gz")], { DATA_DIR: dataDir })).toMatchObject({
      status: 1,
      output: expect.stringMatching(/the folder .*no-such-folder does not exist/),
    });
    expect(admin(["backup"], { DATA_DIR: dataDir })).toMatchObject({ status: 1, output: expect.stringMatching(/^Usage:/) });
    // Four CLI runs, each compiling the sources as it starts: 8 s alone, 31 s beside the browser suites, and one
    // run alone past 60 s on a busier day.
  }, 600_000);
});

describe.runIf(testDatabaseKind === "postgres")("a backup of PostgreSQL", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitsDisabled: true });
  });
  afterAll(() => t.close());

  it("pg_dump's backup, restored with pg_restore into an empty database, holds the same rows and files; a database that is not empty is refused", async () => {
    const sourceUrl = postgresUrlOf(t.database)!;
    const [first] = [await postEnquiry(t, 1), await postEnquiry(t, 2)];
    await replyToEnquiry(t, first, "More about the pipeline.");
    const resume = await uploadResume(t, 700_000);
    const file = path.join(folder, "site.dump");
    await backupPostgres(sourceUrl, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = await emptyPostgresDatabase();
    const [source, copy] = [await postgresQuery(sourceUrl), await postgresQuery(target.url)];
    try {
      expect(await restorePostgres(target.url, file)).toMatch(/^Restored .* into the PostgreSQL database\./);
      const tables = await tablesInCopyOrder(source.run);
      expect(await tableFigures(copy.run, tables)).toEqual(await tableFigures(source.run, tables));
      expect(await storedResumes(copy.run)).toEqual([{ size: resume.length, md5: md5(resume) }]);

      await expect(restorePostgres(target.url, file)).rejects.toThrow(/^The PostgreSQL database is not empty \(\d+ tables, sequences or views\)/);
      writeFileSync(path.join(folder, "embedded.tar.gz"), Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
      await expect(restorePostgres(target.url, path.join(folder, "embedded.tar.gz"))).rejects.toThrow(/is a backup of the embedded database/);
    } finally {
      await source.end();
      await copy.end();
      await target.drop();
    }
  });
});
