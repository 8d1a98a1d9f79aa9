// Compiles the server ahead of time, so a start runs plain JavaScript and reads few files:
// - server/main.ts into <BUILD_DIR>/server-app/main.mjs, packages left in node_modules except the icons:
//   the search index reads the marketing copy, which names twenty icons, and the whole set loaded from
//   node_modules held 1,700 components in every server's heap. The files the server reads beside its own
//   code (migrations, the common-password list, the résumé reader, the newsletter's mail thread) are copied next to the bundle, where
//   `new URL("./…", import.meta.url)` finds them.
// - the site's server build (<BUILD_DIR>/server/index.js) rewritten in place with the page libraries
//   (icons, Markdown) folded in: importing them file by file from node_modules took most of a second.
//   React, React Router and zod stay shared with the server.
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { NODE_MAJOR } from "./supported-node.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const outDir = path.join(buildDir, "server-app");
const siteEntry = path.join(buildDir, "server", "index.js");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const bundledPackages = new Set(["lucide-react"]);
const sharedPackages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !bundledPackages.has(name))
  .flatMap((name) => [name, `${name}/*`]);
const common = { absWorkingDir: root, bundle: true, platform: "node", format: "esm", target: `node${NODE_MAJOR}`, sourcemap: true, logLevel: "warning" };

rmSync(outDir, { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    // The admin CLI and the background worker too, so `npm run admin` and `npm run worker` start as fast as the server does.
    entryPoints: { main: "server/main.ts", admin: "server/cli/run.ts", worker: "server/worker.ts" },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    external: sharedPackages,
    tsconfig: path.join(root, "tsconfig.json"),
  }),
  build({
    ...common,
    entryPoints: [siteEntry],
    outfile: siteEntry,
    allowOverwrite: true,
    // Vite wrote no map for it, and node reads every map at start when source maps are on: this one
    // (2 MB) cost 0.1–0.2 s of each start for stack traces into readable, unminified code.
    sourcemap: false,
    external: ["react", "react/*", "react-dom", "react-dom/*", "react-router", "@react-router/*", "zod", "isbot"],
  }),
]);
cpSync(path.join(root, "server/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
cpSync(path.join(root, "server/modules/accounts/common-passwords.txt"), path.join(outDir, "common-passwords.txt"));
cpSync(path.join(root, "server/modules/careers/resume-reader"), path.join(outDir, "resume-reader"), { recursive: true });
cpSync(path.join(root, "server/mail/bulk-sender-thread.mjs"), path.join(outDir, "bulk-sender-thread.mjs"));
cpSync(path.join(root, "server/mail/idle-thread.mjs"), path.join(outDir, "idle-thread.mjs"));
cpSync(path.join(root, "server/mail/inbound-parser.mjs"), path.join(outDir, "inbound-parser.mjs"));
console.log(`Compiled the server into ${path.relative(root, outDir)}`);
