import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { activityLog, articleDiscussions, articles } from "../../src/server/db/schema";
import {
  runScheduledArticleSync,
  SCHEDULED_SYNC_LOCK,
  syncArticles,
} from "../../src/server/features/articles/service";
import { createTestContext, expectWriteLimit, invalid, type Member, type TestContext } from "../support/app";

/** A Substack-shaped RSS 2.0 document. */
interface Post {
  guid: string;
  title: string;
  subtitle?: string;
  html?: string;
  categories?: string[];
  date?: string;
  link?: string;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

function feed(posts: Post[]) {
  const items = posts
    .map(
      (p) =>
        `<item><title><![CDATA[${p.title}]]></title>` +
        (p.subtitle === undefined ? "" : `<description><![CDATA[${p.subtitle}]]></description>`) +
        `<link>${p.link ?? `https://grace.substack.com/p/${encodeURIComponent(p.guid)}`}</link>` +
        `<guid isPermaLink="false">${p.guid}</guid><dc:creator><![CDATA[Miriam]]></dc:creator>` +
        (p.date ? `<pubDate>${p.date}</pubDate>` : "") +
        (p.categories ?? []).map((c) => `<category><![CDATA[${c}]]></category>`).join("") +
        (p.html === undefined ? "" : `<content:encoded><![CDATA[${p.html}]]></content:encoded>`) +
        "</item>",
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" version="2.0"><channel><title><![CDATA[Grace Notes]]></title><link>https://grace.substack.com</link><generator>Substack</generator><atom:link href="https://grace.substack.com/feed" rel="self" type="application/rss+xml"/>${items}</channel></rss>`;
}

const firstFeed: Post[] = [
  {
    // Substack guids can be bare numbers: must stay the string "1".
    guid: "1",
    title: "Rest &amp; Renewal",
    subtitle: "Why the <em>seventh</em> day comes first",
    html: `<p>${words(1000)}</p><script>alert("x")</script><img src="https://cdn.example/a.png" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://ok.example/p">ok</a><iframe src="https://evil.example"></iframe>`,
    categories: ["Sabbath", "Rest", "sabbath", "Torah"],
    date: "Mon, 03 Nov 2025 12:00:00 GMT",
  },
  {
    guid: "https://grace.substack.com/p/el-roi",
    title: "El Roi: the God Who Sees",
    subtitle: "Hagar in the wilderness",
    html: `<p>${words(50)}</p>`,
    categories: ["Grace"],
    date: "Sat, 01 Nov 2025 08:00:00 GMT",
  },
  {
    guid: "post-3",
    title: "Praying the Psalms",
    // No description: the excerpt comes from the body, cut to a readable length.
    html: `<h2>Morning</h2><p>${words(700)}</p>`,
    categories: ["Prayer", "Grace"],
    date: "Wed, 29 Oct 2025 08:00:00 GMT",
    link: "javascript:alert(document.cookie)",
  },
];

const updatedFeed: Post[] = [
  { ...firstFeed[0]!, title: "Rest &amp; Renewal (revised)" },
  firstFeed[1]!,
  firstFeed[2]!,
  {
    guid: "4",
    title: "Bread of Life",
    subtitle: "Matzah and the Messiah",
    html: "<p>Short.</p>",
    categories: ["Feasts"],
    date: "Tue, 04 Nov 2025 09:00:00 GMT",
  },
];

type Mode =
  | "first"
  | "updated"
  | "garbage"
  | "html-page"
  | "json"
  | "huge"
  | "slow"
  | "slow-body"
  | "error-500"
  | "no-channel";
let mode: Mode = "first";
let feedServer: http.Server;
let feedUrl: string;

function startFeedServer() {
  feedServer = http.createServer((_req, res) => {
    const xml = (body: string) => {
      res.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
      res.end(body);
    };
    switch (mode) {
      case "first":
        return xml(feed(firstFeed));
      case "updated":
        return xml(feed(updatedFeed));
      case "garbage":
        return xml(`<?xml version="1.0"?><rss version="2.0"><channel><item><title>Broken</channel></rss>`);
      case "no-channel":
        return xml(
          `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title></feed>`,
        );
      case "html-page":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(
          "<!DOCTYPE html><html><head><meta charset=utf-8><title>Grace</title></head><body>Hi</body></html>",
        );
      case "json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ items: [] }));
      case "error-500":
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("oops");
      case "huge": {
        // No Content-Length: the cap must hold while streaming.
        res.writeHead(200, { "content-type": "application/xml" });
        res.write(`<?xml version="1.0"?><rss version="2.0"><channel>`);
        const chunk = `<item><title>${"x".repeat(64 * 1024)}</title><guid>big</guid></item>`;
        let sent = 0;
        const pump = () => {
          while (sent < 120 && !res.destroyed) {
            sent += 1;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end("</channel></rss>");
        };
        return pump();
      }
      case "slow": {
        const timer = setTimeout(() => xml(feed(updatedFeed)), 5000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "slow-body": {
        res.writeHead(200, { "content-type": "application/xml" });
        res.write(`<?xml version="1.0"?><rss version="2.0"><channel>`);
        const timer = setTimeout(() => res.end("</channel></rss>"), 5000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
    }
  });
  return new Promise<void>((resolve) =>
    feedServer.listen(0, "127.0.0.1", () => {
      feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed`;
      resolve();
    }),
  );
}

let t: TestContext;
let admin: Member;
let member: Member;

beforeAll(async () => {
  await startFeedServer();
  t = await createTestContext({ NEWSLETTER_FEED_URL: feedUrl, NEWSLETTER_NAME: "Substack" });
  admin = await t.admin();
  member = await t.member({ firstName: "Ruth" });
});
afterAll(async () => {
  await t.close();
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const snapshot = () => t.database.db.select().from(articles).orderBy(asc(articles.id));
const sync = () => admin.client.call(articlesEndpoints.adminSync);

describe("syncing from the newsletter feed", () => {
  beforeEach(() => {
    mode = "first";
  });

  it("adds every item, keeps guids as text, and derives excerpt, reading time and tags", async () => {
    const res = await sync();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 3, updated: 0 });

    const rows = await snapshot();
    expect(rows.map((r) => r.guid).sort()).toEqual(["1", "https://grace.substack.com/p/el-roi", "post-3"]);
    const rest = rows.find((r) => r.guid === "1")!;
    expect(rest.title).toBe("Rest & Renewal");
    expect(rest.excerpt).toBe("Why the seventh day comes first");
    expect(rest.readingTime).toBe(5);
    expect(rest.tags).toEqual(["Sabbath", "Rest", "Torah"]);
    expect(rest.author).toBe("Miriam");
    expect(rest.url).toBe("https://grace.substack.com/p/1");
    expect(rest.publishedAt.toISOString()).toBe("2025-11-03T12:00:00.000Z");

    const psalms = rows.find((r) => r.guid === "post-3")!;
    expect(psalms.excerpt.startsWith("Morning word0 word1")).toBe(true);
    expect(psalms.excerpt.length).toBeLessThanOrEqual(300);
    expect(psalms.excerpt.endsWith("…")).toBe(true);
    expect(psalms.readingTime).toBe(4);
    // A javascript: link never reaches the browser.
    expect(psalms.url).toBeNull();
    expect(rows.find((r) => r.guid.includes("el-roi"))!.readingTime).toBe(1);

    const [activity] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, "articles_synced"));
    expect(activity?.params).toEqual({ added: 3, updated: 0, source: "Substack" });
    expect(activity?.userId).toBe(admin.id);
    const overview = await admin.client.call(adminEndpoints.analytics);
    expect(overview.body.recentActivity[0]?.description).toBe(
      "3 new articles and 0 updates synced from Substack",
    );
  });

  it("keeps only safe HTML: no scripts, handlers, javascript: links or frames", async () => {
    const [rest] = await t.database.db.select().from(articles).where(eq(articles.guid, "1"));
    const html = rest!.contentHtml!;
    expect(html).not.toMatch(/<script|alert\(|onerror|javascript:|<iframe/i);
    expect(html).toContain('<img src="https://cdn.example/a.png" />');
    expect(html).toContain('href="https://ok.example/p"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    const list = await member.client.call(articlesEndpoints.list);
    expect(JSON.stringify(list.body)).not.toMatch(/<script|contentHtml|guid/);
  });

  it("changes nothing when the same feed is synced again", async () => {
    const before = await snapshot();
    const res = await sync();
    expect(res.body).toEqual({ added: 0, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("updates changed items by guid, adds new ones, never deletes, and keeps views", async () => {
    await t.database.db.update(articles).set({ views: 7 }).where(eq(articles.guid, "1"));
    mode = "updated";
    const res = await sync();
    expect(res.body).toEqual({ added: 1, updated: 1 });
    const rows = await snapshot();
    expect(rows).toHaveLength(4);
    const rest = rows.find((r) => r.guid === "1")!;
    expect(rest.title).toBe("Rest & Renewal (revised)");
    expect(rest.views).toBe(7);

    mode = "first";
    expect((await sync()).body).toEqual({ added: 0, updated: 1 });
    expect(await snapshot()).toHaveLength(4);
  });

  describe("a feed that cannot be used changes nothing and says why", () => {
    const cases: Array<[Mode, number, RegExp]> = [
      ["garbage", 502, /^The Substack feed is not well-formed XML \(line \d+/],
      ["no-channel", 502, /^The Substack feed is not an RSS 2\.0 feed/],
      ["html-page", 502, /^The Substack feed address returned a web page, not an RSS feed/],
      ["json", 502, /^The Substack feed did not return XML/],
      ["error-500", 502, /^The Substack feed answered with HTTP 500/],
      ["huge", 502, /^The Substack feed is larger than 5 MB\.$/],
    ];
    for (const [variant, status, message] of cases) {
      it(`${variant}: ${status}`, async () => {
        const before = await snapshot();
        mode = variant;
        const res = await sync();
        expect(res.status).toBe(status);
        expect(res.body.message).toMatch(message);
        expect(await snapshot()).toEqual(before);
      });
    }

    it("a feed that does not answer in time (headers or body)", async () => {
      const before = await snapshot();
      for (const variant of ["slow", "slow-body"] as const) {
        mode = variant;
        const started = Date.now();
        const failure = await syncArticles(t.database.db, {
          feedUrl,
          name: "Substack",
          timeoutMs: 300,
        }).catch((err) => err);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(failure.statusCode).toBe(503);
        expect(failure.message).toBe(
          "The Substack feed took longer than 300 ms to answer. Please try again later.",
        );
      }
      expect(await snapshot()).toEqual(before);
    });

    it("a feed that cannot be reached", async () => {
      const before = await snapshot();
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const failure = await syncArticles(t.database.db, {
        feedUrl: `http://127.0.0.1:${port}/feed`,
        name: "Substack",
      }).catch((err) => err);
      expect(failure.statusCode).toBe(503);
      expect(failure.message).toBe(
        "Could not reach the Substack feed (the connection was refused). Please try again later.",
      );
      expect(await snapshot()).toEqual(before);
    });

    it("says why in Hebrew to an administrator who reads Hebrew", async () => {
      const hebrew = { "accept-language": "he" };
      const cases: Array<[Mode, string | RegExp]> = [
        ["error-500", "הפיד של Substack ענה ב־HTTP 500. בדקי את כתובת הפיד של הידיעון בהגדרות."],
        ["huge", "הפיד של Substack גדול מ־5 MB."],
        ["json", "הפיד של Substack לא החזיר XML. בדקי שכתובת הפיד של הידיעון בהגדרות מפנה לפיד ה־RSS."],
        // The XML reader's own words stay as it wrote them.
        ["garbage", /^הפיד של Substack אינו XML תקין \(שורה \d+: .+\)\.$/],
      ];
      for (const [variant, message] of cases) {
        mode = variant;
        const res = await admin.client.call(articlesEndpoints.adminSync, { headers: hebrew });
        expect(res.status).toBe(502);
        expect(res.body.message).toMatch(message);
      }
    });
  });

  it("runs on schedule in only the instance that holds the lock", async () => {
    await t.database.db.delete(articles).where(eq(articles.guid, "4"));
    mode = "updated";
    // Another instance is mid-sync: this one skips its turn.
    const other = await t.database.pool.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [SCHEDULED_SYNC_LOCK]);
      await runScheduledArticleSync(t.app);
      expect((await snapshot()).some((r) => r.guid === "4")).toBe(false);
    } finally {
      await other.query("select pg_advisory_unlock($1)", [SCHEDULED_SYNC_LOCK]);
      other.release();
    }
    await runScheduledArticleSync(t.app);
    expect((await snapshot()).some((r) => r.guid === "4")).toBe(true);
    const [activity] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, "articles_synced"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(activity?.userId).toBeNull();
    // The lock was given back: the next run takes it again and brings the first feed back.
    mode = "first";
    await runScheduledArticleSync(t.app);
    expect((await snapshot()).find((r) => r.guid === "1")?.title).toBe("Rest & Renewal");
  });

  it("answers 503 with a clear message when no feed is configured, and tells the admin page so", async () => {
    const other = await createTestContext();
    try {
      const owner = await other.admin();
      const res = await owner.client.call(articlesEndpoints.adminSync);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        "Article sync is not set up yet: add the address of your Substack feed in Settings.",
      );
      const count = await owner.client.call(articlesEndpoints.adminCount);
      expect(count.body).toEqual({ count: 0, feedConfigured: false });
    } finally {
      await other.close();
    }
  });

  it("is for administrators only", async () => {
    expect((await t.visitor().call(articlesEndpoints.adminSync)).status).toBe(401);
    const res = await member.client.call(articlesEndpoints.adminSync);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have permission to access the article management.");
  });
});

describe("the article list", () => {
  it("lists newest first with the fields members see", async () => {
    const res = await member.client.call(articlesEndpoints.list);
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.title)).toEqual([
      "Bread of Life",
      "Rest & Renewal",
      "El Roi: the God Who Sees",
      "Praying the Psalms",
    ]);
    expect(Object.keys(res.body[0]!).sort()).toEqual(
      ["author", "excerpt", "id", "publishedAt", "readingTime", "tags", "title", "url", "views"].sort(),
    );
  });

  it("searches title and excerpt, case-insensitively, taking % and _ literally", async () => {
    const byTitle = await member.client.call(articlesEndpoints.list, { query: { search: "el roi" } });
    expect(byTitle.body.map((a) => a.title)).toEqual(["El Roi: the God Who Sees"]);
    const byExcerpt = await member.client.call(articlesEndpoints.list, { query: { search: "MATZAH" } });
    expect(byExcerpt.body.map((a) => a.title)).toEqual(["Bread of Life"]);
    expect((await member.client.call(articlesEndpoints.list, { query: { search: "%" } })).body).toEqual([]);
    expect((await member.client.call(articlesEndpoints.list, { query: { search: "_" } })).body).toEqual([]);
  });

  it("filters by tag and lists every distinct tag, the most used first", async () => {
    const grace = await member.client.call(articlesEndpoints.list, { query: { tag: "Grace" } });
    expect(grace.body.map((a) => a.title)).toEqual(["El Roi: the God Who Sees", "Praying the Psalms"]);
    const tags = await member.client.call(articlesEndpoints.tags);
    expect(tags.status).toBe(200);
    expect(tags.body[0]).toBe("Grace");
    expect([...tags.body].sort()).toEqual(["Feasts", "Grace", "Prayer", "Rest", "Sabbath", "Torah"]);
  });

  it("pages with limit and before", async () => {
    const first = await member.client.call(articlesEndpoints.list, { query: { limit: 2 } });
    expect(first.body).toHaveLength(2);
    const next = await member.client.call(articlesEndpoints.list, {
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(next.body.map((a) => a.title)).toEqual(["El Roi: the God Who Sees", "Praying the Psalms"]);
    expect((await member.client.call(articlesEndpoints.list, { query: { limit: 0 } })).status).toBe(400);
    expect((await member.client.call(articlesEndpoints.list, { query: { limit: 101 } })).status).toBe(400);
  });

  it("counts a view when a member opens the article", async () => {
    const [row] = await t.database.db.select().from(articles).where(eq(articles.guid, "post-3"));
    const res = await member.client.call(articlesEndpoints.view, { params: { id: row!.id } });
    expect(res.status).toBe(204);
    const [after] = await t.database.db.select().from(articles).where(eq(articles.id, row!.id));
    expect(after!.views).toBe(row!.views + 1);
    expect((await member.client.call(articlesEndpoints.view, { params: { id: 999999 } })).status).toBe(404);
    expect((await member.client.call(articlesEndpoints.view, { params: { id: "abc" } })).status).toBe(400);
  });

  it("refuses visitors", async () => {
    for (const res of [
      await t.visitor().call(articlesEndpoints.list),
      await t.visitor().call(articlesEndpoints.tags),
      await t.visitor().call(articlesEndpoints.discussions, { query: { articleId: 1 } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
    expect((await t.visitor().call(articlesEndpoints.view, { params: { id: 1 } })).status).toBe(401);
  });
});

describe("article discussions", () => {
  let articleId: number;
  beforeAll(async () => {
    const [row] = await t.database.db.select().from(articles).where(eq(articles.guid, "1"));
    articleId = row!.id;
  });

  it("stores a thought and lists it, newest first, with the first name only", async () => {
    const other = await t.member({ firstName: "Hannah", email: "hannah.discuss@example.test" });
    const first = await other.client.call(articlesEndpoints.discuss, {
      body: { articleId, content: "  This blessed me today.  " },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      articleId,
      content: "This blessed me today.",
      user: { firstName: "Hannah", profileImageUrl: null },
    });
    await member.client.call(articlesEndpoints.discuss, { body: { articleId, content: "Amen!" } });

    const list = await member.client.call(articlesEndpoints.discussions, { query: { articleId } });
    expect(list.status).toBe(200);
    expect(list.body.map((d) => d.content)).toEqual(["Amen!", "This blessed me today."]);
    expect(list.body[1]!.user).toEqual({ firstName: "Hannah", profileImageUrl: null });
    const raw = JSON.stringify(list.body);
    expect(raw).not.toContain("@example.test");
    expect(raw).not.toContain("Tester");

    const paged = await member.client.call(articlesEndpoints.discussions, {
      query: { articleId, limit: 1, before: list.body[0]!.id },
    });
    expect(paged.body.map((d) => d.content)).toEqual(["This blessed me today."]);
  });

  it("rejects blank thoughts and unknown articles", async () => {
    const blank = await member.client.call(articlesEndpoints.discuss, {
      body: { articleId, content: "   " },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Please write your thoughts before sharing");
    const missing = await member.client.call(articlesEndpoints.discuss, { body: invalid({ articleId }) });
    expect(missing.status).toBe(400);
    const tooLong = await member.client.call(articlesEndpoints.discuss, {
      body: { articleId, content: "x".repeat(5001) },
    });
    expect(tooLong.status).toBe(400);
    const unknown = await member.client.call(articlesEndpoints.discuss, {
      body: { articleId: 999_999, content: "Hello" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Article not found");
    expect(
      (await member.client.call(articlesEndpoints.discussions, { query: { articleId: 999999 } })).status,
    ).toBe(404);
    expect((await member.client.call(articlesEndpoints.discussions)).status).toBe(400);
    const rows = await t.database.db
      .select()
      .from(articleDiscussions)
      .where(eq(articleDiscussions.content, "Hello"));
    expect(rows).toHaveLength(0);
  });

  it("refuses visitors", async () => {
    const res = await t.visitor().call(articlesEndpoints.discuss, { body: { articleId, content: "Hi" } });
    expect(res.status).toBe(401);
  });

  it("is limited per member like other content", () =>
    expectWriteLimit(async (limited) => {
      const [row] = await limited.database.db
        .insert(articles)
        .values({ guid: "g", title: "T" })
        .returning({ id: articles.id });
      const m = await limited.member();
      return () => m.client.call(articlesEndpoints.discuss, { body: { articleId: row!.id, content: "Hi" } });
    }));
});

describe("the admin article list", () => {
  it("lists every article with its discussion count, and the total", async () => {
    const res = await admin.client.call(articlesEndpoints.adminList);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    const rest = res.body.find((a) => a.title === "Rest & Renewal")!;
    expect(rest.discussionCount).toBe(2);
    expect(rest.views).toBe(7);
    const count = await admin.client.call(articlesEndpoints.adminCount);
    expect(count.body).toEqual({ count: 4, feedConfigured: true });
  });

  it("answers 401 to visitors and 403 to members", async () => {
    for (const e of [articlesEndpoints.adminList, articlesEndpoints.adminCount]) {
      expect((await t.visitor().call(e)).status).toBe(401);
      const res = await member.client.call(e);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You don't have permission to access the article management.");
    }
  });
});
