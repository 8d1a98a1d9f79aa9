/**
 * `npm run admin -- <command>` (see run.ts for the commands). Runs the CLI as `npm run build` compiled it
 * (BUILD_DIR/server-app/admin.mjs) when that build is newer than the sources, as `npm start` runs the
 * server: plain JavaScript starts in a fraction of the time. Otherwise it runs the sources through tsx.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");
const compiled = path.join(path.resolve(root, process.env.BUILD_DIR || "build"), "server-app", "admin.mjs");
const sources = ["app", "server", "contracts", "package.json", "scripts/build-server.mjs"];

function newestSource(): number {
  let newest = 0;
  const walk = (entry: string) => {
    const stat = statSync(entry);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) walk(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of sources) if (existsSync(path.join(root, entry))) walk(path.join(root, entry));
  return newest;
}

if (existsSync(compiled) && statSync(compiled).mtimeMs >= newestSource()) await import(pathToFileURL(compiled).href);
else await import("./run");
