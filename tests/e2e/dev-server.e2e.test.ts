import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { freePort, newPage } from "../helpers/site";

/** Vite compiles the app's modules on first request: generous limits, so only a server that never comes up fails. */
const SLOW = { timeout: 180_000 };

it("npm run dev serves the API and the pages on one port, from Vite, with its scripts allowed by the page's policy", SLOW, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "himal-dev-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dev = spawn(process.execPath, ["scripts/dev.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url },
    stdio: "pipe",
    detached: true,
  });
  let output = "";
  dev.stdout.on("data", (chunk) => (output += chunk));
  dev.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 120_000, interval: 500 }).toContain("ready in");
    expect(((await (await fetch(`${url}/api/blog/posts/`)).json()) as { count: number }).count).toBeGreaterThan(0);
    // The page comes from Vite as the sources are now: its modules are the sources', not a build's.
    const html = await (await fetch(`${url}/about`)).text();
    expect(html).toContain(`import("/app/entry.client.tsx")`);
    expect(html).not.toContain("/assets/entry.client-");

    const { context, page } = await newPage({ url }, 1280);
    const problems: string[] = [];
    page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    page.on("pageerror", (error) => problems.push(String(error)));
    await page.goto("/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    process.kill(-dev.pid!, "SIGTERM");
    await new Promise((resolve) => dev.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
});
