import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  discussions,
  users,
  videoLikes,
  videoProgress,
  videos,
  videoViewMarks,
} from "../../src/server/db/schema";
import { createTestContext, expectWriteLimit, invalid, type Member, type TestContext } from "../support/app";

let t: TestContext;
let ruth: Member;
let hannah: Member;

beforeAll(async () => {
  t = await createTestContext();
  ruth = await t.member({ firstName: "Ruth" });
  hannah = await t.member({ firstName: "Hannah" });
});
afterAll(() => t.close());

let sequence = 0;
async function addVideo(overrides: Partial<typeof videos.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.database.db
    .insert(videos)
    .values({
      title: `Teaching ${sequence}`,
      description: `A gentle teaching number ${sequence} about walking with God.`,
      youtubeId: "dQw4w9WgXcQ",
      series: "Grace Series",
      duration: 425,
      ...overrides,
    })
    .returning();
  return row!;
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("signed out", () => {
  it("answers 401 Unauthorized on every video route", async () => {
    const video = await addVideo();
    const visitor = t.visitor();
    const calls = [
      visitor.call(videosEndpoints.library),
      visitor.call(videosEndpoints.video, { params: { id: video.id } }),
      visitor.call(videosEndpoints.related, { params: { id: video.id } }),
      visitor.call(videosEndpoints.discussions, { params: { id: video.id } }),
      visitor.call(videosEndpoints.view, { params: { id: video.id } }),
      visitor.call(videosEndpoints.like, { params: { id: video.id } }),
      visitor.call(videosEndpoints.save, { params: { id: video.id } }),
      visitor.call(videosEndpoints.saved),
      visitor.call(videosEndpoints.discuss, { body: { content: "Hello", videoId: video.id } }),
      visitor.call(videosEndpoints.likeDiscussion, { params: { id: 1 } }),
      visitor.call(videosEndpoints.reflections),
      visitor.call(videosEndpoints.saveProgress, { params: { id: video.id }, body: { seconds: 30 } }),
      visitor.call(videosEndpoints.watching),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("the library", () => {
  let shelf: { id: number; title: string }[];
  let ctx: TestContext;
  let reader: Member;

  // A separate database so the other tests' videos do not crowd these lists.
  beforeAll(async () => {
    ctx = await createTestContext();
    reader = await ctx.member();
    const insert = async (values: typeof videos.$inferInsert) =>
      (await ctx.database.db.insert(videos).values(values).returning())[0]!;
    shelf = [
      await insert({
        title: "Grace That Finds Us First",
        description: "Romans and the grace that arrives before we reach for it.",
        series: "Grace Series",
        youtubeId: "ej_6dVdJSIU",
        duration: 465,
        publishedAt: daysAgo(1),
      }),
      await insert({
        title: "Daniel: Faithful in Babylon",
        description: "Visions of the Son of Man and an everlasting KINGDOM.",
        series: "Prophecy Deep Dive",
        youtubeId: "9cSC9uobtPM",
        duration: 491,
        publishedAt: daysAgo(3),
      }),
      await insert({
        title: "Joy From a Prison Cell",
        description: "Philippians: contentment, 100% joy and peace.",
        series: "Wrap & Reflect",
        youtubeId: null,
        duration: null,
        publishedAt: daysAgo(5),
      }),
      await insert({
        title: "Unveiled: The Lamb",
        description: "Revelation's unveiling of the kingdom and the Lamb.",
        series: "Unveiled",
        youtubeId: "5nvVVcYD-0w",
        duration: 541,
        publishedAt: daysAgo(7),
      }),
      await insert({
        title: "Freedom Is Not a Feeling",
        description: "Galatians and walking by the Spirit.",
        series: "Grace Series",
        youtubeId: "vmx4UjRFp0M",
        duration: 510,
        publishedAt: daysAgo(9),
      }),
    ];
  });
  afterAll(() => ctx.close());

  const titles = (body: { title: string }[]) => body.map((v) => v.title);

  it("lists videos newest first as a JSON array of library items", async () => {
    const res = await reader.client.call(videosEndpoints.library);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(titles(res.body)).toEqual(shelf.map((v) => v.title));
    expect(res.body[0]).toEqual({
      id: shelf[0]!.id,
      title: "Grace That Finds Us First",
      description: "Romans and the grace that arrives before we reach for it.",
      youtubeId: "ej_6dVdJSIU",
      patronOnly: false,
      series: "Grace Series",
      duration: 465,
      views: 0,
      likes: 0,
      publishedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(res.body[2]).toMatchObject({ youtubeId: null, duration: null });
  });

  it("searches titles and descriptions, ignoring case", async () => {
    expect(
      titles((await reader.client.call(videosEndpoints.library, { query: { search: "grace" } })).body),
    ).toEqual(["Grace That Finds Us First"]);
    expect(
      titles((await reader.client.call(videosEndpoints.library, { query: { search: "kingdom" } })).body),
    ).toEqual(["Daniel: Faithful in Babylon", "Unveiled: The Lamb"]);
    expect(
      (await reader.client.call(videosEndpoints.library, { query: { search: "nothing-like-this" } })).body,
    ).toEqual([]);
  });

  it("takes the member's search text literally, wildcards included", async () => {
    expect(
      titles((await reader.client.call(videosEndpoints.library, { query: { search: "100%" } })).body),
    ).toEqual(["Joy From a Prison Cell"]);
    expect((await reader.client.call(videosEndpoints.library, { query: { search: "%%%x" } })).body).toEqual(
      [],
    );
    expect((await reader.client.call(videosEndpoints.library, { query: { search: "_____x" } })).body).toEqual(
      [],
    );
  });

  it("filters by series, and a blank series means all of them", async () => {
    const grace = await reader.client.call(videosEndpoints.library, { query: { series: "Grace Series" } });
    expect(titles(grace.body)).toEqual(["Grace That Finds Us First", "Freedom Is Not a Feeling"]);
    const wrap = await reader.client.call(videosEndpoints.library, { query: { series: "Wrap & Reflect" } });
    expect(titles(wrap.body)).toEqual(["Joy From a Prison Cell"]);
    expect((await reader.client.call(videosEndpoints.library, { query: { series: "" } })).body).toHaveLength(
      5,
    );
    const both = await reader.client.call(videosEndpoints.library, {
      query: { series: "Unveiled", search: "lamb" },
    });
    expect(titles(both.body)).toEqual(["Unveiled: The Lamb"]);
  });

  it("refuses an unknown series and an oversized page", async () => {
    expect(
      (await reader.client.call(videosEndpoints.library, { query: { series: invalid("Other") } })).status,
    ).toBe(400);
    expect((await reader.client.call(videosEndpoints.library, { query: { limit: 101 } })).status).toBe(400);
    expect((await reader.client.call(videosEndpoints.library, { query: { before: "abc" } })).status).toBe(
      400,
    );
  });

  it("pages with limit and before (the id of the last video shown)", async () => {
    const first = await reader.client.call(videosEndpoints.library, { query: { limit: 2 } });
    expect(titles(first.body)).toEqual(shelf.slice(0, 2).map((v) => v.title));
    const second = await reader.client.call(videosEndpoints.library, {
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(titles(second.body)).toEqual(shelf.slice(2, 4).map((v) => v.title));
    const third = await reader.client.call(videosEndpoints.library, {
      query: { limit: 2, before: second.body[1]!.id },
    });
    expect(titles(third.body)).toEqual([shelf[4]!.title]);
    const graceTail = await reader.client.call(videosEndpoints.library, {
      query: { series: "Grace Series", before: shelf[0]!.id },
    });
    expect(titles(graceTail.body)).toEqual(["Freedom Is Not a Feeling"]);
  });

  it("lists more from the same series, never the video itself", async () => {
    const res = await reader.client.call(videosEndpoints.related, { params: { id: shelf[0]!.id } });
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Freedom Is Not a Feeling"]);
    const solo = await ctx.database.db
      .insert(videos)
      .values({ title: "No series", description: "A video without a series at all." })
      .returning();
    const others = await reader.client.call(videosEndpoints.related, {
      params: { id: solo[0]!.id },
      query: { limit: 2 },
    });
    expect(titles(others.body)).toEqual(shelf.slice(0, 2).map((v) => v.title));
    expect((await reader.client.call(videosEndpoints.related, { params: { id: 999999 } })).status).toBe(404);
  });
});

describe("paging", () => {
  it("pages through videos published at the very same instant", async () => {
    // One statement: identical timestamps, with the microseconds a JavaScript Date cannot hold.
    await t.database.db.execute(sql`
      insert into videos (title, description, series)
      select 'Same instant ' || g, 'Published together with the others.', 'Unveiled'
      from generate_series(1, 5) g`);
    const seen: string[] = [];
    let before: number | undefined;
    for (let page = 0; page < 4; page++) {
      const res = await ruth.client.call(videosEndpoints.library, {
        query: { series: "Unveiled", limit: 2, before },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((v) => v.title));
      if (res.body.length < 2) break;
      before = res.body[res.body.length - 1]!.id;
    }
    expect(seen).toEqual([5, 4, 3, 2, 1].map((n) => `Same instant ${n}`));
  });
});

describe("a video's page", () => {
  it("shows the video with its prompts, counts and the member's own like and save", async () => {
    const video = await addVideo({ reflectionPrompts: ["Where is grace meeting you?", "Who needs it?"] });
    await ruth.client.call(videosEndpoints.like, { params: { id: video.id } });
    await hannah.client.call(videosEndpoints.like, { params: { id: video.id } });
    await ruth.client.call(videosEndpoints.save, { params: { id: video.id } });
    await hannah.client.call(videosEndpoints.discuss, { body: { content: "Amen", videoId: video.id } });

    const mine = await ruth.client.call(videosEndpoints.video, { params: { id: video.id } });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: video.id,
      title: video.title,
      youtubeId: "dQw4w9WgXcQ",
      reflectionPrompts: ["Where is grace meeting you?", "Who needs it?"],
      likes: 2,
      likedByMe: true,
      savedByMe: true,
      discussionsCount: 1,
    });
    const theirs = await hannah.client.call(videosEndpoints.video, { params: { id: video.id } });
    expect(theirs.body).toMatchObject({ likes: 2, likedByMe: true, savedByMe: false });
    expect(theirs.body).not.toHaveProperty("createdBy");
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const res = await ruth.client.call(videosEndpoints.video, { params: { id: bad } });
      expect(res.status, bad).toBe(400);
    }
    const missing = await ruth.client.call(videosEndpoints.video, { params: { id: 987654 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Video not found" });
    for (const e of [videosEndpoints.view, videosEndpoints.like, videosEndpoints.save]) {
      expect((await ruth.client.call(e, { params: { id: 987654 } })).status).toBe(404);
    }
    expect((await ruth.client.call(videosEndpoints.discussions, { params: { id: 987654 } })).status).toBe(
      404,
    );
  });
});

describe("where she stopped", () => {
  const save = (member: Member, id: number, body: { seconds: number; finished?: boolean }) =>
    member.client.call(videosEndpoints.saveProgress, { params: { id }, body });
  const pageOf = (member: Member, id: number) =>
    member.client.call(videosEndpoints.video, { params: { id } });

  it("keeps one place per member and video, the latest save winning, and shows it on the video's page", async () => {
    const video = await addVideo();
    expect((await pageOf(ruth, video.id)).body.progress).toBeNull();

    const first = await save(ruth, video.id, { seconds: 45 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ seconds: 45, finished: false, updatedAt: expect.any(String) });
    await save(ruth, video.id, { seconds: 192 });

    expect((await pageOf(ruth, video.id)).body.progress).toEqual({
      seconds: 192,
      finished: false,
      updatedAt: expect.any(String),
    });
    // Hers alone: another member starts at the beginning.
    expect((await pageOf(hannah, video.id)).body.progress).toBeNull();
    const rows = await t.database.db.select().from(videoProgress).where(eq(videoProgress.videoId, video.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps one row when saves race", async () => {
    const video = await addVideo();
    const results = await Promise.all([10, 20, 30, 40].map((seconds) => save(hannah, video.id, { seconds })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await t.database.db.select().from(videoProgress).where(eq(videoProgress.videoId, video.id));
    expect(rows).toHaveLength(1);
  });

  it("lists what she started and has not finished, the latest watched first, a page at a time", async () => {
    const member = await t.member();
    const [a, b, c, done, barely] = [
      await addVideo({ title: "Started first" }),
      await addVideo({ title: "Started second" }),
      await addVideo({ title: "Started third", duration: null }),
      await addVideo({ title: "Watched to the end" }),
      await addVideo({ title: "Only opened" }),
    ];
    await save(member, a!.id, { seconds: 60 });
    await save(member, b!.id, { seconds: 120 });
    await save(member, c!.id, { seconds: 33 });
    await save(member, done!.id, { seconds: 420, finished: true });
    await save(member, barely!.id, { seconds: 2 });
    // Coming back to the first one makes it the latest.
    await save(member, a!.id, { seconds: 75 });

    const list = await member.client.call(videosEndpoints.watching);
    expect(list.status).toBe(200);
    expect(list.body.map((v) => [v.title, v.seconds])).toEqual([
      ["Started first", 75],
      ["Started third", 33],
      ["Started second", 120],
    ]);
    expect(list.body[0]).toEqual({
      id: a!.id,
      title: "Started first",
      series: "Grace Series",
      youtubeId: "dQw4w9WgXcQ",
      patronOnly: false,
      duration: 425,
      seconds: 75,
      watchedAt: expect.any(String),
    });

    const firstPage = await member.client.call(videosEndpoints.watching, { query: { limit: 2 } });
    expect(firstPage.body.map((v) => v.title)).toEqual(["Started first", "Started third"]);
    const next = await member.client.call(videosEndpoints.watching, {
      query: { limit: 2, before: firstPage.body[1]!.id },
    });
    expect(next.body.map((v) => v.title)).toEqual(["Started second"]);

    // Finishing a video takes it off the list, and its page starts again from the beginning.
    await save(member, b!.id, { seconds: 425, finished: true });
    const after = await member.client.call(videosEndpoints.watching);
    expect(after.body.map((v) => v.title)).toEqual(["Started first", "Started third"]);
    expect((await pageOf(member, b!.id)).body.progress).toMatchObject({ finished: true });
    expect((await hannah.client.call(videosEndpoints.watching)).body.map((v) => v.title)).not.toContain(
      "Started first",
    );
  });

  it("refuses a time that is not whole seconds within a day, and an unknown video", async () => {
    const video = await addVideo();
    for (const body of [{ seconds: -1 }, { seconds: 12.5 }, { seconds: 86_401 }, { seconds: "90" }, {}]) {
      const res = await save(ruth, video.id, invalid(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/Seconds must be a whole number from 0 to 86400|Invalid/);
    }
    const missing = await save(ruth, 987654, { seconds: 10 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Video not found" });
  });

  it("leaves the home pages the server keeps for members alone when she saves her place", async () => {
    const video = await addVideo();
    await hannah.client.call(homeEndpoints.home);
    const kept = t.app.memberCache.size;
    expect(kept).toBeGreaterThan(0);
    await save(ruth, video.id, { seconds: 50 });
    expect(t.app.memberCache.size).toBe(kept);
    // Any other change empties them, as before.
    await ruth.client.call(videosEndpoints.like, { params: { id: video.id } });
    expect(t.app.memberCache.size).toBe(0);
  });
});

describe("views", () => {
  it("count once per member per video per hour", async () => {
    const video = await addVideo();
    const first = await ruth.client.call(videosEndpoints.view, { params: { id: video.id } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ views: 1, counted: true });
    const again = await ruth.client.call(videosEndpoints.view, { params: { id: video.id } });
    expect(again.body).toEqual({ views: 1, counted: false });

    const other = await hannah.client.call(videosEndpoints.view, { params: { id: video.id } });
    expect(other.body).toEqual({ views: 2, counted: true });

    // An hour later Ruth's visit counts again.
    await t.database.db
      .update(videoViewMarks)
      .set({ countedAt: new Date(Date.now() - 61 * 60_000) })
      .where(sql`${videoViewMarks.userId} = ${ruth.id} and ${videoViewMarks.videoId} = ${video.id}`);
    const later = await ruth.client.call(videosEndpoints.view, { params: { id: video.id } });
    expect(later.body).toEqual({ views: 3, counted: true });
  });

  it("count once when the same member opens the video in several tabs at once", async () => {
    const video = await addVideo();
    const member = await t.member();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => member.client.call(videosEndpoints.view, { params: { id: video.id } })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.counted)).toHaveLength(1);
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.views).toBe(1);
  });
});

describe("likes and saves", () => {
  it("a like toggles, one per member", async () => {
    const video = await addVideo();
    expect((await ruth.client.call(videosEndpoints.like, { params: { id: video.id } })).body).toEqual({
      liked: true,
      likes: 1,
    });
    expect((await hannah.client.call(videosEndpoints.like, { params: { id: video.id } })).body).toEqual({
      liked: true,
      likes: 2,
    });
    expect((await ruth.client.call(videosEndpoints.like, { params: { id: video.id } })).body).toEqual({
      liked: false,
      likes: 1,
    });
    expect((await ruth.client.call(videosEndpoints.like, { params: { id: video.id } })).body).toEqual({
      liked: true,
      likes: 2,
    });
  });

  it("keeps the counter equal to the likes even when clicks race", async () => {
    const video = await addVideo();
    const member = await t.member();
    await Promise.all(
      Array.from({ length: 5 }, () => member.client.call(videosEndpoints.like, { params: { id: video.id } })),
    );
    const rows = await t.database.db.select().from(videoLikes).where(eq(videoLikes.videoId, video.id));
    const [row] = await t.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(row!.likesCount).toBe(rows.length);
  });

  it("a save toggles and the saved list shows the library's item, most recently saved first", async () => {
    const member = await t.member();
    const older = await addVideo({ publishedAt: daysAgo(30) });
    const newer = await addVideo({ publishedAt: daysAgo(1) });
    expect((await member.client.call(videosEndpoints.save, { params: { id: newer.id } })).body).toEqual({
      saved: true,
    });
    expect((await member.client.call(videosEndpoints.save, { params: { id: older.id } })).body).toEqual({
      saved: true,
    });

    const saved = await member.client.call(videosEndpoints.saved);
    expect(saved.status).toBe(200);
    expect(saved.body.map((v) => v.id)).toEqual([older.id, newer.id]);
    const library = await member.client.call(videosEndpoints.library, { query: { limit: 1 } });
    expect(Object.keys(saved.body[0]!).sort()).toEqual(Object.keys(library.body[0]!).sort());

    const page = await member.client.call(videosEndpoints.saved, { query: { limit: 1, before: older.id } });
    expect(page.body.map((v) => v.id)).toEqual([newer.id]);

    expect((await member.client.call(videosEndpoints.save, { params: { id: older.id } })).body).toEqual({
      saved: false,
    });
    expect((await member.client.call(videosEndpoints.saved)).body.map((v) => v.id)).toEqual([newer.id]);
    expect((await ruth.client.call(videosEndpoints.saved)).body.map((v) => v.id)).not.toContain(newer.id);
  });
});

describe("discussions", () => {
  it("stores reflections posted at the same moment each once, and one on a removed video fails alone", async () => {
    const video = await addVideo();
    const posts = [
      ...Array.from({ length: 10 }, (_, i) => ({ content: `Together ${i}`, videoId: video.id })),
      { content: "On nothing", videoId: 987654 },
    ];
    const results = await Promise.all(
      posts.map((body, i) => (i % 2 ? ruth : hannah).client.call(videosEndpoints.discuss, { body })),
    );
    expect(results.at(-1)!.status).toBe(404);
    for (const [i, r] of results.slice(0, -1).entries()) {
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        content: `Together ${i}`,
        videoId: video.id,
        user: { id: (i % 2 ? ruth : hannah).id },
      });
    }
    const stored = (
      await ruth.client.call(videosEndpoints.discussions, { params: { id: video.id }, query: { limit: 50 } })
    ).body;
    expect(stored.map((d) => d.content).sort()).toEqual(
      posts
        .slice(0, -1)
        .map((p) => p.content)
        .sort(),
    );
  });

  it("posts a reflection with the author's name and picture, never an e-mail", async () => {
    const video = await addVideo();
    const res = await ruth.client.call(videosEndpoints.discuss, {
      body: { content: "  Grace before effort.  ", videoId: video.id, isReflectionPrompt: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      videoId: video.id,
      content: "Grace before effort.",
      isReflectionPrompt: true,
      likes: 0,
      likedByMe: false,
      user: { id: ruth.id, firstName: "Ruth", displayName: "Ruth", profileImageUrl: null },
    });
    const plain = await hannah.client.call(videosEndpoints.discuss, {
      body: { content: "Amen!", videoId: video.id },
    });
    expect(plain.body.isReflectionPrompt).toBe(false);

    const list = await hannah.client.call(videosEndpoints.discussions, { params: { id: video.id } });
    expect(list.status).toBe(200);
    expect(list.body.map((d) => d.content)).toEqual(["Amen!", "Grace before effort."]);
    const raw = JSON.stringify(list.body);
    expect(raw).not.toContain(ruth.email);
    expect(raw).not.toContain(hannah.email);
    expect(raw).not.toMatch(/@/);
    expect(list.body[0]!.user).not.toHaveProperty("email");
  });

  it("falls back to the e-mail's local part, computed by the server, when there is no first name", async () => {
    const video = await addVideo();
    const nameless = await t.member({ email: "quiet.gardener@example.test" });
    await t.database.db.update(users).set({ firstName: null }).where(eq(users.id, nameless.id));
    await nameless.client.call(videosEndpoints.discuss, {
      body: { content: "Listening and learning.", videoId: video.id },
    });
    const list = await ruth.client.call(videosEndpoints.discussions, { params: { id: video.id } });
    expect(list.body[0]!.user).toEqual({
      id: nameless.id,
      firstName: null,
      profileImageUrl: null,
      displayName: "quiet.gardener",
    });
    expect(JSON.stringify(list.body)).not.toContain("example.test");
  });

  it("refuses blank content and unknown videos", async () => {
    const video = await addVideo();
    for (const content of ["", "   ", "\n\t"]) {
      const res = await ruth.client.call(videosEndpoints.discuss, { body: { content, videoId: video.id } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please write something before sharing");
      expect(res.body.errors?.content).toBe("Please write something before sharing");
    }
    expect(
      (await ruth.client.call(videosEndpoints.discuss, { body: invalid({ videoId: video.id }) })).status,
    ).toBe(400);
    expect(
      (await ruth.client.call(videosEndpoints.discuss, { body: invalid({ content: "Hi" }) })).status,
    ).toBe(400);
    const missing = await ruth.client.call(videosEndpoints.discuss, {
      body: { content: "Hi", videoId: 987654 },
    });
    expect(missing.status).toBe(404);
    const [{ count } = { count: -1 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(discussions)
      .where(eq(discussions.videoId, video.id));
    expect(count).toBe(0);
  });

  it("a like on a reflection toggles, one per member", async () => {
    const video = await addVideo();
    const posted = await hannah.client.call(videosEndpoints.discuss, {
      body: { content: "So good", videoId: video.id },
    });
    const id = posted.body.id;
    expect((await ruth.client.call(videosEndpoints.likeDiscussion, { params: { id } })).body).toEqual({
      liked: true,
      likes: 1,
    });
    expect((await hannah.client.call(videosEndpoints.likeDiscussion, { params: { id } })).body).toEqual({
      liked: true,
      likes: 2,
    });
    expect((await ruth.client.call(videosEndpoints.likeDiscussion, { params: { id } })).body).toEqual({
      liked: false,
      likes: 1,
    });
    const list = await hannah.client.call(videosEndpoints.discussions, { params: { id: video.id } });
    expect(list.body[0]).toMatchObject({ likes: 1, likedByMe: true });
    const ruthView = await ruth.client.call(videosEndpoints.discussions, { params: { id: video.id } });
    expect(ruthView.body[0]).toMatchObject({ likes: 1, likedByMe: false });
    expect((await ruth.client.call(videosEndpoints.likeDiscussion, { params: { id: 987654 } })).status).toBe(
      404,
    );
    expect((await ruth.client.call(videosEndpoints.likeDiscussion, { params: { id: "abc" } })).status).toBe(
      400,
    );
  });

  it("pages a long conversation, newest first", async () => {
    const video = await addVideo();
    for (let i = 1; i <= 5; i++) {
      await ruth.client.call(videosEndpoints.discuss, {
        body: { content: `Thought ${i}`, videoId: video.id },
      });
    }
    const first = await ruth.client.call(videosEndpoints.discussions, {
      params: { id: video.id },
      query: { limit: 2 },
    });
    expect(first.body.map((d) => d.content)).toEqual(["Thought 5", "Thought 4"]);
    const next = await ruth.client.call(videosEndpoints.discussions, {
      params: { id: video.id },
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(next.body.map((d) => d.content)).toEqual(["Thought 3", "Thought 2"]);
    expect(
      (await ruth.client.call(videosEndpoints.video, { params: { id: video.id } })).body.discussionsCount,
    ).toBe(5);
  });

  it("the member's reflections are her own comments, newest first, with the video title", async () => {
    const member = await t.member();
    const a = await addVideo({ title: "First teaching" });
    const b = await addVideo({ title: "Second teaching" });
    await member.client.call(videosEndpoints.discuss, { body: { content: "On the first", videoId: a.id } });
    await hannah.client.call(videosEndpoints.discuss, { body: { content: "Not mine", videoId: a.id } });
    await member.client.call(videosEndpoints.discuss, {
      body: { content: "On the second", videoId: b.id, isReflectionPrompt: true },
    });
    const res = await member.client.call(videosEndpoints.reflections);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        content: "On the second",
        createdAt: expect.any(String),
        isReflectionPrompt: true,
        likes: 0,
        video: { id: b.id, title: "Second teaching" },
      },
      expect.objectContaining({ content: "On the first", video: { id: a.id, title: "First teaching" } }),
    ]);
  });
});

describe("write rate limit", () => {
  it("slows down a member who posts too many comments in a minute", () =>
    expectWriteLimit(async (limited) => {
      const member = await limited.member();
      const [video] = await limited.database.db
        .insert(videos)
        .values({ title: "Rate", description: "A video to comment on quickly." })
        .returning();
      return () =>
        member.client.call(videosEndpoints.discuss, { body: { content: "Again", videoId: video!.id } });
    }));
});

describe("the library under load", () => {
  it("answers a revisit with the same version by 304, and shows an administrator's new video at once", async () => {
    const m = await t.member();
    const first = await m.client.call(videosEndpoints.library);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    // Straight to the app: the client would clear the shared caches this checks.
    const again = await t.app.inject({
      method: videosEndpoints.library.method,
      url: videosEndpoints.library.path,
      headers: { cookie: `sid=${m.client.jar.get("sid")}`, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
  });
});
