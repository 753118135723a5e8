import "./heap-settings";
import { buildApp, closeGracefully } from "./app";
import { ConfigError, isLoopbackHost, loadConfig } from "./config";
import { sessionSecretIn, vapidKeysIn } from "./data-dir-secrets";
import { type Database, openDatabase } from "./db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded-postgres";
import { runMigrations } from "./db/migrate";
import { demoAccounts, giveDemoAccountsTheirOwnPasswords, seedDemo } from "./db/seed";
import { migrateWithBackup, UpgradeFailed } from "./features/backups";
import { issueSetupLink } from "./features/setup";
import { isDatabaseUnavailable } from "./http/errors";
import { createLogger } from "./http/request-log";
import { startJobs } from "./jobs";
import { nodeVersionWarning } from "./node-version";
import { declaredNodeEnv } from "./production-mode";

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The SMTP server's host and port, never its credentials. */
const smtpServer = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : "SMTP";
  } catch {
    return "SMTP";
  }
};

let embedded: EmbeddedPostgres | undefined;
let database: Database | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let stopJobs: (() => Promise<void>) | undefined;
let closing = false;

/** Stops taking requests, lets in-flight ones finish, then closes the pool and the embedded server. */
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  if (app) await closeGracefully(app).catch(() => {});
  // After the requests: a request still being handled may enqueue; the worker finishes what it runs.
  await stopJobs?.().catch(() => {});
  await database?.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(code);
}

async function main() {
  const started = Date.now();
  const oldNode = nodeVersionWarning();
  if (oldNode) process.stderr.write(`${oldNode}\n`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  process.on("uncaughtException", (err, origin) => {
    // A lost database connection surfaces in background work (the job engine's listener) as a
    // rejection nobody awaits; the requests respond with 503 and everything reconnects, so live on.
    if (origin === "unhandledRejection" && isDatabaseUnavailable(err)) {
      process.stderr.write(`database connection lost in background work: ${err.message}\n`);
      return;
    }
    process.stderr.write(`fatal: ${err.stack ?? err}\n`);
    void shutdown(1);
  });

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (m) => say(`postgres: ${m}`) });
    databaseUrl = embedded.url;
    config.sessionSecret ??= sessionSecretIn(config.dataDir);
    config.push.vapid ??= vapidKeysIn(config.dataDir);
  }
  database = openDatabase(databaseUrl);
  // The embedded database has no backups but the app's: one is taken before a new version changes
  // it. A managed PostgreSQL keeps its own (and several instances may start at once on it).
  if (embedded) await migrateWithBackup(database, databaseUrl, config.backups.dir, say);
  else await runMigrations(database);
  const seeded = config.demo ? await seedDemo(database) : false;
  // The README's demo passwords are for this computer alone: open to the network, the trial's
  // accounts get passwords of their own before the first request is taken.
  const onlyHere = isLoopbackHost(config.host);
  const ownPasswords = config.demo && !onlyHere ? await giveDemoAccountsTheirOwnPasswords(database) : [];

  // Readable lines in a terminal; JSON lines under a service manager, a container or a pipe.
  const pretty = process.stdout.isTTY === true && declaredNodeEnv !== "production";
  app = await buildApp({
    config,
    database,
    prerenderAtStart: true,
    logger: createLogger({ level: config.logLevel, pretty }),
  });
  await app.listen({ port: config.port, host: config.host });
  stopJobs = await startJobs(app);
  // No administrator yet: a fresh one-time link lets the first one set the ministry up (decision 062).
  const setupLink = await issueSetupLink(database.db, config);

  const data = embedded ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL at DATABASE_URL";
  const listening = onlyHere
    ? `${config.host}:${config.port}, this computer only (set HOST to open it to others)`
    : `${config.host}:${config.port}, open to the network`;
  say(`\n  ${config.siteName} is ready at ${config.publicUrl} (${Date.now() - started} ms)`);
  say(`    ${config.demo ? "Trial: demo content and demo accounts" : "Real start: no demo content"}`);
  say(`    Listening on ${listening}`);
  say(`    Data: ${data}`);
  say(
    config.mail.transport === "log"
      ? "    Mail: written here, not sent (set SMTP_URL to send it)"
      : `    Mail: sent through ${smtpServer(config.mail.smtpUrl)} from ${config.mail.from}`,
  );
  if (setupLink) {
    say(`  Set up your ministry: ${setupLink}`);
    say("    (works once, for 24 hours; `npm run setup-link` makes a new one)");
  }
  if (config.demo && onlyHere) {
    say(`  ${seeded ? "Demo content added. " : ""}Demo accounts:`);
    say(`    member: ${demoAccounts.member.email} / ${demoAccounts.member.password}`);
    say(`    admin:  ${demoAccounts.admin.email} / ${demoAccounts.admin.password}`);
  } else if (ownPasswords.length > 0) {
    // Shown this once: they are kept only as hashes.
    say("  Open to the network, the demo accounts have passwords of their own, shown only this once:");
    for (const { email, password } of ownPasswords) say(`    ${email} / ${password}`);
  } else if (config.demo) {
    say("  Demo accounts: the passwords shown when they were first opened to the network.");
  }
  say("");
}

main().catch((err) => {
  if (err instanceof UpgradeFailed) {
    process.stderr.write(`\n${err.message}\n`);
    return void shutdown(1);
  }
  process.stderr.write(
    `Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  void shutdown(1);
});
