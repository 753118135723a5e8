import { formatCount } from "../../../core/format";
import { ConfigError, loadConfig } from "../../config";
import {
  type EmbeddedPostgres,
  hasEmbeddedCluster,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from "../../db/embedded-postgres";
import { reindexSearch } from "./reindex";

// `npm run search:reindex` (scripts/search-reindex.mjs runs this module, bundled beside the server):
// rebuilds what search finds from the tables themselves, in one transaction (decision 072). It works
// on DATABASE_URL when set, otherwise on the embedded database in DATA_DIR, running or not.

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

/** The function the rebuild calls is missing: this database has not yet been started by this version. */
const isMissingFunction = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown };
  return e.code === "42883" || e.code === "42P01" || (e.cause !== undefined && isMissingFunction(e.cause));
};

/** Rebuilds the search; resolves to the exit code. */
export async function main(): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  try {
    const config = loadConfig();
    let url = config.databaseUrl ?? runningEmbeddedPostgres(config.dataDir)?.url;
    if (!url) {
      if (!hasEmbeddedCluster(config.dataDir)) {
        complain(`There is no database in ${config.dataDir} (DATA_DIR) yet: nothing to search.`);
        return 1;
      }
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      url = embedded.url;
    }
    const started = Date.now();
    try {
      const items = await reindexSearch(url);
      say(`Search rebuilt: ${formatCount(items)} items in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return 0;
    } catch (err) {
      if (!isMissingFunction(err)) throw err;
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

process.exitCode = await main();
