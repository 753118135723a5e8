import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { HIDDEN_MEMBER_NAME } from "../../src/core/format";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import {
  activityLog,
  localGroupJoinRequests,
  localGroupMembers,
  localGroups,
} from "../../src/server/db/schema";
import { contextForFile, expectRefused, invalid, type Member, succeeded } from "../support/app";

const t = contextForFile();

type LocalGroupBody = BodyIn<typeof localGroupsEndpoints.create>;

const validGroup = (overrides: Partial<LocalGroupBody> = {}): LocalGroupBody => ({
  name: "Austin Sisters in the Word",
  description: "We read a chapter together each week and pray for one another.",
  meetingType: "Bible Study",
  location: "Austin, TX",
  address: "Hyde Park Church, room 204, 3901 Speedway",
  meetingTime: "Tuesdays at 7:00 PM",
  contactInfo: "austin.sisters@example.org",
  // Open unless a test asks otherwise (a group created without the choice needs approval).
  requiresApproval: false,
  ...overrides,
});

async function createGroup(leader: Member, overrides: Partial<LocalGroupBody> = {}) {
  const res = await leader.client.call(localGroupsEndpoints.create, { body: validGroup(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The site administrator: one per context, asked for by more than one test. */
let siteAdmin: Member | undefined;
const admin = async () => {
  siteAdmin ??= await t.admin();
  return siteAdmin;
};

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
      visitor.call(localGroupsEndpoints.requests, { params: { id: 1 } }),
      visitor.call(localGroupsEndpoints.approveRequest, { params: { id: 1, requestId: 1 } }),
      visitor.call(localGroupsEndpoints.declineRequest, { params: { id: 1, requestId: 1 } }),
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
    for (const who of [member, other, await admin()]) {
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

describe("groups that need the leader's approval", () => {
  const inbox = async (m: Member) =>
    (await succeeded(m.client.call(notificationsEndpoints.list))).filter((n) =>
      n.kind.startsWith("local_group_"),
    );
  const listed = async (m: Member, id: number) =>
    (await succeeded(m.client.call(localGroupsEndpoints.list))).find((g) => g.id === id)!;
  const requestsOf = (leader: Member, id: number) =>
    succeeded(leader.client.call(localGroupsEndpoints.requests, { params: { id } }));

  async function approvalGroup() {
    const leader = await t.member({ firstName: "Miriam" });
    const seeker = await t.member({ firstName: "Hannah", lastName: "Price" });
    const { requiresApproval: _open, ...body } = validGroup({ name: "Hyde Park Sisters" });
    // Left out, the choice is approval.
    const res = await leader.client.call(localGroupsEndpoints.create, { body });
    expect(res.status).toBe(201);
    expect(res.body.requiresApproval).toBe(true);
    return { leader, seeker, group: res.body };
  }

  it("joins an open group at once", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    expect(group.requiresApproval).toBe(false);
    const m = await t.member();
    expect(await succeeded(m.client.call(localGroupsEndpoints.join, { params: { id: group.id } }))).toEqual({
      status: "joined",
      role: "member",
    });
  });

  it("keeps a request pending, hides the place and contact, and tells the leader", async () => {
    const { leader, seeker, group } = await approvalGroup();
    const join = () => seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } });
    expect((await succeeded(join())).status).toBe("pending");
    // Asking again while the request waits changes nothing.
    expect((await succeeded(join())).status).toBe("pending");
    expect((await groupRow(group.id)).memberCount).toBe(1);

    const seen = await listed(seeker, group.id);
    expect(seen).toMatchObject({ isMember: false, role: null, hasPendingRequest: true });
    expect(seen).not.toHaveProperty("address");
    expect(seen).not.toHaveProperty("contactInfo");
    expect(await succeeded(seeker.client.call(localGroupsEndpoints.mine))).toEqual([]);

    expect(await inbox(leader)).toEqual([
      expect.objectContaining({
        kind: "local_group_join_requested",
        text: "Hannah asked to join Hyde Park Sisters",
        url: `/local-communities/${group.id}`,
      }),
    ]);
    const requests = await requestsOf(leader, group.id);
    expect(requests).toMatchObject([{ user: { id: seeker.id, firstName: "Hannah", lastName: "Price" } }]);
    expect(requests[0]).not.toHaveProperty("user.email");
    const mine = await succeeded(leader.client.call(localGroupsEndpoints.mine));
    expect(mine[0]!.group).toMatchObject({ id: group.id, requiresApproval: true, pendingRequestCount: 1 });
  });

  it("lets the leader approve: she becomes a member, sees the place, and is told", async () => {
    const { leader, seeker, group } = await approvalGroup();
    await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    const [request] = await requestsOf(leader, group.id);
    const approve = () =>
      leader.client.call(localGroupsEndpoints.approveRequest, {
        params: { id: group.id, requestId: request!.id },
      });
    expect(await succeeded(approve())).toEqual({ id: request!.id, status: "approved", memberCount: 2 });
    // The same decision again answers it again.
    expect(await succeeded(approve())).toEqual({ id: request!.id, status: "approved", memberCount: 2 });
    expect((await groupRow(group.id)).memberCount).toBe(2);

    expect(await listed(seeker, group.id)).toMatchObject({
      isMember: true,
      role: "member",
      hasPendingRequest: false,
      address: "Hyde Park Church, room 204, 3901 Speedway",
      contactInfo: "austin.sisters@example.org",
    });
    expect(await inbox(seeker)).toEqual([
      expect.objectContaining({
        kind: "local_group_join_approved",
        text: "Welcome! Your request to join Hyde Park Sisters was approved",
        url: `/local-communities/${group.id}`,
      }),
    ]);
    expect(await requestsOf(leader, group.id)).toEqual([]);
    const decline = await leader.client.call(localGroupsEndpoints.declineRequest, {
      params: { id: group.id, requestId: request!.id },
    });
    expect(decline.status).toBe(409);
    expect(decline.body).toEqual({ message: "This request has already been approved." });
  });

  it("lets the leader decline: she stays outside, is told, and may ask again", async () => {
    const { leader, seeker, group } = await approvalGroup();
    await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    const [request] = await requestsOf(leader, group.id);
    expect(
      await succeeded(
        leader.client.call(localGroupsEndpoints.declineRequest, {
          params: { id: group.id, requestId: request!.id },
        }),
      ),
    ).toEqual({ id: request!.id, status: "declined", memberCount: 1 });
    const seen = await listed(seeker, group.id);
    expect(seen).toMatchObject({ isMember: false, hasPendingRequest: false });
    expect(seen).not.toHaveProperty("address");
    expect(await inbox(seeker)).toEqual([
      expect.objectContaining({
        kind: "local_group_join_declined",
        text: "Your request to join Hyde Park Sisters was declined",
        url: "/local-communities",
      }),
    ]);
    expect((await groupRow(group.id)).memberCount).toBe(1);
    expect(
      (await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }))).status,
    ).toBe("pending");
  });

  it("withdraws a pending request when she leaves", async () => {
    const { leader, seeker, group } = await approvalGroup();
    await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    await succeeded(seeker.client.call(localGroupsEndpoints.leave, { params: { id: group.id } }));
    expect(await requestsOf(leader, group.id)).toEqual([]);
    expect((await listed(seeker, group.id)).hasPendingRequest).toBe(false);
  });

  it("refuses a member who does not lead the group (403), and the site administrator too", async () => {
    const { leader, seeker, group } = await approvalGroup();
    const member = await t.member();
    await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    const [request] = await requestsOf(leader, group.id);
    const open = await succeeded(
      leader.client.call(localGroupsEndpoints.update, {
        params: { id: group.id },
        body: validGroup({ name: "Hyde Park Sisters" }),
      }),
    );
    expect(open.requiresApproval).toBe(false);
    await succeeded(member.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    for (const who of [member, seeker, await admin()]) {
      for (const res of [
        await who.client.call(localGroupsEndpoints.requests, { params: { id: group.id } }),
        await who.client.call(localGroupsEndpoints.approveRequest, {
          params: { id: group.id, requestId: request!.id },
        }),
        await who.client.call(localGroupsEndpoints.declineRequest, {
          params: { id: group.id, requestId: request!.id },
        }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: "Only the group's leader can do that." });
      }
    }
    // Opening the group left the waiting request to her leader.
    expect(await requestsOf(leader, group.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown request, another group's request and an unknown group", async () => {
    const { leader, seeker, group } = await approvalGroup();
    const other = await approvalGroup();
    await succeeded(other.seeker.client.call(localGroupsEndpoints.join, { params: { id: other.group.id } }));
    const [othersRequest] = await requestsOf(other.leader, other.group.id);
    await succeeded(seeker.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    for (const requestId of [999999, othersRequest!.id]) {
      const res = await leader.client.call(localGroupsEndpoints.approveRequest, {
        params: { id: group.id, requestId },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Join request not found" });
    }
    expect((await leader.client.call(localGroupsEndpoints.requests, { params: { id: 999999 } })).status).toBe(
      404,
    );
    const rows = await t.database.db
      .select()
      .from(localGroupJoinRequests)
      .where(eq(localGroupJoinRequests.groupId, other.group.id));
    expect(rows).toMatchObject([{ status: "pending" }]);
  });

  it("lets the leader turn approval on and off; an edit without the choice keeps it", async () => {
    const leader = await t.member();
    const group = await createGroup(leader);
    const { requiresApproval: _keep, ...body } = validGroup();
    const edit = (requiresApproval?: boolean) =>
      succeeded(
        leader.client.call(localGroupsEndpoints.update, {
          params: { id: group.id },
          body: requiresApproval === undefined ? body : { ...body, requiresApproval },
        }),
      );
    expect((await edit(true)).requiresApproval).toBe(true);
    expect((await edit()).requiresApproval).toBe(true);
    expect((await groupRow(group.id)).requiresApproval).toBe(true);
    const m = await t.member();
    expect(
      (await succeeded(m.client.call(localGroupsEndpoints.join, { params: { id: group.id } }))).status,
    ).toBe("pending");
    expect((await edit(false)).requiresApproval).toBe(false);
    expect((await groupRow(group.id)).requiresApproval).toBe(false);
  });
});

// A local group's own page (GET /api/local-groups/:id): the list's rules for one group.

const PLACE = "St. Anne's hall, side door, 12 Cedar Street";
const CONTACT = "cedar.sisters@example.org";

const pageGroup = (
  overrides: Partial<BodyIn<typeof localGroupsEndpoints.create>> = {},
): BodyIn<typeof localGroupsEndpoints.create> => ({
  name: "Cedar Street Sisters",
  description: "Psalms, tea and prayer for our street.",
  meetingType: "Prayer Group",
  location: "Portland, OR",
  address: PLACE,
  meetingTime: "Thursdays at 7:00 PM",
  contactInfo: CONTACT,
  requiresApproval: false,
  ...overrides,
});

const startPlaced = async (
  leader: Member,
  overrides: Partial<BodyIn<typeof localGroupsEndpoints.create>> = {},
) => (await succeeded(leader.client.call(localGroupsEndpoints.create, { body: pageGroup(overrides) }))).id;
const joinPlaced = (member: Member, id: number) =>
  succeeded(member.client.call(localGroupsEndpoints.join, { params: { id } }));
const openPage = (member: Member, id: number) =>
  member.client.call(localGroupsEndpoints.get, { params: { id } });

describe("a local group's page", () => {
  it("shows its members where and when it meets, how to reach its leader, and who belongs, leader first", async () => {
    const leader = await t.member({ firstName: "Miriam", lastName: "Cohen" });
    const member = await t.member({ firstName: "Tabitha", lastName: "Joppa" });
    const id = await startPlaced(leader);
    await joinPlaced(member, id);

    const res = await openPage(member, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "Cedar Street Sisters",
      location: "Portland, OR",
      meetingTime: "Thursdays at 7:00 PM",
      address: PLACE,
      contactInfo: CONTACT,
      memberCount: 2,
      isMember: true,
      role: "member",
      hasPendingRequest: false,
    });
    expect(res.body.members?.map((m) => [m.firstName, m.lastName, m.role])).toEqual([
      ["Miriam", "Cohen", "leader"],
      ["Tabitha", "Joppa", "member"],
    ]);
    expect(res.body.members?.[0]).not.toHaveProperty("email");
    // The count of waiting requests is its leader's alone.
    expect(res.body.pendingRequestCount).toBeUndefined();
  });

  it("shows anyone else the general area and the way to join, never the place, the contact or the members", async () => {
    const leader = await t.member({ firstName: "Joanna" });
    const neighbour = await t.member({ firstName: "Susanna" });
    const id = await startPlaced(leader);

    const res = await openPage(neighbour, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      location: "Portland, OR",
      meetingTime: "Thursdays at 7:00 PM",
      isMember: false,
      role: null,
      hasPendingRequest: false,
      requiresApproval: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(PLACE);
    expect(JSON.stringify(res.body)).not.toContain(CONTACT);
    expect(res.body.members).toBeUndefined();
    // Nor the site administrator, who is not one of its members.
    const seenByAdmin = await succeeded(openPage(await admin(), id));
    expect(seenByAdmin.address).toBeUndefined();
    expect(seenByAdmin.members).toBeUndefined();
  });

  it("shows a request that waits as waiting, still without the place, and tells the leader how many wait", async () => {
    const leader = await t.member({ firstName: "Lois" });
    const seeker = await t.member({ firstName: "Eunice" });
    const id = await startPlaced(leader, { requiresApproval: true });
    expect(await joinPlaced(seeker, id)).toEqual({ status: "pending" });

    const seen = await succeeded(openPage(seeker, id));
    expect(seen).toMatchObject({ isMember: false, hasPendingRequest: true, requiresApproval: true });
    expect(seen.address).toBeUndefined();
    expect(seen.members).toBeUndefined();

    const led = await succeeded(openPage(leader, id));
    expect(led).toMatchObject({ role: "leader", pendingRequestCount: 1, address: PLACE });
  });

  it("ends her view of the place and the members as soon as she leaves", async () => {
    const leader = await t.member({ firstName: "Lydia" });
    const member = await t.member({ firstName: "Chloe" });
    const id = await startPlaced(leader);
    await joinPlaced(member, id);
    expect((await succeeded(openPage(member, id))).address).toBe(PLACE);

    await succeeded(member.client.call(localGroupsEndpoints.leave, { params: { id } }));
    const after = await succeeded(openPage(member, id));
    expect(after).toMatchObject({ isMember: false, memberCount: 1 });
    expect(after.address).toBeUndefined();
    expect(after.members).toBeUndefined();
  });

  it("names a member who hides her profile 'A member' to the others, but not to the group's leader", async () => {
    const leader = await t.member({ firstName: "Deborah", lastName: "Lappidoth" });
    const hidden = await t.member({ firstName: "Jael", lastName: "Kenite" });
    const other = await t.member({ firstName: "Rahab" });
    const id = await startPlaced(leader);
    await joinPlaced(hidden, id);
    await joinPlaced(other, id);
    await succeeded(
      hidden.client.call(profileEndpoints.updateSettings, { body: { showProfileToMembers: false } }),
    );

    const names = async (viewer: Member) =>
      (await succeeded(openPage(viewer, id))).members?.map((m) => [m.firstName, m.lastName]);
    expect(await names(other)).toContainEqual([HIDDEN_MEMBER_NAME, null]);
    expect(await names(other)).not.toContainEqual(["Jael", "Kenite"]);
    expect(await names(leader)).toContainEqual(["Jael", "Kenite"]);
    expect(await names(hidden)).toContainEqual(["Jael", "Kenite"]);
  });

  it("answers 404 for a group that has closed or never was, 400 for an id that cannot be one, and 401 to a visitor", async () => {
    const leader = await t.member({ firstName: "Naomi" });
    const id = await startPlaced(leader);
    await succeeded(leader.client.call(localGroupsEndpoints.leave, { params: { id } }));

    // Its last member left: the group closed, and the list no longer shows it either.
    expectRefused(await openPage(leader, id), 404, "Group not found");
    expectRefused(await openPage(leader, 987_654), 404, "Group not found");
    expect(
      (await leader.client.call(localGroupsEndpoints.get, { params: { id: invalid("abc") } })).status,
    ).toBe(400);
    expectRefused(await t.visitor().call(localGroupsEndpoints.get, { params: { id } }), 401, "Unauthorized");
  });
});
