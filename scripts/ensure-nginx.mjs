// The reverse-proxy test runs Debian's nginx in front of two instances of the site, as deploy/nginx
// configures it. Installs the package when it is missing (as root, with apt-get), without starting
// the system's own nginx service: the test runs its own nginx on a free port.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";

const nginx = "/usr/sbin/nginx";
if (!existsSync(nginx)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("which", ["apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`nginx is needed for the reverse-proxy test and is not at ${nginx}.\nInstall Debian's package as root: apt-get install -y nginx`);
    process.exit(1);
  }
  console.log("Installing Debian's nginx package for the reverse-proxy test…");
  // Debian starts a service its package installs unless policy-rc.d says no (exit 101).
  const policy = "/usr/sbin/policy-rc.d";
  const hadPolicy = existsSync(policy);
  if (!hadPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", "nginx"],
    ]) {
      if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) {
        console.error(`apt-get ${args.join(" ")} failed; install nginx by hand.`);
        process.exit(1);
      }
    }
  } finally {
    if (!hadPolicy) rmSync(policy, { force: true });
  }
}
