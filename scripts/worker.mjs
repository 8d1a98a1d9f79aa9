// `npm run worker`: the site's background work in a process of its own, beside PostgreSQL (server/worker.ts,
// decision 061). Builds the site and the server when their sources are newer than the build, as `npm start`
// does, then runs the compiled worker; systemd (deploy/systemd/himaltech-worker.service) starts it again if it stops.
import "./supported-node.mjs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, builtSinceSources, root } from "./build-freshness.mjs";

const compiled = path.join(buildDir, "server-app", "worker.mjs");

if (!builtSinceSources([compiled])) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(compiled).href);
