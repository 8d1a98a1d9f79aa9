import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careerApplications, careerResumes } from "../../server/modules/careers/schema";
import { pdfDocument } from "../fixtures/resume-documents";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp";

const PASSWORD = "a-long-test-passphrase";
/** A word that is in the résumé's text and nowhere else: not in the name, address or cover letter. */
const RESUME_ONLY_WORD = "Hydrogeology";

let site: TestSite;
let smtp: SmtpSink;
let fileDir: string;
let recruiter: Awaited<ReturnType<typeof newPage>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  site = await startSite({ smtpUrl: smtp.url });
  fileDir = await mkdtemp(path.join(tmpdir(), "himal-cv-"));
  await site.app.services.admin.createAdmin({ username: "ravi", email: "ravi@himaltech.test", password: PASSWORD, role: "recruiter" });
  recruiter = await newPage(site, 1280);
  await signInThroughLoginPage(site, recruiter.page, "ravi", PASSWORD);
});
afterAll(async () => {
  await recruiter?.context.close();
  await site?.stop();
  await smtp?.close();
  await rm(fileDir, { recursive: true, force: true });
});

/** The recruiter's search on the applications list: the applicants it finds. */
async function searchApplications(words: string): Promise<string[]> {
  const { page } = recruiter;
  await page.goto(`/admin/applications?q=${encodeURIComponent(words)}`);
  await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
  const table = page.getByRole("table");
  return (await table.count()) === 0 ? [] : table.getByRole("link").allTextContents();
}

describe("a candidate's data", () => {
  it("is found by a word only its PDF résumé holds, and withdrawn at once from the link in the acknowledgement", async () => {
    const resumePath = path.join(fileDir, "Tara CV.pdf");
    await writeFile(resumePath, pdfDocument(`Tara Bhandari, field work in ${RESUME_ONLY_WORD} and water modelling`));
    const visitor = await newPage(site, 390);
    await visitor.page.goto("/careers/apply/general");
    const form = visitor.page.getByRole("form", { name: /Send your application/ });
    await form.getByLabel("Full Name").fill("Tara Bhandari");
    await form.getByLabel("Email").fill("tara@example.com");
    await form.getByLabel("Resume").setInputFiles(resumePath);
    await form.getByLabel("Cover Letter").fill("I model groundwater.");
    await visitor.page.getByRole("button", { name: "Submit Application" }).click();
    await visitor.page.getByRole("heading", { name: "Application Submitted!" }).waitFor();

    expect(await searchApplications(RESUME_ONLY_WORD.toLowerCase())).toEqual(["Tara Bhandari"]);

    await site.flushMail();
    const acknowledgement = await smtp.waitFor((mail) => (mail.to as { text: string }).text === "tara@example.com");
    const link = /https?:\/\/\S+\/careers\/withdraw\/\S+/.exec(acknowledgement.text ?? "")?.[0];
    expect(link).toBeDefined();
    // Opening the link changes nothing (mail scanners open links); the button does.
    await visitor.page.goto(new URL(link!).pathname);
    await visitor.page.getByRole("heading", { level: 1, name: "Withdraw your application" }).waitFor();
    expect(await searchApplications(RESUME_ONLY_WORD)).toEqual(["Tara Bhandari"]);
    await expectNoAxeViolations(visitor.page);
    await visitor.page.getByRole("button", { name: "Withdraw and delete my application" }).click();
    await visitor.page.getByText("Your application is withdrawn and your data deleted.").waitFor();
    await screenshotForReview(visitor.page, "careers-withdrawn-390", { fullPage: true });

    expect(await searchApplications(RESUME_ONLY_WORD)).toEqual([]);
    expect(await site.database.db.select().from(careerResumes)).toEqual([]);
    // The link is spent: a second press is told so, and nothing else happens.
    await visitor.page.goto(new URL(link!).pathname);
    await visitor.page.getByRole("button", { name: "Withdraw and delete my application" }).click();
    await visitor.page.getByText(/This link is no longer valid/).waitFor();
    await visitor.context.close();
  });

  it("is deleted by the retention sweep a year after a general application arrived, and not before", async () => {
    const { db } = site.database;
    const now = new Date();
    const monthsAgo = (months: number) => new Date(new Date(now).setUTCMonth(now.getUTCMonth() - months));
    for (const [name, arrived] of [
      ["Old Applicant", monthsAgo(13)],
      ["Recent Applicant", monthsAgo(11)],
    ] as const) {
      const [resume] = await db
        .insert(careerResumes)
        .values({ id: randomUUID(), originalName: "cv.pdf", contentType: "application/pdf", size: 1, sha256: "0", createdAt: arrived })
        .returning({ id: careerResumes.id });
      await db
        .insert(careerApplications)
        .values({ id: randomUUID(), name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com`, resumeId: resume!.id, createdAt: arrived });
    }
    expect(await searchApplications("applicant")).toEqual(["Recent Applicant", "Old Applicant"]);

    expect(await site.app.services.applicationRetention.sweep(now)).toBe(1);
    expect(await searchApplications("applicant")).toEqual(["Recent Applicant"]);
    // A year on from now, the other one goes too.
    expect(await site.app.services.applicationRetention.sweep(monthsAgo(-2))).toBe(1);
    expect(await searchApplications("applicant")).toEqual([]);
  });
});
