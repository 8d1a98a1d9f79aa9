import { mkdirSync, symlinkSync, writeFileSync, chmodSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../tests/helpers/database";
import { notOwnerOnly, underUmask } from "../../tests/helpers/file-modes";
import { openDatabase } from "./client";

describe.runIf(testDatabaseKind === "pglite")("DATA_DIR of the embedded database", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "himal-modes-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("is its user's alone once the database is opened, whatever the umask and whatever an older site left in it", async () => {
    const dataDir = path.join(folder, "data");
    // As an older site left it: mail with reset links readable by everyone, an export folder open to all.
    mkdirSync(path.join(dataDir, "mail"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, "mail", "reset.eml"), "Reset it here: …", { mode: 0o644 });
    mkdirSync(path.join(dataDir, "exports"), { mode: 0o777 });
    chmodSync(path.join(dataDir, "exports"), 0o777);
    // A link is left as it is: a mode set through it would land on whatever it points to.
    const outside = path.join(folder, "outside.txt");
    writeFileSync(outside, "not the site's", { mode: 0o644 });
    symlinkSync(outside, path.join(dataDir, "outside-link"));

    const database = await underUmask(0o022, () => openDatabase({ dataDir }));
    try {
      await database.migrate();
      expect(notOwnerOnly(dataDir)).toEqual([]);
      expect(statSync(outside).mode & 0o777).toBe(0o644);
    } finally {
      await database.close();
    }
    expect(notOwnerOnly(dataDir)).toEqual([]);
  }, 120_000);
});
