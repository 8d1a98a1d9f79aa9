// ESLint: TypeScript, the rules of hooks, accessibility in JSX, and the constraints of the runtime the
// browser gets (Preact's React layer, decision 023). Formatting is Prettier's (`npm run format`).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "public/", "data/", "coverage/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      // A box that scrolls sideways takes focus as a named region, so a keyboard can scroll it (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
    },
  },
  {
    // The browser runs Preact's React layer (decision 023): what it does differently from React stays out of code the browser runs.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react",
              importNames: ["useId"],
              message: "useId gives other ids in Preact than the server's React rendered: make the id from a label (~/lib/dom-id).",
            },
            {
              name: "react",
              importNames: ["use", "useActionState", "useOptimistic"],
              message: "Preact's React layer does not do this as React does (decision 023).",
            },
            {
              name: "react-dom",
              importNames: ["useFormStatus", "preload", "preinit"],
              message: "Preact's React layer does not do this as React does (decision 023).",
            },
          ],
        },
      ],
    },
  },
);
