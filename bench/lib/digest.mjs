import { fileURLToPath } from "node:url";
import { openDatabase } from "../../src/server/db/client.ts";
import { sendDigests } from "../../src/server/features/notifications/digest.ts";
import { measureInOwnProcess, migratedClient, seedMembers } from "./database.mjs";

/** A Sunday, 08:00 UTC: the default digest's hour for every member without a preferences row. */
const DUE = "2026-11-29T08:00:00Z";

/**
 * The hourly digest run over a community of `members` members whose digests are all due at once
 * (the defaults: weekly, Sunday 08:00 UTC), each with `perMember` unread notifications of a digest
 * kind. The run is a process of its own, so its peak RSS is the run's alone.
 */
export async function measureDigest(url, members, perMember = 2) {
  const c = await migratedClient(url);
  try {
    await seedMembers(c, members);
    await c.query(
      `insert into notifications (user_id, kind, subject_id, dedupe_key, title)
       select u.id, 'video_published', v, v::text, 'Walking in grace, part ' || v
       from users u, generate_series(1, $1) v`,
      [perMember],
    );
    await c.query("vacuum analyze users, notifications");
  } finally {
    await c.end();
  }
  return { ...measureInOwnProcess(import.meta.url, url), rows: members * perMember };
}

// Run as a script: one digest run, then its duration, the digests enqueued and the peak RSS as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = openDatabase(process.argv[2], { max: 2 });
  const started = performance.now();
  const digests = await sendDigests(database.db, new Date(DUE));
  const ms = performance.now() - started;
  await database.close();
  console.log(JSON.stringify({ ms, digests, peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
}
