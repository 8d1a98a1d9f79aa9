import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * A frame sandboxed without scripts: axe cannot run inside it and would wait on it for a minute. What
 * it shows is checked on its own (the newsletter preview's mail is tested as mail).
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/**
 * Runs axe on the page as it is now and fails with the rules and elements at fault. `exclude`: selectors
 * of further parts left out.
 *
 * Axe runs in the page in one pass (its "legacy" mode): the default mode injects axe a second time into a
 * blank page of its own to merge results across frames, which doubled the time of every check (1.8 s →
 * 0.9 s a page) for frames this site does not have. Only violations are gathered: axe still checks every
 * element, but builds no selector or snippet for each that passes (0.90 s → 0.75 s a check, admin-fit).
 */
export async function expectNoAxeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  const builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  for (const selector of [SCRIPTLESS_FRAMES, ...exclude]) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(summary).toEqual([]);
}
