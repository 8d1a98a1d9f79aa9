import { chromium, type Browser } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../tests/helpers/chromium";

/**
 * Two running builds of the site measured side by side in one Chromium: each page on each site `runs` times,
 * the two sites in alternating order so that neither has the quieter moments. Prints one row a page a site.
 */
export async function sideBySide<Measured>(options: {
  sites: [string, string];
  paths: string[];
  runs: number;
  title: string;
  measure: (browser: Browser, url: string) => Promise<Measured>;
  row: (measured: Measured[]) => Record<string, string | number>;
}) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
  try {
    const rows = [];
    for (const path of options.paths) {
      const measured: [Measured[], Measured[]] = [[], []];
      for (let round = 0; round < options.runs; round++)
        for (const side of round % 2 ? [1, 0] : [0, 1]) measured[side]!.push(await options.measure(browser, new URL(path, options.sites[side]).href));
      for (const side of [0, 1]) rows.push({ page: path, site: options.sites[side], ...options.row(measured[side]!) });
    }
    console.log(`\n${options.title}`);
    console.table(rows);
  } finally {
    await browser.close();
  }
}

/** The two sites and the paths a side-by-side bench was given on its command line. */
export function sitesAndPaths(usage: string): { sites: [string, string]; paths: string[] } {
  const [first, second, ...paths] = process.argv.slice(2);
  if (!first || !second || paths.length === 0) throw new Error(`usage: ${usage}`);
  return { sites: [first, second], paths };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
