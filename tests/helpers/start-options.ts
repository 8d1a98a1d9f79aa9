// How `npm start` runs node: the options and environment variables written in package.json's start
// script. The bench and the tests that spawn the built server read them here, so they measure and
// test the process as it is run for real.
import { readFileSync } from "node:fs";

const startScript = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } }).scripts.start;

/** Node options such as the heap limit, e.g. `--max-old-space-size=192`. */
export const startNodeOptions: string[] = startScript.match(/--[a-z-]+=\S+/g) ?? [];

/** Variables set for the process, e.g. `MALLOC_ARENA_MAX`. */
export const startEnv: Record<string, string> = Object.fromEntries([...startScript.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!]));
