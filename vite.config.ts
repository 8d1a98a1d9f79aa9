import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { aliases } from "./aliases.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: aliases },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router in one chunk: every page needs all of them, and one file
        // costs a first visit fewer requests than the dozen pieces automatic splitting makes of them.
        // "site": the layout, the shared components, hooks and icons that two or more pages use. Split
        // automatically they came as some thirty files of 1–2 KB per page, each a round trip on a
        // slow connection; grouped, a page loads about ten files and the same bytes. The admin
        // screens' code and the account and admin API clients stay out of it: no marketing page uses them.
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: "site", test: /[\\/]app[\\/](components[\\/](layout|ui|forms)[\\/]|lib[\\/](?!admin|api[\\/](account|admin)-client)|content[\\/](site|navigation|not-found|tone)\.)|node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
