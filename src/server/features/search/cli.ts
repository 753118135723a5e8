import { formatCount } from "../../../core/format";
import { commandOnDatabase, say } from "../../db/command";
import { reindexSearch } from "./reindex";

// `npm run search:reindex` (scripts/search-reindex.mjs runs this module, bundled beside the server):
// rebuilds what search finds from the tables themselves, in one transaction (decision 072). It works
// on DATABASE_URL when set, otherwise on the embedded database in DATA_DIR, running or not.

/** Rebuilds the search; resolves to the exit code. */
export const main = (): Promise<number> =>
  commandOnDatabase(
    (dataDir) => `There is no database in ${dataDir} (DATA_DIR) yet: nothing to search.`,
    async (url) => {
      const started = Date.now();
      const items = await reindexSearch(url);
      say(`Search rebuilt: ${formatCount(items)} items in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return 0;
    },
  );

process.exitCode = await main();
