import path from "node:path";
import pg from "pg";
import { runningEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { DEMO_ADMIN } from "./support/demo";
import { expect, expectAccessible, signIn, test } from "./support/fixtures";

/** The app's own database (the embedded one serve.mjs started), to record backup runs as the job would. */
async function recordRuns(statements: string[]) {
  const dataDir = path.resolve(".tmp", `e2e-data-${process.env.E2E_PORT}`);
  const database = runningEmbeddedPostgres(dataDir);
  if (!database) throw new Error(`no running database in ${dataDir}`);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

test.describe("backups on the admin overview", () => {
  test.afterAll(() => recordRuns(["delete from backup_runs"]));

  test("shows when the last backup was made and its size, and warns when the last one failed", async ({
    page,
  }) => {
    await recordRuns(["delete from backup_runs"]);
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin");
    const card = page.getByRole("heading", { name: "Backups" }).locator("xpath=..");
    await expect(card.getByText("No backup yet. One is made every day at 03:00 UTC.")).toBeVisible();

    await recordRuns([
      `insert into backup_runs (started_at, finished_at, file_name, bytes)
       values (now() - interval '5 hours', now() - interval '5 hours', 'mishpacha-backup-2026-11-25T03-00-00Z.tar.gz', 1468006)`,
    ]);
    await page.reload();
    await expect(card.getByText("Last backup 5 hours ago, 1.4 MB")).toBeVisible();
    await expect(card.getByText("mishpacha-backup-2026-11-25T03-00-00Z.tar.gz")).toBeVisible();
    await expect(card.getByTestId("backup-warning")).toHaveCount(0);

    await recordRuns([
      `insert into backup_runs (started_at, finished_at, error)
       values (now() - interval '1 hour', now() - interval '1 hour', 'ENOSPC: no space left on device, write')`,
    ]);
    await page.reload();
    await expect(card.getByTestId("backup-warning")).toContainText("The last backup failed.");
    await expect(card.getByTestId("backup-warning")).toContainText("ENOSPC: no space left on device");
    await expect(card.getByText("Last backup 5 hours ago, 1.4 MB")).toBeVisible();
    await expectAccessible(page);
  });
});
