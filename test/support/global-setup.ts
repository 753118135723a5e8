import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { runMigrations } from "../../src/server/db/migrate";
import { adminQuery, uniqueName, withDatabase } from "./databases";
import { clearFigures, writeReliabilityReport } from "./reliability-report";

declare module "vitest" {
  export interface ProvidedContext {
    /** A connection string with the right to CREATE DATABASE. */
    dbAdminUrl: string;
    /** Database with every migration applied; test files copy it. */
    templateDatabase: string;
    /** Prefix of every database this run creates (so parallel runs never collide). */
    runPrefix: string;
  }
}

/**
 * One Postgres per test run: the server TEST_DATABASE_URL names, or an embedded one started here.
 * The schema is migrated once into a template database; each test file copies it.
 */
export default async function setup(project: TestProject) {
  clearFigures();
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    // A folder of its own each time: every project of the run calls this setup, in one process.
    fs.mkdirSync(".tmp", { recursive: true });
    const dataDir = fs.mkdtempSync(path.resolve(".tmp", `test-pg-${process.pid}-`));
    const embedded = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    adminUrl = embedded.adminUrl;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }

  const runPrefix = uniqueName("t");
  const template = `${runPrefix}_template`;
  await adminQuery(adminUrl, `create database "${template}"`);
  const database = openDatabase(withDatabase(adminUrl, template), { max: 2 });
  await runMigrations(database);
  await database.close();

  project.provide("dbAdminUrl", adminUrl);
  project.provide("templateDatabase", template);
  project.provide("runPrefix", runPrefix);

  return async () => {
    // Drop whatever this run created, even if a test file failed before its own cleanup.
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${runPrefix}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.end();
    await stop?.();
    writeReliabilityReport();
  };
}
