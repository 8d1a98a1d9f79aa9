import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { aliases } from "./aliases.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: aliases },
  build: { assetsInlineLimit: 0 },
});
