import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { healthEndpoints as api } from "../../core/health/endpoints";
import { serve } from "./endpoint-routes";

/** For load balancers: /health says the process is up, /ready that it can reach the database. */
export default async function healthRoutes(app: FastifyInstance) {
  serve(app, api.health, () => ({ status: "ok" as const }));

  serve(app, api.ready, async ({ request, reply }) => {
    try {
      await Promise.race([
        app.db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), 2000).unref()),
      ]);
      return { status: "ready" as const };
    } catch (err) {
      request.log.warn({ err }, "readiness check failed");
      return reply.status(503).send({ status: "not ready", message: "The database is not reachable." });
    }
  });
}
