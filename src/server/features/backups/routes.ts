import type { FastifyInstance } from "fastify";
import { backupsEndpoints as api } from "../../../core/backups/endpoints";
import { serve } from "../../http/endpoint-routes";
import { backupStatus } from "./service";

/** The daily backups' state for the administrators' overview. */
export default async function backupRoutes(app: FastifyInstance) {
  const { db, config } = app;

  serve(app, api.status, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return backupStatus(db, config.backups);
  });
}
