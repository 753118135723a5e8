import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { runScheduledArticleSync } from "../../src/server/features/articles/service";
import { createTestContext, type TestContext } from "../support/app";
import { recordFigures } from "../support/figures";

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Letters</title>
<item><title>Sown in hope</title><link>https://letters.substack.com/p/sown</link><guid isPermaLink="false">sown-1</guid>
<pubDate>Mon, 01 Dec 2025 08:00:00 GMT</pubDate><description>On waiting.</description></item></channel></rss>`;

let hits = 0;
let feed: http.Server;
let t: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondDb: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  feed = http.createServer((_req, res) => {
    hits += 1;
    // Slow enough that both instances' ticks overlap.
    setTimeout(() => res.writeHead(200, { "content-type": "application/rss+xml" }).end(FEED), 300);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  t = await createTestContext({
    NEWSLETTER_FEED_URL: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed`,
  });
  secondDb = openDatabase(t.config.databaseUrl!, { max: 3 });
  second = await buildApp({ config: t.config, database: secondDb, logger: false });
  await second.ready();
});

afterAll(async () => {
  await second.close();
  await secondDb.close();
  await t.close();
  feed.closeAllConnections();
  await new Promise((r) => feed.close(r));
});

describe("the hourly newsletter sync with two instances", () => {
  it("runs once when both instances' timers fire together", async () => {
    await Promise.all([runScheduledArticleSync(t.app), runScheduledArticleSync(second)]);
    expect(hits).toBe(1);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from articles where guid = 'sown-1'`,
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
    recordFigures("Scale-out", { "feed fetches when two instances' hourly syncs fire together": hits });
  });
});
