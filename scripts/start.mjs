// `npm start`: builds the site and the server when their sources are newer than the build, then runs
// the compiled server with plain node.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const outputs = [path.join(buildDir, "server", "index.js"), path.join(buildDir, "server-app", "main.mjs")];
const sources = ["app", "server", "contracts", "public", "aliases.ts", "tsconfig.json", "vite.config.ts", "react-router.config.ts", "package.json", "scripts/build-server.mjs"];

function newestSource() {
  let newest = 0;
  const walk = (entry) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) walk(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of sources) {
    const full = path.join(root, entry);
    if (existsSync(full)) walk(full);
  }
  return newest;
}

const oldestOutput = () => Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));

if (oldestOutput() < newestSource()) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(outputs[1]).href);
