import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testimonialsContent } from "#app/content/testimonials.ts";
import { signInThroughLoginPage } from "../helpers/admin";
import { expectNoAxeViolations } from "../helpers/axe";
import { screenshotForReview } from "../helpers/screenshots";
import { newPage, startSite, type TestSite } from "../helpers/site";

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  await site.app.services.admin.createAdmin({ username: "writer", email: "writer@himaltech.test", password: "a-long-test-passphrase", role: "editor" });
  await site.app.services.admin.createAdmin({ username: "helpdesk", email: "helpdesk@himaltech.test", password: "a-long-test-passphrase", role: "support" });
});
afterAll(() => site.stop());

const NEW_QUOTE = "Zephyrine Analytics shipped our fraud model in six weeks, and it still catches what others miss.";
const first = testimonialsContent.items[0]!;

// Whole journeys of an editor and a visitor over a dozen pages each: past 60 s on a busy machine.
describe("Content editing", { timeout: 180_000 }, () => {
  it("lets an editor change a testimonial, preview it on the real page, publish it, and a visitor sees it on the home page, in search and from the assistant", async () => {
    const visitor = await newPage(site);
    await visitor.page.goto("/");
    await visitor.page.getByTestId("testimonials").getByText(first.content).waitFor({ state: "attached" });

    const { page } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).click();
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Testimonials" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Testimonials" }).waitFor();
    await expectNoAxeViolations(page);
    // The schedule box says what a Kathmandu time is where the editor is (the browser here keeps UTC).
    await page.getByLabel("Publish at (Kathmandu time)").fill("2030-01-01T09:00");
    await page.getByText("Kathmandu keeps UTC+5:45 all year.").waitFor();
    await page.getByText("That is Jan 1, 2030, 3:15 AM in your time zone (UTC).").waitFor();

    // A mistake is refused beside its field, with what was typed kept.
    const item = page.getByRole("group", { name: `Testimonial 1: ${first.name}` });
    await item.getByLabel("Quote").fill(NEW_QUOTE);
    await item.getByLabel("Stars").fill("9");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Some fields need changing before this can be saved.").waitFor();
    expect(await item.getByLabel("Quote").inputValue()).toBe(NEW_QUOTE);
    await page.getByRole("link", { name: "Give at most 5 stars." }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("content-items-0-rating");
    expect(await item.getByLabel("Quote").inputValue()).toBe(NEW_QUOTE);

    await item.getByLabel("Stars").fill("5");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Draft saved as revision 2. The live page is unchanged until you publish.").waitFor();

    // Saved but not published: the preview shows it; the visitor does not, even asking for a preview.
    for (const [link, width] of [
      ["Preview on a phone (390 pixels)", 390],
      ["Preview on a laptop (1280 pixels)", 1280],
    ] as const) {
      await page.getByRole("link", { name: link }).click();
      const frame = page.frameLocator(`iframe[title="Testimonials preview, ${width} pixels wide"]`);
      await frame.getByTestId("testimonials").getByText(NEW_QUOTE).waitFor({ state: "attached" });
      expect(await frame.locator("html").evaluate((html) => html.clientWidth)).toBe(width);
    }
    await visitor.page.goto("/?preview=draft");
    await visitor.page.getByTestId("testimonials").getByText(first.content).waitFor({ state: "attached" });
    expect(await visitor.page.getByText(NEW_QUOTE).count()).toBe(0);

    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();
    await page
      .getByRole("row", { name: /Revision 2/ })
      .getByText("Live")
      .waitFor();

    await visitor.page.goto("/");
    await visitor.page.getByTestId("testimonials").getByText(NEW_QUOTE).waitFor({ state: "attached" });
    await visitor.page.goto("/search?q=zephyrine");
    await visitor.page
      .getByRole("link", { name: /HimalTech/ })
      .first()
      .waitFor();
    expect(await visitor.page.locator("main").textContent()).toContain("Zephyrine");
    await visitor.page.goto("/contact");
    await visitor.page.getByRole("tab", { name: "AI Assistant" }).click();
    await visitor.page.getByLabel("Your question").fill("What did Zephyrine Analytics ship?");
    await visitor.page.getByLabel("Your question").press("Enter");
    await visitor.page
      .getByRole("log", { name: "Conversation with the assistant" })
      .getByText(/fraud model/)
      .waitFor();

    // The change, who made it, and the way back.
    await page.getByRole("link", { name: "Show the changes of revision 2" }).click();
    await page.getByRole("heading", { level: 1, name: "Testimonials: revision 2" }).waitFor();
    const change = page.getByRole("row", { name: /Testimonial 1 › Quote/ });
    expect(await change.locator("del").textContent()).toBe(first.content);
    expect(await change.locator("ins").textContent()).toBe(NEW_QUOTE);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Testimonials" }).click();
    await page.getByRole("link", { name: "Show the changes of revision 1" }).click();
    await page.getByRole("button", { name: "Restore revision 1 as a draft" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Testimonials" }).waitFor();
    expect(
      await page
        .getByRole("group", { name: `Testimonial 1: ${first.name}` })
        .getByLabel("Quote")
        .inputValue(),
    ).toBe(first.content);
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 3 is live.").waitFor();
    await visitor.page.goto("/");
    await visitor.page.getByTestId("testimonials").getByText(first.content).waitFor({ state: "attached" });

    const audit = await site.app.services.audit.list({ page: 1, per_page: 50, action: "content.published" });
    expect(audit.results.map((entry) => entry.who)).toEqual(["writer", "writer"]);
    await visitor.context.close();
    await page.context().close();
  });

  it("adds and removes list items without saving them until asked, on a phone, an answer in Markdown", async () => {
    const { page, context } = await newPage(site, 390);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/faq");
    await page.getByRole("button", { name: "Add question to group 1" }).click();
    await page.getByText("Question 6 added at the end of Questions. Not saved yet").waitFor();
    const added = page.getByRole("group", { name: "Question 6", exact: true });
    await added.getByLabel("Question").fill("Will you sign our supplier code of conduct?");
    await added.getByLabel("Answer").fill("Yes, once **our lawyer** has read it; see [our terms](/terms). <img src=x onerror=alert(1)>");
    await page.getByRole("button", { name: "Move question 6 of group 1 up" }).click();
    await page.getByRole("group", { name: "Question 5: Will you sign our supplier code of conduct?" }).waitFor();
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText(/Revision 2 is live\./).waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const visitor = await newPage(site, 390);
    await visitor.page.goto("/faq");
    await visitor.page.getByText("Will you sign our supplier code of conduct?").click();
    // The answer's Markdown is shown as what it stands for; the HTML typed into it is not there at all.
    const answer = visitor.page.locator("details", { hasText: "Will you sign our supplier code of conduct?" });
    expect(await answer.locator("strong").textContent()).toBe("our lawyer");
    expect(await answer.getByRole("link", { name: "our terms" }).getAttribute("href")).toBe("/terms");
    expect(await answer.locator("img").count()).toBe(0);
    // Search engines are given the same answer, as HTML, in the page's FAQ data.
    const data = (await visitor.page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => [JSON.parse(text)].flat());
    const faq = data
      .flatMap((item: { "@graph"?: unknown[] }) => item["@graph"] ?? [item])
      .find((item) => (item as { "@type"?: string })["@type"] === "FAQPage") as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.find((entry) => entry.name === "Will you sign our supplier code of conduct?")!.acceptedAnswer.text).toBe(
      '<p>Yes, once <strong>our lawyer</strong> has read it; see <a href="/terms">our terms</a>. </p>',
    );
    await visitor.context.close();
    await context.close();
  });

  it("changes the policies' dates on every policy page, and a section of the terms, once published", async () => {
    const visitor = await newPage(site);
    await visitor.page.goto("/privacy");
    await visitor.page.getByText("June 15, 2023").waitFor();
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/legal");
    await page.getByLabel("Last updated").fill("2026-11-29");
    const section = page.getByRole("group", { name: "Section 4: 4. Limitation of Liability" });
    await section.getByLabel("Points").fill("no liability for acts of nature;\nnone for force majeure.");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();
    for (const path of ["/terms", "/privacy", "/cookies"]) {
      await visitor.page.goto(path);
      expect(await visitor.page.getByRole("definition").last().textContent(), path).toBe("November 29, 2026");
    }
    await visitor.page.goto("/terms");
    await visitor.page.getByRole("listitem").filter({ hasText: "none for force majeure." }).waitFor();
    await visitor.context.close();
    await context.close();
  });

  it("gives a team member a photo: refused without a description, the photo kept, then on the about page with it at 390 and 1280 px", async () => {
    const portrait = path.join(await mkdtemp(path.join(tmpdir(), "himal-portrait-")), "sujata.jpg");
    await writeFile(
      portrait,
      await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#4f46e5" } })
        .jpeg()
        .toBuffer(),
    );
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/team");
    const person = page.getByRole("group", { name: "Person 2: Sujata Karki" });
    await person.getByLabel("Upload a photo").setInputFiles(portrait);
    await person.getByLabel("Job title").fill("Co-Founder & Chief Operating Officer");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("link", { name: "Describe the photo for visitors who cannot see it." }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("content-leaders-1-photo-alt");
    // The photo went to the media library with the refused form: it is shown, and not asked for again.
    await person.getByRole("img", { name: "The current photo" }).waitFor();
    expect(await person.getByLabel("Job title").inputValue()).toBe("Co-Founder & Chief Operating Officer");
    await expectNoAxeViolations(page);

    await person.getByLabel("Description of the photo").fill("Sujata Karki smiling in the Lalitpur office");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();

    for (const width of [390, 1280]) {
      const visitor = await newPage(site, width);
      await visitor.page.goto("/about");
      const photo = visitor.page.getByRole("img", { name: "Sujata Karki smiling in the Lalitpur office" });
      await photo.scrollIntoViewIfNeeded();
      // Loaded lazily, once scrolled to: the smallest stored WebP size does for a 96-pixel portrait.
      expect(await photo.evaluate(async (img: HTMLImageElement) => (await img.decode(), new URL(img.currentSrc).pathname))).toMatch(
        /^\/media\/[0-9a-f]{32}-400\.webp$/,
      );
      // Its laid-out size, which the card's reveal animation (a transform) does not change.
      expect(await photo.evaluate((img: HTMLImageElement) => [img.offsetWidth, img.offsetHeight])).toEqual([96, 96]);
      await visitor.page.getByText("Co-Founder & Chief Operating Officer").waitFor();
      await screenshotForReview(visitor.page, `about-team-${width}`);
      await visitor.context.close();
    }
    await context.close();
  });

  it("changes the home page's headline, a quick link and a figure", async () => {
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/home");
    await page.getByLabel("Headline").fill("Software that carries your business across the Himalayas");
    const link = page.getByRole("group", { name: "Link 4: Contact" });
    await link.getByLabel("Words").fill("Our pricing");
    await link.getByLabel("Page").selectOption("/pricing");
    await page.getByRole("group", { name: "Figure 2: 98%" }).getByLabel("Figure", { exact: true }).fill("99%");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();
    await expectNoAxeViolations(page);

    const visitor = await newPage(site, 390);
    await visitor.page.goto("/");
    await visitor.page.getByRole("heading", { level: 1, name: "Software that carries your business across the Himalayas" }).waitFor();
    expect(await visitor.page.getByRole("navigation", { name: "Explore HimalTech" }).getByRole("link", { name: "Our pricing" }).getAttribute("href")).toBe(
      "/pricing",
    );
    await visitor.page.locator("#why-us").getByText("99%", { exact: true }).waitFor();
    await visitor.context.close();
    await context.close();
  });

  it("moves the office: its phone, hours and place in every page's footer, on the contact page with its map, and in what search engines read", async () => {
    // A page that loads no data of its own, kept in the page cache before the change: its copy goes with it.
    expect(await (await fetch(`${site.url}/docs/sdks`)).text()).toContain("+977 1-5970123");

    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content");
    await page.getByRole("link", { name: "Contact facts" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Contact facts" }).waitFor();
    await page.getByLabel("Phone", { exact: true }).fill("977 1-4411223");
    await page.getByLabel("Days open").fill("Sunday\nMonday\nFunday");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Some fields need changing before this can be saved.").waitFor();
    await page.getByRole("link", { name: "Write the number with its country code, e.g. +977 1-5970123." }).waitFor();
    await page.getByRole("link", { name: "Write each day's name in English, e.g. Monday." }).waitFor();
    await expectNoAxeViolations(page);
    await screenshotForReview(page, "contact-facts-editor-1280", { fullPage: true });

    await page.getByLabel("Street").fill("Bakhundol Marg 7");
    await page.getByLabel("Phone", { exact: true }).fill("+977 1-4411223");
    await page.getByLabel("Working hours").fill("Sunday to Friday 10:00 AM to 6:00 PM\nSaturday closed");
    await page.getByLabel("Days open").fill("Sunday\nMonday\nTuesday\nWednesday\nThursday\nFriday");
    await page.getByLabel("Opens at").fill("10:00");
    await page.getByLabel("Closes at").fill("18:00");
    await page.getByLabel("Latitude").fill("27.6801");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();

    if (process.env.SCREENSHOT_DIR) {
      await page.goto("/contact");
      await screenshotForReview(page, "contact-facts-1280", { fullPage: true });
    }
    const visitor = await newPage(site, 390);
    for (const path of ["/docs/sdks", "/"]) {
      await visitor.page.goto(path);
      const call = visitor.page.getByRole("contentinfo").getByRole("link", { name: "+977 1-4411223" });
      expect(await call.getAttribute("href"), path).toBe("tel:+97714411223");
    }
    await visitor.page.goto("/contact");
    const details = visitor.page.getByRole("list", { name: "Contact details" });
    await details.getByText("Bakhundol Marg 7").waitFor();
    await details.getByText("Sunday to Friday 10:00 AM to 6:00 PM").waitFor();
    expect(await details.getByRole("link", { name: "+977 1-4411223" }).getAttribute("href")).toBe("tel:+97714411223");
    expect(await details.getByRole("link", { name: "View on map (opens in a new tab)" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/?mlat=27.6801&mlon=85.3066#map=17/27.6801/85.3066",
    );
    expect(await visitor.page.getByRole("link", { name: /Chat on WhatsApp/ }).getAttribute("href")).toBe("https://wa.me/97714411223");
    for (const [path, link, href] of [
      ["/talktoexpert", "+977 1-4411223", "tel:+97714411223"],
      ["/discussProject", "+977 1-4411223", "tel:+97714411223"],
      ["/support", /Start Live Chat/, "https://wa.me/97714411223"],
    ] as const) {
      await visitor.page.goto(path);
      expect(await visitor.page.getByRole("main").getByRole("link", { name: link }).getAttribute("href"), path).toBe(href);
    }
    await visitor.page.goto("/contact");
    await screenshotForReview(visitor.page, "contact-facts-390", { fullPage: true });
    const graph = (await visitor.page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => JSON.parse(text)["@graph"]);
    expect(graph.find((node) => node["@type"] === "LocalBusiness")).toMatchObject({
      telephone: "+977 1-4411223",
      address: { streetAddress: "Bakhundol Marg 7" },
      geo: { latitude: 27.6801 },
      openingHoursSpecification: [{ dayOfWeek: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "10:00", closes: "18:00" }],
    });
    await expectNoAxeViolations(visitor.page);

    await visitor.page.goto("/search?q=Bakhundol");
    await visitor.page
      .getByRole("link", { name: /Contact Us/ })
      .first()
      .waitFor();
    await visitor.context.close();
    await context.close();
  });

  it("adds a case study to the success stories, a card without points showing no empty list", async () => {
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/success");
    const studies = page.getByRole("group", { name: "Section 1: Case studies" });
    await studies.getByRole("button", { name: "Add card to section 1" }).click();
    const card = page.getByRole("group", { name: "Card 5", exact: true });
    await card.getByLabel("Label above the title").fill("Tourism · Software");
    await card.getByLabel("Title", { exact: true }).fill("Trekking permits booked in two minutes");
    await card.getByLabel("Text").fill("A booking app for a Pokhara trekking agency, with permits issued online.");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();

    const visitor = await newPage(site, 390);
    await visitor.page.goto("/success");
    const added = visitor.page.getByRole("listitem").filter({ has: visitor.page.getByRole("heading", { name: "Trekking permits booked in two minutes" }) });
    await added.getByText("Tourism · Software").waitFor();
    // The new card has no points: no empty list is drawn for them.
    expect(await added.getByRole("list").count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });

  it("adds a topic to a service page, and changes what search engines are told about it", async () => {
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content");
    await page.getByRole("link", { name: "Cloud Computing page" }).click();
    await page.getByLabel("Description for search engines").fill("Cloud from Nepal: migrations, Kubernetes and cost cuts, run by one remote team.");
    await page.getByRole("button", { name: "Add topic" }).click();
    const topic = page.getByRole("group", { name: "Topic 7", exact: true });
    await topic.getByLabel("Title").fill("Edge Computing");
    await topic.getByLabel("Anchor").fill("edge-computing");
    await topic.getByLabel("Description").fill("Run code beside your users on CDN points of presence in Kathmandu and beyond.");
    await topic.getByLabel("Features").fill("Functions at the edge\nCaching rules\nImage resizing");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();

    const visitor = await newPage(site, 1280);
    await visitor.page.goto("/services/cloud");
    expect(await visitor.page.getByRole("tab").count()).toBe(7);
    await visitor.page.getByRole("tab", { name: "Edge Computing" }).click();
    await visitor.page.getByText("Run code beside your users on CDN points of presence in Kathmandu and beyond.").waitFor();
    expect(await visitor.page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Cloud from Nepal: migrations, Kubernetes and cost cuts, run by one remote team.",
    );
    await visitor.context.close();
    await context.close();
  });

  it("changes a right in the privacy policy and the marketing cookies' words; the switches still work", async () => {
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "writer", "a-long-test-passphrase");
    await page.goto("/admin/content/privacy");
    await page.getByRole("group", { name: "Right 2: Correction" }).getByLabel("Text").fill("Fix personal data that is wrong, out of date or incomplete.");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();
    await page.goto("/admin/content/cookies");
    await page.getByRole("group", { name: "Marketing (the visitor's choice)" }).getByLabel("Name").fill("Campaigns");
    await page.getByRole("button", { name: "Save and publish now" }).click();
    await page.getByText("Revision 2 is live.").waitFor();

    const visitor = await newPage(site);
    await visitor.page.goto("/privacy?tab=rights");
    await visitor.page.getByText("Fix personal data that is wrong, out of date or incomplete.").waitFor();
    await visitor.page.goto("/cookies");
    const campaigns = visitor.page.getByRole("switch", { name: "Campaigns" });
    await campaigns.click();
    expect(await campaigns.getAttribute("aria-checked")).toBe("false");
    await visitor.context.close();
    await context.close();
  });

  it("is not offered to a support admin, and refused if asked", async () => {
    const { page, context } = await newPage(site);
    await signInThroughLoginPage(site, page, "helpdesk", "a-long-test-passphrase");
    expect(await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Content" }).count()).toBe(0);
    const response = await page.goto("/admin/content/testimonials");
    expect(response?.status()).toBe(403);
    await context.close();
  });
});
