import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { HIDDEN_MEMBER_NAME } from "../../src/core/format";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { articles, users, videos } from "../../src/server/db/schema";
import { createTestContext, type Member, succeeded, type TestContext } from "../support/app";
import { createEvent, openGroup, startGroup } from "../support/content";

/**
 * `showProfileToMembers: false`: every list that shows a member's name shows "A member" (and no
 * picture) to other members, and her name to herself, the administrators, her group's admin and
 * her discipleship partner.
 */

const PICTURE = "https://example.test/hadassah.png";

let t: TestContext;
/** The member whose setting is off. */
let her: Member;
/** Another member, tied to her by nothing. */
let stranger: Member;
let admin: Member;
/** The admin of a cultivation group she belongs to. */
let groupAdmin: Member;
/** Her mentor (an active connection). */
let partner: Member;
let groupId: number;
let articleId: number;
let videoId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  her = await t.member({ firstName: "Hadassah", lastName: "Levi" });
  stranger = await t.member({ firstName: "Stranger" });
  groupAdmin = await t.member({ firstName: "Gideon" });
  partner = await t.member({ firstName: "Priscilla" });
  await t.database.db.update(users).set({ profileImageUrl: PICTURE }).where(eq(users.id, her.id));
  await succeeded(
    her.client.call(profileEndpoints.updateSettings, { body: { showProfileToMembers: false } }),
  );

  const group = await openGroup(groupAdmin);
  groupId = group.id;
  await succeeded(her.client.call(groupsEndpoints.join, { params: { id: groupId }, body: {} }));

  await succeeded(
    partner.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "teacher", focusAreas: ["Prayer"] },
    }),
  );
  const matched = await succeeded(
    her.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "growing", focusAreas: ["Prayer"] },
    }),
  );
  await succeeded(partner.client.call(discipleshipEndpoints.accept, { params: { id: matched.id } }));

  const [article] = await t.database.db
    .insert(articles)
    .values({ guid: "privacy-1", title: "Hidden in plain sight", url: "https://grace.substack.com/p/hidden" })
    .returning();
  articleId = article!.id;
  const [video] = await t.database.db
    .insert(videos)
    .values({ title: "Seen", description: "A teaching about being seen.", youtubeId: "dQw4w9WgXcQ" })
    .returning();
  videoId = video!.id;
});
afterAll(() => t.close());

/** Those who see her name, with her among them. */
const seeingHer = () => ({ herself: her, admin, groupAdmin, partner });

/** Her name and picture as the wall, the dashboard and the group page carry them. */
const named = { firstName: "Hadassah", lastName: "Levi", profileImageUrl: PICTURE };
const hidden = { firstName: HIDDEN_MEMBER_NAME, lastName: null, profileImageUrl: null };

describe("the prayer wall and the home page", () => {
  let requestId: number;
  let othersRequestId: number;
  beforeAll(async () => {
    const mine = await succeeded(
      her.client.call(prayerEndpoints.share, { body: { content: "For my family", isAnonymous: false } }),
    );
    requestId = mine.id;
    await succeeded(
      her.client.call(prayerEndpoints.respond, {
        params: { id: requestId },
        body: { content: "Thank you all" },
      }),
    );
    const theirs = await succeeded(
      stranger.client.call(prayerEndpoints.share, { body: { content: "For rain", isAnonymous: false } }),
    );
    othersRequestId = theirs.id;
    await succeeded(
      her.client.call(prayerEndpoints.respond, {
        params: { id: othersRequestId },
        body: { content: "Praying with you", isPraying: false },
      }),
    );
  });

  const wallOf = async (m: Member) => {
    const wall = await succeeded(m.client.call(prayerEndpoints.wall));
    const request = wall.find((r) => r.id === requestId)!;
    const response = wall.find((r) => r.id === othersRequestId)!.responses.find((r) => r.user.id === her.id)!;
    return { request: request.user, ownResponse: request.responses[0]!.user, response: response.user };
  };

  it('shows other members "A member" for her requests and responses, with no picture', async () => {
    const wall = await wallOf(stranger);
    for (const user of Object.values(wall)) expect(user).toEqual({ id: her.id, ...hidden });
    const all = await succeeded(
      stranger.client.call(prayerEndpoints.responses, { params: { id: requestId } }),
    );
    expect(all[0]!.user).toEqual({ id: her.id, ...hidden });
    const later = await succeeded(
      stranger.client.call(prayerEndpoints.responses, { params: { id: othersRequestId } }),
    );
    expect(later.find((r) => r.user.id === her.id)!.user).toEqual({ id: her.id, ...hidden });
  });

  it("names her to herself, the administrators, her group's admin and her partner", async () => {
    for (const [who, m] of Object.entries(seeingHer())) {
      const wall = await wallOf(m);
      for (const user of Object.values(wall)) expect(user, who).toEqual({ id: her.id, ...named });
    }
  });

  it("keeps an anonymous request anonymous, whatever her setting", async () => {
    const secret = await succeeded(
      her.client.call(prayerEndpoints.share, { body: { content: "Unspoken", isAnonymous: true } }),
    );
    const wall = await succeeded(groupAdmin.client.call(prayerEndpoints.wall));
    expect(wall.find((r) => r.id === secret.id)!.user).toEqual({
      firstName: "Anonymous",
      profileImageUrl: null,
    });
  });

  it("does the same in the home page's prayer previews", async () => {
    // The home page shows the newest few: hers is the newest.
    const newest = await succeeded(
      her.client.call(prayerEndpoints.share, { body: { content: "For peace", isAnonymous: false } }),
    );
    const previewOf = async (m: Member) =>
      (await succeeded(m.client.call(homeEndpoints.home))).prayerRequests.find((r) => r.id === newest.id)!
        .user;
    expect(await previewOf(stranger)).toEqual({ id: her.id, ...hidden });
    for (const [who, m] of Object.entries(seeingHer()))
      expect(await previewOf(m), who).toEqual({ id: her.id, ...named });
  });

  it("names her in the notification of her response only to those who may see her name", async () => {
    const texts = async (m: Member) =>
      (await succeeded(m.client.call(notificationsEndpoints.list))).map((n) => n.text);
    expect(await texts(stranger)).toContain("A member responded to your prayer request");
    expect((await texts(stranger)).join(" ")).not.toContain("Hadassah");
    const shared = await succeeded(
      groupAdmin.client.call(prayerEndpoints.share, { body: { content: "For courage", isAnonymous: false } }),
    );
    await succeeded(
      her.client.call(prayerEndpoints.respond, { params: { id: shared.id }, body: { content: "Amen" } }),
    );
    expect(await texts(groupAdmin)).toContain("Hadassah responded to your prayer request");
  });

  it("names her in the notification of her prayer only to those who may see her name", async () => {
    const texts = async (m: Member) =>
      (await succeeded(m.client.call(notificationsEndpoints.list))).map((n) => n.text);
    const strangers = await succeeded(
      stranger.client.call(prayerEndpoints.share, { body: { content: "For my garden", isAnonymous: false } }),
    );
    await succeeded(her.client.call(prayerEndpoints.pray, { params: { id: strangers.id } }));
    expect(await texts(stranger)).toContain("A member prayed for your request");
    const admins = await succeeded(
      groupAdmin.client.call(prayerEndpoints.share, {
        body: { content: "For patience", isAnonymous: false },
      }),
    );
    await succeeded(her.client.call(prayerEndpoints.pray, { params: { id: admins.id } }));
    expect(await texts(groupAdmin)).toContain("Hadassah prayed for your request");
  });
});

describe("reflections and article comments", () => {
  beforeAll(async () => {
    await succeeded(her.client.call(videosEndpoints.discuss, { body: { videoId, content: "I felt seen" } }));
    await succeeded(her.client.call(articlesEndpoints.discuss, { body: { articleId, content: "So true" } }));
  });

  const reflectionOf = async (m: Member) =>
    (await succeeded(m.client.call(videosEndpoints.discussions, { params: { id: videoId } }))).find(
      (d) => d.user.id === her.id,
    )!.user;
  const commentOf = async (m: Member) =>
    (await succeeded(m.client.call(articlesEndpoints.discussions, { query: { articleId } }))).find(
      (d) => d.userId === her.id,
    )!.user;

  it('shows other members "A member", with no picture and no e-mail to name her by', async () => {
    expect(await reflectionOf(stranger)).toEqual({
      id: her.id,
      firstName: HIDDEN_MEMBER_NAME,
      profileImageUrl: null,
      displayName: HIDDEN_MEMBER_NAME,
    });
    expect(await commentOf(stranger)).toEqual({ firstName: HIDDEN_MEMBER_NAME, profileImageUrl: null });
  });

  it("names her to herself, the administrators, her group's admin and her partner", async () => {
    for (const [who, m] of Object.entries(seeingHer())) {
      expect(await reflectionOf(m), who).toEqual({
        id: her.id,
        firstName: "Hadassah",
        profileImageUrl: PICTURE,
        displayName: "Hadassah",
      });
      expect(await commentOf(m), who).toEqual({ firstName: "Hadassah", profileImageUrl: PICTURE });
    }
  });
});

describe("a cultivation group's members", () => {
  const memberOf = async (m: Member) => {
    const group = await succeeded(m.client.call(groupsEndpoints.get, { params: { id: groupId } }));
    const row = group.members!.find((x) => x.userId === her.id)!;
    return { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl };
  };

  it('shows another member of the group "A member", and her admin her name', async () => {
    await succeeded(stranger.client.call(groupsEndpoints.join, { params: { id: groupId }, body: {} }));
    expect(await memberOf(stranger)).toEqual(hidden);
    for (const [who, m] of Object.entries(seeingHer())) expect(await memberOf(m), who).toEqual(named);
  });

  it("answers a role change with her name to the admin who made it", async () => {
    const changed = await succeeded(
      groupAdmin.client.call(groupsEndpoints.setMemberRole, {
        params: { id: groupId, userId: her.id },
        body: { role: "member" },
      }),
    );
    expect(changed.firstName).toBe("Hadassah");
  });
});

describe("discipleship connections", () => {
  const connectionOf = async (m: Member) =>
    (await succeeded(m.client.call(discipleshipEndpoints.connections))).find(
      (c) => c.kind === "connection" && c.mentee?.id === her.id && c.status !== "completed",
    )!;

  it("name her to her partner while they are partners, and hide her once it is completed", async () => {
    const connection = await connectionOf(partner);
    expect(connection.mentee).toEqual({ id: her.id, ...named });
    await succeeded(partner.client.call(discipleshipEndpoints.complete, { params: { id: connection.id } }));
    const completed = async (m: Member) =>
      (await succeeded(m.client.call(discipleshipEndpoints.connections))).find(
        (c) => c.id === connection.id,
      )!;
    expect((await completed(partner)).mentee).toEqual({ id: her.id, ...hidden });
    // Her own list still names her, and her former mentor, whose setting is on.
    expect((await completed(her)).mentee).toEqual({ id: her.id, ...named });
    expect((await completed(her)).mentor?.firstName).toBe("Priscilla");
  });

  it("name her again once a new match makes them partners (pending)", async () => {
    await succeeded(
      partner.client.call(discipleshipEndpoints.submit, {
        body: { experienceLevel: "teacher", focusAreas: ["Hope"] },
      }),
    );
    await succeeded(
      her.client.call(discipleshipEndpoints.submit, {
        body: { experienceLevel: "growing", focusAreas: ["Hope"] },
      }),
    );
    const pending = await connectionOf(partner);
    expect(pending.status).toBe("pending");
    expect(pending.mentee).toEqual({ id: her.id, ...named });
  });
});

describe("events", () => {
  it("hide the name of the member who created one from other members", async () => {
    const own = await startGroup(her, {
      name: "Her circle",
      description: "A circle she leads.",
      isPrivate: false,
    });
    const event = await createEvent(her, { groupId: own.id });
    const creatorSeenBy = async (m: Member) =>
      (await succeeded(m.client.call(eventsEndpoints.get, { params: { id: event.id } }))).creatorName;
    expect(await creatorSeenBy(stranger)).toBe(HIDDEN_MEMBER_NAME);
    expect(await creatorSeenBy(her)).toBe("Hadassah Levi");
    expect(await creatorSeenBy(admin)).toBe("Hadassah Levi");
    expect(await creatorSeenBy(partner)).toBe("Hadassah Levi");
  });

  it('list her among the attendees as "A member" to a creator she has no tie to', async () => {
    const ownGroup = await startGroup(stranger, {
      name: "Stranger's",
      description: "Come along.",
      isPrivate: false,
    });
    const theirs = await createEvent(stranger, { groupId: ownGroup.id });
    const ours = await createEvent(groupAdmin, { groupId });
    for (const event of [theirs, ours]) {
      await succeeded(
        her.client.call(eventsEndpoints.rsvp, { params: { id: event.id }, body: { status: "going" } }),
      );
    }
    const attendeesOf = async (m: Member, id: number) =>
      (await succeeded(m.client.call(eventsEndpoints.attendees, { params: { id } }))).going.find(
        (p) => p.id === her.id,
      )!.name;
    expect(await attendeesOf(stranger, theirs.id)).toBe(HIDDEN_MEMBER_NAME);
    expect(await attendeesOf(groupAdmin, ours.id)).toBe("Hadassah Levi");
    expect(await attendeesOf(admin, theirs.id)).toBe("Hadassah Levi");
  });
});

describe("blocks", () => {
  it('list her as "A member" to a member who blocked her and has no tie to her', async () => {
    const blocker = await t.member({ firstName: "Blocker" });
    const blocked = await succeeded(
      blocker.client.call(moderationEndpoints.block, { body: { userId: her.id } }),
    );
    // Blocking by id is no way to learn her name.
    expect(blocked.name).toBe(HIDDEN_MEMBER_NAME);
    const listed = await succeeded(blocker.client.call(moderationEndpoints.blocks));
    expect(listed.find((b) => b.id === her.id)!.name).toBe(HIDDEN_MEMBER_NAME);
  });
});

describe("her setting on again", () => {
  it("shows her name to everyone at once", async () => {
    await succeeded(
      her.client.call(profileEndpoints.updateSettings, { body: { showProfileToMembers: true } }),
    );
    const wall = await succeeded(stranger.client.call(prayerEndpoints.wall));
    expect(wall.find((r) => r.user.id === her.id && r.content === "For my family")!.user).toEqual({
      id: her.id,
      ...named,
    });
  });
});
