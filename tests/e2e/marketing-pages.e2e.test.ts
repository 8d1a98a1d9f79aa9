import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

const widths = [390, 1280] as const;

async function visit(path: string, width: number, { clock = false } = {}) {
  const opened = await newPage(site, width);
  if (clock) {
    // Time stands still from the start, so the test moves every timer itself.
    await opened.page.clock.install({ time: new Date("2026-03-01T09:00:00Z") });
    await opened.page.clock.pauseAt(new Date("2026-03-01T09:00:01Z"));
  }
  await opened.page.goto(path);
  return opened;
}

/** Scrolls through the page so every card that reveals on scroll has done so, then runs axe. */
async function scrollThroughAndCheckAxe(page: Page) {
  const reveals = page.locator(".mk-reveal");
  for (let i = 0; i < (await reveals.count()); i++) {
    await reveals.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => reveals.nth(i).getAttribute("data-revealed")).toBe("true");
  }
  await expectNoAxeViolations(page);
}

const hrefOf = (page: Page, name: string | RegExp) =>
  page
    .getByRole("link", { name, exact: typeof name === "string" })
    .first()
    .getAttribute("href");

describe("home page", () => {
  for (const width of widths) {
    it(`shows every section with the spec's link targets at ${width} px`, async () => {
      const { context, page } = await visit("/", width);
      expect(await hrefOf(page, "Get Started")).toBe("/getStarted");
      expect(await hrefOf(page, "Talk to Expert")).toBe("/talktoexpert");
      const quick = page.getByRole("navigation", { name: "Explore HimalTech" });
      expect(await quick.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
        "/about",
        "/expertise",
        "/success",
        "/contact",
      ]);
      for (const [service, to] of [
        ["AI Solutions", "/services/ai"],
        ["Cybersecurity", "/services/cybersecurity"],
        ["Cloud Services", "/services/cloud"],
        ["Data Science", "/services/data-science"],
        ["Software Solutions", "/services/software"],
      ]) {
        expect(await hrefOf(page, `See More about ${service}`)).toBe(to);
      }
      expect(await hrefOf(page, "Discuss Your Project")).toBe("/discussProject");
      expect(await page.getByText("Live Product", { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByText("Pilot Phase", { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.locator("#showcase li h3").count()).toBe(6);
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it("sizes the orbit by window width", async () => {
    const sizes: number[] = [];
    for (const width of [390, 700, 900, 1280]) {
      const { context, page } = await visit("/", width);
      sizes.push((await page.getByTestId("orbit").boundingBox())!.width);
      await context.close();
    }
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set(sizes).size).toBe(4);
  });

  it("types the services at 70 ms a character and rotates the spotlight every 5 s, with clickable dots", async () => {
    const { context, page } = await visit("/", 1280, { clock: true });
    const typed = page.getByTestId("typewriter");
    for (const shown of ["A", "AI", "AI ", "AI &", "AI & "]) {
      await page.clock.runFor(69);
      expect(await typed.textContent()).toBe(shown.slice(0, -1));
      await page.clock.runFor(1);
      await expect.poll(() => typed.textContent()).toBe(shown);
    }
    const active = () => page.locator("[data-testid=spotlight][data-active=true]").textContent();
    expect(await active()).toContain("Forecasting");
    await page.clock.runFor(5000);
    await expect.poll(active).toContain("Dashboards");
    await page.getByRole("button", { name: "Show Cloud Computing" }).click();
    await expect.poll(active).toContain("Kubernetes");
    await context.close();
  });

  it("opens one service card at a time with its arrow", async () => {
    const { context, page } = await visit("/", 390);
    const toggle = (id: string) => page.getByTestId(`service-${id}`).getByRole("button", { name: /features$/ });
    await toggle("ai").click();
    await expect.poll(() => page.locator("#service-ai-features").isVisible()).toBe(true);
    await toggle("cybersecurity").click();
    await expect.poll(() => page.locator("#service-ai-features").isVisible()).toBe(false);
    await page.locator("#service-cybersecurity-features").waitFor();
    expect(await toggle("cybersecurity").getAttribute("aria-label")).toBe("Hide Cybersecurity features");
    const names = await page.locator('[aria-controls$="-features"]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(names).toEqual([
      "Show AI Solutions features",
      "Hide Cybersecurity features",
      "Show Cloud Services features",
      "Show Data Science features",
      "Show Software Solutions features",
    ]);
    await toggle("cybersecurity").click();
    await expect.poll(() => page.locator("#service-cybersecurity-features").isVisible()).toBe(false);
    await context.close();
  });

  it("opens the talk-to-expert form about a showcase card's product from its Explore more", async () => {
    const { context, page } = await visit("/", 1280);
    await page.getByRole("link", { name: "Explore more about Padhai AI Tutor" }).click();
    await page.waitForURL(`${site.url}/talktoexpert?topic=Padhai%20AI%20Tutor`);
    await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("I would like to talk about Padhai AI Tutor.");
    await context.close();
  });

  it("runs the testimonials every 5000 ms once in sight, holds while hovered, and wraps by mouse and keyboard", async () => {
    const { context, page } = await visit("/", 1280, { clock: true });
    const carousel = page.getByTestId("testimonials");
    const current = () => carousel.locator("[aria-roledescription=slide][data-active=true]").getAttribute("aria-label");
    expect(await carousel.getByText("5.0/5.0").count()).toBe(3);
    expect(await current()).toBe("1 of 3");
    // Below the fold, the carousel comes to life as it comes into view (decision 079), and turns from then on.
    await carousel.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        await page.clock.runFor(1000);
        return current();
      })
      .toBe("2 of 3");
    await page.clock.runFor(4999);
    expect(await current()).toBe("2 of 3");
    await page.clock.runFor(1);
    await expect.poll(current).toBe("3 of 3");

    await carousel.hover();
    await page.clock.runFor(15_000);
    expect(await current()).toBe("3 of 3");
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expect.poll(current).toBe("1 of 3");

    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expect.poll(current).toBe("3 of 3");
    expect(await carousel.locator("[aria-roledescription=slide][data-active=true]").getAttribute("data-direction")).toBe("backward");
    await page.getByRole("button", { name: "Next testimonial" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(current).toBe("1 of 3");
    expect(await carousel.locator("[aria-roledescription=slide][data-active=true]").getAttribute("data-direction")).toBe("forward");
    await page.getByRole("button", { name: "Show testimonial 2" }).click();
    await expect.poll(current).toBe("2 of 3");
    await context.close();
  });
});

describe("about page", () => {
  for (const width of widths) {
    it(`has the spec's title, sections and links at ${width} px`, async () => {
      const { context, page } = await visit("/about", width);
      expect(await page.title()).toBe("About | HimalTech – Innovation in Nepal");
      const text = await page.locator("main").textContent();
      for (const expected of [
        "Pioneering secure, intelligent technology solutions for the digital era",
        "Our Mission",
        "Our Vision",
        "How We Work",
        "Ready to transform your ideas into reality?",
        "Meet Our Leadership",
        "Global Dream Team",
        "Want to join our talented team?",
        "Founder's Reflection",
        "Dec 2019",
        "Aug 2020-2023",
        "2024-2025",
        "Founder & CEO",
        "Co-Founder & COO",
        "Co-Founder, CTO & Director of Engineering",
        "Lead Fullstack Engineer",
      ]) {
        expect(text).toContain(expected);
      }
      for (const heading of [
        "AI Innovation",
        "Cybersecurity Leadership",
        "Cloud Transformation",
        "Software Excellence",
        "Continuous Growth",
        "Innovation",
        "Security",
        "Integrity",
        "Customer Success",
        "Excellence",
      ]) {
        expect(await page.getByRole("heading", { name: heading, exact: true }).count()).toBe(1);
      }
      expect(await page.locator("#process ol > li").count()).toBe(6);
      expect(await page.locator("#team ul").first().locator("> li").count()).toBe(4);
      expect(await hrefOf(page, "Start Your Project Now")).toBe("/discussProject");
      expect(await hrefOf(page, "Explore Career Opportunities")).toBe("/careers");
      expect(await page.getByRole("link", { name: /^Connect on LinkedIn/ }).count()).toBe(1);
      await scrollThroughAndCheckAxe(page);
      await context.close();
    });
  }

  it("lays the process out as an alternating timeline on wide screens and stacked cards on narrow ones", async () => {
    const lefts: number[][] = [];
    for (const width of widths) {
      const { context, page } = await visit("/about", width);
      lefts.push(await page.locator("#process ol > li article").evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left))));
      await context.close();
    }
    expect(new Set(lefts[0]).size).toBe(1);
    expect(lefts[1]![0]).toBeLessThan(lefts[1]![1]!);
    expect(lefts[1]![2]).toBe(lefts[1]![0]);
  });
});

const topicPages = [
  { path: "/services/ai", title: "AI Solutions", topics: 5, first: "Predictive Analytics", last: "AI Cybersecurity" },
  { path: "/services/cloud", title: "Cloud Computing", topics: 6, first: "Cloud Migrations", last: "Cost Optimization" },
  { path: "/services/cybersecurity", title: "Cybersecurity", topics: 6, first: "Threat Detection", last: "Incident Response" },
  { path: "/services/data-science", title: "Data Science", topics: 6, first: "Predictive Modeling", last: "Computer Vision" },
  { path: "/services/software", title: "Software Development", topics: 6, first: "Web & Mobile Apps", last: "Security Solutions" },
];

describe("service pages", () => {
  for (const service of topicPages) {
    for (const width of widths) {
      it(`${service.path} shows its ${service.topics} topics at ${width} px`, async () => {
        const { context, page } = await visit(service.path, width);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(service.title);
        const visiblePanels = await page
          .getByTestId("topic-panel")
          .evaluateAll((panels) => panels.filter((panel) => getComputedStyle(panel).visibility === "visible").length);
        expect(await page.getByTestId("topic-panel").count()).toBe(service.topics);
        expect(visiblePanels).toBe(width >= 768 ? 1 : service.topics);
        expect(await page.getByRole("tab").count()).toBe(width >= 768 ? service.topics : 0);
        // The longest topic's Explore button wraps rather than pushing its card past the screen's edge.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        // Explore leads to the talk-to-expert form about that topic.
        expect(await hrefOf(page, `Explore ${service.first}`)).toBe(`/talktoexpert?topic=${encodeURIComponent(service.first)}`);
        await expectNoAxeViolations(page);
        await context.close();
      });
    }
  }

  it("has the software page's subtitle, card ids and six features each", async () => {
    const { context, page } = await visit("/services/software", 390);
    expect(await page.locator("main").textContent()).toContain("Comprehensive software solutions tailored to your business needs");
    for (const title of ["Web & Mobile Apps", "API Development", "System Architecture", "DevOps Automation", "Cloud Solutions", "Security Solutions"]) {
      await page.getByRole("link", { name: `Explore ${title}` }).waitFor();
    }
    expect(await page.getByTestId("topic-panel").evaluateAll((panels) => panels.map((panel) => panel.querySelectorAll("ul li").length))).toEqual([
      6, 6, 6, 6, 6, 6,
    ]);
    await context.close();
  });

  it("keeps the previous/next arrows in one place whatever the topic's title, even one that wraps", async () => {
    for (const path of ["/services/ai", "/services/data-science"]) {
      const { context, page } = await visit(path, 800);
      const titleHeights = await page
        .getByTestId("topic-panel")
        .locator("h3")
        .evaluateAll((titles) => titles.map((title) => title.getBoundingClientRect().height));
      expect(Math.max(...titleHeights), `${path} has titles of different heights at 800 px: ${titleHeights.join(",")}`).toBeGreaterThan(
        Math.min(...titleHeights),
      );
      // Topic by topic, the arrows sit exactly where they were, and no title runs under them.
      const next = page.getByRole("button", { name: "Next topic" });
      const places: string[] = [];
      for (let topic = 0; topic < titleHeights.length; topic++) {
        const arrows = (await page.getByRole("group", { name: "Move between topics" }).boundingBox())!;
        const title = (await page.getByRole("tabpanel").locator("h3").boundingBox())!;
        expect(title.x + title.width, `${path}, topic ${topic + 1}`).toBeLessThanOrEqual(arrows.x);
        const { x, y } = (await next.boundingBox())!;
        places.push(`${Math.round(x)},${Math.round(y)}`);
        const shown = await page.getByRole("tabpanel").locator("h3").textContent();
        await next.click();
        await expect.poll(() => page.getByRole("tabpanel").locator("h3").textContent()).not.toBe(shown);
      }
      expect(new Set(places).size, `${path}: ${places.join(" | ")}`).toBe(1);
      await context.close();
    }
  });

  it("selects topics by mouse and keyboard, wraps with the arrows, and advances every 8 s unless hovered", async () => {
    const { context, page } = await visit("/services/ai", 1280, { clock: true });
    const selected = () => page.getByRole("tab", { selected: true }).textContent();
    const visiblePanel = () => page.getByRole("tabpanel").locator("h3").textContent();
    expect(await selected()).toBe("Predictive Analytics");

    await page.getByRole("button", { name: "Previous topic" }).click();
    await expect.poll(selected).toBe("AI Cybersecurity");
    await expect.poll(visiblePanel).toBe("AI Cybersecurity");
    await page.getByRole("button", { name: "Next topic" }).click();
    await expect.poll(selected).toBe("Predictive Analytics");

    await page.getByRole("tab", { name: "Deep Learning" }).click();
    await expect.poll(selected).toBe("Deep Learning");
    await page.keyboard.press("ArrowDown");
    await expect.poll(selected).toBe("AI Cybersecurity");
    await page.keyboard.press("ArrowDown");
    await expect.poll(selected).toBe("Predictive Analytics");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Predictive Analytics");

    await page.getByRole("tab", { name: "Computer Vision" }).hover();
    await page.clock.runFor(20_000);
    expect(await selected()).toBe("Predictive Analytics");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.clock.runFor(8000);
    await expect.poll(selected).toBe("Computer Vision");
    await context.close();
  });

  it("keeps keyboard focus on the arrow pressed with Enter, so each press moves on one topic", async () => {
    const { context, page } = await visit("/services/ai", 1280, { clock: true });
    const selected = () => page.getByRole("tab", { selected: true }).textContent();
    const visiblePanel = () => page.getByRole("tabpanel").locator("h3").textContent();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return element && element !== document.body && element.checkVisibility({ visibilityProperty: true })
          ? `${element.tagName} ${element.getAttribute("aria-label")}`
          : "nothing: the page body";
      });

    // Enter, then read the topic as a person does: once it shows and the panels' fade is over.
    const pressEnterAndRead = async (topic: string) => {
      await page.keyboard.press("Enter");
      await expect.poll(selected).toBe(topic);
      await expect.poll(visiblePanel).toBe(topic);
      await expect.poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length)).toBe(0);
    };

    await page.getByRole("button", { name: "Next topic" }).focus();
    for (const topic of ["Computer Vision", "Natural Language Processing", "Deep Learning"]) {
      await pressEnterAndRead(topic);
      expect(await focused(), topic).toBe("BUTTON Next topic");
    }

    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("BUTTON Previous topic");
    for (const topic of ["Natural Language Processing", "Computer Vision", "Predictive Analytics", "AI Cybersecurity"]) {
      await pressEnterAndRead(topic);
      expect(await focused(), topic).toBe("BUTTON Previous topic");
    }
    // axe waits on timers of its own, which the frozen clock would hold for ever.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("does not advance topics below 768 px", async () => {
    const { context, page } = await visit("/services/cloud", 767, { clock: true });
    const firstPanel = page.getByTestId("topic-panel").first();
    await page.clock.runFor(30_000);
    expect(await firstPanel.getAttribute("data-selected")).toBe("true");
    await context.close();
  });
});

describe("pricing page", () => {
  for (const width of widths) {
    it(`shows the Startup Special, five services and the spec's links at ${width} px`, async () => {
      const { context, page } = await visit("/pricing", width);
      await page.getByRole("heading", { name: "Startup Special" }).waitFor();
      expect(await hrefOf(page, "Contact Sales")).toBe("/talktoexpert");
      expect(await hrefOf(page, "View Case Studies")).toBe("/success");
      const cards = page.locator("#plans li[id^=pricing-]");
      expect(await cards.evaluateAll((items) => items.map((item) => item.id))).toEqual([
        "pricing-ai",
        "pricing-cybersecurity",
        "pricing-cloud",
        "pricing-data-science",
        "pricing-software",
      ]);
      expect(await cards.evaluateAll((items) => items.map((item) => item.querySelectorAll("ul li").length))).toEqual([4, 4, 4, 4, 4]);
      expect(await page.getByRole("link", { name: /^Discuss Project/ }).evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(
        Array(5).fill("/discussProject"),
      );
      expect(await hrefOf(page, "Schedule a Consultation")).toBe("/cta");
      await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
