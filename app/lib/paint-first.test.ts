import { describe, expect, it } from "vitest";
import { paintBeforeScripts } from "./paint-first";

/** The shape React Router gives a page: modulepreload links in the head, a bootstrap module at the end. */
const preloads = '<link rel="modulepreload" href="/assets/entry.client-D3.js"/><link rel="modulepreload" href="/assets/framework-F4.js"/>';
const bootstrap = [
  '<script type="module" async="">;',
  'import * as route0 from "/assets/root-B1.js";',
  'import * as route1 from "/assets/home-C2.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-D3.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-D3.js");</script>',
].join("\n");
const head = '<head><script type="application/ld+json">{"@type":"Organization"}</script>';
const page = (links: string, body: string) => `<!DOCTYPE html><html>${head}${links}</head><body><h1>Hi</h1>${body}</body></html>`;
const moduleOf = (html: string) => html.match(/<script type="module" async="">([\s\S]*?)<\/script>/)![1]!;

describe("paintBeforeScripts", () => {
  it("waits for the first paint, then asks for the page's script files and imports the route modules under the same names", () => {
    const module = moduleOf(paintBeforeScripts(page(preloads, bootstrap)));
    expect(module).not.toMatch(/^\s*import \* as/m);
    const paint = module.indexOf('observe({ type: "paint", buffered: true })');
    const files = module.indexOf('for (const href of ["/assets/entry.client-D3.js","/assets/framework-F4.js"])');
    const load = module.indexOf('const [route0, route1] = await Promise.all([import("/assets/root-B1.js"), import("/assets/home-C2.js")]);');
    expect(paint).toBeGreaterThanOrEqual(0);
    expect(files).toBeGreaterThan(paint);
    expect(load).toBeGreaterThan(files);
    expect(module.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};')).toBeGreaterThan(load);
    expect(module.trimEnd().endsWith('import("/assets/entry.client-D3.js");')).toBe(true);
  });

  it("takes the script files out of the head, so they do not compete with the first paint", () => {
    const html = paintBeforeScripts(page(preloads, bootstrap));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.startsWith(`<!DOCTYPE html><html>${head}</head><body><h1>Hi</h1>`)).toBe(true);
  });

  it("lets a tab opened in the background, which paints nothing, load at once", () => {
    expect(moduleOf(paintBeforeScripts(page(preloads, bootstrap)))).toContain("if (document.hidden) resolve();");
  });

  it("rewrites a page whose tags carry a render's nonce before or after their other attributes", () => {
    const nonced = page(
      preloads.replaceAll('<link rel="modulepreload"', '<link nonce="n0nce" rel="modulepreload"'),
      bootstrap.replace('<script type="module" async="">', '<script nonce="n0nce" type="module" async="">'),
    );
    const html = paintBeforeScripts(nonced);
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('for (const href of ["/assets/entry.client-D3.js","/assets/framework-F4.js"])');
    expect(html).toContain('<script nonce="n0nce" type="module" async="">');
  });

  it("fails loudly when the framework's bootstrap module no longer has the shape it rewrites", () => {
    const changed = page(preloads, bootstrap.replaceAll(/import \* as (\w+) from ("[^"]+");/g, "import { default as $1 } from $2;"));
    expect(() => paintBeforeScripts(changed)).toThrow(/no longer recognises React Router's bootstrap module/);
    expect(() => paintBeforeScripts(page(preloads, bootstrap.replace('type="module"', 'type="module" crossorigin')))).not.toThrow();
  });

  it("fails loudly when the framework's preload links no longer have the shape it takes out", () => {
    const reshaped = '<link rel=modulepreload href="/assets/entry.client-D3.js">';
    expect(() => paintBeforeScripts(page(reshaped, bootstrap))).toThrow(/modulepreload links/);
  });

  it("leaves a page without a bootstrap module as it was", () => {
    const plain = page(preloads, "<p>No scripts here.</p>");
    expect(paintBeforeScripts(plain)).toBe(plain);
  });
});
