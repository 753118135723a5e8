// A server with the request log writing to standard output as `npm start` has it: answers
// `count` requests, then exits at once ("exit") or stays up until it is stopped ("stay").
import Fastify, { type FastifyBaseLogger } from "fastify";
import { createLogger, registerRequestLog } from "../../src/server/http/request-log";

const [count = "1", then = "stay"] = process.argv.slice(2);
const app = Fastify({ loggerInstance: createLogger({ level: "info" }) as FastifyBaseLogger });
registerRequestLog(app);
app.get("/api/answered/:n", async () => ({ ok: true }));
await app.ready();
for (let n = 0; n < Number(count); n++) await app.inject({ method: "GET", url: `/api/answered/${n}` });
if (then === "exit") process.exit(0);
setInterval(() => {}, 60_000);
