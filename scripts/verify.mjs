// `npm run verify`: the long checks. Builds the site, then runs the load and fault suites at full length
// (60 s of load per database, longer outages, strangers guessing passwords) and the security and hostile-input suites with 200
// generated inputs per property, and ends with the figures: requests served, errors, p99, memory,
// ten concurrent résumé uploads at the size limit (memory and /healthz), faults injected and
// survived, hostile inputs tried, rows lost; and the dependency audit (`npm run audit`).

import "./supported-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;

if (run(process.execPath, ["scripts/ensure-chromium.mjs"]) !== 0) process.exit(1);
if (run(process.execPath, ["scripts/ensure-nginx.mjs"]) !== 0) process.exit(1);
if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);

const work = mkdtempSync(path.join(tmpdir(), "himal-verify-"));
const figuresFile = path.join(work, "figures.jsonl");
writeFileSync(figuresFile, "");

const env = { ...process.env, VERIFY_FULL: "1", FAST_CHECK_RUNS: "200", TEST_PGLITE: "all", VERIFY_FIGURES_FILE: figuresFile };
const vitest = (name, args) =>
  run("npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(work, `${name}.json`)}`], env);

// The load and fault suites first and alone, so nothing else shares the machine while they measure.
const securitySuites = [
  "tests/integration/hostile-input.db.test.ts",
  "tests/integration/security.db.test.ts",
  "server/mail/inbound-hostile.db.test.ts",
  "tests/integration/hostile-resumes.db.test.ts",
  "tests/e2e/xss.e2e.test.ts",
  "tests/site/hostile-pages.site.test.ts",
].filter((file) => existsSync(file));
const projects = ["db:pglite", ...(process.env.TEST_DATABASE_URL ? ["db:postgres"] : []), "site", "e2e"];
const statuses = [
  vitest("verify", ["--project", "verify", "--project", "verify:memory"]),
  securitySuites.length ? vitest("security", [...projects.flatMap((p) => ["--project", p]), ...securitySuites]) : 0,
];
// The dependency audit (`npm run audit`): an advisory fails the run; a registry it cannot reach is reported with the reason, as a skip.
const audit = spawnSync(process.execPath, ["scripts/audit.mjs"], { encoding: "utf8" });
statuses.push(audit.status === 2 ? 0 : (audit.status ?? 1));

const figures = readFileSync(figuresFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const sum = (rows, key) => rows.reduce((total, row) => total + (Number(row[key]) || 0), 0);
const load = figures.filter((f) => f.suite === "load");
const faults = figures.filter((f) => f.suite === "faults");
const lines = ["", "verify:"];
for (const f of load) {
  lines.push(
    `  load on ${f.backend}: ${f.requests} requests in ${f.seconds} s over ${f.connections} connections (${f.requestsPerSecond}/s), ${f.errors} errors, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, RSS ${f.rssStartMb} → ${f.rssEndMb} MB, rows lost ${f.rowsLost}`,
  );
}
for (const f of figures.filter((f) => f.suite === "lockout")) {
  lines.push(
    `  lockout by strangers on ${f.backend}: site account: ${f.site.wrongPasswordsSent} wrong passwords from 5 addresses in ${f.site.inSeconds} s (${f.site.heldBack} held back), then the owner got ${f.site.ownerStatus} in ${f.site.ownerMs} ms; a new address waited ${f.site.newAddressWaitSeconds} s`,
    `  lockout by strangers on ${f.backend}: admin: ${f.admin.wrongPasswordsSent} wrong passwords from 5 addresses in ${f.admin.inSeconds} s (${f.admin.heldBack} held back), then the approved device got ${f.admin.approvedDeviceStatus} in ${f.admin.approvedDeviceMs} ms`,
  );
}
for (const f of figures.filter((f) => f.suite === "uploads")) {
  lines.push(
    `  uploads on ${f.backend}: ${f.uploads} concurrent résumés of ${(f.bytesEach / 1024 / 1024).toFixed(1)} MB in ${f.seconds} s, RSS ${f.rssBeforeMb} → peak ${f.rssPeakMb} MB, heap peak ${f.heapPeakMb} MB, /healthz ${f.healthz.answered} answered and ${f.healthz.failed} failed during (slowest ${f.healthz.slowestMs} ms), ${f.healthzAfter} after`,
  );
}
for (const f of figures.filter((f) => f.suite === "hostile-resumes")) {
  lines.push(
    `  hostile résumés on ${f.backend}: a looping .doc of ${(f.loopingDoc.bytes / 1024).toFixed(1)} KB answered ${f.loopingDoc.status} in ${f.loopingDoc.ms} ms, a ${(f.inflatingPdf.bytes / 1024 / 1024).toFixed(1)} MB PDF inflating to ${Math.round(f.inflatingPdf.inflatesTo / 1024 / 1024)} MB answered ${f.inflatingPdf.status} in ${f.inflatingPdf.ms} ms, /healthz ${f.healthzAfterDoc} and ${f.healthzAfterPdf} after; peak RSS: server ${f.serverPeakMb} MB, ${f.readers} readers at most ${f.readerPeakMb} MB each`,
  );
}
for (const f of figures.filter((f) => f.suite === "slow-clients")) {
  lines.push(
    `  slow clients: an honest résumé beside ${f.tricklers.length} trickled a byte every ${f.trickleEveryMs / 1000} s answered ${f.honest.status} in ${f.honest.ms} ms (alone: ${f.alone.ms} ms); the tricklers ${f.tricklers.map((t) => `${t.status || "no answer"} after ${(t.closedAfterMs / 1000).toFixed(1)} s`).join(", ")}; a DATA_DIR first started under umask 022: ${f.notOwnerOnlyWhileRunning} of ${f.dataDirEntries} entries not owner-only while running, ${f.notOwnerOnlyAfterStop} after stopping`,
  );
}
for (const f of figures.filter((f) => f.suite === "inbound-mail")) {
  lines.push(
    `  inbound mail: a ${(f.htmlMailBytes / 1e6).toFixed(0)} MB HTML mail answered ${f.htmlAnswer} in ${f.htmlSeconds} s; ${f.parallelMails} parallel ${(f.plainMailBytes / 1e6).toFixed(0)} MB mails answered ${JSON.stringify(f.plainAnswers)} in ${f.plainSeconds} s; server RSS ${f.rssBeforeMb} → peak ${f.rssPeakMb} MB, its parsers peak ${f.childrenPeakMb} MB together (${f.childrenAtOnce} at once, largest ${f.childPeakMb} MB); /healthz ${f.healthz.answered} answered and ${f.healthz.failed} failed during (slowest ${f.healthz.slowestMs} ms), ${f.healthzAfter} after; ${f.stored} of ${f.accepted} accepted mails stored`,
  );
}
for (const f of figures.filter((f) => f.suite === "proxy")) {
  lines.push(
    `  nginx in front of two instances, one killed and started again: ${f.requests} requests (p99 ${f.p99} ms), ${f.readsRetried} reads retried on the other instance and ${f.readsFailed} failed, ${f.postsFailedAtTheKill} form posts lost with the killed instance (never stored twice), ${f.rowsStored} rows stored, ${f.mailsSent} mails sent once each${f.mailsAwaitingLease ? ` (${f.mailsAwaitingLease} waiting out the dead instance's lease)` : ""}`,
  );
}
for (const f of figures.filter((f) => f.suite === "strange-input")) {
  lines.push(
    `  strange input on ${f.backend}: ${f.samples} Host headers naming no host (×4 addresses), far-off dates and half characters each; ${f.badPages} made-up blog page numbers redirected in ${f.badPagesSeconds} s, the blog ${f.blogStillKept ? "still kept" : "NOT kept"}; answers ${JSON.stringify(f.statuses)}, ${f.fiveHundreds} 5xx`,
  );
}
for (const f of faults)
  lines.push(`  fault: ${f.fault}: ${f.survived ? "survived" : "NOT survived"}${f.requests ? ` (${f.requests} requests)` : ""}, rows lost ${f.rowsLost}`);
const hostile = sum(figures, "hostileInputs");
lines.push(
  `  requests served: ${sum(figures, "requests")}; errors under load: ${sum(load, "errors")}; worst p99: ${Math.max(0, ...load.map((f) => f.p99Ms))} ms`,
  `  faults injected: ${sum(faults, "injected")}, survived: ${faults.filter((f) => f.survived).length}`,
  `  hostile inputs tried: ${hostile || `${securitySuites.length} suites at 200 runs per property`}`,
  `  rows lost: ${sum(figures, "rowsLost")}`,
);
const tests = { passed: 0, failed: 0, skipped: 0 };
for (const name of ["verify", "security"]) {
  try {
    const result = JSON.parse(readFileSync(path.join(work, `${name}.json`), "utf8"));
    tests.passed += result.numPassedTests;
    tests.failed += result.numFailedTests;
    tests.skipped += result.numPendingTests;
  } catch {
    // that run wrote no report (none to run, or it did not start)
  }
}
lines.push(`  ${audit.stdout.trim().split("\n").join("\n  ")}`);
lines.push(`  tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`);
console.log(lines.join("\n"));
process.exit(statuses.find((status) => status !== 0) ?? 0);
