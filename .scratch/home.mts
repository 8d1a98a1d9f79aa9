import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startSite, stop, waitReady } from "../bench/site-process";
import { freePort } from "../tests/helpers/port";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "build-bench");
import { readFileSync } from "node:fs";
let pid = 0;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10_000; };
const run = (url: string) =>
  new Promise<string>((resolve) => { const c0 = cpu(); autocannon({ url, connections: 50, duration: 8, headers: { "accept-encoding": "br, gzip" } }, (_e, r) => resolve(`${Math.round(r.requests.average)} req/s, ${Math.round((cpu() - c0) / r.requests.total)} µs/req`)); });
const bytes = (url: string) => new Promise<number>((resolve) => httpGet(url, { agent: false, headers: { "accept-encoding": "br" } }, (res) => { let n = 0; res.on("data", (c: Buffer) => (n += c.length)); res.on("end", () => resolve(n)); }));

const dataDir = mkdtempSync(path.join(tmpdir(), "himal-x-"));
const site = await startSite({ dataDir, buildDir });
pid = site.serverPid;
await new Promise((r) => setTimeout(r, 20_000));
const homeBytes = await bytes(`${site.url}/`);
const aboutBytes = await bytes(`${site.url}/about`);
await run(`${site.url}/`); // warm
const results: Record<string, string> = {};
for (let round = 0; round < 2; round++) {
  results[`/ r${round}`] = await run(`${site.url}/`);
  results[`/about r${round}`] = await run(`${site.url}/about`);
}
await stop(site.child);
rmSync(dataDir, { recursive: true, force: true });
const port = await freePort();
const hello = spawn(process.execPath, [path.join(root, "bench/hello.mjs")], { env: { ...process.env, PORT: String(port), BODY_BYTES: String(homeBytes) }, stdio: "ignore" });
await waitReady(`http://127.0.0.1:${port}/`, hello, () => "");
pid = hello.pid!;
for (let round = 0; round < 2; round++) results[`sized r${round}`] = await run(`http://127.0.0.1:${port}/sized`);
await stop(hello);
console.log({ homeBytes, aboutBytes, ...results });
