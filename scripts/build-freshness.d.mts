// The types of build-freshness.mjs, for the tests that start the built site.
export const root: string;
export const buildDir: string;
/** True when every one of `outputs` exists and is newer than the newest source. */
export function builtSinceSources(outputs: string[]): boolean;
