// The baseline: the least a Fastify server can do per request, measured in the same run as the site.
// `/sized/N` answers a fixed body of N bytes, as large as a page's compressed HTML, which shows what
// moving that many bytes per request costs on this machine, server and load tool together.
import { randomBytes } from "node:crypto";
import Fastify from "fastify";

const MAX_BODY_BYTES = 1024 * 1024;
const body = randomBytes(MAX_BODY_BYTES);
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
app.get("/sized/:bytes", async (request, reply) =>
  reply.type("text/html; charset=utf-8").send(body.subarray(0, Math.min(MAX_BODY_BYTES, Number(request.params.bytes) || 0))),
);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
