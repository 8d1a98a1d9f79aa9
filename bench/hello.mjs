// The baseline: the least a Fastify server can do per request, measured in the same run as the site.
// `/sized` answers a fixed body as large as the home page's compressed HTML (BODY_BYTES), which
// shows what moving that many bytes per request costs on this machine, server and load tool together.
import { randomBytes } from "node:crypto";
import Fastify from "fastify";

const sized = randomBytes(Number(process.env.BODY_BYTES ?? 0));
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
app.get("/sized", async (_request, reply) => reply.type("text/html; charset=utf-8").send(sized));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
