import { ConfigError, loadConfig } from "../config";
import {
  type EmbeddedPostgres,
  hasEmbeddedCluster,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from "./embedded-postgres";

/** What a command run beside the server writes: a line of its output, or of its complaints. */
export const say = (line: string) => process.stdout.write(`${line}\n`);
export const complain = (line: string) => process.stderr.write(`${line}\n`);

/** The table or function a command needs is missing: this database has not yet been started by this version. */
const isMissingObject = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown };
  return e.code === "42P01" || e.code === "42883" || (e.cause !== undefined && isMissingObject(e.cause));
};

/**
 * Runs an `npm run` command on the app's database: DATABASE_URL when set, otherwise the embedded
 * database in DATA_DIR, whether the app is running (its database is shared) or not (started here
 * and stopped after). Resolves to the exit code: `run`'s, 1 for a database this version has not
 * yet started or any failure (its message on stderr), 78 for a configuration that cannot be used.
 */
export async function commandOnDatabase(
  noDatabase: (dataDir: string) => string,
  run: (url: string, config: ReturnType<typeof loadConfig>) => Promise<number>,
): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  try {
    const config = loadConfig();
    let url = config.databaseUrl ?? runningEmbeddedPostgres(config.dataDir)?.url;
    if (!url) {
      if (!hasEmbeddedCluster(config.dataDir)) {
        complain(noDatabase(config.dataDir));
        return 1;
      }
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      url = embedded.url;
    }
    try {
      return await run(url, config);
    } catch (err) {
      if (!isMissingObject(err)) throw err;
      complain("This database has not been started by this version yet: start the app once, then try again.");
      return 1;
    }
  } catch (err) {
    complain(err instanceof Error ? err.message : String(err));
    return err instanceof ConfigError ? 78 : 1;
  } finally {
    await embedded?.stop();
  }
}
