// `npm test`: every suite. Installs Chromium and nginx if needed, then runs (decision 076):
//
//   checks   the build, then the type check and lint
//   tests    Vitest: unit, components, database (PostgreSQL when TEST_DATABASE_URL is set, and PGlite), from the start;
//            then the built site's suites without a browser (site), once the build is there
//   browser  Vitest: e2e, once the build is there, beside the two above
//   verify   Vitest: the short load, fault and proxy suites, two files at a time, once the tests and browser
//            lanes are done, alone on the machine (decisions 080, 084); then the memory budgets' suites,
//            one at a time (decision 089)
//
// Each lane's lines are prefixed with its name. It ends with one plain summary line over every Vitest run,
// and exits non-zero if anything failed: a test, a file that failed outside its tests (a hook, an import),
// an error Vitest caught outside any test, the type check, lint or the build.
// Arguments are handed to every Vitest run (e.g. a file filter); a project not in a lane is left out of it.
import "./supported-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const started = performance.now();
const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;

for (const script of ["scripts/ensure-chromium.mjs", "scripts/ensure-nginx.mjs"])
  if (spawnSync(process.execPath, [script], { stdio: "inherit" }).status !== 0) process.exit(1);

const work = mkdtempSync(path.join(tmpdir(), "himal-test-"));
const extra = process.argv.slice(2);

/** Runs a command with each line of its output prefixed by the lane's name; resolves with its exit status. */
function run(lane, command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0", ...env } });
    const prefix = `[${lane}]`.padEnd(10);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => out.write(`${prefix}${line}\n`));
    child.on("error", (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const failures = [];
/** One step of a lane: its failure is named in the summary. */
async function step(lane, name, command, args, env = {}) {
  const t0 = performance.now();
  const status = await run(lane, command, args, env);
  console.log(`[${lane}]`.padEnd(10) + `${name}: ${status === 0 ? "done" : `FAILED (exit ${status})`} in ${Math.round((performance.now() - t0) / 1000)} s`);
  if (status !== 0) failures.push(`${name} (exit ${status})`);
  return status;
}

const vitestRuns = [];
/** A Vitest run over `projects`, with its JSON report kept for the summary. */
function vitest(lane, projects) {
  const report = path.join(work, `${lane}-${projects.join("+").replace(/:/g, "-")}.json`);
  const entry = { lane, report, status: 0 };
  vitestRuns.push(entry);
  return step(
    lane,
    `vitest ${projects.join(", ")}`,
    "npx",
    [
      "vitest",
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      // A file filter among the arguments may leave a lane with nothing to run.
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...extra,
    ],
    // A results cache of the lane's own: each Vitest writes the whole cache when it ends (decision 088).
    { VITEST_CACHE_DIR: `.cache/vite-${lane}` },
  ).then((status) => (entry.status = status));
}

const databaseProjects = ["db:pglite", ...(process.env.TEST_DATABASE_URL ? ["db:postgres"] : [])];

// The build first: the browser suites start on it while the type check and lint run.
const built = step("checks", "build", "npm", ["run", "build", "--silent"]).then((status) => status === 0);
const checks = built.then(async () => {
  await step("checks", "typecheck", "npm", ["run", "typecheck", "--silent"]);
  await step("checks", "lint", "npm", ["run", "lint", "--silent"]);
});
// The built site's suites need the build but no browser: they follow the unit and database suites in their lane,
// which the browser suites outlast (decision 097).
const tests = vitest("tests", ["unit", "components", ...databaseProjects]).then(async () => {
  if (await built) await vitest("tests", ["site"]);
});
const browserSuites = built.then((ok) => ok && vitest("browser", ["e2e"]));
// Alone, after the other suites: they load the machine on purpose and measure time, and beside the browser
// suites both overran their limits (decisions 076, 080).
// The suites that measure the server's memory then run one file at a time (decision 089).
const verifySuites = Promise.all([built, tests, browserSuites]).then(async ([ok]) => {
  if (!ok) return;
  await vitest("verify", ["verify"]);
  await vitest("verify", ["verify:memory"]);
});
await Promise.all([checks, tests, browserSuites, verifySuites]);

// The summary: every test of every run, and whatever failed outside a test.
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { lane, report, status } of vitestRuns) {
  let result;
  try {
    result = JSON.parse(readFileSync(report, "utf8"));
  } catch {
    failures.push(`${lane}: Vitest wrote no report`);
    continue;
  }
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  let explained = result.numFailedTests > 0;
  for (const file of result.testResults)
    if (file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")) {
      failures.push(`${path.relative(process.cwd(), file.name)} failed outside its tests: ${file.message.split("\n")[0]}`);
      explained = true;
    }
  // Vitest fails a run for an error no test owns (an unhandled rejection, a global set-up or teardown), which no count above shows.
  if (status !== 0 && !explained) failures.push(`${lane}: an error outside any test (Vitest's "Unhandled Errors" or set-up output above)`);
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${elapsed()})`);
for (const failure of failures) console.log(`  failed: ${failure}`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
