import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Milliseconds a file of each project takes per byte of its source, roughly, for a file with no duration
 * recorded yet: a browser file does far more per line than a unit file.
 */
const MS_PER_BYTE: Record<string, number> = { unit: 0.3, components: 0.3, "db:pglite": 3, "db:postgres": 1.5, site: 3, e2e: 4, verify: 6 };

/**
 * Each file's milliseconds in a full `npm test`, longest first (scripts/record-test-durations.mjs): a fresh
 * clone, as CI runs, has no results cache, and a file's size says little of its time (a crash drill of
 * 100 lines waits a minute for a heartbeat to lapse).
 */
const recorded = JSON.parse(readFileSync(new URL("./durations.json", import.meta.url), "utf8")) as Record<string, number[]>;

/**
 * The longest files first, whichever project they belong to (decision 059): Vitest's own order runs
 * the projects one after another by name, which left a long unit file (the résumé reader's sandboxes)
 * running alone at the end. A file's time is its last run's, from Vitest's results cache; or as recorded
 * (a database file's longer run is its PGlite one); or an estimate from its size.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const estimate = (spec: TestSpecification) => {
      const file = relative(config.root, spec.moduleId);
      const key = `${spec.project.name}:${file}`;
      const last = cache.getFileTestResults(key);
      if (last?.failed) return Number.POSITIVE_INFINITY; // what failed last time, first
      if (last) return last.duration;
      const runs = recorded[file];
      if (runs) return spec.project.name === "db:pglite" ? runs[0]! : runs.at(-1)!;
      return (cache.getFileStats(key)?.size ?? 0) * (MS_PER_BYTE[spec.project.name] ?? 1);
    };
    const estimates = new Map(files.map((spec) => [spec, estimate(spec)]));
    return [...files].sort((a, b) => estimates.get(b)! - estimates.get(a)!);
  }
}
