// `npm run audit`: the packages the site runs with carry no known high or critical advisory
// (`npm audit --omit=dev`). The advisories live in the npm registry, so this is a command of its own
// rather than part of `npm test`, whose result must not hang on the network (decision 059).
// Exit 0: none found; 1: some found, listed; 2: the registry could not be asked, with the reason (never a pass).
import { spawnSync } from "node:child_process";

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 100_000 });
let report = {};
try {
  report = JSON.parse(audit.stdout);
} catch {
  // no JSON: npm itself failed before asking
}
if (!report.metadata?.vulnerabilities) {
  const reason = report.message ?? report.error?.summary ?? (audit.error?.message || audit.stderr?.trim().split("\n").at(-1) || "no answer");
  console.log(`audit: npm audit could not ask the registry for advisories: ${reason}`);
  process.exit(2);
}
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, found]) => found.severity === "high" || found.severity === "critical");
const counts = report.metadata.vulnerabilities;
if (serious.length > 0) {
  for (const [name, found] of serious) console.log(`  ${name}: ${found.severity}`);
  console.log(`audit: ${serious.length} package(s) the site runs with have a high or critical advisory (npm audit --omit=dev)`);
  process.exit(1);
}
console.log(`audit: no high or critical advisory in the packages the site runs with (${counts.total ?? 0} lower: ${JSON.stringify(counts)})`);
