import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * The packages the site runs with carry no known high or critical advisory. The advisories live in the
 * npm registry: when it cannot be asked, the test is skipped and says why, rather than passing.
 */
describe("dependencies", () => {
  it("have no high or critical advisory (npm audit --omit=dev)", { timeout: 120_000 }, (context) => {
    const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 100_000 });
    let report: {
      metadata?: { vulnerabilities?: Record<string, number> };
      vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
      message?: string;
      error?: { summary?: string };
    } = {};
    try {
      report = JSON.parse(audit.stdout);
    } catch {
      // no JSON: npm itself failed before asking
    }
    if (!report.metadata?.vulnerabilities) {
      const reason = report.message ?? report.error?.summary ?? (audit.stderr.trim().split("\n").at(-1) || "no answer");
      console.warn(`npm audit could not ask the registry for advisories: ${reason}`);
      context.skip(`npm audit could not ask the registry for advisories: ${reason}`);
    }
    const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, found]) => found.severity === "high" || found.severity === "critical");
    expect(serious.map(([name, found]) => `${name}: ${found.severity}`)).toEqual([]);
  });
});
