import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { aliases, preactForReact } from "./aliases.ts";
import { lazyModuleUrl } from "./lazy-module-url.ts";

const componentTests = "app/**/*.dom.test.{ts,tsx}";
const databaseTests = ["server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"];

/** The database suites run once on embedded PGlite and again on PostgreSQL when TEST_DATABASE_URL is set. */
const databaseProjects: TestProjectInlineConfiguration[] = [
  { extends: true as const, test: { name: "db:pglite", include: databaseTests, env: { TEST_DB: "pglite" }, globalSetup: ["tests/setup/database.ts"] } },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          extends: true as const,
          test: { name: "db:postgres", include: databaseTests, env: { TEST_DB: "postgres" }, globalSetup: ["tests/setup/database.ts"] },
        },
      ]
    : []),
];

export default defineConfig({
  // The components' tests load the header, which names the search box's code by address.
  plugins: [lazyModuleUrl()],
  resolve: { alias: aliases },
  test: {
    testTimeout: 20_000,
    // Two files at a time: most of a browser or database test is spent waiting on another process, so
    // two workers on a 2-core machine halve the run (1,301 s → 608 s) rather than slow it.
    maxWorkers: 2,
    hookTimeout: 60_000,
    // Browser and database suites run side by side on two cores: a condition a test waits for can take
    // more than expect.poll's default second to come about.
    expect: { poll: { timeout: 5_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "contracts/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...databaseTests, componentTests],
          environment: "node",
        },
      },
      {
        // Components and hooks as the browser runs them: on a DOM, with Preact in place of React (decision 023).
        // The libraries that import React are compiled with the same aliases rather than loaded as they are.
        extends: true,
        resolve: {
          alias: Object.entries(preactForReact).map(([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement })),
          // React Router's ES modules, which the aliases apply to, rather than its CommonJS build.
          conditions: ["module"],
        },
        test: {
          name: "components",
          include: [componentTests],
          environment: "happy-dom",
          server: { deps: { inline: ["react-router", "lucide-react", "@testing-library/preact"] } },
        },
      },
      ...databaseProjects,
      {
        // Load and fault suites against a running site; `npm test` runs them short, `npm run verify` at full length.
        extends: true,
        test: {
          name: "verify",
          include: ["tests/verify/**/*.verify.test.ts"],
          globalSetup: ["tests/setup/database.ts", "tests/setup/browser.ts"],
          testTimeout: 15 * 60_000,
          hookTimeout: 5 * 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/setup/database.ts", "tests/setup/browser.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
