import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { createTestContext, invalid, type Member, type TestContext } from "../support/app";
import { makePatron } from "../support/patrons";

let t: TestContext;
let admin: Member;
let member: Member;
let patron: Member;
let keptVideo: { id: number };
let openVideo: { id: number };
let keptCourse: { id: number };

const KEPT_ID = "kEptVideo01";
const OPEN_ID = "opEnVideo01";
const KEPT_URL = "https://learn.example.org/kept-for-patrons";

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  member = await t.member({ firstName: "Ruth" });
  patron = await t.member({ firstName: "Esther" });
  await makePatron(t, patron);

  const addVideo = async (title: string, youtubeId: string, patronOnly: boolean) => {
    const res = await admin.client.call(videosEndpoints.adminCreate, {
      body: {
        title,
        description: "A teaching on walking with God through the seasons of life.",
        youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
        series: "Grace Series",
        patronOnly,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  openVideo = await addVideo("Grace for today", OPEN_ID, false);
  keptVideo = await addVideo("The hidden manna", KEPT_ID, true);
  const course = await admin.client.call(coursesEndpoints.adminCreate, {
    body: {
      title: "The Names of God",
      description: "Seven names of God, and what each says of his heart.",
      status: "active",
      courseUrl: KEPT_URL,
      patronOnly: true,
    },
  });
  keptCourse = course.body;

  // Both videos watched part-way and saved by everyone, so every list has them.
  for (const who of [member, patron, admin]) {
    for (const video of [openVideo, keptVideo]) {
      await who.client.call(videosEndpoints.saveProgress, {
        params: { id: video.id },
        body: { seconds: 120 },
      });
      await who.client.call(videosEndpoints.save, { params: { id: video.id } });
    }
  }
});
afterAll(() => t.close());

/** Every answer that may carry a video, as this caller receives it. */
async function videosSeenBy(who: Member) {
  const c = who.client;
  const [library, detail, related, saved, watching] = await Promise.all([
    c.call(videosEndpoints.library),
    c.call(videosEndpoints.video, { params: { id: keptVideo.id } }),
    c.call(videosEndpoints.related, { params: { id: openVideo.id } }),
    c.call(videosEndpoints.saved),
    c.call(videosEndpoints.watching),
  ]);
  const kept = (list: { id: number; youtubeId: string | null; patronOnly: boolean }[]) =>
    list.find((v) => v.id === keptVideo.id);
  return {
    library: kept(library.body),
    detail: detail.body,
    related: kept(related.body),
    saved: kept(saved.body),
    watching: kept(watching.body),
  };
}

describe("patron-only videos", () => {
  it("are listed to every member, marked for patrons, without what plays them", async () => {
    const seen = await videosSeenBy(member);
    for (const video of Object.values(seen)) {
      expect(video).toMatchObject({ id: keptVideo.id, patronOnly: true, youtubeId: null });
    }
    const open = (await member.client.call(videosEndpoints.library)).body.find((v) => v.id === openVideo.id);
    expect(open).toMatchObject({ patronOnly: false, youtubeId: OPEN_ID });
  });

  it("play for patrons and administrators", async () => {
    for (const who of [patron, admin]) {
      const seen = await videosSeenBy(who);
      for (const video of Object.values(seen)) {
        expect(video).toMatchObject({ id: keptVideo.id, patronOnly: true, youtubeId: KEPT_ID });
      }
    }
  });

  it("are never named in a member's server-rendered page, its hints or its embedded answers", async () => {
    for (const path of ["/videos", `/video/${keptVideo.id}`, "/"]) {
      const page = await member.client.page(path);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(KEPT_ID);
    }
    const patronPage = await patron.client.page(`/video/${keptVideo.id}`);
    expect(patronPage.body).toContain(KEPT_ID);
  });

  it("are marked and unmarked by administrators", async () => {
    const edited = await admin.client.call(videosEndpoints.adminEdit, {
      params: { id: openVideo.id },
      body: { patronOnly: true },
    });
    expect(edited.body.patronOnly).toBe(true);
    const listed = (await member.client.call(videosEndpoints.library)).body.find(
      (v) => v.id === openVideo.id,
    );
    expect(listed).toMatchObject({ patronOnly: true, youtubeId: null });

    await admin.client.call(videosEndpoints.adminEdit, {
      params: { id: openVideo.id },
      body: { patronOnly: false },
    });
    const again = (await member.client.call(videosEndpoints.library)).body.find((v) => v.id === openVideo.id);
    expect(again).toMatchObject({ patronOnly: false, youtubeId: OPEN_ID });
  });
});

describe("patron-only courses", () => {
  it("are listed to every member without their link, and refuse her enrollment", async () => {
    const listed = (await member.client.call(coursesEndpoints.list)).body.find((c) => c.id === keptCourse.id);
    expect(listed).toMatchObject({ patronOnly: true, courseUrl: null });
    const res = await member.client.call(coursesEndpoints.enroll, { params: { id: keptCourse.id } });
    expect(res.status).toBe(403);
    const page = await member.client.page("/courses");
    expect(page.body).not.toContain(KEPT_URL);
  });

  it("open for patrons and administrators", async () => {
    for (const who of [patron, admin]) {
      const listed = (await who.client.call(coursesEndpoints.list)).body.find((c) => c.id === keptCourse.id);
      expect(listed).toMatchObject({ patronOnly: true, courseUrl: KEPT_URL });
    }
    const res = await patron.client.call(coursesEndpoints.enroll, { params: { id: keptCourse.id } });
    expect(res.body).toMatchObject({ enrolled: true });
  });

  it("are marked by administrators on the course form", async () => {
    const edited = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: keptCourse.id },
      body: { includedForPatrons: true, patronOnly: false },
    });
    expect(edited.body).toMatchObject({ patronOnly: false, includedForPatrons: true });
    const bad = await admin.client.call(coursesEndpoints.adminEdit, {
      params: { id: keptCourse.id },
      body: { patronOnly: invalid("yes") },
    });
    expect(bad.status).toBe(400);
  });
});
