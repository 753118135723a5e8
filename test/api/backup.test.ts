import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupsEndpoints } from "../../src/core/backups/endpoints";
import { backupRuns } from "../../src/server/db/schema";
import { pruneBackups, runDailyBackup } from "../../src/server/features/backups/daily";
import { backupFileName } from "../../src/server/features/backups/format";
import { backupDatabaseJob } from "../../src/server/features/backups/jobs";
import { enqueue } from "../../src/server/jobs/queue";
import { startWorker } from "../../src/server/jobs/worker";
import { createTestContext, type Member, type TestContext } from "../support/app";
import { uniqueName } from "../support/databases";

const scratch = path.resolve(".tmp", uniqueName("daily-backups"));
const backupDir = path.join(scratch, "backups");
const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_backupsecretkey123",
  STRIPE_PUBLISHABLE_KEY: "pk_test_backuppublishable",
  STRIPE_WEBHOOK_SECRET: "whsec_backupwebhooksecret",
  STRIPE_PRICE_ID: "price_backup",
};

let t: TestContext;
let admin: Member;
let worker: Awaited<ReturnType<typeof startWorker>>;
beforeAll(async () => {
  t = await createTestContext({ BACKUP_DIR: backupDir, BACKUP_KEEP: "2", ...STRIPE });
  // Her confirmation link is read off the queue, so the worker starts once she has followed it.
  admin = await t.admin();
  worker = await startWorker(t.app);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const status = async () => {
  const res = await admin.client.call(backupsEndpoints.status);
  expect(res.status).toBe(200);
  return res.body;
};

/** Waits for the job queue to finish a backup run it was handed. */
async function finishedRuns(atLeast: number) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const runs = await t.app.db.select().from(backupRuns).where(sql`finished_at is not null`);
    if (runs.length >= atLeast) return runs;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the job queue made no backup");
}

describe("the daily backup", () => {
  it("says there is none yet before the first", async () => {
    expect(await status()).toEqual({ state: "none", keep: 2, lastBackup: null, lastFailure: null });
  });

  it("is made by the job queue into BACKUP_DIR, and the overview shows when and how large", async () => {
    await enqueue(t.app.db, backupDatabaseJob, {});
    const [run] = await finishedRuns(1);
    expect(run!.error).toBeNull();
    const files = fs.readdirSync(backupDir);
    expect(files).toEqual([run!.fileName]);
    const body = await status();
    expect(body.state).toBe("ok");
    expect(body.lastBackup).toEqual({
      finishedAt: run!.finishedAt!.toISOString(),
      bytes: fs.statSync(path.join(backupDir, run!.fileName!)).size,
      fileName: run!.fileName,
    });
  });

  it("is readable by the server's own user only: it holds e-mail addresses and password hashes", async () => {
    const [run] = await t.app.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
    expect(fs.statSync(path.join(backupDir, run!.fileName!)).mode & 0o777).toBe(0o600);
  });

  it("holds no secret: not the session secret, not the Stripe keys, not the sessions", async () => {
    const [run] = await t.app.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
    const archive = gunzipSync(fs.readFileSync(path.join(backupDir, run!.fileName!))).toString("utf8");
    for (const secret of [t.config.sessionSecret!, ...Object.values(STRIPE)])
      expect(archive).not.toContain(secret);
    const { rows } = await t.database.pool.query<{ id: string }>("select id from sessions");
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) expect(archive).not.toContain(id);
    expect(archive).not.toContain("tables/sessions.copy");
    // What it is for is there: the administrator's account.
    expect(archive).toContain(admin.email);
  });

  it("keeps the newest BACKUP_KEEP files and leaves other files in the folder alone", async () => {
    fs.writeFileSync(path.join(backupDir, "notes.txt"), "the treasurer's notes");
    const day = 24 * 60 * 60 * 1000;
    for (const daysAgo of [3, 2, 1]) await runDailyBackup(t.app, new Date(Date.now() - daysAgo * day));
    const [newest] = await t.app.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
    const files = fs.readdirSync(backupDir).sort();
    expect(files).toHaveLength(3);
    expect(files).toContain("notes.txt");
    expect(files).toContain(newest!.fileName);
    // The oldest named file went first.
    expect(pruneBackups(backupDir, 2)).toEqual([]);
    expect(files).not.toContain(backupFileName(new Date(Date.now() - 3 * day)));
  });

  it("warns when the last backup is more than two days old", async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await t.app.db.update(backupRuns).set({ finishedAt: threeDaysAgo });
    const body = await status();
    expect(body.state).toBe("stale");
    expect(body.lastBackup?.finishedAt).toBe(threeDaysAgo.toISOString());
  });

  it("warns when the last attempt failed, with why, and still shows the last backup that worked", async () => {
    const before = await status();
    const blocked = path.join(scratch, "a-file-not-a-folder");
    fs.writeFileSync(blocked, "");
    const unwritable = { dir: path.join(blocked, "backups"), keep: 2 };
    await expect(runDailyBackup(t.app, new Date(), unwritable)).rejects.toThrow(/ENOTDIR/);
    const body = await status();
    expect(body.state).toBe("failed");
    expect(body.lastFailure?.message).toMatch(/ENOTDIR/);
    expect(body.lastBackup).toEqual(before.lastBackup);
  });

  it("is on the job queue's schedule once the worker starts with it", async () => {
    const scheduled = await startWorker(t.app, { schedule: true });
    try {
      const deadline = Date.now() + 15_000;
      let known: unknown[] = [];
      while (known.length === 0 && Date.now() < deadline) {
        ({ rows: known } = await t.database.pool.query(
          "select identifier from graphile_worker._private_known_crontabs where identifier = 'daily-backup'",
        ));
        if (known.length === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(known).toEqual([{ identifier: "daily-backup" }]);
    } finally {
      await scheduled.stop();
    }
  });
});

describe("with daily backups turned off", () => {
  it("says so on the overview (BACKUP_KEEP=0)", async () => {
    const off = await createTestContext({ BACKUP_KEEP: "0" });
    try {
      const owner = await off.admin();
      const res = await owner.client.call(backupsEndpoints.status);
      expect(res.body).toEqual({ state: "off", keep: 0, lastBackup: null, lastFailure: null });
    } finally {
      await off.close();
    }
  });
});
