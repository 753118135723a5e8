import { openDatabase } from "../../db/client";
import { commandOnDatabase, complain, say } from "../../db/command";
import { issueSetupLink } from "./service";

// `npm run setup-link` (scripts/setup-link.mjs runs this module, bundled beside the server): a fresh
// one-time link to set the ministry up, while it has no administrator (decision 062). It works on
// DATABASE_URL when set, otherwise on the embedded database in DATA_DIR, running or not.

/** Prints a fresh setup link; resolves to the exit code (1 once the ministry has an administrator). */
export const main = (): Promise<number> =>
  commandOnDatabase(
    (dataDir) =>
      `There is no database in ${dataDir} (DATA_DIR) yet. Start the app (npm start -- --production): ` +
      "it prints the setup link.",
    async (url, config) => {
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
      } finally {
        await database.close();
      }
    },
  );

process.exitCode = await main();
