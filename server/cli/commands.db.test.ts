import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBrowser } from "../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../tests/helpers/app";
import { outbox } from "../mail/schema";
import { admins } from "../modules/admin/schema";
import { runAdminCommand } from "./commands";

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What `npm run admin -- …` prints for a command (the same function the control socket and the CLI call). */
const run = (command: Parameters<typeof runAdminCommand>[1]) => runAdminCommand({ services: t.app.services, database: t.database }, command);

/** The row of `devices list` for an admin's devices: [id, username, status]. */
async function deviceRows(username: string) {
  const table = await run({ name: "devices-list" });
  return table
    .split("\n")
    .slice(1)
    .map((line) => line.split(/\s{2,}/))
    .filter((cells) => cells[1] === username)
    .map(([id, name, status]) => ({ id: Number(id), username: name, status }));
}

describe("admin CLI commands", () => {
  it("creates an admin, refusing a weak password and a taken name", async () => {
    expect(await run({ name: "devices-list" })).toBe("No devices yet.");
    await expect(run({ name: "create-admin", username: "cli-weak", email: "weak@himaltech.test", password: "short" })).rejects.toThrow(/at least 8/);
    await expect(run({ name: "create-admin", username: "cli-weak", email: "weak@himaltech.test", password: "password123" })).rejects.toThrow(/too common/);
    // The first admin is an owner whatever --role says, and the output says so: a site without an owner has nobody to run its team.
    expect(await run({ name: "create-admin", username: "cli-asha", email: "Asha@HimalTech.test", password: "kathmandu-valley-42", role: "support" })).toBe(
      "Created admin cli-asha <asha@himaltech.test> with the role owner. The first admin is always an owner, so that someone can run the team; --role support was not used (an owner can change roles on the Team screen once there is another owner). Their first sign-in from each browser needs approval (mail, the devices screen or this CLI).",
    );
    const [asha] = await t.database.db.select().from(admins).where(eq(admins.username, "cli-asha"));
    expect(asha!.role).toBe("owner");
    expect(await run({ name: "create-admin", username: "cli-ram", email: "ram@himaltech.test", password: "kathmandu-valley-42", role: "recruiter" })).toMatch(
      /^Created admin cli-ram <ram@himaltech.test> with the role recruiter\./,
    );
    expect(await run({ name: "create-admin", username: "cli-tara", email: "tara@himaltech.test", password: "kathmandu-valley-42" })).toBe(
      "Created admin cli-tara <tara@himaltech.test> with the role support. Their first sign-in from each browser needs approval (mail, the devices screen or this CLI).",
    );
    for (const username of ["cli-asha", "CLI-Asha"])
      await expect(run({ name: "create-admin", username, email: "other@himaltech.test", password: "kathmandu-valley-42" })).rejects.toThrow(
        "An admin named cli-asha already exists, and names count as the same whatever their letter case.",
      );
  });

  it("lists a pending device, approves it so it can sign in, then revokes it, which ends its session and refuses it", async () => {
    const browser = adminBrowser(t);
    expect((await browser.login("cli-asha", "kathmandu-valley-42")).json()).toEqual({ registering: true });
    const [pending] = await deviceRows("cli-asha");
    expect(pending).toMatchObject({ status: "pending" });
    expect(await run({ name: "devices-list" })).toMatch(
      new RegExp(
        `^ID\\s+ADMIN\\s+STATUS\\s+BROWSER\\s+IP\\s+FIRST SEEN\\n${pending!.id}\\s+cli-asha\\s+pending\\s+Chrome 130 on Linux\\s+198\\.51\\.100\\.\\d+\\s+\\d{4}-`,
        "m",
      ),
    );

    expect(await run({ name: "devices-decide", id: pending!.id, decision: "approve" })).toBe(`Device ${pending!.id} approved.`);
    expect(await deviceRows("cli-asha")).toEqual([{ id: pending!.id, username: "cli-asha", status: "approved" }]);
    expect((await browser.login("cli-asha", "kathmandu-valley-42")).json()).toEqual({ success: true });
    expect((await browser.request("GET", "/api/admin/me/")).statusCode).toBe(200);

    expect(await run({ name: "devices-decide", id: pending!.id, decision: "revoke" })).toBe(`Device ${pending!.id} revoked.`);
    expect((await browser.request("GET", "/api/admin/me/")).statusCode).toBe(401);
    const again = await browser.login("cli-asha", "kathmandu-valley-42");
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatch(/revoked/);

    // A revoked device can be let back in.
    await run({ name: "devices-decide", id: pending!.id, decision: "approve" });
    expect((await browser.login("cli-asha", "kathmandu-valley-42")).json()).toEqual({ success: true });
  });

  it("unlock clears the failed sign-ins of an admin (by username or e-mail) and of a site account", async () => {
    const stranger = adminBrowser(t, "192.0.2.77");
    const heldBack = async () => (await stranger.login("cli-asha", "kathmandu-valley-42")).statusCode === 429;
    for (let i = 0; i < 6; i++) await stranger.login("cli-asha", "wrong-guess");
    expect(await heldBack()).toBe(true);
    expect(await run({ name: "unlock", account: "cli-asha" })).toBe("Cleared the failed sign-ins of admin cli-asha.");
    expect(await heldBack()).toBe(false);
    for (let i = 0; i < 6; i++) await stranger.login("cli-asha", "wrong-guess");
    expect(await run({ name: "unlock", account: "ASHA@himaltech.test" })).toBe("Cleared the failed sign-ins of admin cli-asha.");
    expect(await heldBack()).toBe(false);

    const PASSWORD = "Glacier-Walk-42";
    await t.app.inject({ method: "POST", url: "/api/accounts/register/", payload: { email: "tashi@example.com", password: PASSWORD } });
    const siteLogin = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/accounts/login/", payload: { email: "tashi@example.com", password }, remoteAddress: "192.0.2.78" });
    for (let i = 0; i < 6; i++) await siteLogin("Wrong-guess-1");
    expect((await siteLogin(PASSWORD)).statusCode).toBe(429);
    expect(await run({ name: "unlock", account: "Tashi@Example.com" })).toBe("Cleared the failed sign-ins of site account tashi@example.com.");
    expect((await siteLogin(PASSWORD)).json()).toMatchObject({ code: "not_verified" });

    expect(await run({ name: "unlock", account: "nobody@example.com" })).toBe(
      "No admin or site account is named nobody@example.com; any failed sign-ins recorded for that name were cleared.",
    );
  });

  it("two-factor-off turns off an admin's two-factor sign-in, for one who lost the phone and the recovery codes", async () => {
    const [admin] = await t.database.db.select().from(admins).where(eq(admins.username, "cli-asha"));
    await t.database.db.update(admins).set({ totpSecret: "v1.sealed.under.another-key", totpConfirmedAt: new Date() }).where(eq(admins.id, admin!.id));
    expect(await run({ name: "two-factor-off", username: "cli-asha" })).toMatch(/^Turned off two-factor sign-in for cli-asha\./);
    const [after] = await t.database.db.select().from(admins).where(eq(admins.id, admin!.id));
    expect(after).toMatchObject({ totpSecret: null, totpConfirmedAt: null });
    // The admin is told, in case it was not at their asking.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.subject, "Two-factor sign-in was turned off for your HimalTech admin account"));
    expect(mails.map((mail) => mail.to)).toEqual(["asha@himaltech.test"]);
    expect(mails[0]!.text).toContain("from the site's command line on the server.");
    await expect(run({ name: "two-factor-off", username: "nobody" })).rejects.toThrow("No admin is named nobody.");
  });

  it("says so when there is no such device", async () => {
    await expect(run({ name: "devices-decide", id: 987654, decision: "approve" })).rejects.toThrow("No device 987654.");
  });
});
