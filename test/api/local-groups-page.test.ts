import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { HIDDEN_MEMBER_NAME } from "../../src/core/format";
import { localGroupsEndpoints as api } from "../../src/core/local-groups/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import {
  createTestContext,
  expectRefused,
  invalid,
  type Member,
  succeeded,
  type TestContext,
} from "../support/app";

// A local group's own page (GET /api/local-groups/:id): the list's rules for one group.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PLACE = "St. Anne's hall, side door, 12 Cedar Street";
const CONTACT = "cedar.sisters@example.org";

const group = (overrides: Partial<BodyIn<typeof api.create>> = {}): BodyIn<typeof api.create> => ({
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

const start = async (leader: Member, overrides: Partial<BodyIn<typeof api.create>> = {}) =>
  (await succeeded(leader.client.call(api.create, { body: group(overrides) }))).id;
const join = (member: Member, id: number) => succeeded(member.client.call(api.join, { params: { id } }));
const open = (member: Member, id: number) => member.client.call(api.get, { params: { id } });

describe("a local group's page", () => {
  it("shows its members where and when it meets, how to reach its leader, and who belongs, leader first", async () => {
    const leader = await t.member({ firstName: "Miriam", lastName: "Cohen" });
    const member = await t.member({ firstName: "Tabitha", lastName: "Joppa" });
    const id = await start(leader);
    await join(member, id);

    const res = await open(member, id);
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
    const id = await start(leader);

    const res = await open(neighbour, id);
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
    const admin = await t.admin();
    const seenByAdmin = await succeeded(open(admin, id));
    expect(seenByAdmin.address).toBeUndefined();
    expect(seenByAdmin.members).toBeUndefined();
  });

  it("shows a request that waits as waiting, still without the place, and tells the leader how many wait", async () => {
    const leader = await t.member({ firstName: "Lois" });
    const seeker = await t.member({ firstName: "Eunice" });
    const id = await start(leader, { requiresApproval: true });
    expect(await join(seeker, id)).toEqual({ status: "pending" });

    const seen = await succeeded(open(seeker, id));
    expect(seen).toMatchObject({ isMember: false, hasPendingRequest: true, requiresApproval: true });
    expect(seen.address).toBeUndefined();
    expect(seen.members).toBeUndefined();

    const led = await succeeded(open(leader, id));
    expect(led).toMatchObject({ role: "leader", pendingRequestCount: 1, address: PLACE });
  });

  it("ends her view of the place and the members as soon as she leaves", async () => {
    const leader = await t.member({ firstName: "Lydia" });
    const member = await t.member({ firstName: "Chloe" });
    const id = await start(leader);
    await join(member, id);
    expect((await succeeded(open(member, id))).address).toBe(PLACE);

    await succeeded(member.client.call(api.leave, { params: { id } }));
    const after = await succeeded(open(member, id));
    expect(after).toMatchObject({ isMember: false, memberCount: 1 });
    expect(after.address).toBeUndefined();
    expect(after.members).toBeUndefined();
  });

  it("names a member who hides her profile 'A member' to the others, but not to the group's leader", async () => {
    const leader = await t.member({ firstName: "Deborah", lastName: "Lappidoth" });
    const hidden = await t.member({ firstName: "Jael", lastName: "Kenite" });
    const other = await t.member({ firstName: "Rahab" });
    const id = await start(leader);
    await join(hidden, id);
    await join(other, id);
    await succeeded(
      hidden.client.call(profileEndpoints.updateSettings, { body: { showProfileToMembers: false } }),
    );

    const names = async (viewer: Member) =>
      (await succeeded(open(viewer, id))).members?.map((m) => [m.firstName, m.lastName]);
    expect(await names(other)).toContainEqual([HIDDEN_MEMBER_NAME, null]);
    expect(await names(other)).not.toContainEqual(["Jael", "Kenite"]);
    expect(await names(leader)).toContainEqual(["Jael", "Kenite"]);
    expect(await names(hidden)).toContainEqual(["Jael", "Kenite"]);
  });

  it("answers 404 for a group that has closed or never was, 400 for an id that cannot be one, and 401 to a visitor", async () => {
    const leader = await t.member({ firstName: "Naomi" });
    const id = await start(leader);
    await succeeded(leader.client.call(api.leave, { params: { id } }));

    // Its last member left: the group closed, and the list no longer shows it either.
    expectRefused(await open(leader, id), 404, "Group not found");
    expectRefused(await open(leader, 987_654), 404, "Group not found");
    expect((await leader.client.call(api.get, { params: { id: invalid("abc") } })).status).toBe(400);
    expectRefused(await t.visitor().call(api.get, { params: { id } }), 401, "Unauthorized");
  });
});
