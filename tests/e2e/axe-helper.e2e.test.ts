import { expect, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { browser } from "../helpers/site";

/** The check every page test leans on gathers only violations: it must still name each one it finds. */
it("fails a page with faint text, an image without words and a nameless button, naming each rule", async () => {
  const context = await (await browser()).newContext();
  try {
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><p style="color:#bbb;background:#fff">faint text</p><img src="data:,"><button></button></main></html>`,
    );
    const failure = await expectNoAxeViolations(page).then(
      () => "",
      (error: { actual?: string[] }) => (error.actual ?? []).join(" "),
    );
    for (const rule of ["color-contrast", "image-alt", "button-name"]) expect(failure).toContain(rule);
    await page.setContent(`<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><p>Plain text.</p></main></html>`);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});
