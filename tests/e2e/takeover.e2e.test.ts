import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, startSite, type TestSite } from "../helpers/site";

// A part of the page out of sight is taken over by the scripts only when it comes near the viewport,
// or at the visitor's first press, tap or focus inside it (decision 079). On the home page on a phone,
// the testimonials are eight screens down.

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.stop());

async function phoneAtHome(options: { blindObserver?: boolean } = {}) {
  const opened = await newPage(site, 390);
  // An IntersectionObserver that never reports: nothing but the visitor's press can take a part out of sight over.
  if (options.blindObserver)
    await opened.page.addInitScript(() => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
  // Time stands still from the start, so the test moves the carousel's timer itself.
  await opened.page.clock.install({ time: new Date("2026-03-01T09:00:00Z") });
  await opened.page.clock.pauseAt(new Date("2026-03-01T09:00:01Z"));
  await opened.page.goto("/");
  return opened;
}

const shownTestimonial = (page: Page) => page.getByTestId("testimonials").locator("[aria-roledescription=slide][data-active=true]").getAttribute("aria-label");

describe("parts out of sight", () => {
  it("leave the testimonials still while a visitor reads the top, and turn them by their timer once scrolled to", async () => {
    const { context, page } = await phoneAtHome();
    await page.clock.runFor(15_000);
    expect(await shownTestimonial(page)).toBe("1 of 3");

    await page.getByTestId("testimonials").scrollIntoViewIfNeeded();
    // Taken over within moments of coming near (real time: the page's own clock stands still), then turned by its timer.
    await expect
      .poll(async () => {
        await page.clock.runFor(5000);
        return shownTestimonial(page);
      })
      .toBe("2 of 3");
    await context.close();
  });

  it("answer the first tap of a visitor who flicks straight down to them, before the part notices it is in sight", async () => {
    const { context, page } = await phoneAtHome({ blindObserver: true });
    const next = page.getByRole("button", { name: "Next testimonial" });
    // Scrolled there and tapped in one go; the observer never tells the part, so the tap alone takes it over.
    const box = await next.evaluate((button) => {
      button.scrollIntoView({ block: "center", behavior: "instant" });
      const { x, y, width, height } = button.getBoundingClientRect();
      return { x: x + width / 2, y: y + height / 2 };
    });
    await page.mouse.click(box.x, box.y);
    await expect.poll(() => shownTestimonial(page)).toBe("2 of 3");
    await context.close();
  });

  it("answer a keyboard user whose focus lands in one still out of sight, on the first Enter, and keep the focus", async () => {
    const { context, page } = await phoneAtHome();
    const next = page.getByRole("button", { name: "Next testimonial" });
    // Focus moved there without scrolling (as a skip link or a screen reader may): nothing but the focus tells the part.
    await next.evaluate((button) => button.focus({ preventScroll: true }));
    await page.keyboard.press("Enter");
    await expect.poll(() => shownTestimonial(page)).toBe("2 of 3");
    expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
