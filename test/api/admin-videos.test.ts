import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { activityLog, discussions, videos } from "../../src/server/db/schema";
import {
  contextWithAdminAndMember,
  expectRefused,
  invalid,
  type Member,
  type TestContext,
} from "../support/app";

let t: TestContext;
let admin: Member;
let member: Member;
beforeAll(async () => ({ t, admin, member } = await contextWithAdminAndMember()));
afterAll(() => t.close());

type VideoBody = BodyIn<typeof videosEndpoints.adminCreate>;

const valid = (overrides: Partial<VideoBody> = {}): VideoBody => ({
  title: "Grace That Finds Us First",
  description: "We open Romans and trace how grace arrives before we reach for it.",
  youtubeUrl: "https://www.youtube.com/watch?v=ej_6dVdJSIU",
  series: "Grace Series",
  duration: 465,
  ...overrides,
});

describe("who may manage videos", () => {
  it("answers 401 to visitors and 403 to members on every admin video route", async () => {
    const [video] = await t.database.db
      .insert(videos)
      .values({ title: "Existing", description: "A video that already exists." })
      .returning();
    const visitor = t.visitor();
    const attempts = (client: typeof visitor) => [
      client.call(videosEndpoints.adminList),
      client.call(videosEndpoints.adminCreate, { body: valid() }),
      client.call(videosEndpoints.adminEdit, { params: { id: video!.id }, body: { title: "Changed" } }),
      client.call(videosEndpoints.adminRemove, { params: { id: video!.id } }),
    ];
    for (const res of await Promise.all(attempts(visitor))) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
    for (const res of await Promise.all(attempts(member.client))) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You don't have permission to access the admin dashboard.");
    }
    const [still] = await t.database.db.select().from(videos).where(eq(videos.id, video!.id));
    expect(still?.title).toBe("Existing");
  });
});

describe("adding a video", () => {
  it("creates it, records the activity and shows it in the library", async () => {
    const res = await admin.client.call(videosEndpoints.adminCreate, {
      body: valid({ reflectionPrompts: ["Where is grace meeting you?", " ", "Who needs it?"] }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      title: "Grace That Finds Us First",
      youtubeId: "ej_6dVdJSIU",
      youtubeUrl: "https://www.youtube.com/watch?v=ej_6dVdJSIU",
      series: "Grace Series",
      duration: 465,
      views: 0,
      reflectionPrompts: ["Where is grace meeting you?", "Who needs it?"],
      discussionsCount: 0,
    });
    const [activity] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, "video_added"))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(activity).toMatchObject({
      userId: admin.id,
      params: { title: "Grace That Finds Us First" },
    });

    const library = await member.client.call(videosEndpoints.library);
    expect(library.body.map((v: { id: number }) => v.id)).toContain(res.body.id);
    const list = await admin.client.call(videosEndpoints.adminList);
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      id: res.body.id,
      youtubeUrl: expect.stringContaining("ej_6dVdJSIU"),
    });
  });

  it("needs only a title, a description and a YouTube link", async () => {
    const res = await admin.client.call(videosEndpoints.adminCreate, {
      body: { title: "Minimal", description: "Just enough words here.", youtubeUrl: "youtu.be/9cSC9uobtPM" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ series: null, duration: null, reflectionPrompts: [] });
  });

  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc123&t=10", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ?feature=share", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("reads the video id from %s", async (youtubeUrl, id) => {
    const res = await admin.client.call(videosEndpoints.adminCreate, { body: valid({ youtubeUrl }) });
    expect(res.status).toBe(201);
    expect(res.body.youtubeId).toBe(id);
  });

  it("says what is wrong, in the words of the specification", async () => {
    const cases: Array<[VideoBody, string, string]> = [
      [valid({ title: "" }), "title", "Title is required"],
      [valid({ title: "   " }), "title", "Title is required"],
      [valid({ title: undefined }), "title", "Title is required"],
      [valid({ description: "Too short" }), "description", "Description must be at least 10 characters"],
      [valid({ description: "   short    " }), "description", "Description must be at least 10 characters"],
      [valid({ youtubeUrl: "not a url" }), "youtubeUrl", "Must be a valid YouTube URL"],
      [valid({ youtubeUrl: "https://vimeo.com/123456" }), "youtubeUrl", "Must be a valid YouTube URL"],
      [
        valid({ youtubeUrl: "https://www.youtube.com/watch?v=short" }),
        "youtubeUrl",
        "Must be a valid YouTube URL",
      ],
      [
        valid({ youtubeUrl: "https://www.youtube.com/channel/UC123" }),
        "youtubeUrl",
        "Must be a valid YouTube URL",
      ],
      [valid({ youtubeUrl: "javascript:alert(1)" }), "youtubeUrl", "Must be a valid YouTube URL"],
      [valid({ youtubeUrl: "" }), "youtubeUrl", "Must be a valid YouTube URL"],
      [valid({ series: invalid("Another Series") }), "series", "Choose one of the series"],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.client.call(videosEndpoints.adminCreate, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(
      (await admin.client.call(videosEndpoints.adminCreate, { body: valid({ duration: -1 }) })).status,
    ).toBe(400);
    expect(
      (await admin.client.call(videosEndpoints.adminCreate, { body: valid({ duration: invalid("7:45") }) }))
        .status,
    ).toBe(400);
  });
});

describe("editing a video", () => {
  it("changes only the fields sent, and null clears series and duration", async () => {
    const created = await admin.client.call(videosEndpoints.adminCreate, {
      body: valid({ title: "Before" }),
    });
    const id = created.body.id;
    const res = await admin.client.call(videosEndpoints.adminEdit, {
      params: { id },
      body: {
        title: "After",
        youtubeUrl: "https://youtu.be/9cSC9uobtPM",
        series: null,
        duration: null,
        reflectionPrompts: ["A new prompt"],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      title: "After",
      description: created.body.description,
      youtubeId: "9cSC9uobtPM",
      series: null,
      duration: null,
      reflectionPrompts: ["A new prompt"],
    });
    const detail = await member.client.call(videosEndpoints.video, { params: { id } });
    expect(detail.body).toMatchObject({ title: "After", youtubeId: "9cSC9uobtPM" });
    const nothing = await admin.client.call(videosEndpoints.adminEdit, { params: { id }, body: {} });
    expect(nothing.status).toBe(200);
    expect(nothing.body.title).toBe("After");
  });

  it("validates like adding, and answers 404 for an unknown video", async () => {
    const created = await admin.client.call(videosEndpoints.adminCreate, { body: valid() });
    const edit = (body: BodyIn<typeof videosEndpoints.adminEdit>) =>
      admin.client.call(videosEndpoints.adminEdit, { params: { id: created.body.id }, body });
    expectRefused(await edit({ youtubeUrl: "nope" }), 400, "Must be a valid YouTube URL");
    expectRefused(await edit({ description: "short" }), 400, "Description must be at least 10 characters");
    expect(
      (await admin.client.call(videosEndpoints.adminEdit, { params: { id: 987654 }, body: { title: "x" } }))
        .status,
    ).toBe(404);
    expect(
      (await admin.client.call(videosEndpoints.adminEdit, { params: { id: "abc" }, body: { title: "x" } }))
        .status,
    ).toBe(400);
  });
});

describe("deleting a video", () => {
  it("removes it with its reflections", async () => {
    const created = await admin.client.call(videosEndpoints.adminCreate, {
      body: valid({ title: "To delete" }),
    });
    const id = created.body.id;
    await member.client.call(videosEndpoints.discuss, { body: { content: "A thought", videoId: id } });
    const res = await admin.client.call(videosEndpoints.adminRemove, { params: { id } });
    expect(res.status).toBe(204);
    expect((await member.client.call(videosEndpoints.video, { params: { id } })).status).toBe(404);
    expect(await t.database.db.select().from(discussions).where(eq(discussions.videoId, id))).toHaveLength(0);
    expect((await admin.client.call(videosEndpoints.adminRemove, { params: { id } })).status).toBe(404);
    expect((await admin.client.call(videosEndpoints.adminRemove, { params: { id: "abc" } })).status).toBe(
      400,
    );
  });
});
