// A new embedded database made the way a site's first start makes it, for the suites and benches that
// start the built server on a database they have written to beforehand.
import { spawn } from "node:child_process";
import path from "node:path";
import { PREPARE_FLAG } from "../../server/prepare";
import { startEnv, startNodeOptions } from "./start-options";

/**
 * Migrates DATA_DIR's embedded database (creating it if new) and gives it its sample content, by the
 * built server's own preparation step in a process of its own, as a first start does (decision 018):
 * a server that added the sample content itself would hold tens of megabytes no real one does.
 */
export function prepareEmbeddedDatabase(options: { dataDir: string; buildDir: string; env: Record<string, string> }): Promise<void> {
  const preparation = spawn(process.execPath, [...startNodeOptions, path.join(options.buildDir, "server-app", "main.mjs"), PREPARE_FLAG], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, ...startEnv, ...options.env, DATA_DIR: options.dataDir, BUILD_DIR: options.buildDir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  preparation.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    preparation.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Preparing the embedded database in ${options.dataDir} exited with ${code}:\n${output}`)),
    ),
  );
}
