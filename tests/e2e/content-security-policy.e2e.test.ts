import { createHash } from "node:crypto";
import { createElement } from "react";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, startSite, type TestSite } from "../helpers/site";

/** What a script, written some other way than by the page's renderer, would do if it ran. */
const STRAY = "window.strayScriptRan = true";

/**
 * The built site with one more page, for this test only: its body holds an inline script that the
 * renderer did not emit, as stored markup that slipped past the Markdown rules would.
 */
function withStrayScriptPage(build: ServerBuild): ServerBuild {
  // A page without a loader, as this one is.
  const contact = build.assets.routes["routes/contact"]!;
  const id = "routes/stray-script";
  const StrayPage = () => createElement("article", { dangerouslySetInnerHTML: { __html: `<h1>Stray</h1><script>${STRAY}</script>` } });
  return {
    ...build,
    routes: { ...build.routes, [id]: { id, parentId: "root", path: "stray-script", module: { default: StrayPage } } },
    assets: { ...build.assets, routes: { ...build.assets.routes, [id]: { ...contact, id, path: "stray-script" } } },
  };
}

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ seed: true, siteBuild: withStrayScriptPage });
});
afterAll(() => site.stop());

const sourceOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const scriptSources = (policy: string | null) =>
  new Set((/script-src ([^;]*)/.exec(policy ?? "")?.[1] ?? "").split(" ").filter((source) => source !== "'self'"));
/** The page's inline scripts that a browser would run (JSON-LD is data, not a script). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , body]) => body!);

describe("the Content-Security-Policy of a page", () => {
  it("allows exactly the inline scripts the server emitted, on rendered pages and on their kept copies", async () => {
    for (const path of ["/", "/about", "/about", "/contact", "/blog", "/blog", "/careers", "/careers", "/login"]) {
      const response = await fetch(site.url + path);
      const html = await response.text();
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(scriptSources(response.headers.get("content-security-policy")), path).toEqual(new Set(scripts.map(sourceOf)));
      expect(html, path).not.toMatch(/\snonce=/);
    }
  });

  it("does not allow an inline script that reached the page other than from the server's own rendering", async () => {
    const response = await fetch(`${site.url}/stray-script`);
    const html = await response.text();
    expect(html).toContain(`<script>${STRAY}</script>`);
    const allowed = scriptSources(response.headers.get("content-security-policy"));
    expect(allowed).not.toContain(sourceOf(STRAY));
    // Every other inline script, the server's own, is allowed.
    expect(allowed).toEqual(
      new Set(
        inlineScripts(html)
          .filter((script) => script !== STRAY)
          .map(sourceOf),
      ),
    );

    const { context, page } = await newPage(site);
    const refused: string[] = [];
    await page.exposeFunction("reportRefused", (refusal: string) => refused.push(refusal));
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportRefused(refusal: string): void }).reportRefused(`${event.effectiveDirective} ${event.blockedURI}`),
      ),
    );
    await page.goto("/stray-script");
    await expect.poll(() => refused).toEqual(["script-src-elem inline"]);
    expect(await page.evaluate(() => (window as unknown as { strayScriptRan?: boolean }).strayScriptRan)).toBeUndefined();
    await context.close();
  });
});
