// `npm run admin -- <command>` (the commands: server/cli/run.ts). Runs the CLI as `npm run build`
// compiled it when that build is newer than the sources, as `npm start` runs the server: plain
// JavaScript starts in a fraction of the time. Otherwise (while developing, with the development
// dependencies installed) it runs the sources through tsx.
import "./supported-node.mjs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, builtSinceSources, root } from "./build-freshness.mjs";

const compiled = path.join(buildDir, "server-app", "admin.mjs");

if (builtSinceSources([compiled])) {
  await import(pathToFileURL(compiled).href);
} else {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "server/cli/run.ts"), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
