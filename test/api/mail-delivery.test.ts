import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { enqueue } from "../../src/server/jobs/queue";
import { startWorker } from "../../src/server/jobs/worker";
import { sendMailJob } from "../../src/server/mail/jobs";
import { createTestContext, type TestContext } from "../support/app";
import { queueDrained } from "../support/jobs";
import { linkIn, type Mailbox, startMailbox } from "../support/mailbox";
import { freePort } from "../support/server-process";

describe("mail through a real SMTP server", () => {
  let mailbox: Mailbox;
  let t: TestContext;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestContext({ SMTP_URL: mailbox.url, SITE_NAME: "Mishpacha" }, { jobs: true });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.stop();
  });

  it("delivers the verification mail with a plain-text and an HTML part, from the site", async () => {
    const m = await t.member({ firstName: "Abigail" });
    const mail = await mailbox.next(m.email);
    expect(mail.subject).toContain("Mishpacha");
    expect(mail.parsed.from?.text).toBe(`"Mishpacha" <no-reply@${new URL(t.config.publicUrl).hostname}>`);
    expect(mail.text).toContain("Abigail");
    expect(mail.html).toContain("<html");
    const link = linkIn(mail.text, "verify-email");
    expect(mail.html).toContain(link);
    expect(mail.html).not.toMatch(/<img|<script/i);
    expect(mail.messageId).toMatch(/^<job-\d+@/);
    const res = await t
      .visitor()
      .call(authEndpoints.verifyEmail, { body: { token: new URL(link).searchParams.get("token")! } });
    expect(res.status).toBe(200);
  });

  it("tries again when the SMTP server refuses for a while, and delivers once", async () => {
    mailbox.refuse(true);
    const to = `patient.${Date.now()}@example.test`;
    await t.database.db.transaction((tx) =>
      enqueue(tx, sendMailJob, { to, subject: "Retry", text: "Hello again", html: "<p>Hello again</p>" }),
    );
    // The first attempt is refused (451); the job waits for its backoff, then succeeds.
    const failed = async () => {
      const { rows } = await t.database.pool.query<{ attempts: number }>(
        "select attempts from graphile_worker.jobs where task_identifier = 'send-mail'",
      );
      return rows[0]?.attempts ?? 0;
    };
    const deadline = Date.now() + 10_000;
    while ((await failed()) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await failed()).toBeGreaterThanOrEqual(1);
    expect(mailbox.to(to)).toHaveLength(0);
    mailbox.refuse(false);
    const mail = await mailbox.next(to, 20_000);
    expect(mail.subject).toBe("Retry");
    await queueDrained(t);
    expect(mailbox.to(to)).toHaveLength(1);
  }, 30_000);
});

describe("mail while the SMTP server is down", () => {
  it("keeps the mail through the outage and delivers it when the server comes back", async () => {
    const port = await freePort();
    const t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { jobs: true });
    let mailbox: Mailbox | undefined;
    try {
      const m = await t.member();
      // Nothing listens yet: the attempt fails and the job stays queued with its error.
      const deadline = Date.now() + 10_000;
      let lastError: string | null = null;
      while (!lastError && Date.now() < deadline) {
        const { rows } = await t.database.pool.query<{ last_error: string | null }>(
          "select last_error from graphile_worker.jobs",
        );
        lastError = rows[0]?.last_error ?? null;
        if (!lastError) await new Promise((r) => setTimeout(r, 50));
      }
      expect(lastError).toMatch(/ECONNREFUSED|connect/i);
      mailbox = await startMailbox({ port });
      const mail = await mailbox.next(m.email, 20_000);
      expect(mail.text).toContain("/verify-email?token=");
      await queueDrained(t);
      expect(mailbox.to(m.email)).toHaveLength(1);
    } finally {
      await t.close();
      await mailbox?.stop();
    }
  }, 40_000);
});

describe("several instances", () => {
  it("share the queue and send each mail once", async () => {
    const mailbox = await startMailbox();
    const t = await createTestContext({ SMTP_URL: mailbox.url }, { jobs: true });
    // A second instance: its own app and connections on the same database, its own worker.
    const url = t.config.databaseUrl!;
    const database = openDatabase(url, { max: 5 });
    const second = await buildApp({ config: t.config, database, logger: false });
    const secondWorker = await startWorker(second);
    try {
      const recipients = Array.from({ length: 30 }, (_, i) => `many.${i}@example.test`);
      await t.database.db.transaction(async (tx) => {
        for (const to of recipients) {
          await enqueue(tx, sendMailJob, { to, subject: `To ${to}`, text: "Shalom", html: "<p>Shalom</p>" });
        }
      });
      for (const to of recipients) await mailbox.next(to);
      await queueDrained(t);
      expect(mailbox.received).toHaveLength(recipients.length);
      expect(new Set(mailbox.received.map((m) => m.to)).size).toBe(recipients.length);
    } finally {
      await secondWorker.stop();
      await second.close();
      await database.close();
      await t.close();
      await mailbox.stop();
    }
  }, 40_000);
});
