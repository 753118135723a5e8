import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { activityLog, cultivationGroupMembers, cultivationGroups } from "../../src/server/db/schema";
import { createTestContext, invalid, type Member, succeeded, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type GroupBody = BodyIn<typeof groupsEndpoints.create>;

const validGroup = (overrides: Partial<GroupBody> = {}): GroupBody => ({
  name: "Daughters of Zion",
  description: "A circle for Messianic Jewish women to study the feasts together.",
  category: "cultural",
  ...overrides,
});

async function createGroup(owner: Member, overrides: Partial<GroupBody> = {}) {
  const res = await owner.client.call(groupsEndpoints.create, { body: validGroup(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const groupRow = async (id: number) =>
  (await t.database.db.select().from(cultivationGroups).where(eq(cultivationGroups.id, id)))[0]!;

const memberRows = (id: number) =>
  t.database.db.select().from(cultivationGroupMembers).where(eq(cultivationGroupMembers.groupId, id));

describe("signed out", () => {
  it("answers 401 Unauthorized on every route", async () => {
    const visitor = t.visitor();
    const calls = [
      visitor.call(groupsEndpoints.list),
      visitor.call(groupsEndpoints.mine),
      visitor.call(groupsEndpoints.create, { body: validGroup() }),
      visitor.call(groupsEndpoints.get, { params: { id: 1 } }),
      visitor.call(groupsEndpoints.join, { params: { id: 1 }, body: {} }),
      visitor.call(groupsEndpoints.leave, { params: { id: 1 } }),
      visitor.call(groupsEndpoints.requests, { params: { id: 1 } }),
      visitor.call(groupsEndpoints.approveRequest, { params: { id: 1, requestId: 1 } }),
      visitor.call(groupsEndpoints.declineRequest, { params: { id: 1, requestId: 1 } }),
      visitor.call(groupsEndpoints.setMemberRole, { params: { id: 1, userId: 1 }, body: { role: "admin" } }),
      visitor.call(groupsEndpoints.update, {
        params: { id: 1 },
        body: { ...validGroup(), isPrivate: true, requiresApproval: true, maxMembers: 50 },
      }),
      visitor.call(groupsEndpoints.removeMember, { params: { id: 1, userId: 1 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("creating a group", () => {
  it("applies the defaults, makes the creator its admin and records the activity", async () => {
    const owner = await t.member({ firstName: "Naomi", lastName: "Feldman" });
    const res = await owner.client.call(groupsEndpoints.create, {
      body: validGroup({ name: "  Zion Circle  " }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Zion Circle",
      category: "cultural",
      guidelines: null,
      isPrivate: true,
      requiresApproval: true,
      maxMembers: 50,
      memberCount: 1,
      isMember: true,
      role: "admin",
      hasPendingRequest: false,
      pendingRequestCount: 0,
    });
    expect(res.body.members).toEqual([
      expect.objectContaining({ userId: owner.id, firstName: "Naomi", role: "admin" }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);

    const rows = await memberRows(res.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.id, role: "admin" });
    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, owner.id));
    expect(activity.map((a) => a.kind)).toContain("group_created");

    const mine = await owner.client.call(groupsEndpoints.mine);
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({
      role: "admin",
      group: { id: res.body.id, name: "Zion Circle", category: "cultural", memberCount: 1 },
    });
    expect(typeof mine.body[0]!.joinedAt).toBe("string");
  });

  it("keeps the chosen settings and guidelines", async () => {
    const owner = await t.member();
    const res = await owner.client.call(groupsEndpoints.create, {
      body: validGroup({
        guidelines: "Keep what is shared here in confidence.",
        isPrivate: false,
        requiresApproval: false,
        maxMembers: 5,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      guidelines: "Keep what is shared here in confidence.",
      isPrivate: false,
      requiresApproval: false,
      maxMembers: 5,
    });
  });

  it.each([
    [{ name: "" }, "Group name is required"],
    [{ name: "   " }, "Group name is required"],
    [{ name: undefined }, "Group name is required"],
    [{ description: "Too short" }, "Description must be at least 10 characters"],
    [{ description: "   short    " }, "Description must be at least 10 characters"],
    [{ category: "" }, "Category is required"],
    [{ category: undefined }, "Category is required"],
    [{ category: "gardening" }, "Category is required"],
    [{ maxMembers: 4 }, "Maximum members must be between 5 and 100"],
    [{ maxMembers: 101 }, "Maximum members must be between 5 and 100"],
    [{ maxMembers: 12.5 }, "Maximum members must be between 5 and 100"],
  ])("rejects %j with the spec's message", async (overrides, message) => {
    const owner = await t.member();
    const res = await owner.client.call(groupsEndpoints.create, { body: validGroup(invalid(overrides)) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("accepts the bounds 5 and 100", async () => {
    const owner = await t.member();
    expect(
      (await owner.client.call(groupsEndpoints.create, { body: validGroup({ maxMembers: 5 }) })).status,
    ).toBe(201);
    expect(
      (await owner.client.call(groupsEndpoints.create, { body: validGroup({ maxMembers: 100 }) })).status,
    ).toBe(201);
  });

  it("is rate limited like other content", async () => {
    const limited = await createTestContext({ WRITE_RATE_LIMIT: "2" });
    try {
      const owner = await limited.member();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await owner.client.call(groupsEndpoints.create, { body: validGroup() })).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("discovering groups", () => {
  let viewer: Member;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const owner = await t.member();
    viewer = await t.member();
    ids = {
      prophecy: (
        await createGroup(owner, {
          name: "Prophets and Promises",
          description: "Reading Isaiah slowly, one chapter a week.",
          category: "study",
        })
      ).id,
      mothers: (
        await createGroup(owner, {
          name: "Little Arrows",
          description: "Young MOTHERS encouraging one another in the early years.",
          category: "life-stage",
          requiresApproval: false,
        })
      ).id,
      percent: (
        await createGroup(owner, {
          name: "100% Devoted",
          description: "Giving our whole hearts, with joy and with tears.",
          category: "ministry",
        })
      ).id,
    };
  });

  it("lists groups newest first with member counts and the viewer's state", async () => {
    const res = await viewer.client.call(groupsEndpoints.list);
    expect(res.status).toBe(200);
    const ours = res.body.filter((g) => Object.values(ids).includes(g.id));
    expect(ours.map((g) => g.id)).toEqual([ids.percent, ids.mothers, ids.prophecy]);
    expect(ours[1]).toMatchObject({
      memberCount: 1,
      isMember: false,
      role: null,
      hasPendingRequest: false,
      requiresApproval: false,
    });
    expect(ours[0]).not.toHaveProperty("members");
  });

  it("searches name and description case-insensitively", async () => {
    const byDescription = await viewer.client.call(groupsEndpoints.list, { query: { search: "mothers" } });
    expect(byDescription.body.map((g) => g.id)).toEqual([ids.mothers]);
    const byName = await viewer.client.call(groupsEndpoints.list, { query: { search: "PROPHETS" } });
    expect(byName.body.map((g) => g.id)).toEqual([ids.prophecy]);
    const none = await viewer.client.call(groupsEndpoints.list, { query: { search: "zzzz-nothing" } });
    expect(none.body).toEqual([]);
  });

  it("takes search wildcards literally", async () => {
    const res = await viewer.client.call(groupsEndpoints.list, { query: { search: "100%" } });
    expect(res.body.map((g) => g.id)).toEqual([ids.percent]);
    const underscore = await viewer.client.call(groupsEndpoints.list, { query: { search: "_" } });
    expect(underscore.body).toEqual([]);
  });

  it("filters by category, and treats a blank category as all", async () => {
    const study = await viewer.client.call(groupsEndpoints.list, { query: { category: "study" } });
    expect(study.body.length).toBeGreaterThan(0);
    expect(study.body.every((g) => g.category === "study")).toBe(true);
    expect(study.body.map((g) => g.id)).toContain(ids.prophecy);
    const both = await viewer.client.call(groupsEndpoints.list, {
      query: { category: "life-stage", search: "arrows" },
    });
    expect(both.body.map((g) => g.id)).toEqual([ids.mothers]);
    const all = await viewer.client.call(groupsEndpoints.list, { query: { category: "" } });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    expect(
      (await viewer.client.call(groupsEndpoints.list, { query: { category: "gardening" } })).status,
    ).toBe(400);
  });

  it("pages with limit and before", async () => {
    const first = await viewer.client.call(groupsEndpoints.list, { query: { limit: 2 } });
    expect(first.body).toHaveLength(2);
    const next = await viewer.client.call(groupsEndpoints.list, {
      query: { limit: 2, before: first.body[1]!.id },
    });
    expect(next.body[0]!.id).toBeLessThan(first.body[1]!.id);
    expect((await viewer.client.call(groupsEndpoints.list, { query: { limit: 1000 } })).status).toBe(400);
  });
});

describe("joining", () => {
  it("joins an open group at once and keeps the count", async () => {
    const owner = await t.member();
    const joiner = await t.member();
    const group = await createGroup(owner, { requiresApproval: false });
    const res = await joiner.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "joined" });
    expect((await groupRow(group.id)).memberCount).toBe(2);
    const mine = await joiner.client.call(groupsEndpoints.mine);
    expect(mine.body[0]).toMatchObject({ role: "member", group: { id: group.id, memberCount: 2 } });
  });

  it("is harmless the second time, and works without a body", async () => {
    const owner = await t.member();
    const joiner = await t.member();
    const group = await createGroup(owner, { requiresApproval: false });
    expect((await joiner.client.call(groupsEndpoints.join, { params: { id: group.id } })).body).toEqual({
      status: "joined",
    });
    expect((await joiner.client.call(groupsEndpoints.join, { params: { id: group.id } })).body).toEqual({
      status: "joined",
    });
    expect((await groupRow(group.id)).memberCount).toBe(2);
    expect(await memberRows(group.id)).toHaveLength(2);
  });

  it("records one pending request for an approval group, with the message", async () => {
    const owner = await t.member();
    const joiner = await t.member({ firstName: "Abigail" });
    const group = await createGroup(owner);
    const res = await joiner.client.call(groupsEndpoints.join, {
      params: { id: group.id },
      body: { requestMessage: "  I'd love to learn with you.  " },
    });
    expect(res.body).toEqual({ status: "pending" });
    const again = await joiner.client.call(groupsEndpoints.join, {
      params: { id: group.id },
      body: { requestMessage: "Again" },
    });
    expect(again.body).toEqual({ status: "pending" });
    expect((await groupRow(group.id)).memberCount).toBe(1);

    const requests = await owner.client.call(groupsEndpoints.requests, { params: { id: group.id } });
    expect(requests.status).toBe(200);
    expect(requests.body).toHaveLength(1);
    expect(requests.body[0]).toMatchObject({
      requestMessage: "I'd love to learn with you.",
      user: { id: joiner.id, firstName: "Abigail" },
    });
    expect(JSON.stringify(requests.body)).not.toContain(joiner.email);

    const seen = await joiner.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(seen.body).toMatchObject({ isMember: false, hasPendingRequest: true, role: null });
    const listed = await joiner.client.call(groupsEndpoints.list);
    expect(listed.body.find((g) => g.id === group.id)!.hasPendingRequest).toBe(true);
  });

  it("refuses a full group with 409 and a clear message, for open and approval groups", async () => {
    const owner = await t.member();
    const open = await createGroup(owner, { requiresApproval: false, maxMembers: 5 });
    for (let i = 0; i < 4; i++) {
      const m = await t.member();
      expect(
        (await m.client.call(groupsEndpoints.join, { params: { id: open.id }, body: {} })).body.status,
      ).toBe("joined");
    }
    expect((await groupRow(open.id)).memberCount).toBe(5);
    const late = await t.member();
    const res = await late.client.call(groupsEndpoints.join, { params: { id: open.id }, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This group is full. It has reached its maximum number of members.");
    expect((await groupRow(open.id)).memberCount).toBe(5);

    await t.database.db
      .update(cultivationGroups)
      .set({ requiresApproval: true })
      .where(eq(cultivationGroups.id, open.id));
    expect((await late.client.call(groupsEndpoints.join, { params: { id: open.id }, body: {} })).status).toBe(
      409,
    );
  });

  it("answers 404 for an unknown group and 400 for a bad id", async () => {
    const m = await t.member();
    expect((await m.client.call(groupsEndpoints.join, { params: { id: 999999 }, body: {} })).status).toBe(
      404,
    );
    expect((await m.client.call(groupsEndpoints.join, { params: { id: "abc" }, body: {} })).status).toBe(400);
    expect((await m.client.call(groupsEndpoints.get, { params: { id: 999999 } })).status).toBe(404);
    expect((await m.client.call(groupsEndpoints.get, { params: { id: "abc" } })).status).toBe(400);
  });

  it("keeps the count right when many join an open group at the same moment", async () => {
    const owner = await t.member();
    const group = await createGroup(owner, { requiresApproval: false, maxMembers: 6 });
    const joiners = await Promise.all(Array.from({ length: 8 }, () => t.member()));
    const results = await Promise.all(
      joiners.map((j) => j.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await groupRow(group.id)).memberCount).toBe(6);
    expect(await memberRows(group.id)).toHaveLength(6);
  });
});

describe("approvals", () => {
  let owner: Member;
  let group: { id: number };

  beforeAll(async () => {
    owner = await t.member();
    group = await createGroup(owner);
  });

  const requestFrom = async (m: Member, groupId = group.id) => {
    await m.client.call(groupsEndpoints.join, { params: { id: groupId }, body: { requestMessage: "Hello" } });
    const list = await owner.client.call(groupsEndpoints.requests, { params: { id: groupId } });
    return list.body.find((r) => r.user.id === m.id)!.id;
  };

  it("request, then the admin approves: she is a member and the count moves", async () => {
    const joiner = await t.member();
    const requestId = await requestFrom(joiner);
    const detail = await owner.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(detail.body.pendingRequestCount).toBe(1);

    const res = await owner.client.call(groupsEndpoints.approveRequest, {
      params: { id: group.id, requestId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: requestId, status: "approved", memberCount: 2 });
    expect((await groupRow(group.id)).memberCount).toBe(2);

    const mine = await joiner.client.call(groupsEndpoints.mine);
    expect(mine.body.map((m) => m.group.id)).toContain(group.id);
    const seen = await joiner.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(seen.body).toMatchObject({ isMember: true, role: "member", hasPendingRequest: false });
    expect(seen.body).not.toHaveProperty("pendingRequestCount");
    expect((await owner.client.call(groupsEndpoints.requests, { params: { id: group.id } })).body).toEqual(
      [],
    );

    // Approving again answers the same; declining it now is a conflict.
    const again = await owner.client.call(groupsEndpoints.approveRequest, {
      params: { id: group.id, requestId },
    });
    expect(again.body).toMatchObject({ status: "approved", memberCount: 2 });
    const decline = await owner.client.call(groupsEndpoints.declineRequest, {
      params: { id: group.id, requestId },
    });
    expect(decline.status).toBe(409);
    expect((await groupRow(group.id)).memberCount).toBe(2);
  });

  it("request, then the admin declines: no membership, and she may ask again", async () => {
    const joiner = await t.member();
    const requestId = await requestFrom(joiner);
    const res = await owner.client.call(groupsEndpoints.declineRequest, {
      params: { id: group.id, requestId },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("declined");
    const seen = await joiner.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(seen.body).toMatchObject({ isMember: false, hasPendingRequest: false });
    expect((await joiner.client.call(groupsEndpoints.mine)).body).toEqual([]);
    expect(
      (await owner.client.call(groupsEndpoints.approveRequest, { params: { id: group.id, requestId } }))
        .status,
    ).toBe(409);
    expect(
      (await joiner.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} })).body.status,
    ).toBe("pending");
  });

  it("refuses non-admins with 403: the requester herself, an ordinary member, a stranger", async () => {
    const joiner = await t.member();
    const requestId = await requestFrom(joiner);
    const plain = await t.member();
    const openGroup = await createGroup(owner, { requiresApproval: false });
    await plain.client.call(groupsEndpoints.join, { params: { id: openGroup.id }, body: {} });
    const stranger = await t.member();
    for (const who of [joiner, stranger]) {
      for (const e of [groupsEndpoints.approveRequest, groupsEndpoints.declineRequest]) {
        const res = await who.client.call(e, { params: { id: group.id, requestId } });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe("Only the group's admins can do that.");
      }
      expect((await who.client.call(groupsEndpoints.requests, { params: { id: group.id } })).status).toBe(
        403,
      );
    }
    expect((await plain.client.call(groupsEndpoints.requests, { params: { id: openGroup.id } })).status).toBe(
      403,
    );
    expect((await groupRow(group.id)).memberCount).toBeGreaterThanOrEqual(1);
    const still = await owner.client.call(groupsEndpoints.requests, { params: { id: group.id } });
    expect(still.body.map((r) => r.id)).toContain(requestId);
  });

  it("does not let an admin of one group decide another group's requests", async () => {
    const otherOwner = await t.member();
    const other = await createGroup(otherOwner);
    const joiner = await t.member();
    await joiner.client.call(groupsEndpoints.join, { params: { id: other.id }, body: {} });
    const [req] = (await otherOwner.client.call(groupsEndpoints.requests, { params: { id: other.id } })).body;
    const crossed = await owner.client.call(groupsEndpoints.approveRequest, {
      params: { id: group.id, requestId: req!.id },
    });
    expect(crossed.status).toBe(404);
    expect(
      (
        await owner.client.call(groupsEndpoints.approveRequest, {
          params: { id: other.id, requestId: req!.id },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses to approve into a full group with 409", async () => {
    const small = await createGroup(owner, { maxMembers: 5 });
    const waiting = await Promise.all(Array.from({ length: 5 }, () => t.member()));
    const ids: number[] = [];
    for (const m of waiting) ids.push(await requestFrom(m, small.id));
    for (const id of ids.slice(0, 4)) {
      const res = await owner.client.call(groupsEndpoints.approveRequest, {
        params: { id: small.id, requestId: id },
      });
      expect(res.status).toBe(200);
    }
    const res = await owner.client.call(groupsEndpoints.approveRequest, {
      params: { id: small.id, requestId: ids[4] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This group is full. It has reached its maximum number of members.");
    expect((await groupRow(small.id)).memberCount).toBe(5);
    const pending = await owner.client.call(groupsEndpoints.requests, { params: { id: small.id } });
    expect(pending.body.map((r) => r.id)).toEqual([ids[4]]);
  });

  it("answers 404 for an unknown request", async () => {
    expect(
      (
        await owner.client.call(groupsEndpoints.approveRequest, {
          params: { id: group.id, requestId: 999999 },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the group page", () => {
  it("hides a private group's members from non-members, but not its description", async () => {
    const owner = await t.member();
    const group = await createGroup(owner, {
      isPrivate: true,
      requiresApproval: false,
      guidelines: "Confidentiality first.",
    });
    const stranger = await t.member();
    const res = await stranger.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ guidelines: "Confidentiality first.", memberCount: 1, isMember: false });
    expect(res.body).not.toHaveProperty("members");
    expect(res.body).not.toHaveProperty("pendingRequestCount");

    await stranger.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });
    const asMember = await stranger.client.call(groupsEndpoints.get, { params: { id: group.id } });
    const members = asMember.body.members!;
    expect(members.map((m) => m.userId)).toEqual([owner.id, stranger.id]);
    expect(members[0]!.role).toBe("admin");
    for (const m of members) expect(Object.keys(m)).not.toContain("email");
    expect(JSON.stringify(asMember.body)).not.toMatch(/@example\.test/);
  });

  it("shows a public group's members to anyone signed in, without e-mails", async () => {
    const owner = await t.member();
    const group = await createGroup(owner, { isPrivate: false });
    const stranger = await t.member();
    const res = await stranger.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(res.body.members).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
  });
});

describe("leaving and admins", () => {
  it("lets a member leave and moves the count", async () => {
    const owner = await t.member();
    const group = await createGroup(owner, { requiresApproval: false });
    const m = await t.member();
    await m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });
    const res = await m.client.call(groupsEndpoints.leave, { params: { id: group.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "left" });
    expect((await groupRow(group.id)).memberCount).toBe(1);
    expect((await m.client.call(groupsEndpoints.mine)).body).toEqual([]);
    // Leaving again changes nothing.
    expect((await m.client.call(groupsEndpoints.leave, { params: { id: group.id } })).status).toBe(200);
    expect((await groupRow(group.id)).memberCount).toBe(1);
  });

  it("withdraws a pending request", async () => {
    const owner = await t.member();
    const group = await createGroup(owner);
    const m = await t.member();
    await m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });
    await m.client.call(groupsEndpoints.leave, { params: { id: group.id } });
    expect((await owner.client.call(groupsEndpoints.requests, { params: { id: group.id } })).body).toEqual(
      [],
    );
    expect(
      (await m.client.call(groupsEndpoints.get, { params: { id: group.id } })).body.hasPendingRequest,
    ).toBe(false);
  });

  it("keeps the last admin while others remain, until she makes someone else admin", async () => {
    const owner = await t.member();
    const group = await createGroup(owner, { requiresApproval: false });
    const m = await t.member();
    await m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });

    const refused = await owner.client.call(groupsEndpoints.leave, { params: { id: group.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Make another member an admin/);

    expect(
      (
        await m.client.call(groupsEndpoints.setMemberRole, {
          params: { id: group.id, userId: owner.id },
          body: { role: "member" },
        })
      ).status,
    ).toBe(403);
    const demoteSelf = await owner.client.call(groupsEndpoints.setMemberRole, {
      params: { id: group.id, userId: owner.id },
      body: { role: "member" },
    });
    expect(demoteSelf.status).toBe(409);

    const promoted = await owner.client.call(groupsEndpoints.setMemberRole, {
      params: { id: group.id, userId: m.id },
      body: { role: "admin" },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: m.id, role: "admin" });
    expect(promoted.body).not.toHaveProperty("email");

    expect((await owner.client.call(groupsEndpoints.leave, { params: { id: group.id } })).status).toBe(200);
    expect((await groupRow(group.id)).memberCount).toBe(1);
    const stranger = await t.member();
    expect(
      (
        await owner.client.call(groupsEndpoints.setMemberRole, {
          params: { id: group.id, userId: stranger.id },
          body: { role: "admin" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await m.client.call(groupsEndpoints.setMemberRole, {
          params: { id: group.id, userId: stranger.id },
          body: { role: "admin" },
        })
      ).status,
    ).toBe(404);
  });

  it("closes a group when its last member leaves", async () => {
    const owner = await t.member();
    const group = await createGroup(owner);
    const hopeful = await t.member();
    await hopeful.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} });
    expect((await owner.client.call(groupsEndpoints.leave, { params: { id: group.id } })).status).toBe(200);
    const row = await groupRow(group.id);
    expect(row).toMatchObject({ memberCount: 0, isActive: false });
    const listed = await hopeful.client.call(groupsEndpoints.list);
    expect(listed.body.map((g) => g.id)).not.toContain(group.id);
    expect((await hopeful.client.call(groupsEndpoints.get, { params: { id: group.id } })).status).toBe(404);
    expect(
      (await hopeful.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} })).status,
    ).toBe(404);
  });
});

describe("my groups", () => {
  it("lists only the member's own memberships, newest first, and pages", async () => {
    const owner = await t.member();
    const a = await createGroup(owner, { name: "First" });
    const b = await createGroup(owner, { name: "Second" });
    const res = await owner.client.call(groupsEndpoints.mine);
    expect(res.body.map((m) => m.group.id)).toEqual([b.id, a.id]);
    const page = await owner.client.call(groupsEndpoints.mine, {
      query: { limit: 1, before: res.body[0]!.id },
    });
    expect(page.body.map((m) => m.group.id)).toEqual([a.id]);
    const [row] = (
      await t.database.db.execute(
        sql`select count(*)::int as count from cultivation_group_members where user_id = ${owner.id}`,
      )
    ).rows as Array<{ count: number }>;
    expect(row?.count).toBe(2);
  });
});

describe("an admin tends her group", () => {
  const edited = (overrides: Partial<BodyIn<typeof groupsEndpoints.update>> = {}) => ({
    name: "Daughters of Zion, Tuesday circle",
    description: "Studying the feasts and the prophets together, one evening a week.",
    category: "study" as const,
    guidelines: "What is shared here stays here.",
    isPrivate: false,
    requiresApproval: false,
    maxMembers: 12,
    ...overrides,
  });

  async function groupWithMember() {
    const admin = await t.member({ firstName: "Deborah" });
    const member = await t.member({ firstName: "Ruth" });
    const group = await createGroup(admin, { requiresApproval: false });
    await succeeded(member.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    return { admin, member, group };
  }

  it("lets the admin edit the group, and shows the change to everyone", async () => {
    const { admin, member, group } = await groupWithMember();
    const res = await admin.client.call(groupsEndpoints.update, { params: { id: group.id }, body: edited() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...edited(), id: group.id, memberCount: 2, role: "admin" });
    const seen = await member.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(seen.body).toMatchObject({ name: "Daughters of Zion, Tuesday circle", maxMembers: 12 });
  });

  it("clears the guidelines when they are sent blank", async () => {
    const { admin, group } = await groupWithMember();
    await succeeded(admin.client.call(groupsEndpoints.update, { params: { id: group.id }, body: edited() }));
    const res = await admin.client.call(groupsEndpoints.update, {
      params: { id: group.id },
      body: edited({ guidelines: "  " }),
    });
    expect(res.body.guidelines).toBeNull();
  });

  it.each([
    [{ name: "  " }, "Group name is required"],
    [{ description: "Too short" }, "Description must be at least 10 characters"],
    [{ category: invalid("gardening") }, "Category is required"],
    [{ maxMembers: 4 }, "Maximum members must be between 5 and 100"],
    [{ maxMembers: 101 }, "Maximum members must be between 5 and 100"],
  ])("rejects an edit with %j as at creation, changing nothing", async (overrides, message) => {
    const { admin, group } = await groupWithMember();
    const res = await admin.client.call(groupsEndpoints.update, {
      params: { id: group.id },
      body: edited(overrides),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((await groupRow(group.id)).name).toBe(group.name);
  });

  it("refuses a limit below the members the group already has, with 409", async () => {
    const { admin, group } = await groupWithMember();
    for (let i = 0; i < 4; i += 1) {
      const joiner = await t.member();
      await succeeded(joiner.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    }
    const res = await admin.client.call(groupsEndpoints.update, {
      params: { id: group.id },
      body: edited({ maxMembers: 5 }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: "This group already has 6 members. Maximum members can't be lower than that.",
    });
    expect((await groupRow(group.id)).maxMembers).toBe(50);
  });

  it("lets the admin remove a member: she is gone from the list and the count moves", async () => {
    const { admin, member, group } = await groupWithMember();
    const res = await admin.client.call(groupsEndpoints.removeMember, {
      params: { id: group.id, userId: member.id },
    });
    expect(res.status).toBe(204);
    const page = await admin.client.call(groupsEndpoints.get, { params: { id: group.id } });
    expect(page.body.memberCount).toBe(1);
    expect(page.body.members?.map((m) => m.userId)).toEqual([admin.id]);
    expect((await member.client.call(groupsEndpoints.mine)).body).toEqual([]);
  });

  it("does not let the last admin remove herself, but another admin may step away", async () => {
    const { admin, member, group } = await groupWithMember();
    const alone = await admin.client.call(groupsEndpoints.removeMember, {
      params: { id: group.id, userId: admin.id },
    });
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      message:
        "You're the only admin of this group. Make another member an admin before you step away, so the group keeps a leader.",
    });
    await succeeded(
      admin.client.call(groupsEndpoints.setMemberRole, {
        params: { id: group.id, userId: member.id },
        body: { role: "admin" },
      }),
    );
    const res = await admin.client.call(groupsEndpoints.removeMember, {
      params: { id: group.id, userId: admin.id },
    });
    expect(res.status).toBe(204);
    expect((await groupRow(group.id)).memberCount).toBe(1);
  });

  it("answers 404 for someone who is not in the group", async () => {
    const { admin, group } = await groupWithMember();
    const stranger = await t.member();
    const res = await admin.client.call(groupsEndpoints.removeMember, {
      params: { id: group.id, userId: stranger.id },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "That person is not a member of this group." });
  });

  it("refuses a group member, another member and the site administrator with 403, and a visitor with 401, before reading the body", async () => {
    const { admin, member, group } = await groupWithMember();
    const other = await t.member();
    const siteAdmin = await t.admin();
    for (const who of [member, other, siteAdmin]) {
      const edit = await who.client.call(groupsEndpoints.update, {
        params: { id: group.id },
        body: invalid({ name: "" }),
      });
      expect(edit.status).toBe(403);
      expect(edit.body).toEqual({ message: "Only the group's admins can do that." });
      const remove = await who.client.call(groupsEndpoints.removeMember, {
        params: { id: group.id, userId: admin.id },
      });
      expect(remove.status).toBe(403);
    }
    const visitor = t.visitor();
    expect(
      (await visitor.call(groupsEndpoints.update, { params: { id: group.id }, body: edited() })).status,
    ).toBe(401);
    expect(
      (await visitor.call(groupsEndpoints.removeMember, { params: { id: group.id, userId: member.id } }))
        .status,
    ).toBe(401);
    expect((await groupRow(group.id)).memberCount).toBe(2);
    expect((await groupRow(group.id)).name).toBe(group.name);
  });
});
