import { afterAll, beforeAll, expect, it } from "vitest";
import { emptyDatabase, migrateUpTo, type MigratingDatabase } from "../../../tests/helpers/migrations";

let database: MigratingDatabase;
beforeAll(async () => {
  database = await emptyDatabase();
});
afterAll(() => database?.close());

it("takes the sender's address out of audit entries written when closing an enquiry recorded it, and keeps the rest", async () => {
  await migrateUpTo(database, "0021_audit_without_addresses");
  const entry = (action: string, detail: object) =>
    database.query("insert into audit_log (admin_username, action, target, detail) values ('maya', $1, 'enquiry:7', $2)", [action, JSON.stringify(detail)]);
  await entry("enquiry.handled", { email: "sita@example.com" });
  await entry("enquiry.reopened", { email: "sita@example.com", note: "kept" });
  await entry("job.closed", { title: "Rust Engineer" });

  await database.migrate();

  const { rows } = await database.query("select action, detail from audit_log order by id");
  expect(rows).toEqual([
    { action: "enquiry.handled", detail: {} },
    { action: "enquiry.reopened", detail: { note: "kept" } },
    { action: "job.closed", detail: { title: "Rust Engineer" } },
  ]);
});
