import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { preactForReact } from "./aliases.ts";
import { lazyModuleUrl } from "./lazy-module-url.ts";
import LongestFirst from "./tests/setup/sequencer.ts";

const componentTests = "app/**/*.dom.test.{ts,tsx}";
const databaseTests = ["server/**/*.db.test.ts", "tests/integration/**/*.db.test.ts"];

/**
 * The database suites whose code paths differ between the engines, which run on PGlite even when every
 * suite also runs on PostgreSQL (decision 059):
 */
const engineSpecificTests = [
  // the clients themselves: the data directory and its lock, PGlite's statistics, the write batcher,
  // the move from PGlite to PostgreSQL, and backups (a copy of PGlite's data directory)
  "server/db/**/*.db.test.ts",
  // migrations that rewrite existing rows
  "server/**/*-migration.db.test.ts",
  // files in chunks: bytea goes through PGlite's own serializer (server/db/client.ts passBytesAsBinary)
  "server/modules/media/media.db.test.ts",
  "server/modules/careers/careers.db.test.ts",
  "server/modules/privacy/privacy.db.test.ts",
  // the site search: pg_trgm is PGlite's build of the extension
  "server/modules/search/search.db.test.ts",
  // the job queue: pg-boss runs on PGlite through its own adapter, and the worker process refuses it
  "server/mail/outbox.db.test.ts",
  "tests/integration/worker-process.db.test.ts",
  // tests that branch on the engine, and the control socket only the embedded database has
  "server/content-relay.db.test.ts",
  "server/modules/content/content.db.test.ts",
  "tests/integration/campaign-crash.db.test.ts",
  "server/cli/commands.db.test.ts",
  "server/metrics.db.test.ts",
];

/**
 * With TEST_DATABASE_URL (as `.ci/run` sets it) every database suite runs on PostgreSQL, and the suites
 * above on PGlite too (every suite with TEST_PGLITE=all, as `npm run verify` sets it); without it, every
 * suite runs on PGlite, so a machine without PostgreSQL loses none.
 */
const pgliteIncludes = process.env.TEST_PGLITE === "all" ? databaseTests : engineSpecificTests;
/**
 * Each database and browser file builds its own app on its own database, so the server's modules are
 * loaded once per worker rather than once per file: importing them again for each of 137 files was a
 * third of the database suites' time (decision 072).
 */
const sharedModules = { isolate: false };
/** What every verify suite needs: a database, a browser, and the time a suite against a running site takes. */
const verifySuites = {
  globalSetup: ["tests/setup/database.ts", "tests/setup/browser.ts"],
  testTimeout: 15 * 60_000,
  hookTimeout: 5 * 60_000,
};
/** The verify suites that assert the server's resident memory against its 300 MB budget (docs/performance.md). */
const memoryBudgetSuites = ["tests/verify/uploads.verify.test.ts", "tests/verify/inbound-mail.verify.test.ts"];
const databaseProjects: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: { name: "db:pglite", include: pgliteIncludes, env: { TEST_DB: "pglite" }, globalSetup: ["tests/setup/database.ts"], ...sharedModules },
      },
      {
        extends: true as const,
        test: { name: "db:postgres", include: databaseTests, env: { TEST_DB: "postgres" }, globalSetup: ["tests/setup/database.ts"], ...sharedModules },
      },
    ]
  : [
      {
        extends: true as const,
        test: { name: "db:pglite", include: databaseTests, env: { TEST_DB: "pglite" }, globalSetup: ["tests/setup/database.ts"], ...sharedModules },
      },
    ];

export default defineConfig({
  // The components' tests load the header, which names the search box's code by address.
  plugins: [lazyModuleUrl()],
  // The results cache (each file's last duration, which orders the next run) belongs to this checkout; `npm test`
  // gives each of its lanes one of its own, as each lane's Vitest writes the whole cache when it ends (decision 088).
  cacheDir: process.env.VITEST_CACHE_DIR ?? ".cache/vite",
  test: {
    sequence: { sequencer: LongestFirst },
    // A test that takes 5 s alone has taken past 20 s with the machine's two cores shared with other runs
    // (load average 20): a timeout is for a test that hangs, not for a busy machine.
    testTimeout: 60_000,
    // Two files at a time: most of a browser or database test is spent waiting on another process, so
    // two workers on a 2-core machine halve the run (1,301 s → 608 s) rather than slow it.
    maxWorkers: 2,
    // A file's set-up clones a database (PGlite boots PostgreSQL in WebAssembly) and builds the app; on two
    // cores shared with other runs that has taken past a minute, which failed the whole file unrun.
    hookTimeout: 120_000,
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
          // One module graph per worker, as for the components: no unit test mocks a module, and each puts
          // back the timers it fakes.
          isolate: false,
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
          // Importing React Router and the components again for every file cost most of the run (127 s of
          // it for 13 s of tests); each file puts back the globals it stubs and the timers it fakes.
          isolate: false,
          server: { deps: { inline: ["react-router", "lucide-react", "@testing-library/preact"] } },
        },
      },
      ...databaseProjects,
      {
        // Load and fault suites against a running site; `npm test` runs them short, `npm run verify` at full length.
        extends: true,
        test: {
          ...verifySuites,
          name: "verify",
          include: ["tests/verify/**/*.verify.test.ts"],
          exclude: memoryBudgetSuites,
          // `npm test`'s short suites two files at a time, still alone on the machine (decision 084); `npm run verify`
          // one at a time, so that each figure it records is its suite's alone.
          fileParallelism: process.env.VERIFY_FULL !== "1",
        },
      },
      {
        // The suites that hold the server to its memory budget, one file at a time in every run: beside the load
        // suite, the same uploads peaked 40 MB higher (decision 089).
        extends: true,
        test: { ...verifySuites, name: "verify:memory", include: memoryBudgetSuites, fileParallelism: false },
      },
      {
        // The built site, in this process or as `npm start` runs it, asked over HTTP with no browser: its pages'
        // HTML, headers and links, hostile addresses, and the server process itself (decision 097).
        extends: true,
        test: {
          name: "site",
          include: ["tests/site/**/*.site.test.ts"],
          globalSetup: ["tests/setup/database.ts"],
          ...sharedModules,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/setup/database.ts", "tests/setup/browser.ts"],
          testTimeout: 60_000,
          ...sharedModules,
        },
      },
    ],
  },
});
