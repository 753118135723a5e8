import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client.ts";
import { runMigrations } from "../../src/server/db/migrate.ts";
import { fanOut } from "../../src/server/features/notifications/create.ts";

/**
 * The job behind "a new teaching was published": one notification for each of `members` members,
 * written by `fanOut` in its bounded batches. The run is a process of its own, so its peak RSS is
 * the run's alone.
 */
export async function measureFanOut(url, members) {
  const database = openDatabase(url, { max: 2 });
  await runMigrations(database);
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into users (email, password_hash, first_name, last_name, email_verified_at)
       select 'member' || g || '@example.test', 'not-a-password', 'Member', 'Number ' || g, now()
       from generate_series(1, $1) g`,
      [members],
    );
    await c.query("vacuum analyze users");
  } finally {
    await c.end();
  }
  const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), url], {
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").pop());
}

// Run as a script: one fan-out, then its duration, the notifications written and the peak RSS as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = openDatabase(process.argv[2], { max: 2 });
  const started = performance.now();
  await fanOut(database.db, {
    kind: "video_published",
    actorId: null,
    subjectId: 1,
    title: "Walking in grace",
  });
  const ms = performance.now() - started;
  const { rows } = await database.pool.query("select count(*)::int as n from notifications");
  await database.close();
  console.log(JSON.stringify({ ms, written: rows[0].n, peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
}
