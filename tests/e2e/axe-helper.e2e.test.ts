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

/** An editor's preview is a frame of the site's own page: axe checks inside it, and passes over a frame that may run no scripts. */
it("names a violation inside a frame, and leaves out a frame sandboxed without scripts", async () => {
  const context = await (await browser()).newContext();
  try {
    const page = await context.newPage();
    // Served from an address, as the site's pages are: a frame of a page with no origin cannot answer axe's messages.
    let html = "";
    await page.route("http://check.test/", (route) => route.fulfill({ body: html, contentType: "text/html" }));
    const open = async (inner: string, sandbox = "") => {
      html = `<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1><iframe title="Preview" ${sandbox} srcdoc="<!doctype html><html lang=en><title>Inner</title><main>${inner}</main></html>"></iframe></main></html>`;
      await page.goto("http://check.test/");
    };
    await open("<button></button>");
    const failure = await expectNoAxeViolations(page).then(
      () => "",
      (error: { actual?: string[] }) => (error.actual ?? []).join(" "),
    );
    expect(failure).toContain("button-name");
    expect(failure).toContain("iframe");
    await open("<button></button>", "sandbox");
    const started = Date.now();
    await expectNoAxeViolations(page);
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    await context.close();
  }
});
