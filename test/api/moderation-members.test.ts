import { beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { moderationEndpoints as mod } from "../../src/core/moderation/endpoints";
import { contextForFile, type Member, succeeded } from "../support/app";

// What an administrator does about a member from the Users tab: the moderation endpoints, the
// intercessor's role, each written to the moderation log.
const t = contextForFile();
let admin: Member;
beforeAll(async () => {
  admin = await t.admin();
});

const logOf = async () => succeeded(admin.client.call(mod.adminLog));
const listed = async (id: number) =>
  (await succeeded(admin.client.call(adminEndpoints.users, { query: { limit: 100 } }))).find(
    (u) => u.id === id,
  );

describe("the members list, for the administrators' actions", () => {
  it("says who is an administrator, whom the tab neither suspends nor removes", async () => {
    const ruth = await t.member({ firstName: "Ruth" });
    expect(await listed(admin.id)).toMatchObject({ isAdministrator: true });
    expect(await listed(ruth.id)).toMatchObject({ isAdministrator: false });
    const refused = await admin.client.call(mod.adminSuspend, {
      params: { id: admin.id },
      body: { reason: "Testing" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Administrators cannot be suspended.");
  });
});

describe("the intercessor's role", () => {
  it("is recorded in the moderation log when given and when taken away, with who changed it", async () => {
    const tabitha = await t.member({ firstName: "Tabitha", lastName: "Grace" });
    const given = await succeeded(
      admin.client.call(adminEndpoints.updateUser, {
        params: { id: tabitha.id },
        body: { isIntercessor: true },
      }),
    );
    expect(given).toMatchObject({ id: tabitha.id, isIntercessor: true, isAdministrator: false });
    expect((await logOf())[0]).toMatchObject({
      action: "intercessor_added",
      actor: { id: admin.id },
      member: { id: tabitha.id, name: "Tabitha Grace" },
      reason: null,
    });

    await succeeded(
      admin.client.call(adminEndpoints.updateUser, {
        params: { id: tabitha.id },
        body: { isIntercessor: false },
      }),
    );
    const log = await logOf();
    expect(log[0]).toMatchObject({ action: "intercessor_removed", member: { id: tabitha.id } });
    expect(log[1]).toMatchObject({ action: "intercessor_added", member: { id: tabitha.id } });
  });

  it("records nothing when nothing changes, nor for a member who is not there", async () => {
    const dorcas = await t.member({ firstName: "Dorcas" });
    const before = await logOf();
    await succeeded(
      admin.client.call(adminEndpoints.updateUser, {
        params: { id: dorcas.id },
        body: { isIntercessor: false },
      }),
    );
    const nobody = await admin.client.call(adminEndpoints.updateUser, {
      params: { id: 2_000_000 },
      body: { isIntercessor: true },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe("Member not found");
    expect(await logOf()).toEqual(before);
  });
});

describe("removing a member from the community", () => {
  it("suspends her for good with the reason: she cannot sign in, and the log says why", async () => {
    const orpah = await t.member({ firstName: "Orpah", lastName: "Stone" });
    const removed = await succeeded(
      admin.client.call(mod.adminSuspend, {
        params: { id: orpah.id },
        body: { reason: "Repeated cruelty after two warnings" },
      }),
    );
    expect(removed).toEqual({ id: orpah.id, suspendedUntil: null });
    expect(await listed(orpah.id)).toMatchObject({ suspended: true, suspendedUntil: null });
    expect((await logOf())[0]).toMatchObject({
      action: "suspend",
      member: { id: orpah.id, name: "Orpah Stone" },
      reason: "Repeated cruelty after two warnings",
      detail: "for good",
    });
    expect((await orpah.client.call(authEndpoints.user)).status).toBe(401);
  });
});
