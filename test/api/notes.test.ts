import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { notesEndpoints } from "../../src/core/notes/endpoints";
import { videoNotes, videos } from "../../src/server/db/schema";
import { createTestContext, expectRefused, invalid, type Member, type TestContext } from "../support/app";

let t: TestContext;
let ruth: Member;
let hannah: Member;
let grace: { id: number; title: string };
let daniel: { id: number; title: string };

beforeAll(async () => {
  t = await createTestContext();
  ruth = await t.member({ firstName: "Ruth" });
  hannah = await t.member({ firstName: "Hannah" });
  const rows = await t.database.db
    .insert(videos)
    .values([
      { title: "Grace That Finds Us First", description: "Romans and the grace that comes first." },
      { title: "Daniel: Faithful in Babylon", description: "Faithfulness in a foreign land." },
    ])
    .returning({ id: videos.id, title: videos.title });
  [grace, daniel] = rows as [typeof grace, typeof daniel];
});
afterAll(() => t.close());

describe("signed out", () => {
  it("answers 401 on every notes route", async () => {
    const visitor = t.visitor();
    for (const res of await Promise.all([
      visitor.call(notesEndpoints.list),
      visitor.call(notesEndpoints.tags),
      visitor.call(notesEndpoints.create, { body: { content: "A note" } }),
      visitor.call(notesEndpoints.remove, { params: { id: 1 } }),
    ])) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("creating a note", () => {
  it("needs only content; the rest has sensible defaults", async () => {
    const res = await ruth.client.call(notesEndpoints.create, { body: { content: "  Rest in grace.  " } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      videoId: null,
      videoTitle: null,
      content: "Rest in grace.",
      timestamp: null,
      tags: [],
      isHighlight: false,
      createdAt: expect.any(String),
    });
  });

  it("keeps the video, the time in seconds, cleaned tags and the highlight flag", async () => {
    const res = await ruth.client.call(notesEndpoints.create, {
      body: {
        videoId: grace.id,
        content: "Grace arrives before effort",
        timestamp: 134,
        tags: [" grace ", "", "Romans", "grace", "GRACE", "  "],
        isHighlight: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      videoId: grace.id,
      videoTitle: "Grace That Finds Us First",
      timestamp: 134,
      tags: ["grace", "Romans"],
      isHighlight: true,
    });
  });

  it("says 'Note content is required' for missing or blank content", async () => {
    for (const body of [{}, { content: "" }, { content: "   " }, { content: null }]) {
      const res = await ruth.client.call(notesEndpoints.create, { body: invalid(body) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Note content is required");
      expect(res.body.errors?.content).toBe("Note content is required");
    }
  });

  it("refuses a bad timestamp, a bad or unknown video and too many tags", async () => {
    const bad = [
      { content: "x", timestamp: -5 },
      { content: "x", timestamp: 1.5 },
      { content: "x", timestamp: "1:05" },
      { content: "x", videoId: "abc" },
      { content: "x", tags: "grace, hope" },
      { content: "x", tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) },
      { content: "x", tags: ["a".repeat(41)] },
      { content: "x", isHighlight: "yes" },
    ];
    for (const body of bad) {
      const res = await ruth.client.call(notesEndpoints.create, { body: invalid(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await ruth.client.call(notesEndpoints.create, {
      body: { content: "x", videoId: 987654 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("That video no longer exists");
  });
});

describe("listing, searching and filtering", () => {
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    member = await t.member();
    other = await t.member();
    const add = (body: BodyIn<typeof notesEndpoints.create>) =>
      member.client.call(notesEndpoints.create, { body });
    await add({
      videoId: grace.id,
      content: "Grace comes first",
      tags: ["grace", "romans"],
      isHighlight: true,
    });
    await add({
      videoId: daniel.id,
      content: "Windows open toward Jerusalem",
      tags: ["prayer"],
      timestamp: 245,
    });
    await add({ content: "Small group ideas: pray a psalm each week", tags: ["prayer", "small group"] });
    await add({ videoId: daniel.id, content: "The Son of Man", tags: ["prophecy"], isHighlight: true });
    await other.client.call(notesEndpoints.create, {
      body: { content: "Someone else's grace note", tags: ["secret"] },
    });
  });

  const contents = (body: { content: string }[]) => body.map((n) => n.content);

  it("shows only the member's own notes, newest first", async () => {
    const res = await member.client.call(notesEndpoints.list);
    expect(res.status).toBe(200);
    expect(contents(res.body)).toEqual([
      "The Son of Man",
      "Small group ideas: pray a psalm each week",
      "Windows open toward Jerusalem",
      "Grace comes first",
    ]);
    expect(res.body[2]).toMatchObject({ videoTitle: "Daniel: Faithful in Babylon", timestamp: 245 });
  });

  it("searches the note's content and its video's title, ignoring case", async () => {
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { search: "PSALM" } })).body),
    ).toEqual(["Small group ideas: pray a psalm each week"]);
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { search: "babylon" } })).body),
    ).toEqual(["The Son of Man", "Windows open toward Jerusalem"]);
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { search: "grace" } })).body),
    ).toEqual(["Grace comes first"]);
    expect((await member.client.call(notesEndpoints.list, { query: { search: "%" } })).body).toEqual([]);
  });

  it("filters by tag and by highlights, and both together", async () => {
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { tag: "prayer" } })).body),
    ).toEqual(["Small group ideas: pray a psalm each week", "Windows open toward Jerusalem"]);
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { tag: "small group" } })).body),
    ).toEqual(["Small group ideas: pray a psalm each week"]);
    expect(
      contents((await member.client.call(notesEndpoints.list, { query: { highlights: "true" } })).body),
    ).toEqual(["The Son of Man", "Grace comes first"]);
    expect(
      (await member.client.call(notesEndpoints.list, { query: { highlights: "false" } })).body,
    ).toHaveLength(4);
    expect(
      contents(
        (await member.client.call(notesEndpoints.list, { query: { highlights: "true", tag: "grace" } })).body,
      ),
    ).toEqual(["Grace comes first"]);
    expect((await member.client.call(notesEndpoints.list, { query: { tag: "secret" } })).body).toEqual([]);
    expect((await member.client.call(notesEndpoints.list, { query: { highlights: "maybe" } })).status).toBe(
      400,
    );
  });

  it("pages with limit and before", async () => {
    const first = await member.client.call(notesEndpoints.list, { query: { limit: 3 } });
    expect(first.body).toHaveLength(3);
    const next = await member.client.call(notesEndpoints.list, {
      query: { limit: 3, before: first.body[2]!.id },
    });
    expect(contents(next.body)).toEqual(["Grace comes first"]);
  });

  it("lists the member's own tags once each, alphabetically", async () => {
    const res = await member.client.call(notesEndpoints.tags);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(["grace", "prayer", "prophecy", "romans", "small group"]);
    expect((await other.client.call(notesEndpoints.tags)).body).toEqual(["secret"]);
  });

  it("keeps a note when its video is deleted, without a title", async () => {
    const [temp] = await t.database.db
      .insert(videos)
      .values({ title: "Temporary", description: "Soon to be removed by an admin." })
      .returning();
    const note = await member.client.call(notesEndpoints.create, {
      body: { videoId: temp!.id, content: "Kept" },
    });
    await t.database.db.delete(videos).where(eq(videos.id, temp!.id));
    const list = await member.client.call(notesEndpoints.list, { query: { search: "Kept" } });
    expect(list.body[0]).toMatchObject({ id: note.body.id, videoId: null, videoTitle: null });
  });
});

describe("deleting a note", () => {
  it("deletes the member's own note", async () => {
    const note = await ruth.client.call(notesEndpoints.create, { body: { content: "To be removed" } });
    const res = await ruth.client.call(notesEndpoints.remove, { params: { id: note.body.id } });
    expect(res.status).toBe(204);
    const rows = await t.database.db.select().from(videoNotes).where(eq(videoNotes.id, note.body.id));
    expect(rows).toHaveLength(0);
    expect((await ruth.client.call(notesEndpoints.remove, { params: { id: note.body.id } })).status).toBe(
      404,
    );
  });

  it("answers 404 for another member's note and leaves it alone", async () => {
    const note = await hannah.client.call(notesEndpoints.create, {
      body: { content: "Hannah's private note" },
    });
    const res = await ruth.client.call(notesEndpoints.remove, { params: { id: note.body.id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Note not found" });
    const rows = await t.database.db.select().from(videoNotes).where(eq(videoNotes.id, note.body.id));
    expect(rows).toHaveLength(1);
    const ruthNotes = await ruth.client.call(notesEndpoints.list);
    expect(ruthNotes.body.map((n: { id: number }) => n.id)).not.toContain(note.body.id);
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    expect((await ruth.client.call(notesEndpoints.remove, { params: { id: "abc" } })).status).toBe(400);
    expect((await ruth.client.call(notesEndpoints.remove, { params: { id: 987654 } })).status).toBe(404);
  });
});

describe("editing a note", () => {
  it("changes only what she sends, and the list shows the new words", async () => {
    const note = await ruth.client.call(notesEndpoints.create, {
      body: { videoId: grace.id, content: "Grace goes first", timestamp: 95, tags: ["grace"] },
    });
    const res = await ruth.client.call(notesEndpoints.update, {
      params: { id: note.body.id },
      body: { content: "  Grace goes first, and waits for me.  ", isHighlight: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...note.body,
      content: "Grace goes first, and waits for me.",
      isHighlight: true,
    });
    const list = await ruth.client.call(notesEndpoints.list, { query: { search: "waits for me" } });
    expect(list.body.map((n) => n.id)).toEqual([note.body.id]);
  });

  it("moves a note to another video and time, or clears them, and retags it", async () => {
    const note = await ruth.client.call(notesEndpoints.create, {
      body: { videoId: grace.id, content: "A moment to move", timestamp: 30, tags: ["old"] },
    });
    const moved = await ruth.client.call(notesEndpoints.update, {
      params: { id: note.body.id },
      body: { videoId: daniel.id, timestamp: 250, tags: [" new ", "NEW", "faith"] },
    });
    expect(moved.body).toMatchObject({
      videoId: daniel.id,
      videoTitle: daniel.title,
      timestamp: 250,
      tags: ["new", "faith"],
    });
    const cleared = await ruth.client.call(notesEndpoints.update, {
      params: { id: note.body.id },
      body: { videoId: null, timestamp: null, tags: [] },
    });
    expect(cleared.body).toMatchObject({ videoId: null, videoTitle: null, timestamp: null, tags: [] });
  });

  it("refuses blank content, a bad time and an unknown video, and keeps the note as it was", async () => {
    const note = await ruth.client.call(notesEndpoints.create, { body: { content: "Unchanged words" } });
    const update = (body: BodyIn<typeof notesEndpoints.update>) =>
      ruth.client.call(notesEndpoints.update, { params: { id: note.body.id }, body });
    expectRefused(await update({ content: "   " }), 400, "Note content is required");
    expectRefused(await update({ timestamp: invalid(-5) }), 400);
    expectRefused(
      await update({ videoId: 987654, content: "Would be lost" }),
      400,
      "That video no longer exists",
    );
    const [row] = await t.database.db.select().from(videoNotes).where(eq(videoNotes.id, note.body.id));
    expect(row).toMatchObject({ content: "Unchanged words", videoId: null });
  });

  it("answers 404 for another member's note and leaves it alone", async () => {
    const note = await hannah.client.call(notesEndpoints.create, { body: { content: "Hannah's own words" } });
    const res = await ruth.client.call(notesEndpoints.update, {
      params: { id: note.body.id },
      body: { content: "Not hers to change" },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Note not found" });
    const [row] = await t.database.db.select().from(videoNotes).where(eq(videoNotes.id, note.body.id));
    expect(row!.content).toBe("Hannah's own words");
    expect(
      (await t.visitor().call(notesEndpoints.update, { params: { id: note.body.id }, body: {} })).status,
    ).toBe(401);
  });
});
