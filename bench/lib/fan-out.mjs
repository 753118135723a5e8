import { fileURLToPath } from "node:url";
import { openDatabase } from "../../src/server/db/client.ts";
import { fanOut } from "../../src/server/features/notifications/create.ts";
import { measureInOwnProcess, migratedClient, seedMembers } from "./database.mjs";

/**
 * The job behind "a new teaching was published": one notification for each of `members` members,
 * written by `fanOut` in its bounded batches. The run is a process of its own, so its peak RSS is
 * the run's alone.
 */
export async function measureFanOut(url, members) {
  const c = await migratedClient(url);
  try {
    await seedMembers(c, members);
    await c.query("vacuum analyze users");
  } finally {
    await c.end();
  }
  return measureInOwnProcess(import.meta.url, url);
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
