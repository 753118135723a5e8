import { startEmbeddedPostgres as start } from "../../src/server/db/embedded-postgres.ts";

/** A PostgreSQL cluster for the benchmark, tuned like a server (durable writes stay on). */
export async function startEmbeddedPostgres(dir) {
  const cluster = await start({ dataDir: dir });
  return { adminUrl: cluster.adminUrl, stop: cluster.stop };
}
