import path from "node:path";
import { parseArgs } from "node:util";
import { formatBytes, formatCount } from "../../../core/format";
import { ConfigError, loadStorageConfig } from "../../config";
import { databaseFor } from "./database-in-use";
import { backupFileName } from "./format";
import { restoreBackup } from "./restore";
import { writeBackup } from "./write";

// `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]` (scripts/backup.mjs runs
// this module, bundled beside the server so it applies the same migrations).

const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `Usage:
  npm run backup [-- --out FILE]       write a backup (default: a dated file in BACKUP_DIR)
  npm run restore -- FILE [--force]    bring a backup into an empty data folder or database
                                       (--force: replace a community that is already there)
Both work on DATABASE_URL when it is set, otherwise on the embedded database in DATA_DIR.`;

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  const config = loadStorageConfig();
  const file = path.resolve(values.out ?? path.join(config.backups.dir, backupFileName(new Date())));
  const database = await databaseFor(config, "backup", say);
  try {
    const started = Date.now();
    const { bytes, manifest } = await writeBackup({ connectionString: database.connectionString, file });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const members = manifest.tables.find((t) => t.name === "users")?.rows ?? 0;
    say(
      `Backed up ${formatCount(members)} members (${formatCount(rows)} rows in ${manifest.tables.length} tables) ` +
        `from ${database.where}, as of ${manifest.takenAt}, in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    );
    say(`  ${file} (${formatBytes(bytes)})`);
    say("Copy it off this machine: a backup kept only beside the data is lost with it.");
    say("It holds members' e-mail addresses and password hashes: keep it as private as the server.");
  } finally {
    await database.release();
  }
}

async function restore(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new UsageError();
  const config = loadStorageConfig();
  const database = await databaseFor(config, "restore", say);
  try {
    const started = Date.now();
    const result = await restoreBackup({
      connectionString: database.connectionString,
      file: path.resolve(file),
      force: values.force,
      log: say,
    });
    say(
      `Restored ${formatCount(result.members)} members (${formatCount(result.rows)} rows) from the backup of ` +
        `${result.manifest.takenAt} into ${database.where}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    say("Members sign in again: sessions are not kept in backups. Start the app as usual.");
  } finally {
    await database.release();
  }
}

class UsageError extends Error {}

/** Runs `backup` or `restore` with the rest of the arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "backup") await backup(rest);
    else if (command === "restore") await restore(rest);
    else throw new UsageError();
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${err instanceof UsageError ? "" : `${(err as Error).message}\n`}${USAGE}\n`);
      return 64; // EX_USAGE
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof ConfigError ? 78 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
