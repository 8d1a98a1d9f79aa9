// `npm start`: builds the site and the server when their sources are newer than the build, then runs
// the compiled server with plain node.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, builtSinceSources, root } from "./build-freshness.mjs";

const outputs = [path.join(buildDir, "server", "index.js"), path.join(buildDir, "server-app", "main.mjs")];

if (!builtSinceSources(outputs)) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(outputs[1]).href);
