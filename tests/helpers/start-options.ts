// How `npm start` runs the server's node process: the options and environment variables that
// scripts/start.mjs gives it, kept in scripts/server-process.json. The bench and the tests that spawn
// the built server read them here, so they measure and test the process as it is run for real.
import serverProcess from "../../scripts/server-process.json";

/** Node options such as the heap limit, e.g. `--max-old-space-size=192`. */
export const startNodeOptions: string[] = serverProcess.nodeOptions;

/** Variables set for the process, e.g. `MALLOC_ARENA_MAX`. */
export const startEnv: Record<string, string> = serverProcess.env;
