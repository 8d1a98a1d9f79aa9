// The baseline: the least a Fastify server can do per request, measured in the same run as the site.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
