import { ConfigError, loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import {
  type EmbeddedPostgres,
  hasEmbeddedCluster,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from "../../db/embedded-postgres";
import { issueSetupLink } from "./service";

// `npm run setup-link` (scripts/setup-link.mjs runs this module, bundled beside the server): a fresh
// one-time link to set the ministry up, while it has no administrator (decision 062). It works on
// DATABASE_URL when set, otherwise on the embedded database in DATA_DIR, running or not.

const say = (line: string) => process.stdout.write(`${line}\n`);
const complain = (line: string) => process.stderr.write(`${line}\n`);

/** The table a link is kept in is missing: this database has not yet been started by this version. */
const isMissingTable = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown };
  return e.code === "42P01" || (e.cause !== undefined && isMissingTable(e.cause));
};

/** Prints a fresh setup link; resolves to the exit code (1 once the ministry has an administrator). */
export async function main(): Promise<number> {
  let embedded: EmbeddedPostgres | undefined;
  try {
    const config = loadConfig();
    let url = config.databaseUrl ?? runningEmbeddedPostgres(config.dataDir)?.url;
    if (!url) {
      if (!hasEmbeddedCluster(config.dataDir)) {
        complain(
          `There is no database in ${config.dataDir} (DATA_DIR) yet. Start the app (npm start -- --production): ` +
            "it prints the setup link.",
        );
        return 1;
      }
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      url = embedded.url;
    }
    const database = openDatabase(url, { max: 1 });
    try {
      const link = await issueSetupLink(database.db, config);
      if (!link) {
        complain(
          `Setup is done: ${config.siteName} has an administrator. Sign in at ${config.publicUrl}/sign-in ` +
            '(forgot the password? "Forgot your password?" there mails a new one).',
        );
        return 1;
      }
      say(`Set up your ministry: ${link}`);
      say("It works once, for 24 hours; any earlier setup link no longer works.");
      return 0;
    } catch (err) {
      if (!isMissingTable(err)) throw err;
      complain("This database has not been started by this version yet: start the app once, then try again.");
      return 1;
    } finally {
      await database.close();
    }
  } catch (err) {
    complain(err instanceof Error ? err.message : String(err));
    return err instanceof ConfigError ? 78 : 1;
  } finally {
    await embedded?.stop();
  }
}

process.exitCode = await main();
