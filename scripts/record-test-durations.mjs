// `node scripts/record-test-durations.mjs <folder>`: writes tests/setup/durations.json from the Vitest JSON
// reports `npm test` leaves in <folder> (its himal-test-… folder under the system's temporary one). A fresh
// clone has no results cache, so it orders the test files longest first by these (tests/setup/sequencer.ts);
// run it after a full `npm test` when files were added or have grown much longer.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2];
if (!folder) {
  console.error("Usage: node scripts/record-test-durations.mjs <folder of npm test's JSON reports>");
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, "..");
/** Each file's milliseconds, longest first: a database file can run twice, on PGlite and on PostgreSQL (a report names no project). */
const durations = {};
for (const report of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
  for (const file of JSON.parse(readFileSync(path.join(folder, report), "utf8")).testResults) {
    const key = path.relative(root, file.name);
    durations[key] = [...(durations[key] ?? []), Math.round(file.endTime - file.startTime)].sort((a, b) => b - a);
  }
}
const sorted = Object.entries(durations).sort(([a], [b]) => a.localeCompare(b));
// One file a line, as Prettier writes it.
const lines = sorted.map(([file, runs]) => `  ${JSON.stringify(file)}: [${runs.join(", ")}]`);
writeFileSync(path.join(root, "tests/setup/durations.json"), `{\n${lines.join(",\n")}\n}\n`);
console.log(`Recorded the durations of ${sorted.length} test files in tests/setup/durations.json`);
