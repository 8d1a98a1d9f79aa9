import { fileURLToPath } from "node:url";

/** Import aliases shared by Vite and Vitest; tsconfig.json "paths" says the same for TypeScript and tsx. */
export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
};

/**
 * What the browser runs in place of React and React DOM (decision 023): the browser build and the
 * component tests resolve these to Preact's compatibility layer; the server renders with React.
 */
export const preactForReact: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
