import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import packageJson from "../../package.json";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { statusEndpoints as api } from "../../src/core/status/endpoints";
import { articleSyncRuns, users } from "../../src/server/db/schema";
import { runScheduledArticleSync, storedFailureMessage } from "../../src/server/features/articles";
import { runDailyBackup } from "../../src/server/features/backups/daily";
import { backupFileName } from "../../src/server/features/backups/format";
import { writeBackup } from "../../src/server/features/backups/write";
import { createTestContext, type Member, type TestContext } from "../support/app";
import { uniqueName } from "../support/databases";
import { type Mailbox, startMailbox } from "../support/mailbox";
import { backfillStatements, runStatements } from "../support/migrations";
import {
  deliverEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
} from "../support/stripe-stand-in";

const scratch = path.resolve(".tmp", uniqueName("status"));
const SECOND = 1000;

/** The newsletter's feed as Substack serves it: two posts, or an error while `broken`. */
let broken = false;
const feedServer = http.createServer((_req, res) => {
  if (broken) {
    res.writeHead(500, { "content-type": "text/plain" });
    return res.end("oops");
  }
  const item = (guid: string, title: string) =>
    `<item><title>${title}</title><link>https://grace.substack.com/p/${guid}</link><guid isPermaLink="false">${guid}</guid><description>A word</description><pubDate>Mon, 03 Nov 2025 12:00:00 GMT</pubDate></item>`;
  res.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Grace Notes</title>${item("1", "Rest and Renewal")}${item("2", "El Roi")}</channel></rss>`,
  );
});

const statusOf = async (admin: Member) => {
  const res = await admin.client.call(api.status);
  expect(res.status).toBe(200);
  return res.body;
};
const testMailFrom = async (admin: Member) => {
  const res = await admin.client.call(api.testMail);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe("a community with nothing set up beyond the database", () => {
  let t: TestContext;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestContext({ BACKUP_DIR: path.join(scratch, "none") });
    admin = await t.admin();
  });
  afterAll(() => t.close());

  it("says mail goes to the log, payments, the newsletter and push are not set up, and no backup yet", async () => {
    const { rows } = await t.database.pool.query<{ server_version: string }>("show server_version");
    expect(await statusOf(admin)).toEqual({
      mail: { transport: "log", host: null, port: null, secure: false, from: t.config.mail.from },
      payments: {
        configured: false,
        mode: null,
        lastWebhookAt: null,
        webhookUrl: `${t.config.publicUrl}/api/stripe/webhook`,
      },
      newsletter: { name: "Substack", configured: false, lastSync: null, lastSuccessAt: null },
      backups: { folder: path.join(scratch, "none"), lastBackup: null, overdue: false, dailyOff: false },
      push: { configured: false },
      version: { app: packageJson.version, database: rows[0]!.server_version },
    });
  });

  it("writes the test mail to the log and says so", async () => {
    expect(await testMailFrom(admin)).toEqual({
      ok: true,
      transport: "log",
      to: admin.email,
      message:
        "The test mail was written to the server log, not sent: mail is not set up to leave this server.",
      response: null,
      code: null,
    });
  });

  it("is for administrators only: a member hears 403, a visitor 401", async () => {
    const member = await t.member();
    for (const caller of [member.client, t.visitor()]) {
      const expected = caller === member.client ? 403 : 401;
      expect((await caller.call(api.status)).status).toBe(expected);
      expect((await caller.call(api.testMail)).status).toBe(expected);
    }
  });
});

describe("a community with Stripe, a newsletter, push and real mail", () => {
  let t: TestContext;
  let admin: Member;
  let mailbox: Mailbox;
  let stripe: StripeStandIn;
  const backupDir = path.join(scratch, "backups");
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed`;
    mailbox = await startMailbox();
    const standIn = await startStripeStandIn();
    stripe = standIn.standIn;
    t = await createTestContext({
      ...standIn.env,
      SMTP_URL: mailbox.url,
      MAIL_FROM: '"Mishpacha" <care@mishpacha.example>',
      NEWSLETTER_FEED_URL: feedUrl,
      NEWSLETTER_NAME: "Substack",
      BACKUP_DIR: backupDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    admin = await t.admin();
  });
  afterAll(async () => {
    await t.close();
    await mailbox.stop();
    await stripe.close();
    feedServer.closeAllConnections();
    await new Promise((resolve) => feedServer.close(resolve));
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("names the mail server, its port and the sender, never the credentials", async () => {
    const status = await statusOf(admin);
    expect(status.mail).toEqual({
      transport: "smtp",
      host: "127.0.0.1",
      port: mailbox.port,
      secure: false,
      from: '"Mishpacha" <care@mishpacha.example>',
    });
    expect(status.push).toEqual({ configured: true });
    expect(JSON.stringify(status)).not.toContain(vapid.privateKey);
    expect(JSON.stringify(status)).not.toContain("sk_test");
    expect(JSON.stringify(status)).not.toContain("whsec");
  });

  it("sends the test mail to her at once and reports the mail server's answer", async () => {
    const result = await testMailFrom(admin);
    expect(result).toMatchObject({ ok: true, transport: "smtp", to: admin.email, code: null });
    expect(result.message).toBe(
      `The mail server at 127.0.0.1:${mailbox.port} accepted the test mail for ${admin.email}.`,
    );
    expect(result.response).toMatch(/^250 OK: message queued/);
    const received = await mailbox.next(admin.email);
    expect(received.subject).toBe(`A test mail from ${t.config.siteName}`);
    expect(received.text).toContain("If you are reading it, mail from the site reaches you.");
  });

  it("says payments are set up with test keys, and when Stripe's webhook last arrived", async () => {
    expect((await statusOf(admin)).payments).toMatchObject({
      configured: true,
      mode: "test",
      lastWebhookAt: null,
    });
    const before = Date.now();
    const delivered = await deliverEvent(t.app, stripeEvent("customer.created", { id: "cus_status" }));
    expect(delivered.status).toBe(200);
    const { lastWebhookAt } = (await statusOf(admin)).payments;
    expect(lastWebhookAt).not.toBeNull();
    expect(Date.parse(lastWebhookAt!)).toBeGreaterThanOrEqual(before - SECOND);
    expect(Date.parse(lastWebhookAt!)).toBeLessThanOrEqual(Date.now());
  });

  it("says how the newsletter's last sync went: the new articles, then the error and the last that worked", async () => {
    expect((await statusOf(admin)).newsletter).toEqual({
      name: "Substack",
      configured: true,
      lastSync: null,
      lastSuccessAt: null,
    });

    expect((await admin.client.call(articlesEndpoints.adminSync)).status).toBe(200);
    const afterFirst = (await statusOf(admin)).newsletter;
    expect(afterFirst.lastSync).toMatchObject({ ok: true, added: 2, updated: 0, error: null });
    expect(afterFirst.lastSuccessAt).toBeNull();

    broken = true;
    try {
      expect((await admin.client.call(articlesEndpoints.adminSync)).status).toBe(502);
    } finally {
      broken = false;
    }
    const afterFailure = (await statusOf(admin)).newsletter;
    expect(afterFailure.lastSync).toMatchObject({
      ok: false,
      added: 0,
      error: "The Substack feed answered with HTTP 500. Check the newsletter feed address in Settings.",
    });
    expect(afterFailure.lastSuccessAt).toBe(afterFirst.lastSync!.finishedAt);

    // The hourly sync is recorded too: it works again and finds nothing new.
    await runScheduledArticleSync(t.app);
    expect((await statusOf(admin)).newsletter).toMatchObject({
      lastSync: { ok: true, added: 0, updated: 0, error: null },
      lastSuccessAt: null,
    });
  });

  it("tells an administrator who reads Hebrew why the sync failed in Hebrew, in its answer and on the status", async () => {
    const tamar = await t.member({ firstName: "Tamar" });
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, tamar.id));
    expect((await tamar.client.call(profileEndpoints.setLanguage, { body: { locale: "he" } })).status).toBe(
      204,
    );

    broken = true;
    try {
      const res = await tamar.client.call(articlesEndpoints.adminSync);
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(
        "הפיד של Substack ענה ב־HTTP 500. בדקי את כתובת הפיד של הידיעון בהגדרות.",
      );
    } finally {
      broken = false;
    }
    expect((await statusOf(tamar)).newsletter.lastSync).toMatchObject({
      ok: false,
      error: "הפיד של Substack ענה ב־HTTP 500. בדקי את כתובת הפיד של הידיעון בהגדרות.",
    });
    // The same failure, read by an administrator in English.
    expect((await statusOf(admin)).newsletter.lastSync).toMatchObject({
      ok: false,
      error: "The Substack feed answered with HTTP 500. Check the newsletter feed address in Settings.",
    });
    await runScheduledArticleSync(t.app);
  });

  it("carries the failures recorded before their kinds were kept over, each read in her language", async () => {
    const db = t.database.db;
    const old = [
      "The Substack feed took longer than 10 seconds to answer. Please try again later.",
      "The Substack feed took longer than 300 ms to answer. Please try again later.",
      "The Substack feed's address leads to a private network; the server reads feeds from public addresses only.",
      "Could not reach the Substack feed (the address was not found). Please try again later.",
      "Could not reach the Substack feed (a network error). Please try again later.",
      "The Substack feed answered with HTTP 404. Check NEWSLETTER_FEED_URL.",
      "The Substack feed is larger than 5 MB.",
      "The Substack feed is larger than 512 bytes.",
      "The connection to the Substack feed broke off. Please try again later.",
      "The Substack feed did not return XML. Check that NEWSLETTER_FEED_URL points to the RSS feed.",
      "The Substack feed address returned a web page, not an RSS feed. Check that NEWSLETTER_FEED_URL points to the RSS feed (it usually ends in /feed).",
      "The Substack feed is not well-formed XML (line 3: Closing tag 'item' is expected inplace of 'channel')).",
      "The Substack feed could not be read (Unexpected end (at 2:1)).",
      "The Substack feed is not an RSS 2.0 feed. Check that NEWSLETTER_FEED_URL points to the RSS feed.",
      "Connection terminated unexpectedly",
    ];
    // The table as it was: the sentence in `error`.
    await db.delete(articleSyncRuns);
    await db.execute(sql`alter table article_sync_runs add column error text`);
    try {
      for (const error of old) await db.execute(sql`insert into article_sync_runs (error) values (${error})`);
      await runStatements(
        t.database,
        backfillStatements("0050_activity_and_sync_words", "article_sync_runs"),
      );
    } finally {
      await db.execute(sql`alter table article_sync_runs drop column error`);
    }
    const rows = await db.select().from(articleSyncRuns).orderBy(asc(articleSyncRuns.id));
    const name = "Substack";
    expect(rows.map((row) => row.failure)).toEqual([
      { kind: "too_slow", name, timeoutMs: 10_000 },
      { kind: "too_slow", name, timeoutMs: 300 },
      { kind: "private_address", name },
      { kind: "unreachable", name, reason: "not_found" },
      { kind: "unreachable", name, reason: "network" },
      { kind: "http_status", name, status: 404 },
      { kind: "too_large", name, maxBytes: 5 * 1024 * 1024 },
      { kind: "too_large", name, maxBytes: 512 },
      { kind: "broke_off", name },
      { kind: "not_xml", name },
      { kind: "web_page", name },
      {
        kind: "malformed_xml",
        name,
        line: 3,
        detail: "Closing tag 'item' is expected inplace of 'channel')",
      },
      { kind: "unreadable", name, detail: "Unexpected end (at 2:1)" },
      { kind: "not_rss", name },
      { kind: "unexpected", detail: "Connection terminated unexpectedly" },
    ]);
    // Every old sentence reads back as it was written, but for where the feed's address is set now.
    expect(rows.slice(0, -1).map((row) => storedFailureMessage(row.failure))).toEqual(
      old
        .slice(0, -1)
        .map((sentence) =>
          sentence
            .replace("Check NEWSLETTER_FEED_URL.", "Check the newsletter feed address in Settings.")
            .replace(
              "that NEWSLETTER_FEED_URL points",
              "that the newsletter feed address in Settings points",
            ),
        ),
    );

    const hebrew = { "accept-language": "he" };
    const res = await admin.client.call(api.status, { headers: hebrew });
    expect(res.body.newsletter.lastSync?.error).toBe(
      "הסנכרון נעצר בגלל שגיאה בשרת (Connection terminated unexpectedly).",
    );
    await db.delete(articleSyncRuns).where(eq(articleSyncRuns.id, rows.at(-1)!.id));
    const before = await admin.client.call(api.status, { headers: hebrew });
    expect(before.body.newsletter.lastSync?.error).toBe(
      "הפיד של Substack אינו פיד RSS 2.0. בדקי שכתובת הפיד של הידיעון בהגדרות מפנה לפיד ה־RSS.",
    );
  });

  it("shows the newest backup in the folder, a manual one included, with its time and size", async () => {
    expect((await statusOf(admin)).backups.lastBackup).toBeNull();

    // A daily backup three days old: late, as the badge says.
    const daysAgo = new Date(Date.now() - 3 * 24 * 3600 * SECOND);
    await runDailyBackup(t.app, daysAgo);
    const daily = backupFileName(daysAgo);
    expect((await statusOf(admin)).backups).toMatchObject({
      lastBackup: {
        at: new Date(Math.floor(daysAgo.getTime() / SECOND) * SECOND).toISOString(),
        bytes: fs.statSync(path.join(backupDir, daily)).size,
        fileName: daily,
      },
      overdue: true,
    });

    // What `npm run backup` writes: a dated file in the same folder.
    const now = new Date();
    const manual = path.join(backupDir, backupFileName(now));
    await writeBackup({ connectionString: t.app.database.pool.options.connectionString!, file: manual });
    fs.writeFileSync(path.join(backupDir, "notes.txt"), "not a backup");
    expect((await statusOf(admin)).backups).toEqual({
      folder: backupDir,
      lastBackup: {
        at: new Date(Math.floor(now.getTime() / SECOND) * SECOND).toISOString(),
        bytes: fs.statSync(manual).size,
        fileName: path.basename(manual),
      },
      overdue: false,
      dailyOff: false,
    });
  });
});

describe("a test mail the mail server refuses, or that finds no server", () => {
  let t: TestContext;
  let admin: Member;
  let server: import("smtp-server").SMTPServer;
  let port: number;

  beforeAll(async () => {
    const { SMTPServer } = await import("smtp-server");
    // A server that knows no one: every recipient is refused, as with a mistyped address.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
            responseCode: 550,
          }),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
    t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await t.admin();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("reports the refusal in plain words with the server's own line", async () => {
    expect(await testMailFrom(admin)).toEqual({
      ok: false,
      transport: "smtp",
      to: admin.email,
      message: `The mail server at 127.0.0.1:${port} refused to take mail for ${admin.email}.`,
      response: `550 5.1.1 <${admin.email}>: Recipient address rejected: User unknown`,
      code: "EENVELOPE",
    });
  });

  it("reports a server that is not listening", async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await testMailFrom(admin);
    expect(result).toMatchObject({ ok: false, transport: "smtp", to: admin.email, response: null });
    expect(result.message).toBe(
      `Nothing answered at 127.0.0.1:${port}: the connection was refused. Check SMTP_URL, and that the mail server is running.`,
    );
    expect(result.code).toMatch(/^E[A-Z]+$/);
  });
});

describe("the test mail's rate limit", () => {
  it("is the writes' limit", async () => {
    const limited = await createTestContext({ WRITE_RATE_LIMIT: "2" });
    try {
      const admin = await limited.admin();
      expect((await admin.client.call(api.testMail)).status).toBe(200);
      expect((await admin.client.call(api.testMail)).status).toBe(200);
      const third = await admin.client.call(api.testMail);
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
