import "./heap-settings";
import { buildApp, closeGracefully } from "./app";
import { ConfigError, loadConfig } from "./config";
import { sessionSecretIn, vapidKeysIn } from "./data-dir-secrets";
import { type Database, openDatabase } from "./db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded-postgres";
import { runMigrations } from "./db/migrate";
import { demoAccounts, seedDemo } from "./db/seed";
import { isDatabaseUnavailable } from "./http/errors";
import { createLogger } from "./http/request-log";
import { startJobs } from "./jobs";
import { declaredNodeEnv } from "./production-mode";

const say = (line: string) => process.stdout.write(`${line}\n`);

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
  await runMigrations(database);
  const seeded = config.demo ? await seedDemo(database) : false;

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

  const where = embedded ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL at DATABASE_URL";
  say(`\n  ${config.siteName} is ready at ${config.publicUrl} (${where}, ${Date.now() - started} ms)`);
  if (config.mail.transport === "log") {
    say("  Mail is not sent: each message is written here instead (set SMTP_URL to send it).");
  }
  if (config.demo) {
    say(`  ${seeded ? "Demo content added." : "Demo accounts:"}`);
    say(`    member: ${demoAccounts.member.email} / ${demoAccounts.member.password}`);
    say(`    admin:  ${demoAccounts.admin.email} / ${demoAccounts.admin.password}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(
    `Could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  void shutdown(1);
});
