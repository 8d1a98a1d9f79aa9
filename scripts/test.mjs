// `npm test`: every suite. Installs Chromium and nginx if needed, type-checks, lints, builds the site the browser tests load,
// runs Vitest (unit, database on PGlite and on PostgreSQL when TEST_DATABASE_URL is set, e2e),
// and ends with one plain summary line.
import "./supported-node.mjs";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

if (run(process.execPath, ["scripts/ensure-chromium.mjs"]) !== 0) process.exit(1);
if (run(process.execPath, ["scripts/ensure-nginx.mjs"]) !== 0) process.exit(1);
if (run("npm", ["run", "typecheck", "--silent"]) !== 0) process.exit(1);
if (run("npm", ["run", "lint", "--silent"]) !== 0) process.exit(1);
if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);

const report = path.join(mkdtempSync(path.join(tmpdir(), "himal-test-")), "report.json");
const status = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)]);

try {
  const result = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\ntests: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests} skipped`);
} catch {
  console.log("\ntests: no report was written");
}
process.exit(status);
