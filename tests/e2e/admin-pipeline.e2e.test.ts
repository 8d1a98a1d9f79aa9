import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerApplications, careerJobs, careerResumes } from "../../server/modules/careers/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
const ids = { sita: randomUUID(), asha: randomUUID(), hari: randomUUID(), gita: randomUUID() };

let site: TestSite;
let sink: SmtpSink;
let recruiter: Awaited<ReturnType<typeof newPage>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url });
  await site.app.services.admin.createAdmin({ username: "ravi", email: "ravi@himaltech.test", password: PASSWORD, role: "recruiter" });
  await site.app.services.admin.createAdmin({ username: "pema", email: "pema@himaltech.test", password: PASSWORD, role: "support" });
  const { db } = site.database;
  await db
    .insert(careerJobs)
    .values({ id: "rust-engineer", title: "Rust Engineer", department: "Engineering", type: "Full-time", location: "Remote", description: "Work." });
  const resumes = await db
    .insert(careerResumes)
    .values([0, 1, 2, 3].map(() => ({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0" })))
    .returning({ id: careerResumes.id });
  await db.insert(careerApplications).values([
    {
      id: ids.sita,
      name: "Sita Sharma",
      email: "sita@example.com",
      jobId: "rust-engineer",
      jobTitle: "Rust Engineer",
      resumeId: resumes[0]!.id,
      createdAt: new Date("2026-11-20T10:00:00Z"),
    },
    { id: ids.asha, name: "Asha Gurung", email: "asha@example.com", resumeId: resumes[1]!.id, createdAt: new Date("2026-11-21T10:00:00Z") },
    { id: ids.hari, name: "Hari Thapa", email: "hari@example.com", resumeId: resumes[2]!.id, createdAt: new Date("2026-10-01T10:00:00Z") },
    {
      id: ids.gita,
      name: "Gita Magar",
      email: "gita@example.com",
      jobId: "rust-engineer",
      jobTitle: "Rust Engineer",
      resumeId: resumes[3]!.id,
      createdAt: new Date("2026-09-01T10:00:00Z"),
    },
  ]);
  recruiter = await signedIn("ravi");
});
afterAll(async () => {
  await recruiter?.context.close();
  await site?.stop();
  await sink?.close();
});

async function signedIn(username: string, width = 1280) {
  const staff = await newPage(site, width);
  await signInThroughLoginPage(site, staff.page, username, PASSWORD);
  return staff;
}

const stage = (page: Page, label: string) => page.getByRole("region", { name: new RegExp(`^${label}`) });
const card = (page: Page, label: string, name: string) => stage(page, label).getByRole("article", { name });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** Moves a card with its own form, by keyboard: the list of stages, then Enter on its Move button. */
async function moveOnBoard(page: Page, name: string, from: string, to: string) {
  const form = card(page, from, name);
  await form.getByLabel(`Move to (${name})`).selectOption({ label: to });
  await form.getByRole("button", { name: `Move ${name}` }).focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: `${name} moved to ${to}` })
        .count(),
    )
    .toBe(1);
  await card(page, to, name).waitFor();
}

/** Moves an application with the stage select of its own page. */
async function moveOnPage(page: Page, to: string) {
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: to });
  await page.getByRole("button", { name: "Save status" }).click();
  await page.getByText("Status saved.").waitFor();
  await page
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${to}$`) })
    .waitFor();
}

/** The page at both widths, for looking at; at phone width the page itself never scrolls sideways. */
async function screenshots(page: Page, name: string) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await screenshotForReview(page, `pipeline-${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshotForReview(page, `pipeline-${name}-390`, { fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the hiring pipeline screens", () => {
  it("moves an application through every stage, on the board and on its page, and keeps who moved it", async () => {
    const { page } = recruiter;
    await page.goto("/admin/applications");
    await page.getByRole("link", { name: "Board", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: /^Withdrawn/ }).waitFor();
    await expectNoAxeViolations(page);
    expect(await card(page, "New", "Asha Gurung").textContent()).toContain("General application");

    await moveOnBoard(page, "Sita Sharma", "New", "Screening");
    // The keyboard goes on from the card, now in its new column.
    expect(await focusedId(page)).toBe(`application-card-${ids.sita}`);
    expect(await stage(page, "New").getByRole("article", { name: "Sita Sharma" }).count()).toBe(0);
    await moveOnBoard(page, "Sita Sharma", "Screening", "Interview");

    await card(page, "Interview", "Sita Sharma").getByRole("link", { name: "Sita Sharma" }).click();
    await page.getByRole("heading", { level: 1, name: "Sita Sharma" }).waitFor();
    await moveOnPage(page, "Offer");
    await moveOnPage(page, "Hired");

    await page.goto("/admin/applications/board");
    await moveOnBoard(page, "Sita Sharma", "Hired", "Withdrawn");
    await page.goto(`/admin/applications/${ids.sita}`);
    await moveOnPage(page, "Rejected");

    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    expect(await history.allTextContents()).toEqual([
      expect.stringMatching(/^Applied /),
      expect.stringMatching(/^New → Screening, by ravi, /),
      expect.stringMatching(/^Screening → Interview, by ravi, /),
      expect.stringMatching(/^Interview → Offer, by ravi, /),
      expect.stringMatching(/^Offer → Hired, by ravi, /),
      expect.stringMatching(/^Hired → Withdrawn, by ravi, /),
      expect.stringMatching(/^Withdrawn → Rejected, by ravi, /),
    ]);
  });

  it("keeps a note with its line breaks and a rating chosen by keyboard, and the list shows the average", async () => {
    const { page } = recruiter;
    await page.goto(`/admin/applications/${ids.asha}`);
    await page.getByText("No notes yet.").waitFor();
    await page.getByRole("textbox", { name: "Note" }).fill("Strong SQL.\nAsk about on-call.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Note added.").waitFor();
    const note = page.getByRole("article", { name: "Note by ravi" });
    expect(await note.locator("p").innerText()).toBe("Strong SQL.\nAsk about on-call.");
    expect(await page.getByRole("textbox", { name: "Note" }).inputValue()).toBe("");

    const rating = page.getByRole("group", { name: "Your rating" });
    await rating.getByRole("radio", { name: "3 – Good" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await rating.getByRole("radio", { name: "4 – Very good" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save rating" }).click();
    await page.getByText("Rating saved.").waitFor();
    await page.getByText("4 from 1 reviewer").first().waitFor();
    await expectNoAxeViolations(page);

    const owner = await site.app.services.admin.createAdmin({ username: "maya", email: "maya@himaltech.test", password: PASSWORD });
    await site.app.services.careersAdmin.rateApplication(ids.asha, 5, { id: owner.id, username: owner.username });
    await page.reload();
    await page.getByText("4.5 from 2 reviewers").first().waitFor();
    expect(await page.getByRole("radio", { name: "4 – Very good" }).isChecked()).toBe(true);
    await screenshots(page, "application");

    await page.goto("/admin/applications");
    const row = page.getByRole("row").filter({ hasText: "Asha Gurung" });
    expect(await row.getByRole("cell").last().textContent()).toBe("4.5 from 2 reviewers");
    expect(await page.getByRole("row").filter({ hasText: "Hari Thapa" }).getByRole("cell").last().textContent()).toBe("–");
  });

  it("filters general applications, and by the day they arrived", async () => {
    const { page } = recruiter;
    await page.goto("/admin/applications");
    expect(await page.getByLabel("Status").locator("option").allTextContents()).toEqual([
      "All",
      "New",
      "Screening",
      "Interview",
      "Offer",
      "Hired",
      "Rejected",
      "Withdrawn",
    ]);
    await page.getByLabel("Job").selectOption({ label: "General application" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/job=general/);
    const applicants = () => page.getByRole("table").getByRole("link").allTextContents();
    expect(await applicants()).toEqual(["Asha Gurung", "Hari Thapa"]);

    await page.getByLabel("Received from").fill("2026-11-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/from=2026-11-01/);
    expect(await applicants()).toEqual(["Asha Gurung"]);
    await expectNoAxeViolations(page);
    await screenshots(page, "list");

    // The board keeps the filters chosen on the list.
    await page.getByRole("link", { name: "Board", exact: true }).click();
    await page.waitForURL(/\/board\?.*job=general/);
    expect(await page.getByRole("article").allTextContents()).toEqual([expect.stringContaining("Asha Gurung")]);
  });

  it("moves a card and adds a note without JavaScript", async () => {
    const plain = await newPage(site, 1280, { javaScriptEnabled: false });
    await plain.context.addCookies(await recruiter.context.cookies());
    const { page } = plain;
    await page.goto("/admin/applications/board");
    const form = card(page, "New", "Hari Thapa");
    await form.getByLabel("Move to (Hari Thapa)").selectOption({ label: "Interview" });
    const posted = page.waitForResponse((answer) => answer.request().method() === "POST");
    await form.getByRole("button", { name: "Move Hari Thapa" }).click();
    expect((await posted).status()).toBe(200);
    await page.waitForLoadState();
    expect(await page.getByRole("status").filter({ hasText: "moved" }).textContent()).toBe("Hari Thapa moved to Interview");
    await card(page, "Interview", "Hari Thapa").waitFor();

    await page.goto(`/admin/applications/${ids.hari}`);
    await page.getByRole("region", { name: "Mail to the candidate" }).getByRole("button", { name: "Don't send a mail" }).click();
    await page.waitForLoadState();
    await page.getByText("No mail will be sent for this move.").waitFor();
    expect(await page.getByRole("region", { name: "Mail to the candidate" }).count()).toBe(0);
    await page.getByRole("textbox", { name: "Note" }).fill("Called; available in January.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.waitForLoadState();
    await page.getByText("Note added.").waitFor();
    await page.getByRole("article", { name: "Note by ravi" }).getByText("Called; available in January.").waitFor();
    await page.getByRole("group", { name: "Your rating" }).getByRole("radio", { name: "2 – Fair" }).check();
    await page.getByRole("button", { name: "Save rating" }).click();
    await page.waitForLoadState();
    await page.getByText("2 from 1 reviewer").first().waitFor();
    await plain.context.close();
  });

  it("moves a card by dragging it, and shows the board at both widths without violations", async () => {
    const { page } = recruiter;
    await page.goto("/admin/applications/board");
    await card(page, "Interview", "Hari Thapa").waitFor();
    await card(page, "Interview", "Hari Thapa").dragTo(stage(page, "Offer"));
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Hari Thapa moved to Offer" }).count()).toBe(1);
    await card(page, "Offer", "Hari Thapa").waitFor();
    await expectNoAxeViolations(page);
    await screenshots(page, "board");
  });

  it("shows the rejection mail before it goes, sends it as edited, once, and the template can be reworded", async () => {
    const { page } = recruiter;
    await page.goto(`/admin/applications/${ids.gita}`);
    await moveOnPage(page, "Rejected");
    const mail = page.getByRole("region", { name: "Mail to the candidate" });
    await mail.getByText("To: gita@example.com").waitFor();
    expect(await mail.getByRole("textbox", { name: "Subject" }).inputValue()).toBe("HimalTech: your application for Rust Engineer");
    const message = mail.getByRole("textbox", { name: "Message" });
    expect(await message.inputValue()).toMatch(/^Dear Gita Magar,\n\nThank you for your interest in Rust Engineer with HimalTech/);
    await expectNoAxeViolations(page);
    await screenshots(page, "candidate-mail");

    await message.fill("Dear Gita,\n\nThank you for applying. We have chosen another candidate this time.\n\nRavi, HimalTech");
    await mail.getByRole("button", { name: "Send mail" }).click();
    await page.getByText("Mail queued for the candidate.").waitFor();
    await page.getByRole("region", { name: "Mail to the candidate" }).waitFor({ state: "detached" });
    expect(await page.getByRole("region", { name: "History" }).getByRole("listitem").last().textContent()).toMatch(
      /^New → Rejected, by ravi, .* \(mail sent\)$/,
    );

    await site.flushMail();
    const arrived = await sink.waitFor((sent) => JSON.stringify(sent.to).includes("gita@example.com"));
    expect(arrived.subject).toBe("HimalTech: your application for Rust Engineer");
    expect(arrived.text).toContain("We have chosen another candidate this time.");
    await page.reload();
    await site.flushMail();
    expect(sink.messages.filter((sent) => JSON.stringify(sent.to).includes("gita@example.com"))).toHaveLength(1);

    await page.goto("/admin/applications");
    await page.getByRole("link", { name: "Candidate mail templates" }).click();
    const interview = page.getByRole("region", { name: "Interview invitation" });
    await interview.getByRole("textbox", { name: "Interview invitation: Subject" }).fill("Interview for {job}");
    await interview.getByRole("button", { name: "Save the interview invitation template" }).click();
    await page.getByText("Template saved.").waitFor();
    await page
      .getByRole("region", { name: "Interview invitation" })
      .getByText(/^Last changed by ravi, /)
      .waitFor();
    await expectNoAxeViolations(page);
  });

  it("refuses the screens to a support admin", async () => {
    const support = await signedIn("pema");
    for (const path of ["/admin/applications", "/admin/applications/board", `/admin/applications/${ids.sita}`, "/admin/applications/mail-templates"]) {
      const answer = await support.page.goto(path);
      expect(answer?.status(), path).toBe(403);
      await support.page.getByRole("heading", { level: 1, name: "You do not have access to this screen" }).waitFor();
    }
    await support.context.close();
  });
});
