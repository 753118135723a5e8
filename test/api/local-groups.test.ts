import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { localGroupsEndpoints } from "../../src/core/endpoints/local-groups";
import { activityLog, localGroupMembers, localGroups } from "../../src/server/db/schema";
import { createTestContext, invalid, type Member, succeeded, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type LocalGroupBody = BodyIn<typeof localGroupsEndpoints.create>;

const validGroup = (overrides: Partial<LocalGroupBody> = {}): LocalGroupBody => ({
  name: "Austin Sisters in the Word",
  description: "We read a chapter together each week and pray for one another.",
  meetingType: "Bible Study",
  location: "Austin, TX",
  address: "Hyde Park Church, room 204, 3901 Speedway",
  meetingTime: "Tuesdays at 7:00 PM",
  contactInfo: "austin.sisters@example.org",
  ...overrides,
});

async function createGroup(leader: Member, overrides: Partial<LocalGroupBody> = {}) {
  const res = await leader.client.call(localGroupsEndpoints.create, { body: validGroup(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const groupRow = async (id: number) =>
  (await t.database.db.select().from(localGroups).where(eq(localGroups.id, id)))[0]!;

describe("signed out", () => {
  it("answers 401 Unauthorized on every route", async () => {
    const visitor = t.visitor();
    for (const res of await Promise.all([
      visitor.call(localGroupsEndpoints.list),
      visitor.call(localGroupsEndpoints.mine),
      visitor.call(localGroupsEndpoints.create, { body: validGroup() }),
      visitor.call(localGroupsEndpoints.join, { params: { id: 1 } }),
      visitor.call(localGroupsEndpoints.leave, { params: { id: 1 } }),
      visitor.call(localGroupsEndpoints.update, { params: { id: 1 }, body: validGroup() }),
    ])) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("creating a local group", () => {
  it("makes the creator its leader, with every detail visible to her", async () => {
    const leader = await t.member({ firstName: "Lydia", lastName: "Brooks" });
    const res = await leader.client.call(localGroupsEndpoints.create, { body: validGroup() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Austin Sisters in the Word",
      meetingType: "Bible Study",
      location: "Austin, TX",
      address: "Hyde Park Church, room 204, 3901 Speedway",
      meetingTime: "Tuesdays at 7:00 PM",
      contactInfo: "austin.sisters@example.org",
      memberCount: 1,
      isMember: true,
      role: "leader",
    });
    const rows = await t.database.db
      .select()
      .from(localGroupMembers)
      .where(eq(localGroupMembers.groupId, res.body.id));
    expect(rows).toMatchObject([{ userId: leader.id, role: "leader" }]);
    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, leader.id));
    expect(activity.map((a) => a.kind)).toContain("group_created");

    const mine = await leader.client.call(localGroupsEndpoints.mine);
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      role: "leader",
      group: {
        id: res.body.id,
        name: "Austin Sisters in the Word",
        location: "Austin, TX",
        meetingTime: "Tuesdays at 7:00 PM",
        meetingType: "Bible Study",
        contactInfo: "austin.sisters@example.org",
      },
    });
  });

  it("treats meeting time, address and contact as optional", async () => {
    const leader = await t.member();
    const res = await leader.client.call(localGroupsEndpoints.create, {
      body: validGroup({ address: undefined, meetingTime: "", contactInfo: "   " }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ address: null, meetingTime: null, contactInfo: null });
  });

  it.each([
    [{ name: "" }, "Group name is required"],
    [{ name: "  " }, "Group name is required"],
    [{ description: "Short" }, "Description must be at least 10 characters"],
    [{ meetingType: "" }, "Meeting type is required"],
    [{ meetingType: undefined }, "Meeting type is required"],
    [{ meetingType: "Potluck" }, "Meeting type is required"],
    [{ location: "" }, "Location is required"],
    [{ location: "   " }, "Location is required"],
    [{ location: undefined }, "Location is required"],
  ])("rejects %j with the spec's message", async (overrides, message) => {
    const leader = await t.member();
    const res = await leader.client.call(localGroupsEndpoints.create, {
      body: validGroup(invalid(overrides)),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe("finding local groups", () => {
  let viewer: Member;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const leader = await t.member();
    viewer = await t.member();
    ids = {
      brooklyn: (
        await createGroup(leader, {
          name: "Shabbat Table",
          location: "Brooklyn, NY",
          meetingType: "Social Fellowship",
        })
      ).id,
      springs: (
        await createGroup(leader, {
          name: "Morning Prayer Circle",
          location: "Colorado Springs, CO",
          meetingType: "Prayer Group",
        })
      ).id,
      nashville: (
        await createGroup(leader, {
          name: "Pages of Grace",
          location: "Nashville, TN",
          meetingType: "Book Club",
          description: "A Brooklyn-born book club that moved south, reading slowly together.",
        })
      ).id,
    };
  });

  it("searches name and location case-insensitively, not the description", async () => {
    const byLocation = await viewer.client.call(localGroupsEndpoints.list, { query: { search: "brooklyn" } });
    expect(byLocation.body.map((g) => g.id)).toEqual([ids.brooklyn]);
    const byName = await viewer.client.call(localGroupsEndpoints.list, {
      query: { search: "PRAYER circle" },
    });
    expect(byName.body.map((g) => g.id)).toEqual([ids.springs]);
    expect((await viewer.client.call(localGroupsEndpoints.list, { query: { search: "%" } })).body).toEqual(
      [],
    );
  });

  it("filters by meeting type, with a blank type meaning all", async () => {
    const books = await viewer.client.call(localGroupsEndpoints.list, {
      query: { meetingType: "Book Club" },
    });
    expect(books.body.map((g) => g.id)).toEqual([ids.nashville]);
    const all = await viewer.client.call(localGroupsEndpoints.list, { query: { meetingType: "" } });
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    expect(
      (await viewer.client.call(localGroupsEndpoints.list, { query: { meetingType: "Potluck" } })).status,
    ).toBe(400);
  });

  it("lists newest first and pages", async () => {
    const first = await viewer.client.call(localGroupsEndpoints.list, { query: { limit: 2 } });
    expect(first.body).toHaveLength(2);
    expect(first.body[0]!.id).toBeGreaterThan(first.body[1]!.id);
    const next = await viewer.client.call(localGroupsEndpoints.list, {
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(next.body.every((g) => g.id < first.body[1]!.id)).toBe(true);
  });

  it("shows non-members the general area only: no address, no contact", async () => {
    const res = await viewer.client.call(localGroupsEndpoints.list, { query: { search: "Brooklyn" } });
    const [group] = res.body;
    expect(group).toMatchObject({
      location: "Brooklyn, NY",
      meetingTime: "Tuesdays at 7:00 PM",
      isMember: false,
    });
    expect(group).not.toHaveProperty("address");
    expect(group).not.toHaveProperty("contactInfo");
    expect(JSON.stringify(res.body)).not.toContain("3901 Speedway");
    expect(JSON.stringify(res.body)).not.toContain("austin.sisters@example.org");
  });
});

describe("joining", () => {
  it("joins at once, reveals the details, and is harmless twice", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    const m = await t.member();
    const res = await m.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "joined", role: "member" });
    const again = await m.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    expect(again.body).toEqual({ status: "joined", role: "member" });
    expect((await groupRow(group.id)).memberCount).toBe(2);
    expect(
      (await leader.client.call(localGroupsEndpoints.join, { params: { id: group.id } })).body.role,
    ).toBe("leader");

    const listed = (await m.client.call(localGroupsEndpoints.list)).body.find((g) => g.id === group.id);
    expect(listed).toMatchObject({
      isMember: true,
      role: "member",
      memberCount: 2,
      address: "Hyde Park Church, room 204, 3901 Speedway",
      contactInfo: "austin.sisters@example.org",
    });
    const mine = await m.client.call(localGroupsEndpoints.mine);
    expect(mine.body[0]).toMatchObject({ role: "member", group: { id: group.id } });
  });

  it("answers 404 for an unknown group and 400 for a bad id", async () => {
    const m = await t.member();
    expect((await m.client.call(localGroupsEndpoints.join, { params: { id: 999999 } })).status).toBe(404);
    expect((await m.client.call(localGroupsEndpoints.join, { params: { id: "nope" } })).status).toBe(400);
  });

  it("counts concurrent joins exactly", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    const members = await Promise.all(Array.from({ length: 6 }, () => t.member()));
    await Promise.all(
      members.flatMap((m) =>
        [0, 1].map(() => m.client.call(localGroupsEndpoints.join, { params: { id: group.id } })),
      ),
    );
    expect((await groupRow(group.id)).memberCount).toBe(7);
  });
});

describe("leaving", () => {
  it("lets a member leave, and hides the details from her again", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    const m = await t.member();
    await m.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    expect((await m.client.call(localGroupsEndpoints.leave, { params: { id: group.id } })).body).toEqual({
      status: "left",
    });
    expect((await groupRow(group.id)).memberCount).toBe(1);
    const listed = (await m.client.call(localGroupsEndpoints.list)).body.find((g) => g.id === group.id);
    expect(listed).not.toHaveProperty("contactInfo");
    expect((await m.client.call(localGroupsEndpoints.leave, { params: { id: group.id } })).status).toBe(200);
    expect((await groupRow(group.id)).memberCount).toBe(1);
  });

  it("hands leadership to the longest-standing member, and closes an empty group", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    const first = await t.member();
    const second = await t.member();
    await first.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    await second.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    await leader.client.call(localGroupsEndpoints.leave, { params: { id: group.id } });
    expect((await first.client.call(localGroupsEndpoints.mine)).body[0]!.role).toBe("leader");
    expect((await second.client.call(localGroupsEndpoints.mine)).body[0]!.role).toBe("member");

    await first.client.call(localGroupsEndpoints.leave, { params: { id: group.id } });
    await second.client.call(localGroupsEndpoints.leave, { params: { id: group.id } });
    expect(await groupRow(group.id)).toMatchObject({ memberCount: 0, isActive: false });
    const listed = await leader.client.call(localGroupsEndpoints.list);
    expect(listed.body.map((g) => g.id)).not.toContain(group.id);
    expect((await leader.client.call(localGroupsEndpoints.join, { params: { id: group.id } })).status).toBe(
      404,
    );
  });
});

describe("a leader tends her local group", () => {
  const edited = validGroup({
    name: "Austin Sisters, Thursday evenings",
    description: "A chapter a week, then tea and prayer for one another.",
    meetingType: "Prayer Group",
    location: "Austin, TX (Hyde Park)",
    address: "Hyde Park Church, fellowship hall",
    meetingTime: "Thursdays at 6:30 PM",
    contactInfo: "thursdays@example.org",
  });

  async function groupWithMember() {
    const leader = await t.member({ firstName: "Deborah" });
    const member = await t.member({ firstName: "Ruth" });
    const group = await createGroup(leader);
    await succeeded(member.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    return { leader, member, group };
  }

  it("lets the leader edit the group, and members see the change", async () => {
    const { leader, member, group } = await groupWithMember();
    const res = await leader.client.call(localGroupsEndpoints.update, {
      params: { id: group.id },
      body: edited,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...edited, id: group.id, role: "leader", memberCount: 2 });
    const mine = await member.client.call(localGroupsEndpoints.mine);
    expect(mine.body[0]?.group).toMatchObject({ name: edited.name, address: edited.address });
  });

  it("clears the optional details when they are sent blank", async () => {
    const { leader, group } = await groupWithMember();
    const res = await leader.client.call(localGroupsEndpoints.update, {
      params: { id: group.id },
      body: { ...edited, address: "", meetingTime: " ", contactInfo: "" },
    });
    expect(res.body).toMatchObject({ address: null, meetingTime: null, contactInfo: null });
  });

  it.each([
    [{ name: "" }, "Group name is required"],
    [{ description: "Short" }, "Description must be at least 10 characters"],
    [{ meetingType: invalid("Picnic") }, "Meeting type is required"],
    [{ location: "   " }, "Location is required"],
  ])("rejects an edit with %j as at creation, changing nothing", async (overrides, message) => {
    const { leader, group } = await groupWithMember();
    const res = await leader.client.call(localGroupsEndpoints.update, {
      params: { id: group.id },
      body: { ...edited, ...overrides },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((await groupRow(group.id)).name).toBe(group.name);
  });

  it("refuses a group member, another member and the site administrator with 403, and a visitor with 401, before reading the body", async () => {
    const { member, group } = await groupWithMember();
    const other = await t.member();
    const siteAdmin = await t.admin();
    for (const who of [member, other, siteAdmin]) {
      const res = await who.client.call(localGroupsEndpoints.update, {
        params: { id: group.id },
        body: invalid({ name: "" }),
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "Only the group's leader can do that." });
    }
    const visitor = t.visitor();
    expect(
      (await visitor.call(localGroupsEndpoints.update, { params: { id: group.id }, body: edited })).status,
    ).toBe(401);
    expect((await groupRow(group.id)).name).toBe(group.name);
  });

  it("answers 404 for a group that does not exist", async () => {
    const leader = await t.member();
    const res = await leader.client.call(localGroupsEndpoints.update, {
      params: { id: 999999 },
      body: edited,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Group not found" });
  });
});
