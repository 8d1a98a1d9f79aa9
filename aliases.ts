import { fileURLToPath } from "node:url";

/** Import aliases shared by Vite and Vitest; tsconfig.json "paths" says the same for TypeScript and tsx. */
export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
};
