import { afterAll, beforeAll, expect, it } from "vitest";
import { emptyDatabase, migrateUpTo, type MigratingDatabase } from "../../../tests/helpers/migrations";

let database: MigratingDatabase;
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(() => database?.close());

it("renames the later of admins whose names differ only in letter case, tells the audit log, and then refuses another", async () => {
  await migrateUpTo(database, "0027_account_without_password");
  const admin = (username: string) =>
    database.query("insert into admins (username, email, password_hash) values ($1, $2, 'x') returning id", [username, `${username}@himaltech.test`]);
  await admin("sec_owner");
  const { rows } = await admin("SEC_OWNER");
  await admin("maya");

  await database.migrate();

  const renamed = `SEC_OWNER-${rows[0]!.id}`;
  expect((await database.query("select username from admins order by id")).rows).toEqual([
    { username: "sec_owner" },
    { username: renamed },
    { username: "maya" },
  ]);
  expect((await database.query("select admin_username, action, target, detail from audit_log")).rows).toEqual([
    { admin_username: "database migration", action: "admin.renamed", target: `admin:${rows[0]!.id}`, detail: { from: "SEC_OWNER", to: renamed } },
  ]);
  await expect(admin("Maya")).rejects.toThrow(/admins_username_lower_idx/);
});
