// Whether `npm run build`'s outputs are newer than every source they are built from: `npm start` and
// `npm run admin` run the compiled server and CLI only then.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const sources = [
  "app",
  "server",
  "contracts",
  "public",
  "aliases.ts",
  "lazy-module-url.ts",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "scripts/build-server.mjs",
];

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

/** True when every one of `outputs` exists and is newer than the newest source. */
export function builtSinceSources(outputs) {
  const oldestOutput = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  return oldestOutput >= newestSource();
}
