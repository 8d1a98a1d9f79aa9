import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * A frame sandboxed without scripts: axe cannot run inside it and would wait on it for a minute. What
 * it shows is checked on its own (the newsletter preview's mail is tested as mail).
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  // Only violations are gathered: axe still checks every element, but builds no selector or snippet for each that passes.
  resultTypes: ["violations"],
};

/** The page itself, and every frame in it that can run scripts (an editor's preview of a page). */
async function framesAxeRunsIn(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const frame of page.frames()) {
    const element = frame.parentFrame() ? await frame.frameElement() : undefined;
    if (!element || !(await element.evaluate((node, scriptless) => (node as Element).matches(scriptless), SCRIPTLESS_FRAMES))) frames.push(frame);
  }
  return frames;
}

/**
 * Runs axe on the page as it is now and fails with the rules and elements at fault. `exclude`: selectors
 * of further parts left out.
 *
 * axe-core is put into each frame once and run from the page in one pass, which is what `@axe-core/playwright`'s
 * legacy mode does, without its second copy of axe in the page and its round trips: a check went from 1.0–1.4 s
 * to 0.6 s of processor time (docs/performance.md, "What a fresh page and an accessibility check cost").
 */
export async function expectNoAxeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  for (const frame of await framesAxeRunsIn(page)) await frame.evaluate(axeSource);
  const context: ElementContext = { exclude: [SCRIPTLESS_FRAMES, ...exclude] };
  // Handed to the page as plain data: Playwright's types for a serializable argument go too deep for axe's.
  const run: { context: object; options: object } = { context, options: RUN_OPTIONS };
  const violations = await page.evaluate(async ({ context, options }) => {
    const { axe } = window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } };
    const results = await axe.run(context, options);
    return results.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) }));
  }, run);
  const summary = violations.map((violation) => `${violation.id}: ${violation.help}\n  ${violation.targets.join("\n  ")}`);
  expect(summary).toEqual([]);
}
