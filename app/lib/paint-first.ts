/**
 * Paint first, then load the scripts. React Router's page asks for its script files in the head
 * (`modulepreload` links) and starts them from one inline module that imports the route modules
 * statically, so on a fast connection they are fetched, evaluated and hydrating before the browser
 * has painted the server's HTML once, and on a slow one they take the bandwidth the page's first
 * paint needs. This takes the links out of the head and rewrites that module to wait for the
 * page's first paint, then ask for the same files at once and import the same modules. The paint
 * is observed rather than awaited with a frame callback, which a page's own clock (or a test's fake
 * one) can hold back. A tab opened in the background paints nothing and loads at once.
 */
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;
// In any order among other attributes, such as the render's nonce (app/lib/emitted-scripts.ts).
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/>/g;

export function paintBeforeScripts(html: string): string {
  const bootstrap = html.match(BOOTSTRAP);
  const imports = bootstrap ? [...bootstrap[2]!.matchAll(STATIC_IMPORT)] : [];
  if (!bootstrap || imports.length === 0) {
    // The framework's markup changed under these patterns: fail the build and every render rather than ship pages that load as before, unnoticed.
    if (html.includes("__reactRouterRouteModules"))
      throw new Error("paintBeforeScripts no longer recognises React Router's bootstrap module; see app/lib/paint-first.ts.");
    return html;
  }
  const files = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  // Likewise for the preload links: left in the head, they would fetch every script before the first paint, unnoticed.
  if (files.length === 0 && /rel="?modulepreload/.test(html))
    throw new Error("paintBeforeScripts no longer recognises React Router's modulepreload links; see app/lib/paint-first.ts.");
  const [, open, body, close] = bootstrap;
  const module = [
    open,
    `await new Promise((resolve) => { new PerformanceObserver(resolve).observe({ type: "paint", buffered: true }); if (document.hidden) resolve(); });`,
    `for (const href of ${JSON.stringify(files)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map(([, name]) => name).join(", ")}] = await Promise.all([${imports.map(([, , url]) => `import(${url})`).join(", ")}]);`,
    body!.replace(STATIC_IMPORT, ""),
    close,
  ].join("\n");
  return html.replace(MODULE_PRELOAD, "").replace(BOOTSTRAP, () => module);
}
