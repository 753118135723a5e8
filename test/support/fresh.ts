import { inject } from "vitest";
import { createDatabaseFromTemplate } from "./databases";
import { type ServerProcess, startServer } from "./server-process";

/** A fresh database copied from the migrated template (about a tenth of a second); drop it after. */
export const freshDatabase = () =>
  createDatabaseFromTemplate(inject("dbAdminUrl"), inject("templateDatabase"), inject("runPrefix"));

export interface FreshServer {
  server: ServerProcess;
  databaseUrl: string;
  /** Stops the server, then drops its database. */
  close(): Promise<void>;
}

/** The built server (as `npm start` runs it) on a fresh database of its own. */
export async function serverOnFreshDatabase(env: Record<string, string>): Promise<FreshServer> {
  const db = await freshDatabase();
  try {
    const server = await startServer({ DATABASE_URL: db.url, ...env });
    return {
      server,
      databaseUrl: db.url,
      async close() {
        await server.stop();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
