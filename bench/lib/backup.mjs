import fs from "node:fs";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { restoreBackup } from "../../src/server/features/backups/restore.ts";
import { writeBackup } from "../../src/server/features/backups/write.ts";
import { migratedClient, seedMembers } from "./database.mjs";

/**
 * A community of `members` members, each with a prayer request, a prayer for another's, a group
 * membership (a group per hundred members) and a note on a video: about five rows a member, all
 * with generate_series. Every member has the same password (one hash: hashing 100,000 would take
 * minutes and measure nothing about backups).
 */
export async function seedCommunity(url, members) {
  const c = await migratedClient(url);
  try {
    const passwordHash = await hash("mishpacha-bench");
    await seedMembers(c, members, passwordHash);
    await c.query(
      `insert into prayer_requests (user_id, content, prayer_count)
       select id, 'Please pray for my family this week, from member ' || id, 1 from users`,
    );
    // Each member prays for the next member's request (the last for the first's): counts stay true.
    await c.query(
      `insert into prayer_marks (prayer_request_id, user_id)
       select r.id, coalesce((select min(u.id) from users u where u.id > r.user_id), (select min(id) from users))
       from prayer_requests r`,
    );
    const groups = Math.max(1, Math.ceil(members / 100));
    await c.query(
      `insert into cultivation_groups (name, description, category, member_count, created_by)
       select 'Circle ' || g, 'A small group that meets to share life and Scripture, number ' || g, 'study', 0,
              (select min(id) from users)
       from generate_series(1, $1) g`,
      [groups],
    );
    await c.query(
      `insert into cultivation_group_members (group_id, user_id)
       select (select min(id) from cultivation_groups) + (u.id % $1), u.id from users u`,
      [groups],
    );
    await c.query(
      `update cultivation_groups g set member_count = (select count(*) from cultivation_group_members m where m.group_id = g.id)`,
    );
    const {
      rows: [video],
    } = await c.query(
      "insert into videos (title, description, series, duration) values ('Walking in grace', 'A teaching', 'Grace Series', 600) returning id",
    );
    await c.query(
      `insert into video_notes (user_id, video_id, content)
       select id, $1, 'What I want to remember from this teaching, member ' || id from users`,
      [video.id],
    );
    await c.query("vacuum (analyze)");
    const {
      rows: [{ rows }],
    } = await c.query(
      `select (select count(*) from users) + (select count(*) from prayer_requests) + (select count(*) from prayer_marks)
            + (select count(*) from cultivation_group_members) + (select count(*) from video_notes) as rows`,
    );
    return { rows: Number(rows) };
  } finally {
    await c.end();
  }
}

/** Backs `sourceUrl` up into a file in `dir` and restores it into `targetUrl`; the times and the size. */
export async function measureBackupAndRestore(sourceUrl, targetUrl, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bench-backup.tar.gz");
  try {
    let started = performance.now();
    const backup = await writeBackup({ connectionString: sourceUrl, file });
    const backupMs = performance.now() - started;
    started = performance.now();
    const restored = await restoreBackup({ connectionString: targetUrl, file });
    const restoreMs = performance.now() - started;
    return { backupMs, restoreMs, bytes: backup.bytes, members: restored.members, rows: restored.rows };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
