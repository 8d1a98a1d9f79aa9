import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, spawnServer, type ServerProcess } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

/** Runs `npm run admin -- …` as an operator would, against the given data directory. */
function adminCli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/admin.mjs", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

let dataDir: string;
let smtp: SmtpSink;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "himal-admin-"));
  smtp = await startSmtpSink();
  // At the info level, as `npm start` logs, so the hint for the first admin can be read.
  // A first start prepares and migrates a new data directory: beside the other suites on two cores it has taken past 90 s.
  server = await spawnServer({ dataDir, env: { SMTP_URL: smtp.url, LOG_LEVEL: "info" }, readyTimeoutMs: 180_000 });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("admin CLI", () => {
  it("is named by the starting server while there is no admin", async () => {
    await expect
      .poll(() => server.output())
      .toContain("No admin yet. Create the first one with: npm run admin -- create-admin --username <name> --email <address>");
  });

  it("creates an admin through the running server, and refuses a weak password", async () => {
    const weak = await adminCli(dataDir, ["create-admin", "--username", "weak", "--email", "weak@himaltech.test"], { ADMIN_PASSWORD: "password123" });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain("too common");
    const created = await adminCli(dataDir, ["create-admin", "--username", "asha", "--email", "asha@himaltech.test"], {
      ADMIN_PASSWORD: "kathmandu-valley-42",
    });
    expect(created.output).toContain("Created admin asha <asha@himaltech.test>");
    expect(created.code).toBe(0);
    const list = await adminCli(dataDir, ["devices", "list"]);
    expect(list.output.trim()).toBe("No devices yet.");
  });

  it("explains its usage when the words are wrong", async () => {
    const wrong = await adminCli(dataDir, ["devices", "approve", "not-a-number"]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("npm run admin -- devices approve ID");
  });
});

describe("admin sign-in from a new browser", () => {
  it("waits for approval, is approved from the mailed link, then signs in and reaches the admin screens", async () => {
    const { context, page } = await newPage(server);
    await page.goto("/admin-login");
    await expectNoAxeViolations(page);
    await page.getByLabel("Username").fill("asha");
    await page.getByLabel("Password").fill("kathmandu-valley-42");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    expect(page.url()).toMatch(/\/admin-login$/);

    const mail = await smtp.waitFor((message) => message.subject === "Approve a new admin sign-in for asha");
    const link = /http:\/\/\S+\/admin\/devices\/approve\/[\w-]+/.exec(mail.text ?? "")![0];
    const approver = await newPage(server);
    await approver.page.goto(link.replace(/^http:\/\/[^/]+/, server.url));
    await approver.page.getByText(/Chrome (Headless )?\d+ on Linux/).waitFor();
    await expectNoAxeViolations(approver.page);
    await approver.page.getByRole("button", { name: "Approve" }).click();
    await approver.page.getByText("Device approved. It can sign in now.").waitFor();
    await approver.context.close();

    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Login successful! Redirecting...").waitFor();
    await page.waitForURL("**/dashboard/");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Signed in as asha").waitFor();

    await page.goto("/adminPanel");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Posts" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Devices" }).click();
    await page.waitForURL("**/admin/devices");
    await page.getByRole("cell", { name: "approved" }).waitFor();
    await expectNoAxeViolations(page);

    const cli = await adminCli(dataDir, ["devices", "list"]);
    expect(cli.output).toMatch(/1\s+asha\s+approved\s+Chrome (Headless )?\d+ on Linux/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin-login");
    await page.goto("/adminPanel");
    await page.waitForURL("**/admin-login");
    await context.close();
  });

  it("shows the server's error for wrong credentials", async () => {
    const { context, page } = await newPage(server);
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill("asha");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid username or password").waitFor();
    await context.close();
  });

  it("tells a browser held back after wrong passwords how long to wait, and the unlock command lets it in at once", async () => {
    const { context, page } = await newPage(server);
    await page.goto("/admin-login");
    await page.getByLabel("Username").fill("asha");
    await page.getByLabel("Password").fill("wrong-password");
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 10) {
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/admin-login/"));
      await page.getByRole("button", { name: "Login" }).click();
      statuses.push((await answered).status());
    }
    // Five failures are free (one came from the test before), then the address waits.
    expect(statuses.slice(0, -1).every((status) => status === 401) && statuses.length <= 6, String(statuses)).toBe(true);
    await page.getByText(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/).waitFor();
    await page.getByLabel("Password").fill("kathmandu-valley-42");
    const held = page.waitForResponse((response) => response.url().endsWith("/api/admin-login/"));
    await page.getByRole("button", { name: "Login" }).click();
    expect((await held).status()).toBe(429);

    const unlocked = await adminCli(dataDir, ["unlock", "asha@himaltech.test"]);
    expect(unlocked.output.trim()).toBe("Cleared the failed sign-ins of admin asha.");
    await page.getByRole("button", { name: "Login" }).click();
    // The browser itself was never approved: its right password now gets it as far as any new browser.
    await page.getByText("Device submitted for verification. Await admin approval.").waitFor();
    await context.close();
  });

  it("sends anyone without a session from admin pages to the admin login", async () => {
    const response = await fetch(`${server.url}/admin/devices`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin-login");
  });

  it("lets the CLI revoke a device while the server runs, and approve it again", async () => {
    expect((await adminCli(dataDir, ["devices", "revoke", "1"])).output).toContain("Device 1 revoked.");
    expect((await adminCli(dataDir, ["devices", "list"])).output).toMatch(/1\s+asha\s+revoked/);
    expect((await adminCli(dataDir, ["devices", "approve", "1"])).output).toContain("Device 1 approved.");
  });
});

describe("admin CLI without a server", () => {
  it("opens the embedded database itself when no server holds it", async () => {
    await server.stop();
    const list = await adminCli(dataDir, ["devices", "list"]);
    expect(list.code).toBe(0);
    expect(list.output).toMatch(/1\s+asha\s+approved/);
  });
});
