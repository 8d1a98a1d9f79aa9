import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { preactForReact } from "./aliases.ts";
import { lazyModuleUrl } from "./lazy-module-url.ts";

/**
 * The browser build runs Preact's React compatibility layer in place of React and React DOM
 * (decision 023): the same components, 58 KB less script on every page. The server renders with
 * React itself; `app/entry.client.tsx` settles the differences when the page is taken over. The
 * development server keeps React in the browser too, for its fast refresh.
 */
const preactInBrowser = (): Plugin => ({
  name: "preact-in-browser",
  apply: "build",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (this.environment.name !== "client" || !(source in preactForReact)) return null;
    return this.resolve(preactForReact[source]!, importer, { ...options, skipSelf: true });
  },
});

export default defineConfig({
  plugins: [preactInBrowser(), lazyModuleUrl(), tailwindcss(), reactRouter()],
  // The development server's scan of the routes does not reach these (the takeover's Preact modules,
  // the API client's cookie parser, the icons); found on the first page instead, they made Vite re-bundle
  // and reload that page while it ran. Named here, they are bundled before the first request.
  optimizeDeps: { include: ["cookie", "lucide-react", "preact", "preact/compat", "preact/hooks"] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Chromium's explicit compile hint (decision 086): the browser compiles each function of a page's
        // scripts on a background thread while the file downloads, rather than on the main thread the first
        // time the takeover calls it. After minifying, so the comment stays the file's first line.
        postBanner: (chunk) => (chunk.fileName.startsWith("assets/") ? "//# allFunctionsCalledOnLoad\n" : ""),
        // Preact and React Router in one chunk: every page needs all of them, and one file
        // costs a first visit fewer requests than the dozen pieces automatic splitting makes of them.
        // "site": the layout, the shared components, hooks and icons that two or more pages use. Split
        // automatically they came as some thirty files of 1–2 KB per page, each a round trip on a
        // slow connection; grouped, a page loads about ten files and the same bytes. The admin
        // screens' code and the account and admin API clients stay out of it: no marketing page uses them.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](preact|react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: "site",
              test: /[\\/]app[\\/](components[\\/](layout|ui|forms)[\\/]|lib[\\/](?!admin|api[\\/](account|admin)-client)|content[\\/](site|navigation|not-found|tone)\.)|node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
