// The browsers are Debian's, never a downloaded browser build; this installs what is missing.
//
//   node scripts/ensure-chromium.mjs          the browser tests' Chromium: Debian's headless shell
//   node scripts/ensure-chromium.mjs --full   also Debian's full Chromium, which the bench's Lighthouse audits with
//
// The tests drive the headless shell (Chromium's engine without the browser's own interface): the same
// pages, scripts and layout at about three quarters of the processor time of the full browser (decision 075).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const wanted = [["chromium-headless-shell", process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell"]];
if (process.argv.includes("--full")) wanted.push(["chromium", process.env.LIGHTHOUSE_CHROMIUM_PATH ?? "/usr/bin/chromium"]);
const missing = wanted.filter(([, path]) => !existsSync(path));

if (missing.length > 0) {
  const packages = [...missing.map(([name]) => name), "fonts-liberation"];
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("which", ["apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Missing: ${missing.map(([name, path]) => `${name} (${path})`).join(", ")}.\nInstall Debian's packages as root: apt-get install -y ${packages.join(" ")}.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages.join(", ")}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...packages],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install ${packages.join(" ")} by hand.`);
      process.exit(1);
    }
  }
}
