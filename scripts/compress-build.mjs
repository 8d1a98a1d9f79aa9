// Writes .br and .gz beside every compressible file of the client build, so the server sends
// precompressed bytes from memory instead of compressing on each request. A prerendered page's first
// line, the sources of the scripts its renderer emitted (app/lib/emitted-scripts.ts), goes into a
// `.scripts` file beside it, which the server turns into the page's Content-Security-Policy.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const EMITTED_SCRIPTS_LINE = /^<!--emitted-script-sources ([^>]*)-->\n/;
const compressible = /\.(html|js|css|svg|json|txt|xml|data|webmanifest)$/;
let count = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      let body = readFileSync(full);
      const emitted = entry.name.endsWith(".html") ? body.toString("utf8").match(EMITTED_SCRIPTS_LINE) : null;
      if (emitted) {
        body = body.subarray(Buffer.byteLength(emitted[0]));
        writeFileSync(full, body);
        writeFileSync(`${full}.scripts`, emitted[1]);
      }
      if (body.length < 1024) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
};
walk(clientDir);
console.log(`precompressed ${count} files`);
