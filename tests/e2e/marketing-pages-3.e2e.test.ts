import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, startSite, tabPerWidth, type TestSite } from "../helpers/site";

// The marketing pages against the rest of their spec: what the other suites do not count, the
// visitors who ask for reduced motion, the hosts a page talks to, and the layout of the card grids.

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());
/** The counts and the card grids read the pages they go to and leave nothing behind, so they share one tab per width. */
const tab = tabPerWidth(() => site);

const marketingPaths = [
  "/",
  "/about",
  "/services/ai",
  "/services/cloud",
  "/services/cybersecurity",
  "/services/data-science",
  "/services/software",
  "/pricing",
  "/getStarted",
  "/contact",
  "/cta",
  "/support",
  "/docs",
  "/docs/getting-started",
  "/docs/api-guides",
  "/docs/sdks",
  "/docs/troubleshooting",
  "/user-api",
  "/community",
  "/terms",
  "/privacy",
  "/cookies",
  "/gdpr",
  "/expertise",
  "/success",
  "/partners",
  "/faq",
];

async function hydrated(page: Page) {
  await page.waitForFunction(() => "hydrated" in document.documentElement.dataset);
}

/** A page whose clock moves only when the test moves it. */
async function openWithFrozenClock(page: Page, path: string) {
  await page.clock.install({ time: new Date("2026-03-01T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-03-01T09:00:01Z"));
  await page.goto(path);
  await hydrated(page);
}

/** Every marketing page in turn, each until its network is idle: about 2 s a page on two busy cores. */
const EVERY_PAGE_TIMEOUT_MS = 150_000;

describe("run-time hosts", () => {
  it("no marketing page asks another host for anything, down to its last image", { timeout: EVERY_PAGE_TIMEOUT_MS }, async () => {
    const { context, page } = await newPage(site, 390);
    const origin = new URL(site.url).origin;
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin) elsewhere.push(`${page.url()} → ${url}`);
    });
    for (const path of marketingPaths) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle");
    }
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});

describe("reduced motion", () => {
  it("home: the service is typed out whole and nothing rotates by itself, but every control still moves by hand", async () => {
    const { context, page } = await newPage(site, 1280, { reducedMotion: "reduce" });
    await openWithFrozenClock(page, "/");
    const typed = page.getByTestId("typewriter");
    const spotlight = () => page.locator("[data-testid=spotlight][data-active=true]").textContent();
    const testimonial = () => page.getByTestId("testimonials").locator("[aria-roledescription=slide][data-active=true]").getAttribute("aria-label");
    expect(await typed.textContent()).toBe("AI & Machine Learning");
    const firstSpotlight = await spotlight();
    await page.clock.runFor(30_000);
    expect(await typed.textContent()).toBe("AI & Machine Learning");
    expect(await spotlight()).toBe(firstSpotlight);
    expect(await testimonial()).toBe("1 of 3");
    expect(await page.locator("[data-testid=orbit] ul").evaluate((orbit) => getComputedStyle(orbit).animationName)).toBe("none");

    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expect.poll(testimonial).toBe("2 of 3");
    await page.getByRole("button", { name: "Show Cloud Computing" }).click();
    await expect.poll(spotlight).toContain("Kubernetes");
    await context.close();
  });

  it("about: the process, team and journey cards are there without scrolling to them", async () => {
    const { context, page } = await newPage(site, 390, { reducedMotion: "reduce" });
    await page.goto("/about");
    await hydrated(page);
    const hidden = await page
      .locator(".mk-reveal")
      .evaluateAll((cards) => cards.filter((card) => getComputedStyle(card).opacity !== "1" || getComputedStyle(card).transform !== "none").length);
    expect(await page.locator(".mk-reveal").count()).toBe(6 + 4 + 1 + 3);
    expect(hidden).toBe(0);
    await context.close();
  });

  it("service pages: the topic stays put, and the arrows still change it", async () => {
    const { context, page } = await newPage(site, 1280, { reducedMotion: "reduce" });
    await openWithFrozenClock(page, "/services/data-science");
    const selected = () => page.getByRole("tab", { selected: true }).textContent();
    await page.clock.runFor(40_000);
    expect(await selected()).toBe("Predictive Modeling");
    await page.getByRole("button", { name: "Next topic" }).click();
    await expect.poll(selected).toBe("Data Visualization");
    await context.close();
  });
});

describe("counts and targets the other suites leave out", () => {
  it("home: eight orbit topics, five service cards, three testimonials rated 5, a strip of client names", async () => {
    const { page } = await tab(1280);
    await page.goto("/");
    expect(await page.getByTestId("orbit").getAttribute("aria-label")).toBe("Our topics: AI, Security, Cloud, Data, Dev, Web, Mobile, Speed");
    expect(await page.locator("[data-testid=orbit] li").count()).toBe(8);
    expect(await page.locator("[data-testid^=service-]").count()).toBe(5);
    expect(await page.getByTestId("testimonials").locator("[aria-roledescription=slide]").count()).toBe(3);
    expect(await page.getByTestId("testimonials").getByText("5.0/5.0").count()).toBe(3);
    expect(await page.getByText("Trusted by teams in Nepal, Europe, North America and Australia").count()).toBe(1);
  });

  it('home: each why-us figure ("30-minute" the longest) stays on one line inside its card on a phone', async () => {
    for (const width of [360, 390, 1280]) {
      const { page } = await tab(width);
      await page.goto("/");
      const figures = await page.locator("#why-us li.rounded-card > span:first-child").evaluateAll((spans) =>
        spans.map((span) => {
          const card = span.parentElement!.getBoundingClientRect();
          const box = span.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(span);
          const text = range.getBoundingClientRect();
          return {
            value: span.textContent,
            oneLine: box.height < Number.parseFloat(getComputedStyle(span).fontSize) * 2,
            inside: text.left >= card.left && text.right <= card.right,
          };
        }),
      );
      expect(figures.map((figure) => figure.value)).toEqual(["99.95%", "98%", "2-week", "30-minute"]);
      expect(
        figures.filter((figure) => !figure.oneLine || !figure.inside),
        `${width} px`,
      ).toEqual([]);
    }
  });

  it("about: the Global Dream Team member works from France under a drawn flag, and the diagram's names fit their rings", async () => {
    const { page } = await tab(1280);
    await page.goto("/about");
    const member = page.locator("#team li", { hasText: "Connect on LinkedIn" });
    expect(await member.textContent()).toContain("France");
    expect(await member.locator("svg[data-flag=France]").count()).toBe(1);
    // An emoji flag reads as the letters "FR" where the system has no flag glyphs.
    expect(await member.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);

    const overflows = await page.locator("#who-we-are svg g").evaluateAll((nodes) =>
      nodes
        .map((node) => {
          const ring = node.querySelector("circle")!.getBoundingClientRect();
          const text = node.querySelector("text")!.getBoundingClientRect();
          return { name: node.textContent, fits: text.left > ring.left + 2 && text.right < ring.right - 2 };
        })
        .filter((node) => !node.fits)
        .map((node) => node.name),
    );
    expect(await page.locator("#who-we-are svg g").count()).toBe(5);
    expect(overflows).toEqual([]);
  });

  it("software page: the six cards carry the spec's ids", async () => {
    const { page } = await tab(1280);
    await page.goto("/services/software");
    const ids = await page.getByTestId("topic-panel").evaluateAll((panels) => panels.map((panel) => panel.id.replace(/^.*-panel-/, "")));
    expect(ids).toEqual(["web-mobile", "api-development", "system-architecture", "devops-automation", "cloud-solutions", "security"]);
  });

  it("docs: a search box and the four guide cards with their targets", async () => {
    const { page } = await tab(390);
    await page.goto("/docs");
    expect(await page.getByRole("searchbox").count()).toBe(1);
    const guides = ["/docs/getting-started", "/docs/api-guides", "/docs/sdks", "/docs/troubleshooting"];
    for (const href of guides) expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
  });

  it("community: threads with title, author, replies and views, two events and a featured project", async () => {
    const { page } = await tab(390);
    await page.goto("/community");
    const threads = page.getByRole("region", { name: "Discussions" }).or(page.locator("section[aria-labelledby=forum-title]")).locator("ul > li");
    expect(await threads.count()).toBeGreaterThan(1);
    for (const text of await threads.allTextContents()) {
      expect(text).toMatch(/by \S/);
      expect(text).toMatch(/Replies\d+/);
      expect(text).toMatch(/Views[\d,]+/);
    }
    const events = page.locator("section[aria-labelledby=events-title] ul > li");
    expect(await events.count()).toBe(2);
    expect(await page.locator("section[aria-labelledby=featured-title] h3").count()).toBe(1);
    // Every button leads somewhere: the Discord server, or a registration the team receives.
    expect(await page.getByRole("link", { name: "Start a Discussion" }).getAttribute("href")).toBe("https://discord.gg/himaltech");
    expect(await page.getByRole("link", { name: "View Project" }).getAttribute("href")).toBe("https://discord.gg/himaltech");
    await page.goto((await page.getByRole("link", { name: "Register for Kathmandu AI Meetup" }).getAttribute("href"))!);
    await expect.poll(() => page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe("Registration: Kathmandu AI Meetup");
  });

  it("a service topic's Explore opens the talk-to-expert form about it", async () => {
    const { page } = await tab(1280);
    await page.goto("/services/ai");
    const explore = page.getByRole("link", { name: /^Explore / }).first();
    const topic = (await explore.textContent())!.replace(/^Explore /, "").trim();
    await explore.click();
    await expect.poll(() => page.url()).toContain("/talktoexpert?topic=");
    await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe(`I would like to talk about ${topic}.`);
  });

  it("privacy: six kinds of data and that none is sold, four purposes, the four rights", async () => {
    const { page } = await tab(390);
    await page.goto("/privacy");
    await hydrated(page);
    const cards = () => page.getByRole("tabpanel").locator("li h3").allTextContents();
    expect(await cards()).toHaveLength(6);
    expect(await page.getByRole("tabpanel").textContent()).toMatch(/never sell/i);
    await page.getByRole("tab", { name: "Data Use" }).click();
    await expect.poll(async () => (await cards()).length).toBe(4);
    await page.getByRole("tab", { name: "Your Rights" }).click();
    await expect.poll(cards).toEqual(["Access and portability", "Correction", "Erasure", "Restriction"]);
  });

  it("terms: the four sections in order; cookies: a Reject All button beside Save Preferences", async () => {
    const { page } = await tab(390);
    await page.goto("/terms");
    const headings = await page.locator("article h2").allTextContents();
    expect(headings.slice(0, 4)).toEqual(["1. Acceptance of Terms", "2. Description of Service", "3. User Responsibilities", "4. Limitation of Liability"]);
    await page.goto("/cookies");
    // On a phone the "Always active" badge keeps the width of its words rather than the card's.
    const badge = (await page.getByText("Always active").boundingBox())!;
    expect(badge.width).toBeLessThan(150);
    expect(await page.getByRole("button", { name: "Reject All" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Save Preferences" }).count()).toBe(1);
  });

  it("/cta serves the contact page's call-to-action block, email-us first", async () => {
    const { page } = await tab(390);
    await page.goto("/cta");
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Email Us", "AI Assistant", "Book a Meeting"]);
    expect(await page.getByRole("tab", { selected: true }).textContent()).toBe("Email Us");
  });

  it("success: three headline figures shown large", async () => {
    const { page } = await tab(1280);
    await page.goto("/success");
    const figures = page.locator("#numbers li > p:first-child");
    expect(await figures.allTextContents()).toEqual(["98%", "99.95%", "15+"]);
    expect(Number.parseFloat(await figures.first().evaluate((figure) => getComputedStyle(figure).fontSize))).toBeGreaterThanOrEqual(32);
  });
});

describe("card grids on wide screens", () => {
  const lefts = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));

  it("pricing: the Startup Special lines up with the cards, and the last two cards sit centred under the first three", async () => {
    const { page } = await tab(1280);
    await page.goto("/pricing");
    const banner = (await page.getByTestId("startup-special").boundingBox())!;
    const cards = await page
      .locator("#plans li[id^=pricing-]")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).map(({ left, right, top }) => ({ left, right, top })));
    expect(Math.round(banner.x)).toBe(Math.round(cards[0]!.left));
    expect(Math.round(banner.x + banner.width)).toBe(Math.round(cards[2]!.right));
    expect(cards[3]!.top).toBeGreaterThan(cards[0]!.top);
    const rowCentre = (cards[0]!.left + cards[2]!.right) / 2;
    expect(Math.abs((cards[3]!.left + cards[4]!.right) / 2 - rowCentre)).toBeLessThan(2);
  });

  it("home services and GDPR measures: five cards, the last two centred", async () => {
    const { page } = await tab(1280);
    for (const [path, selector] of [
      ["/", "[data-testid^=service-]"],
      ["/gdpr", "main ul:has(> li h3) > li"],
    ] as const) {
      await page.goto(path);
      const [a, , c, d, e] = await page
        .locator(selector)
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
      expect(Math.abs((d!.left + e!.right) / 2 - (a!.left + c!.right) / 2), path).toBeLessThan(2);
    }
    expect(await lefts(page, "main ul:has(> li h3) > li")).toHaveLength(5);
  });

  it("on a tablet, two cards to a row and the fifth centred under them, never alone at the left", async () => {
    const { page } = await tab(900);
    for (const [path, selector] of [
      ["/", "[data-testid^=service-]"],
      ["/pricing", "#plans li[id^=pricing-]"],
      ["/gdpr", "main ul:has(> li h3) > li"],
      ["/about", "main ul:has(> li > h3) > li"],
    ] as const) {
      await page.goto(path);
      const cards = await page.locator(selector).evaluateAll((items) =>
        items
          .slice(0, 5)
          .map((item) => item.getBoundingClientRect())
          .map(({ left, right, top }) => ({ left, right, top })),
      );
      const [a, b, , , e] = cards;
      expect(b!.top, path).toBe(a!.top);
      expect(e!.top, path).toBeGreaterThan(a!.top);
      expect(Math.abs((e!.left + e!.right) / 2 - (a!.left + b!.right) / 2), path).toBeLessThan(2);
    }
  });
});
