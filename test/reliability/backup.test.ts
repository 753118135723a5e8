import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { hashPassword } from "../../src/server/auth/passwords";
import { runningEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { demoAccounts } from "../../src/server/db/seed";
import { RestoreRefused, restoreBackup } from "../../src/server/features/backups/restore";
import { applyMigrations, knownMigrations } from "../../src/server/features/backups/schema-version";
import { writeBackup } from "../../src/server/features/backups/write";
import { adminQuery, queryOnce, uniqueName, withDatabase } from "../support/databases";
import { recordFigures } from "../support/figures";
import { type FreshServer, serverOnFreshDatabase } from "../support/fresh";
import { distServer, HttpClient, requireBuild, startServer } from "../support/server-process";

const PASSWORD = "one body many parts";
const SESSION_SECRET = "b".repeat(64);
const scratch = path.resolve(".tmp", uniqueName("backup-test"));
const created: string[] = [];

/** An empty database of its own on the test server (not the migrated template). */
async function emptyDatabase(): Promise<string> {
  const name = `${inject("runPrefix")}_${uniqueName("restore")}`;
  await adminQuery(inject("dbAdminUrl"), `create database "${name}"`);
  created.push(name);
  return withDatabase(inject("dbAdminUrl"), name);
}

/** Waits for a condition the test itself brings about (writes landing), checking every few ms. */
async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function register(url: string, name: string) {
  const client = new HttpClient(url);
  const email = `${name.toLowerCase()}-${uniqueName("m")}@example.test`;
  const res = await client.call(authEndpoints.register, {
    body: { email, password: PASSWORD, firstName: name, lastName: "Tester" },
  });
  expect(res.status).toBe(201);
  return { client, email, id: res.body.id, name };
}

const run = promisify(execFile);
/** The built backup command (what `npm run backup` and `npm run restore` run), as a separate process. */
const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(path.dirname(distServer()), "backup.js"), ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

beforeAll(() => {
  requireBuild();
  fs.mkdirSync(scratch, { recursive: true });
});

afterAll(async () => {
  for (const name of created)
    await adminQuery(inject("dbAdminUrl"), `drop database if exists "${name}" with (force)`);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("a backup taken while members write", () => {
  let source: FreshServer;
  let restored: FreshServer | undefined;
  afterAll(async () => {
    await restored?.server.stop();
    await source?.close();
  });

  it("restores into a new database every write acknowledged before it began, consistent, with members signing in and new ids that never collide", async () => {
    source = await serverOnFreshDatabase({
      SESSION_SECRET,
      WRITE_RATE_LIMIT: "100000",
      AUTH_RATE_LIMIT: "100000",
    });
    const members = await Promise.all(
      ["Ruth", "Naomi", "Orpah", "Hannah", "Leah"].map((n) => register(source.server.url, n)),
    );
    const [founder, ...others] = members;
    const group = await founder!.client.call(groupsEndpoints.create, {
      body: {
        name: "Psalms at dawn",
        category: "study",
        description: "We read a psalm together every morning and pray.",
        isPrivate: false,
        requiresApproval: false,
      },
    });
    expect(group.status).toBe(201);
    for (const m of others) {
      expect((await m.client.call(groupsEndpoints.join, { params: { id: group.body.id } })).status).toBe(200);
    }
    // Years of history, so the backup takes long enough for writes to land while it runs.
    await queryOnce(
      source.databaseUrl,
      `insert into prayer_requests (user_id, content, created_at)
       select $1, 'An older request, number ' || g, now() - make_interval(mins => g) from generate_series(1, 40000) g`,
      [founder!.id],
    );

    // Each writer shares requests and prays for the others' (a mark and its counter, one transaction).
    const prayers: { id: number; ackedAt: number }[] = [];
    const marks: { prayerId: number; memberId: number; ackedAt: number }[] = [];
    let writing = true;
    const writer = async (m: (typeof members)[number], w: number) => {
      for (let n = 0; writing; n += 1) {
        const shared = await m.client.call(prayerEndpoints.share, {
          body: { content: `Writer ${w} asks for prayer, request ${n}` },
        });
        expect(shared.status).toBe(201);
        prayers.push({ id: shared.body.id, ackedAt: Date.now() });
        const target = prayers[(n * 7 + w) % prayers.length]!;
        const prayed = await m.client.call(prayerEndpoints.pray, { params: { id: target.id } });
        expect(prayed.status).toBe(200);
        if (!marks.some((k) => k.prayerId === target.id && k.memberId === m.id)) {
          marks.push({ prayerId: target.id, memberId: m.id, ackedAt: Date.now() });
        }
      }
    };
    const writers = Promise.all(members.map(writer));
    await until(() => prayers.length >= 30, "the first writes");

    const backupStarted = Date.now();
    const file = path.join(scratch, "under-load.tar.gz");
    const backup = await writeBackup({ connectionString: source.databaseUrl, file });
    const backupEnded = Date.now();
    const countAtEnd = prayers.length;
    await until(() => prayers.length >= countAtEnd + 20, "writes after the backup");
    writing = false;
    await writers;

    // The load was real: members' writes were acknowledged while the backup was being read.
    expect(prayers.some((p) => p.ackedAt > backupStarted && p.ackedAt < backupEnded)).toBe(true);
    expect(new Date(backup.manifest.takenAt).getTime()).toBeGreaterThanOrEqual(backupStarted - 1000);
    expect(backup.manifest.tables.map((t) => t.name)).not.toContain("sessions");

    const target = await emptyDatabase();
    const result = await restoreBackup({ connectionString: target, file });
    expect(result.members).toBe(members.length);
    restored = {
      server: await startServer({ DATABASE_URL: target, SESSION_SECRET }),
      databaseUrl: target,
      close: async () => {},
    };

    // Every write acknowledged before the backup began is there.
    const restoredPrayers = new Set(
      (await queryOnce<{ id: number }>(target, "select id from prayer_requests")).map((r) => r.id),
    );
    const restoredMarks = new Set(
      (
        await queryOnce<{ key: string }>(
          target,
          "select prayer_request_id || ':' || user_id as key from prayer_marks",
        )
      ).map((r) => r.key),
    );
    const acknowledgedBefore = prayers.filter((p) => p.ackedAt <= backupStarted);
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(30);
    for (const p of acknowledgedBefore) expect(restoredPrayers.has(p.id)).toBe(true);
    for (const k of marks.filter((k) => k.ackedAt <= backupStarted)) {
      expect(restoredMarks.has(`${k.prayerId}:${k.memberId}`)).toBe(true);
    }
    // Nothing acknowledged after the backup ended is there: the file is one moment, not a smear.
    for (const p of prayers.filter((p) => p.ackedAt > backupEnded + 1000))
      expect(restoredPrayers.has(p.id)).toBe(false);
    // One moment: every counter matches the rows it counts, as in the live database.
    const counters = [
      { table: "prayer_requests", counter: "prayer_count", counted: "prayer_marks", by: "prayer_request_id" },
      {
        table: "cultivation_groups",
        counter: "member_count",
        counted: "cultivation_group_members",
        by: "group_id",
      },
    ];
    for (const { table, counter, counted, by } of counters) {
      const wrong = await queryOnce(
        target,
        `select c.id from ${table} c where c.${counter} <> (select count(*) from ${counted} m where m.${by} = c.id)`,
      );
      expect(wrong, `${table}.${counter}`).toEqual([]);
    }
    for (const t of backup.manifest.tables) {
      const [{ n }] = (await queryOnce<{ n: number }>(
        target,
        `select count(*)::int as n from "${t.name}"`,
      )) as [{ n: number }];
      expect({ table: t.name, rows: n }).toEqual({ table: t.name, rows: t.rows });
    }

    // Sessions stay behind: a member's old cookie means nothing to the restored community.
    const oldCookie = new HttpClient(restored.server.url);
    oldCookie.useCookiesOf(founder!.client);
    expect((await oldCookie.call(authEndpoints.user)).status).toBe(401);

    // Members sign in with their passwords, and find their group and its members.
    for (const m of members) {
      const client = new HttpClient(restored.server.url);
      const signedIn = await client.call(authEndpoints.login, {
        body: { email: m.email, password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const mine = await client.call(groupsEndpoints.mine);
      expect(mine.body.map((m) => m.group.id)).toEqual([group.body.id]);
    }
    const naomi = new HttpClient(restored.server.url);
    await naomi.call(authEndpoints.login, { body: { email: members[1]!.email, password: PASSWORD } });
    const detail = await naomi.call(groupsEndpoints.get, { params: { id: group.body.id } });
    expect(detail.body.memberCount).toBe(members.length);

    // New rows get new ids: none collides with an id in the backup.
    const highest = Math.max(...restoredPrayers);
    const fresh = await naomi.call(prayerEndpoints.share, {
      body: { content: "The first request after the move" },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).toBeGreaterThan(highest);
    const newcomer = await register(restored.server.url, "Miriam");
    expect(newcomer.id).toBeGreaterThan(Math.max(...members.map((m) => m.id)));
    recordFigures("Backups", {
      "writes acknowledged before the backup began, all restored": acknowledgedBefore.length,
      "writes acknowledged while the backup was read": prayers.filter(
        (p) => p.ackedAt > backupStarted && p.ackedAt < backupEnded,
      ).length,
      "rows restored, every counter matching its rows": result.rows,
      "members signing in with their passwords after the restore": members.length,
    });
  }, 180_000);
});

describe("a backup from an older version of the app", () => {
  it("restores with this version: migrations up to the backup's, its rows, then the migrations made since", async () => {
    const migrations = knownMigrations();
    const older = migrations.find((m) => m.tag.startsWith("0004_"))!;
    const source = await emptyDatabase();
    const client = new pg.Client({ connectionString: source });
    await client.connect();
    const passwordHash = await hashPassword(PASSWORD);
    try {
      await client.query("begin");
      await applyMigrations(client, older.createdAt);
      await client.query("commit");
      await client.query(
        `insert into users (email, password_hash, first_name, last_name) values
           ('elisheva@example.test', $1, 'Elisheva', 'Older'), ('dinah@example.test', $1, 'Dinah', 'Older')`,
        [passwordHash],
      );
      await client.query(
        `insert into prayer_requests (user_id, content, prayer_count)
         select id, 'Written before addresses were confirmed', 1 from users where first_name = 'Elisheva'`,
      );
      await client.query(
        `insert into prayer_marks (prayer_request_id, user_id)
         select r.id, u.id from prayer_requests r, users u where u.first_name = 'Dinah'`,
      );
    } finally {
      await client.end();
    }
    const file = path.join(scratch, "older.tar.gz");
    const backup = await writeBackup({ connectionString: source, file });
    expect(backup.manifest.schema.migration).toBe(older.tag);
    expect(backup.manifest.tables.map((t) => t.name)).not.toContain("account_tokens");

    const target = await emptyDatabase();
    const result = await restoreBackup({ connectionString: target, file });
    expect(result.laterMigrations).toEqual(
      migrations.filter((m) => m.createdAt > older.createdAt).map((m) => m.tag),
    );
    const server = await startServer({ DATABASE_URL: target, SESSION_SECRET });
    try {
      const dinah = new HttpClient(server.url);
      const signedIn = await dinah.call(authEndpoints.login, {
        body: { email: "dinah@example.test", password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const wall = await dinah.call(prayerEndpoints.wall, { query: {} });
      expect(wall.body.map((p) => [p.content, p.prayerCount])).toEqual([
        ["Written before addresses were confirmed", 1],
      ]);
      const next = await dinah.call(prayerEndpoints.share, {
        body: { content: "Written after the upgrade" },
      });
      expect(next.status).toBe(201);
      recordFigures("Backups", {
        "a backup at an older migration, restored through the later ones": `${older.tag} → ${result.laterMigrations.at(-1)}`,
      });
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("a restore that must not happen, or cannot finish", () => {
  let community: FreshServer;
  let file: string;
  beforeAll(async () => {
    community = await serverOnFreshDatabase({ SESSION_SECRET });
    await register(community.server.url, "Tamar");
    await register(community.server.url, "Abigail");
    file = path.join(scratch, "community.tar.gz");
    await writeBackup({ connectionString: community.databaseUrl, file });
  }, 60_000);
  afterAll(() => community?.close());

  /** A database that already holds a community of its own: Zipporah. */
  async function occupied() {
    const target = await emptyDatabase();
    await restoreBackup({ connectionString: target, file });
    await queryOnce(target, "update users set first_name = 'Zipporah' where first_name = 'Tamar'");
    return target;
  }
  const names = async (url: string) =>
    (await queryOnce<{ first_name: string }>(url, "select first_name from users order by id")).map(
      (r) => r.first_name,
    );

  it("refuses a database that already has members unless told --force, then replaces it", async () => {
    const target = await occupied();
    await expect(restoreBackup({ connectionString: target, file })).rejects.toThrow(
      /already has 2 members.*--force.*Nothing was changed/,
    );
    expect(await names(target)).toEqual(["Zipporah", "Abigail"]);
    await restoreBackup({ connectionString: target, file, force: true });
    expect(await names(target)).toEqual(["Tamar", "Abigail"]);
  });

  it("refuses while the app is running on the database", async () => {
    await expect(
      restoreBackup({ connectionString: community.databaseUrl, file, force: true }),
    ).rejects.toThrow(/app is running on this database: stop it first/);
  });

  it("rolls back a restore whose file is damaged, leaving the database as it was, and says so", async () => {
    const target = await occupied();
    // The same archive with one row missing from the members' table.
    const damaged = path.join(scratch, "damaged.tar.gz");
    const tar = await import("tar-stream");
    const extract = tar.extract();
    const pack = tar.pack();
    const out = fs.createWriteStream(damaged);
    const zlib = await import("node:zlib");
    const done = new Promise<void>((resolve) => out.on("finish", () => resolve()));
    pack.pipe(zlib.createGzip()).pipe(out);
    fs.createReadStream(file).pipe(zlib.createGunzip()).pipe(extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      let body = Buffer.concat(chunks);
      if (entry.header.name === "tables/users.copy")
        body = Buffer.from(`${body.toString().split("\n")[0]}\n`);
      pack.entry({ name: entry.header.name }, body);
    }
    pack.finalize();
    await done;

    await expect(restoreBackup({ connectionString: target, file: damaged, force: true })).rejects.toThrow(
      /rolled back; the database is as it was. users held 1 rows where the backup recorded 2/,
    );
    expect(await names(target)).toEqual(["Zipporah", "Abigail"]);
    expect(await queryOnce(target, "select count(*)::int as n from prayer_requests")).toEqual([{ n: 0 }]);
  });

  it("backs up and restores through the commands on DATABASE_URL, with no PostgreSQL programs", async () => {
    const out = path.join(scratch, "by-command.tar.gz");
    const backup = await cli(["backup", "--out", out], { DATABASE_URL: community.databaseUrl });
    expect(backup.out).toMatch(/Backed up 2 members .* from PostgreSQL at DATABASE_URL/);
    const target = await emptyDatabase();
    const restore = await cli(["restore", out], { DATABASE_URL: target });
    expect(restore.out).toMatch(/Restored 2 members/);
    expect(restore.code).toBe(0);
    expect(await names(target)).toEqual(["Tamar", "Abigail"]);
    const again = await cli(["restore", out], { DATABASE_URL: target });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/already has 2 members/);
  });

  it("refuses a file that is not a backup", async () => {
    const notBackup = path.join(scratch, "notes.txt");
    fs.writeFileSync(notBackup, "my shopping list");
    await expect(restoreBackup({ connectionString: await emptyDatabase(), file: notBackup })).rejects.toThrow(
      RestoreRefused,
    );
  });
});

describe("npm run backup and npm run restore on the embedded default", () => {
  it("backs up with the server running or stopped, and restores into a new data folder the app then starts on", async () => {
    const dataDir = path.join(scratch, "data");
    const server = await startServer({ DATA_DIR: dataDir, DEMO: "1", DATABASE_URL: "" });
    const live = path.join(scratch, "live.tar.gz");
    try {
      const backup = await cli(["backup", "--out", live], { DATA_DIR: dataDir });
      expect(backup.out).toMatch(/Backed up 8 members .* from the running embedded PostgreSQL/);
      expect(backup.code).toBe(0);
    } finally {
      await server.stop();
    }
    const stopped = await cli(["backup"], { DATA_DIR: dataDir });
    expect(stopped.out).toMatch(/started for this backup/);
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([
      expect.stringMatching(/^mishpacha-backup-.*Z\.tar\.gz$/),
    ]);
    // The cluster started for the backup is stopped again.
    expect(runningEmbeddedPostgres(dataDir)).toBeUndefined();

    const movedTo = path.join(scratch, "new-server");
    const restore = await cli(["restore", live], { DATA_DIR: movedTo });
    expect(restore.out).toMatch(/Restored 8 members/);
    expect(restore.code).toBe(0);
    const moved = await startServer({ DATA_DIR: movedTo, DEMO: "1", DATABASE_URL: "" });
    try {
      const admin = new HttpClient(moved.url);
      const signedIn = await admin.call(authEndpoints.login, {
        body: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
      });
      expect(signedIn.status).toBe(200);
      const again = await cli(["restore", live, "--force"], { DATA_DIR: movedTo });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/The server is running on .*: stop it first/);
    } finally {
      await moved.stop();
    }
    // The file holds no secret of the installation.
    const secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
    expect(gunzipSync(fs.readFileSync(live)).includes(secret)).toBe(false);
  }, 240_000);
});
