import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_STATUSES } from "#contracts/admin-business.ts";
import { users } from "../../server/modules/accounts/schema";
import { campaigns } from "../../server/modules/campaigns/schema";
import { careerApplications, careerJobs, careerResumes } from "../../server/modules/careers/schema";
import { enquiries, newsletterSubscriptions } from "../../server/modules/enquiries/schema";
import { meetings } from "../../server/modules/meetings/schema";
import { dataRequests } from "../../server/modules/privacy/schema";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

/**
 * Every admin screen at a laptop's width and a phone's, full of the long names, addresses and titles real
 * records have: nothing may stand wider than the box it is in, and no table cell or board column may be cut
 * off, unless the box is one meant to scroll sideways and says so where it can be seen. With SCREENSHOT_DIR
 * set, full-page screenshots of each screen go there, for a person to look at.
 */

const PASSWORD = "a-long-test-passphrase";
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const HOUR = 3_600_000;

const LONG_NAMES = [
  "Dhan Bahadur Shrestha-Karki",
  "Anjali Maharjan Tuladhar",
  "Pasang Dawa Sherpa Lama",
  "Sabitri Kumari Bhattarai Adhikari",
  "Ramesh Prasad Upadhyaya Koirala",
  "Lhakpa Doma Tamang",
  "Bishnu Maya Gurung Ghale",
  "Krishna Bahadur Thapa Magar",
];
const longEmail = (i: number) => `procurement.department.head.${i}@kathmandu-valley-hydropower-cooperative.com.np`;
const LONG_JOB = "Senior Site Reliability Engineer, Payments Platform and Observability (Kathmandu or Remote)";

let site: TestSite;
/** One sign-in for the whole file: the login's limits count every attempt from the address. */
let staff: Awaited<ReturnType<typeof newPage>>;
const ids = { enquiry: 0, application: "", assistant: "", campaign: 0, dataRequest: 0, job: "site-reliability-payments" };

beforeAll(async () => {
  site = await startSite({ seed: true });
  const { services } = site.app;
  const { db } = site.database;
  const owner = await services.admin.createAdmin({ username: "owner", email: "owner@himaltech.test", password: PASSWORD, role: "owner" });
  const support = await services.admin.createAdmin({
    username: "sabitri.bhattarai-adhikari",
    email: "sabitri.bhattarai-adhikari@customer-support.himaltech.test",
    password: PASSWORD,
    role: "support",
  });
  await services.admin.createAdmin({
    username: "ramesh.upadhyaya_koirala",
    email: "ramesh.upadhyaya-koirala.recruitment@people-operations.himaltech.test",
    password: PASSWORD,
    role: "recruiter",
  });
  await services.admin.createAdmin({
    username: "content-editor-lhakpa",
    email: "lhakpa.doma.tamang@editorial.himaltech.test",
    password: PASSWORD,
    role: "editor",
  });

  const now = Date.now();
  // Enquiries: owed an answer soon, overdue, waiting; assigned and not; with long names, addresses and messages.
  const created = await db
    .insert(enquiries)
    .values(
      LONG_NAMES.map((name, i) => ({
        type: (["CTA", "GET_STARTED", "TALK_TO_EXPERT", "DISCUSS_PROJECT", "SUPPORT", "EMAIL", "ASSISTANT", "CTA"] as const)[i]!,
        name: i === 3 ? null : name,
        email: longEmail(i),
        company: "Kathmandu Valley Hydropower Cooperative Limited",
        subject: i === 4 ? "Our invoices export stopped working after the last update to the accounting integration" : null,
        message:
          "We are planning to move our metering data from spreadsheets to a proper data platform before the monsoon season, and would like to talk about timelines, budget and who would maintain it afterwards.",
        ipHash: "x",
        userAgent: "Mozilla/5.0",
        createdAt: new Date(now - (i + 1) * HOUR),
        lastMessageAt: new Date(now - (i + 1) * HOUR),
        status: (["new", "open", "new", "waiting", "open", "new", "closed", "new"] as const)[i]!,
        dueAt: i === 3 || i === 6 ? null : new Date(now + (i % 2 === 0 ? 23 : -30) * HOUR),
        assigneeId: i % 2 === 0 ? support.id : null,
      })),
    )
    .returning({ id: enquiries.id });
  ids.enquiry = created[0]!.id;

  await db.insert(newsletterSubscriptions).values(
    LONG_NAMES.map((_, i) => ({
      email: `newsletter.reader.number.${i}@a-rather-long-company-domain-name.example.com`,
      status: (["confirmed", "pending", "unsubscribed"] as const)[i % 3]!,
      confirmedAt: new Date(now - i * HOUR),
      createdAt: new Date(now - i * HOUR),
      ipHash: "x",
      userAgent: "Mozilla/5.0",
    })),
  );

  // Jobs with long titles, and applications in every stage of the pipeline.
  await db.insert(careerJobs).values([
    {
      id: ids.job,
      title: LONG_JOB,
      department: "Platform Engineering and Infrastructure",
      type: "Full-time",
      location: "Kathmandu, Nepal",
      description: "Keep it up.",
    },
    {
      id: "data-engineer-hydro",
      title: "Data Engineer for Hydropower Metering Analytics and Forecasting",
      department: "Data Science",
      type: "Contract",
      location: "Pokhara, Nepal (hybrid)",
      description: "Pipelines.",
      status: "draft",
      closesAt: new Date(now + 10 * 24 * HOUR),
    },
  ]);
  const resumes = await db
    .insert(careerResumes)
    .values(
      APPLICATION_STATUSES.flatMap(() => [0, 1]).map(() => ({
        id: randomUUID(),
        originalName: "cv.pdf",
        contentType: "application/pdf",
        size: 1,
        sha256: "0",
      })),
    )
    .returning({ id: careerResumes.id });
  const applications = await db
    .insert(careerApplications)
    .values(
      APPLICATION_STATUSES.flatMap((status, s) =>
        [0, 1].map((k) => ({
          id: randomUUID(),
          name: LONG_NAMES[(s + k) % LONG_NAMES.length]!,
          email: longEmail(s * 2 + k),
          jobId: k === 0 ? ids.job : null,
          jobTitle: k === 0 ? LONG_JOB : null,
          coverLetter: "I have run payment systems for a bank in Kathmandu for six years and would like to help you build yours.",
          resumeId: resumes[s * 2 + k]!.id,
          status,
          createdAt: new Date(now - (s * 2 + k + 1) * 5 * HOUR),
        })),
      ),
    )
    .returning({ id: careerApplications.id });
  ids.application = applications[0]!.id;

  await db.insert(meetings).values(
    [0, 1, 2].map((i) => ({
      name: LONG_NAMES[i]!,
      email: longEmail(i),
      topic: "A second opinion on our security audit and the migration of the billing system before the launch in spring",
      startsAt: new Date(now + (i + 2) * 24 * HOUR),
      endsAt: new Date(now + (i + 2) * 24 * HOUR + HOUR / 2),
      timeZone: "Asia/Kathmandu",
      roomUrl: "https://meet.example.com/himaltech-consultation-room-with-a-long-name",
      createdAt: new Date(now - i * HOUR),
      confirmedAt: new Date(now - i * HOUR),
    })),
  );

  const [campaign] = await db
    .insert(campaigns)
    .values([
      {
        subject: "Monsoon edition: how Kathmandu Valley Hydropower moved its metering data to the cloud in six weeks",
        preheader: "A case study, three new services and an invitation to our open day in Lalitpur",
        body: "Hello,\n\nThis month we look back at a migration.",
        concurrency: 2,
        createdBy: "owner",
        createdAt: new Date(now - 2 * HOUR),
        updatedAt: new Date(now - 2 * HOUR),
      },
      {
        subject: "Spring news",
        body: "Hello again.",
        status: "sent",
        concurrency: 2,
        createdBy: "sabitri.bhattarai-adhikari",
        startedAt: new Date(now - 48 * HOUR),
        finishedAt: new Date(now - 47 * HOUR),
        createdAt: new Date(now - 50 * HOUR),
        updatedAt: new Date(now - 47 * HOUR),
      },
    ])
    .returning({ id: campaigns.id });
  ids.campaign = campaign!.id;

  const [request] = await db
    .insert(dataRequests)
    .values(
      (["access", "erasure", "correction"] as const).map((right, i) => ({
        email: longEmail(i),
        right,
        details: "Please send me everything you hold about me, including the recordings of the calls we had about the project.",
        status: "open" as const,
        createdAt: new Date(now - (i + 1) * 24 * HOUR),
        confirmedAt: new Date(now - (i + 1) * 24 * HOUR),
        dueAt: new Date(now + (29 - i) * 24 * HOUR),
      })),
    )
    .returning({ id: dataRequests.id });
  ids.dataRequest = request!.id;

  await db.insert(users).values(
    LONG_NAMES.map((name, i) => ({
      email: `site.account.${i}@kathmandu-valley-hydropower-cooperative.com.np`,
      fullName: name,
      isActive: i !== 2,
      dateJoined: new Date(now - i * 24 * HOUR),
      lastLogin: i % 2 ? new Date(now - i * HOUR) : null,
    })),
  );

  for (const question of ["How much does a cloud migration cost for a small hydropower cooperative?", "Do you build quantum-resistant satellite uplinks?"]) {
    const answer = await services.assistant.ask({ question }, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" });
    ids.assistant ||= answer.conversation;
  }
  // Something done by staff, for the audit log.
  await services.enquiriesAdmin.setEnquiryStatus(created[1]!.id, "waiting", { id: owner.id, username: owner.username });
  staff = await newPage(site, WIDTHS[0].width, { viewport: WIDTHS[0] });
  await signInThroughLoginPage(site, staff.page, "owner", PASSWORD);
});
afterAll(async () => {
  await staff?.context.close();
  await site?.stop();
});

interface Screen {
  name: string;
  /** Its address, once beforeAll has made the records it shows. */
  path: () => string;
  /** What to wait for before measuring, beyond the level-one heading. */
  ready?: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  { name: "hub", path: () => "/adminPanel" },
  { name: "enquiries", path: () => "/admin/enquiries", ready: (page) => page.getByRole("table").waitFor() },
  { name: "enquiry", path: () => `/admin/enquiries/${ids.enquiry}` },
  { name: "assistant", path: () => "/admin/assistant" },
  { name: "assistant-conversation", path: () => `/admin/assistant/${ids.assistant}` },
  { name: "meetings", path: () => "/admin/meetings" },
  { name: "meeting-settings", path: () => "/admin/meetings/settings" },
  { name: "applications", path: () => "/admin/applications", ready: (page) => page.getByRole("table").waitFor() },
  { name: "applications-board", path: () => "/admin/applications/board", ready: (page) => page.getByRole("article").first().waitFor() },
  { name: "mail-templates", path: () => "/admin/applications/mail-templates" },
  { name: "application", path: () => `/admin/applications/${ids.application}` },
  { name: "jobs", path: () => "/admin/jobs", ready: (page) => page.getByRole("table").waitFor() },
  { name: "job-new", path: () => "/admin/jobs/new" },
  { name: "job-edit", path: () => `/admin/jobs/${ids.job}/edit` },
  { name: "posts", path: () => "/postblog" },
  { name: "subscribers", path: () => "/admin/subscribers" },
  { name: "campaigns", path: () => "/admin/campaigns" },
  { name: "campaign", path: () => `/admin/campaigns/${ids.campaign}` },
  { name: "data-requests", path: () => "/admin/data-requests" },
  { name: "data-request", path: () => `/admin/data-requests/${ids.dataRequest}` },
  { name: "devices", path: () => "/admin/devices" },
  { name: "audit", path: () => "/admin/audit" },
  { name: "users", path: () => "/admin/users" },
  { name: "account", path: () => "/admin/account" },
  { name: "team", path: () => "/admin/team" },
];

/**
 * What does not fit on the screen as it is drawn now, in words. A box that scrolls sideways is allowed
 * only when it names, in `data-scroll-cue`, the id of a visible element that tells the reader so.
 */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const slack = 1;
    const nameOf = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 3).join(".")}` : "";
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
    };
    const visible = (element: Element) => {
      // Not what a closed disclosure holds, nor what is hidden.
      if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width > 1 && rect.height > 1 && style.visibility !== "hidden";
    };
    /** Screen-reader-only text: a 1-pixel box clipped away, as the sr-only class makes it. */
    const hiddenText = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === "absolute" && (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)")) return true;
      }
      return false;
    };
    const cued = (element: Element) => {
      const cue = element.getAttribute("data-scroll-cue");
      const target = cue ? document.getElementById(cue) : null;
      return Boolean(target && visible(target));
    };
    const scrollsSideways = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);

    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + slack) problems.push(`the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);

    const main = document.querySelector("main");
    if (!main) return ["no main content"];
    for (const element of [main, ...main.querySelectorAll("*")]) {
      // A form control scrolls the text typed into it by nature.
      if (element instanceof SVGElement || element.matches("input, textarea, select") || !visible(element) || hiddenText(element)) continue;
      const style = getComputedStyle(element);
      if (style.display.startsWith("inline") && style.display !== "inline-block" && style.display !== "inline-flex" && style.display !== "inline-grid")
        continue;
      if (element.scrollWidth <= element.clientWidth + slack) continue;
      if (scrollsSideways(element)) {
        if (!cued(element)) problems.push(`${nameOf(element)} scrolls sideways (${element.scrollWidth}px in ${element.clientWidth}px) with nothing saying so`);
      } else {
        problems.push(`${nameOf(element)} holds ${element.scrollWidth}px in ${element.clientWidth}px (${style.overflowX})`);
      }
    }

    // Cells, board columns and cards: each within the visible part of the box that scrolls it, or that box says it scrolls.
    for (const element of main.querySelectorAll("td, th, section, article")) {
      if (!visible(element) || hiddenText(element)) continue;
      let box: Element | null = element.parentElement;
      while (box && box !== main && !scrollsSideways(box)) box = box.parentElement;
      const edge = box && box !== main ? box.getBoundingClientRect().left + box.clientWidth : root.clientWidth;
      const rect = element.getBoundingClientRect();
      if (rect.right > edge + slack && !(box && box !== main && cued(box)))
        problems.push(`${nameOf(element)} is cut off: it ends at ${Math.round(rect.right)}px, its box at ${Math.round(edge)}px`);
    }
    // A cell with something in it is shown, not dropped to make the table fit.
    for (const cell of main.querySelectorAll("td")) {
      if ((cell.textContent ?? "").trim() && cell.getClientRects().length === 0) problems.push(`${nameOf(cell)} is not shown`);
    }
    return problems;
  });
}

/** What does not fit on the screen as it is now, and with SCREENSHOT_DIR a screenshot of it to look at. */
async function measure(page: Page, name: string, width: number) {
  await screenshotForReview(page, `admin-fit-${name}-${width}`, { fullPage: true });
  return misfits(page);
}

for (const viewport of WIDTHS) {
  describe(`admin screens at ${viewport.width} pixels`, () => {
    beforeAll(() => staff.page.setViewportSize(viewport));

    it("the dashboard fits in each of its tabs, Recent Activities with every column in view", { timeout: 120_000 }, async () => {
      const { page } = staff;
      await page.goto("/dashboard");
      await page.getByRole("table", { name: "Recent Activities" }).waitFor();
      const problems: string[] = [];
      for (const tab of ["Dashboard", "User Analytics", "Content Tracking", "Communications", "Data Export"]) {
        await page.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
        await page.waitForFunction(() => {
          const panel = document.querySelector('[role="tabpanel"]');
          return panel && !panel.textContent?.includes("Loading...");
        });
        const name = `dashboard-${tab.toLowerCase().replace(/\s+/g, "-")}`;
        problems.push(...(await measure(page, name, viewport.width)).map((problem) => `${tab}: ${problem}`));
      }
      expect(problems).toEqual([]);
      await expectNoAxeViolations(page);
    });

    for (const screen of SCREENS) {
      it(`${screen.name} fits, with every column in view`, { timeout: 90_000 }, async () => {
        const { page } = staff;
        await page.goto(screen.path());
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await screen.ready?.(page);
        expect(await measure(page, screen.name, viewport.width)).toEqual([]);
        await expectNoAxeViolations(page);
      });
    }
  });
}

describe("signed-out admin screens", () => {
  for (const viewport of WIDTHS) {
    it(`fit at ${viewport.width} pixels`, { timeout: 90_000 }, async () => {
      const { context, page } = await newPage(site, viewport.width, { viewport });
      for (const name of ["admin-login", "admin/forgot-password"]) {
        await page.goto(`/${name}`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await screenshotForReview(page, `admin-fit-${name.replace("/", "-")}-${viewport.width}`, { fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
      }
      await context.close();
    });
  }
});
