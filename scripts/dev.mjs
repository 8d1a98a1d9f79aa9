// `npm run dev`: the site on one port (PORT, default 3000) on the embedded database, the pages and
// their modules from Vite with hot reloading, and the server started again whenever server code
// changes (tsx watch; the app's own files are Vite's to reload). tsx runs on this script's own Node, as
// does the server it starts, whatever `node` the PATH names.
import "./supported-node.mjs";
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
const child = spawn(process.execPath, [tsx, "watch", "--clear-screen=false", "--exclude", "./app/**", "server/main.ts", "--development"], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
