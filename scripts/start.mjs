// `npm start`: builds the site when the sources are newer than the build, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const stamp = path.join(buildDir, "server", "index.js");

function newestSource() {
  let newest = 0;
  const walk = (entry) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) walk(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of ["app", "contracts", "public", "vite.config.ts", "react-router.config.ts", "package.json"]) {
    const full = path.join(root, entry);
    if (existsSync(full)) walk(full);
  }
  return newest;
}

if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestSource()) {
  console.log("Building the site…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import("../server/main.ts");
