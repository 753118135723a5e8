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

/**
 * A post in a group of `members` members: the request's own work, its notices to every other
 * member included, which `notify` writes in one INSERT … SELECT. The run counts the statements that
 * write notifications, and is a process of its own like the teaching's.
 */
export async function measureGroupPostFanOut(url, members) {
  const c = await migratedClient(url);
  try {
    await seedMembers(c, members);
    const {
      rows: [group],
    } = await c.query(
      `insert into cultivation_groups (name, description, category, is_private, requires_approval, member_count, created_by)
       values ('Morning prayer circle', 'A large circle that prays each morning', 'support', false, false, $1, (select min(id) from users))
       returning id`,
      [members],
    );
    // Its first member leads it, and posts.
    await c.query(
      `insert into cultivation_group_members (group_id, user_id, role)
       select $1, id, case when id = (select min(id) from users) then 'admin' else 'member' end from users`,
      [group.id],
    );
    await c.query("vacuum analyze");
  } finally {
    await c.end();
  }
  return measureInOwnProcess(import.meta.url, url, ["group-post"]);
}

// Run as a script: one fan-out, then its duration, the notifications written and the peak RSS as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const database = openDatabase(process.argv[2], { max: 2 });
  if (process.argv[3] === "group-post") {
    const { createPost } = await import("../../src/server/features/conversation/service.ts");
    const { rows } = await database.pool.query(
      "select group_id, user_id from cultivation_group_members where role = 'admin' limit 1",
    );
    // Every statement sent on the pool's connections, to count those that write notices.
    const sent = [];
    const pg = (await import("pg")).default;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, ...rest) {
      sent.push(typeof config === "string" ? config : (config?.text ?? ""));
      return query.call(this, config, ...rest);
    };
    const started = performance.now();
    await createPost(
      database.db,
      { prayerRequests: 3, posts: 10 },
      { id: rows[0].user_id, isAdmin: false, createdAt: new Date(0) },
      "cultivation",
      rows[0].group_id,
      { kind: "announcement", body: "We pray at six tomorrow morning." },
    );
    const ms = performance.now() - started;
    pg.Client.prototype.query = query;
    const statements = sent.filter((text) => /insert into "?notifications"?/i.test(text)).length;
    const written = (await database.pool.query("select count(*)::int as n from notifications")).rows[0].n;
    await database.close();
    console.log(
      JSON.stringify({ ms, written, statements, peakRssMiB: process.resourceUsage().maxRSS / 1024 }),
    );
  } else {
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
    console.log(
      JSON.stringify({ ms, written: rows[0].n, peakRssMiB: process.resourceUsage().maxRSS / 1024 }),
    );
  }
}
