// The baseline: a bare Fastify route answering a small JSON object, in its own process.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
process.stdout.write(`LISTENING ${app.server.address().port}\n`);
