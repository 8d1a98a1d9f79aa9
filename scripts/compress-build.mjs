// Writes .br and .gz beside every compressible file of the client build, so the server sends
// precompressed bytes from memory instead of compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = path.resolve(process.env.BUILD_DIR || "build", "client");
const compressible = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
let count = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const body = readFileSync(full);
      if (body.length < 1024) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
};
walk(clientDir);
console.log(`precompressed ${count} files`);
