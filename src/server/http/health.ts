import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

/** For load balancers: /health says the process is up, /ready that it can reach the database. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get("/health", { config: { access: "public" } }, async () => ({ status: "ok" }));

  app.get("/ready", { config: { access: "public" } }, async (request, reply) => {
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 2000).unref()),
      ]);
      return { status: "ready" };
    } catch (err) {
      request.log.warn({ err }, "readiness check failed");
      return reply.status(503).send({ status: "not ready", message: "The database is not reachable." });
    }
  });
}
