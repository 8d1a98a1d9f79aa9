import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminBrowser, signedInAdmin } from "../../../tests/helpers/admin";
import { buildTestApp, type TestContext } from "../../../tests/helpers/app";
import { testOutbox } from "../../../tests/helpers/outbox";
import { startSmtpSink, type SmtpSink } from "../../../tests/helpers/smtp";
import { outbox } from "../../mail/schema";
import { auditLog } from "../audit/schema";
import { adminInvites, adminPasswordResets, admins } from "./schema";

let t: TestContext;
let sink: SmtpSink;
let worker: ReturnType<typeof testOutbox>;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await buildTestApp({ rateLimitsDisabled: true });
  sink = await startSmtpSink();
  worker = testOutbox(t, sink.url);
});
afterAll(async () => {
  await worker.close();
  await sink.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(auditLog);
  await t.database.db.delete(adminInvites);
  await t.database.db.delete(admins);
  await t.database.db.delete(outbox);
  sink.messages.length = 0;
  owner = await signedInAdmin(t, "owner");
});

const PASSWORD = "a-long-test-passphrase";

/** Sends what the outbox holds through the SMTP sink and returns the first link to `path` in a mail to `to`. */
async function mailedLink(to: string, path: string) {
  const matches = (message: (typeof sink.messages)[number]) =>
    message.to !== undefined && "text" in message.to && message.to.text === to && (message.text ?? "").includes(path);
  // The outbox sends in batches: it is run until this mail has gone, whatever else waits in it.
  await expect
    .poll(
      async () => {
        await worker.runOnce();
        return sink.messages.some(matches);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const mail = await sink.waitFor(matches);
  const token = new RegExp(`${path}([\\w-]+)`).exec(mail.text ?? "")?.[1];
  if (!token) throw new Error(`no ${path} link in the mail to ${to}`);
  return { token, mail };
}

/** Signs in as anyone does: the new browser is approved (as an owner would), then signs in. */
async function signIn(username: string, password: string) {
  const browser = adminBrowser(t);
  expect((await browser.login(username, password)).json()).toEqual({ registering: true });
  for (const device of await t.app.services.admin.listDevices())
    if (device.username === username && device.status === "pending") await t.app.services.admin.decide(device.id, "approve");
  const response = await browser.login(username, password);
  expect(response.json(), response.body).toEqual({ success: true });
  return browser;
}

/** The team's entries in the log, without the sign-ins and device approvals the helpers make along the way. */
const auditActions = async () =>
  (await t.database.db.select().from(auditLog).orderBy(auditLog.id))
    .filter((entry) => !["admin.login", "device.approved"].includes(entry.action))
    .map((entry) => [entry.adminUsername, entry.action]);
const idOf = async (username: string) => (await t.app.services.team.overview()).admins.find((admin) => admin.username === username)!.id;

describe("invitations", () => {
  it("mails a single-use link; the invitee chooses a username and password, then signs in with the invited role", async () => {
    const sent = await owner.request("POST", "/api/admin/team/invites/", { email: "Bishal@HimalTech.test", role: "recruiter" });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: "bishal@himaltech.test", role: "recruiter", message: "Invitation sent to bishal@himaltech.test." });
    const { token, mail } = await mailedLink("bishal@himaltech.test", "/admin/invite/");
    expect(mail.subject).toBe("You are invited to the HimalTech admin");
    expect(mail.text).toContain(`${owner.username} invited you to join the HimalTech admin as Recruiter.`);
    expect(mail.text).toContain("72 hours");
    expect((await owner.request("GET", "/api/admin/team/")).json().invites).toMatchObject([{ email: "bishal@himaltech.test", invited_by: owner.username }]);
    expect(await t.app.services.team.openInvite(token)).toEqual({ email: "bishal@himaltech.test", role: "recruiter" });

    const invitee = adminBrowser(t);
    // The CLI's rules; a refusal leaves the link working.
    expect((await invitee.request("POST", `/api/admin-invite/${token}/`, { username: "bishal", password: "short" })).statusCode).toBe(400);
    expect((await invitee.request("POST", `/api/admin-invite/${token}/`, { username: "no spaces", password: PASSWORD })).statusCode).toBe(400);
    expect((await invitee.request("POST", `/api/admin-invite/${token}/`, { username: owner.username, password: PASSWORD })).statusCode).toBe(409);
    const caseVariant = await invitee.request("POST", `/api/admin-invite/${token}/`, { username: owner.username.toUpperCase(), password: PASSWORD });
    expect([caseVariant.statusCode, caseVariant.json().message]).toEqual([
      409,
      `An admin named ${owner.username} already exists, and names count as the same whatever their letter case.`,
    ]);
    const accepted = await invitee.request("POST", `/api/admin-invite/${token}/`, { username: "bishal", password: PASSWORD });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ username: "bishal" });
    const again = await invitee.request("POST", `/api/admin-invite/${token}/`, { username: "bishal2", password: PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/invalid, used, revoked or expired/);

    const bishal = await signIn("bishal", PASSWORD);
    expect((await bishal.request("GET", "/api/admin/me/")).json()).toEqual({ username: "bishal", email: "bishal@himaltech.test", role: "recruiter" });
    expect((await bishal.request("GET", "/api/admin/jobs/")).statusCode).toBe(200);
    expect((await bishal.request("GET", "/api/admin/team/")).statusCode).toBe(403);
    const team = (await owner.request("GET", "/api/admin/team/")).json();
    expect(team.invites).toEqual([]);
    expect(team.admins.find((admin: { username: string }) => admin.username === "bishal")).toMatchObject({
      role: "recruiter",
      active: true,
      two_factor: false,
    });
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        [owner.username, "invite.created"],
        ["bishal", "invite.accepted"],
      ]),
    );
  });

  it("refuses a second invitation to the same address, an admin's address and bad input; resending replaces the link; revoking ends it", async () => {
    await owner.request("POST", "/api/admin/team/invites/", { email: "sita@himaltech.test", role: "editor" });
    const twice = await owner.request("POST", "/api/admin/team/invites/", { email: "sita@himaltech.test", role: "support" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("An invitation to sita@himaltech.test is already pending. Resend it instead.");
    expect((await owner.request("POST", "/api/admin/team/invites/", { email: `${owner.username}@himaltech.test`, role: "editor" })).statusCode).toBe(409);
    for (const body of [{ email: "not-an-address", role: "editor" }, { email: "x@himaltech.test", role: "boss" }, {}])
      expect((await owner.request("POST", "/api/admin/team/invites/", body)).statusCode, JSON.stringify(body)).toBe(400);

    const first = await mailedLink("sita@himaltech.test", "/admin/invite/");
    const [invite] = await t.database.db.select().from(adminInvites);
    expect((await owner.request("POST", `/api/admin/team/invites/${invite!.id}/resend/`)).statusCode).toBe(200);
    sink.messages.length = 0;
    const second = await mailedLink("sita@himaltech.test", "/admin/invite/");
    expect(second.token).not.toBe(first.token);
    expect(await t.app.services.team.openInvite(first.token)).toBeNull();
    expect(await t.app.services.team.openInvite(second.token)).not.toBeNull();

    expect((await owner.request("POST", `/api/admin/team/invites/${invite!.id}/revoke/`)).statusCode).toBe(200);
    expect((await owner.request("POST", `/api/admin/team/invites/${invite!.id}/revoke/`)).statusCode).toBe(404);
    expect((await adminBrowser(t).request("POST", `/api/admin-invite/${second.token}/`, { username: "sita", password: PASSWORD })).statusCode).toBe(410);
    expect((await auditActions()).map(([, action]) => action)).toEqual(["invite.created", "invite.resent", "invite.revoked"]);
  });

  it("expires a link after 72 hours", async () => {
    await owner.request("POST", "/api/admin/team/invites/", { email: "late@himaltech.test", role: "support" });
    const { token } = await mailedLink("late@himaltech.test", "/admin/invite/");
    t.clock.advance(72 * 60 * 60_000 + 1000);
    expect((await adminBrowser(t).request("POST", `/api/admin-invite/${token}/`, { username: "late", password: PASSWORD })).statusCode).toBe(410);
    expect((await t.app.services.team.overview()).invites).toEqual([]);
  });
});

describe("changing the team", () => {
  it("keeps one active owner: the last cannot be demoted, disabled or removed", async () => {
    const self = await idOf(owner.username);
    for (const [path, body, message] of [
      ["role", { role: "editor" }, "must stay an owner"],
      ["disable", undefined, "cannot be disabled"],
      ["remove", undefined, "cannot be removed"],
    ] as const) {
      const refused = await owner.request("POST", `/api/admin/team/admins/${self}/${path}/`, body);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json().message).toBe(`${owner.username} is the last active owner and ${message}. Make another admin an owner first.`);
    }
    // With a second owner the first may step down.
    const other = await signedInAdmin(t, "owner");
    expect((await owner.request("POST", `/api/admin/team/admins/${self}/role/`, { role: "editor" })).json()).toMatchObject({ role: "editor" });
    expect((await owner.request("GET", "/api/admin/team/")).statusCode).toBe(403);
    const refused = await other.request("POST", `/api/admin/team/admins/${await idOf(other.username)}/disable/`);
    expect(refused.statusCode).toBe(409);
    expect(await auditActions()).toEqual([[owner.username, "admin.role_changed"]]);
  });

  it("disabling ends the admin's sessions and sign-ins until enabled; a new role applies at once; removing deletes the account", async () => {
    const colleague = await signedInAdmin(t, "support");
    const id = await idOf(colleague.username);
    expect((await colleague.request("GET", "/api/admin/enquiries/")).statusCode).toBe(200);

    expect((await owner.request("POST", `/api/admin/team/admins/${id}/role/`, { role: "recruiter" })).json().message).toBe(
      `${colleague.username} is now a recruiter.`,
    );
    expect((await colleague.request("GET", "/api/admin/enquiries/")).statusCode).toBe(403);
    expect((await colleague.request("GET", "/api/admin/jobs/")).statusCode).toBe(200);
    expect((await owner.request("POST", `/api/admin/team/admins/${id}/role/`, { role: "god" })).statusCode).toBe(400);

    expect((await owner.request("POST", `/api/admin/team/admins/${id}/disable/`)).statusCode).toBe(200);
    expect((await colleague.request("GET", "/api/admin/jobs/")).statusCode).toBe(401);
    expect((await colleague.login(colleague.username, PASSWORD)).statusCode).toBe(401);
    expect((await owner.request("POST", `/api/admin/team/admins/${id}/enable/`)).statusCode).toBe(200);
    expect((await colleague.login(colleague.username, PASSWORD)).json()).toEqual({ success: true });

    expect((await owner.request("POST", `/api/admin/team/admins/${id}/remove/`)).json().message).toBe(`${colleague.username} was removed from the team.`);
    expect((await colleague.request("GET", "/api/admin/jobs/")).statusCode).toBe(401);
    expect((await owner.request("POST", `/api/admin/team/admins/${id}/remove/`)).statusCode).toBe(404);
    expect((await owner.request("POST", "/api/admin/team/admins/0/remove/")).statusCode).toBe(400);
    expect((await auditActions()).map(([, action]) => action)).toEqual(["admin.role_changed", "admin.disabled", "admin.enabled", "admin.removed"]);
  });
});

describe("a forgotten password", () => {
  const forgot = (account: string) => adminBrowser(t).request("POST", "/api/admin-forgot-password/", { account });

  it("mails a one-hour single-use link to set a new password, which ends every session; an unknown name gets the same answer and no mail", async () => {
    const known = await forgot(owner.username);
    const unknown = await forgot("nobody-here");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toMatch(/^If that username or e-mail address belongs to an admin/);
    const { token, mail } = await mailedLink(`${owner.username}@himaltech.test`, "/admin/reset-password/");
    expect(mail.subject).toBe("Set a new password for the HimalTech admin");
    expect(mail.text).toContain(owner.username);
    const resetMails = (await t.database.db.select().from(outbox)).filter((row) => row.subject === mail.subject);
    expect(resetMails.map((row) => row.to)).toEqual([`${owner.username}@himaltech.test`]);
    expect(await t.app.services.adminPasswordResets.open(token)).toEqual({ username: owner.username });

    const stranger = adminBrowser(t);
    const weak = await stranger.request("POST", `/api/admin-reset-password/${token}/`, { password: "password123" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/too common/);
    const done = await stranger.request("POST", `/api/admin-reset-password/${token}/`, { password: "a-brand-new-passphrase" });
    expect(done.statusCode).toBe(200);
    expect((await stranger.request("POST", `/api/admin-reset-password/${token}/`, { password: "another-new-passphrase" })).statusCode).toBe(410);
    expect((await owner.request("GET", "/api/admin/me/")).statusCode).toBe(401);
    expect((await owner.login(owner.username, PASSWORD)).statusCode).toBe(401);
    expect((await owner.login(owner.username, "a-brand-new-passphrase")).json()).toEqual({ success: true });
    expect(await auditActions()).toEqual(expect.arrayContaining([[owner.username, "admin.password_reset"]]));
  });

  it("finds the admin by e-mail too, mails no second link within five minutes, and lets a link lapse after an hour", async () => {
    await forgot(`${owner.username.toUpperCase()}@HIMALTECH.TEST`);
    await expect.poll(async () => (await t.database.db.select().from(adminPasswordResets)).length).toBe(1);
    await forgot(owner.username);
    t.clock.advance(60 * 60_000 + 1000);
    const rows = await t.database.db.select().from(adminPasswordResets);
    expect(rows).toHaveLength(1);
    const { token } = await mailedLink(`${owner.username}@himaltech.test`, "/admin/reset-password/");
    expect(await t.app.services.adminPasswordResets.open(token)).toBeNull();
    expect((await adminBrowser(t).request("POST", `/api/admin-reset-password/${token}/`, { password: "a-brand-new-passphrase" })).statusCode).toBe(410);
    for (const body of [{}, { account: "" }]) expect((await adminBrowser(t).request("POST", "/api/admin-forgot-password/", body)).statusCode).toBe(400);
    expect((await adminBrowser(t).request("POST", "/api/admin-reset-password/not-a-token!/", { password: "x" })).statusCode).toBe(400);
  });
});

describe("the audit log", () => {
  it("names people and records, links those that still exist, and filters by person, action and days", async () => {
    const colleague = await signedInAdmin(t, "recruiter");
    await colleague.request("POST", "/api/admin/jobs/", {
      title: "Data Engineer",
      type: "Full-time",
      department: "Engineering",
      location: "Remote",
      salary: "",
      description: "Pipelines.",
      requirements: ["SQL"],
      responsibilities: ["Pipelines"],
    });
    const id = await idOf(colleague.username);
    await owner.request("POST", `/api/admin/team/admins/${id}/role/`, { role: "editor" });
    await t.database.db.update(auditLog).set({ createdAt: new Date("2026-01-10T12:00:00Z") });
    await owner.request("POST", `/api/admin/team/admins/${id}/remove/`);
    await t.database.db
      .update(auditLog)
      .set({ createdAt: new Date("2026-01-12T08:00:00Z") })
      .where(eqAction("admin.removed"));

    const log = (await owner.request("GET", "/api/admin/audit/?per_page=100")).json();
    const byAction = Object.fromEntries(log.results.map((entry: { action: string }) => [entry.action, entry]));
    expect(byAction["job.created"]).toMatchObject({
      who: colleague.username,
      target_label: "Job: Data Engineer",
      target_href: "/admin/jobs/data-engineer/edit",
    });
    // The admin is gone: the entries keep their name, as plain text.
    expect(byAction["admin.removed"]).toMatchObject({
      who: owner.username,
      target: `admin:${id}`,
      target_label: `Admin: ${colleague.username}`,
      target_href: null,
    });
    expect(byAction["admin.role_changed"]).toMatchObject({ target_label: `Admin: ${colleague.username}`, target_href: null });

    const filtered = async (query: string) => (await owner.request("GET", `/api/admin/audit/?${query}`)).json();
    expect((await filtered(`who=${colleague.username}`)).results.map((entry: { action: string }) => entry.action)).toEqual(["job.created", "admin.login"]);
    expect((await filtered("action=job.created")).count).toBe(1);
    expect((await filtered("from=2026-01-11")).results.map((entry: { action: string }) => entry.action)).toEqual(["admin.removed"]);
    expect((await filtered("to=2026-01-10")).count).toBe(log.count - 1);
    expect((await filtered("from=2026-01-10&to=2026-01-10&who=&action=")).count).toBe(log.count - 1);
    expect((await filtered("from=2026-01-11&to=2026-01-11")).count).toBe(0);
    expect(await filtered("per_page=1&page=2")).toMatchObject({ page: 2, pages: log.count, count: log.count });
    for (const query of ["from=yesterday", "from=2026-02-01&to=2026-01-01", "action=DROP%20TABLE", "page=0"])
      expect((await owner.request("GET", `/api/admin/audit/?${query}`)).statusCode, query).toBe(400);
    const options = (await owner.request("GET", "/api/admin/audit/filters/")).json();
    expect(options.people).toEqual([colleague.username, "command line", owner.username].sort());
    expect(options.actions).toContain("admin.removed");
  });
});

const eqAction = (action: string) => eq(auditLog.action, action);
