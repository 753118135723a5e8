import type { StorageConfig } from "../../config";
import {
  hasEmbeddedCluster,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from "../../db/embedded-postgres";

/** The database a command works on, and how to let go of it. */
export interface DatabaseInUse {
  connectionString: string;
  /** Said to the person at the terminal: "the embedded PostgreSQL in ./data (started for this)". */
  where: string;
  release(): Promise<void>;
}

/**
 * `DATABASE_URL`, or the embedded cluster in `DATA_DIR`: the one the running server started (a
 * backup reads through it while the app goes on), or, when none runs, one started for the
 * duration of the command. A restore never shares the folder with a running server.
 */
export async function databaseFor(
  config: StorageConfig,
  purpose: "backup" | "restore",
  log: (line: string) => void,
): Promise<DatabaseInUse> {
  if (config.databaseUrl) {
    return {
      connectionString: config.databaseUrl,
      where: "PostgreSQL at DATABASE_URL",
      release: async () => {},
    };
  }
  const running = runningEmbeddedPostgres(config.dataDir);
  if (running) {
    if (purpose === "restore") {
      throw new Error(
        `The server is running on ${config.dataDir}: stop it first (a restore replaces what it serves). Nothing was changed.`,
      );
    }
    return {
      connectionString: running.url,
      where: `the running embedded PostgreSQL in ${config.dataDir}`,
      release: async () => {},
    };
  }
  if (purpose === "backup" && !hasEmbeddedCluster(config.dataDir)) {
    throw new Error(`There is no database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
  }
  const started = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => log(`postgres: ${m}`) });
  return {
    connectionString: started.url,
    where: `the embedded PostgreSQL in ${config.dataDir} (started for this ${purpose})`,
    release: () => started.stop(),
  };
}
