import type { Plugin } from "vite";

const LAZY_MODULE_URL = "lazy-module-url:";

/**
 * `import url from "lazy-module-url:./Module"`: the address of the module's own chunk, for `import(url)`
 * when it is first wanted. Vite wraps each dynamic import it can see in a preload helper, and that helper
 * (0.5 KB) goes into the first load of every page whose code holds one. A module that only a visitor's
 * later action asks for (the header's search box) is named by address instead, and the page carries
 * nothing for it until then.
 */
export const lazyModuleUrl = (): Plugin => ({
  name: "lazy-module-url",
  async resolveId(source, importer) {
    if (!source.startsWith(LAZY_MODULE_URL)) return null;
    const module = await this.resolve(source.slice(LAZY_MODULE_URL.length), importer);
    return module && `\0${LAZY_MODULE_URL}${module.id}`;
  },
  load(id) {
    if (!id.startsWith(`\0${LAZY_MODULE_URL}`)) return null;
    const module = id.slice(LAZY_MODULE_URL.length + 1);
    // Pages ask for such a module only in the browser. Left undefined, the server's copy of the page
    // holds no address that a bundler, or Vitest loading it, would take for a module to resolve.
    if (this.environment.name !== "client") return "export default undefined";
    if (this.environment.mode === "dev") return `export default ${JSON.stringify(`/@fs${module}`)}`;
    return `export default import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: "chunk", id: module })}`;
  },
});
