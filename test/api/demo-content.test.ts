import { describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { demoContentEndpoints as api } from "../../src/core/demo-content/endpoints";
import { DEMO_CONTENT_MESSAGES, DEMO_REMOVAL_CONFIRMATION } from "../../src/core/demo-content/schemas";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { demoAccounts, seedDemo } from "../../src/server/db/seed";
import { contextForFile, createTestContext, succeeded, TestClient } from "../support/app";

// A trial goes live: its administrator removes what the first start added, and what real members
// wrote since stays, with the counts the demo members added to it taken down.

const t = contextForFile();

const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query<T>(text, values)).rows;

/** A demo account signed in with the README's password. */
async function demoMember(email: string) {
  const client = new TestClient(t.app, t.config.publicOrigin);
  const res = await client.call(authEndpoints.login, {
    body: { email, password: demoAccounts.member.password },
  });
  expect(res.status).toBe(200);
  return client;
}

describe("removing the demo content", () => {
  it("takes every demo member, teaching, group, event, post, prayer and gift, and keeps what real members added", async () => {
    expect(await seedDemo(t.database)).toBe(true);
    const admin = await t.admin();
    const before = await succeeded(admin.client.call(api.status));
    expect(before).toMatchObject({ present: true, signedInAsDemo: false });
    expect(before.counts.members).toBe(8);
    for (const kind of ["teachings", "articles", "courses", "groups", "events", "posts", "prayers"] as const)
      expect(before.counts[kind], kind).toBeGreaterThan(0);

    // A real member shares a prayer, and a demo member prays for it; she answers a demo event.
    const lydia = await t.member({ firstName: "Lydia" });
    const mine = await succeeded(
      lydia.client.call(prayerEndpoints.share, { body: { content: "Rain for our well" } }),
    );
    const ruth = await demoMember(demoAccounts.member.email);
    expect((await ruth.call(prayerEndpoints.pray, { params: { id: mine.id } })).status).toBeLessThan(300);
    expect(
      (
        await query<{ n: number }>("select prayer_count as n from prayer_requests where id = $1", [mine.id])
      )[0]!.n,
    ).toBe(1);
    const [demoEvent] = await query<{ id: number }>(
      "select row_id as id from demo_rows where table_name = 'events' order by row_id limit 1",
    );
    await t.database.pool.query(
      "insert into event_rsvps (event_id, occurrence, user_id, status) select id, starts_at, $2, 'going' from events where id = $1",
      [demoEvent!.id, lydia.id],
    );

    // The words must be typed.
    const unconfirmed = await admin.client.call(api.remove, { body: { confirm: "yes" } });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({ message: DEMO_CONTENT_MESSAGES.confirm });
    expect((await succeeded(admin.client.call(api.status))).counts.members).toBe(8);

    const removed = await succeeded(
      admin.client.call(api.remove, { body: { confirm: DEMO_REMOVAL_CONFIRMATION.toUpperCase() } }),
    );
    expect(removed.removed).toEqual(before.counts);

    expect(await query("select email from users where email like '%@example.com'")).toEqual([]);
    expect(await query("select id from videos")).toEqual([]);
    expect(await query("select id from cultivation_groups")).toEqual([]);
    expect(await query("select id from events")).toEqual([]);
    expect(await query("select id from payments")).toEqual([]);
    expect(await query("select row_id from demo_rows")).toEqual([]);
    // Hers stays, without the demo member's prayer; her answer went with the demo event.
    expect(await query("select id, prayer_count from prayer_requests")).toEqual([
      { id: mine.id, prayer_count: 0 },
    ]);
    expect(await query("select user_id from event_rsvps")).toEqual([]);
    expect((await lydia.client.call(authEndpoints.user)).status).toBe(200);
    expect((await ruth.call(authEndpoints.user)).status).toBe(401);

    // Logged, with what went.
    const [entry] = await succeeded(admin.client.call(moderationEndpoints.adminLog));
    expect(entry).toMatchObject({ action: "demo_content_removed" });
    expect(entry!.detail).toContain("8 members");

    expect(await succeeded(admin.client.call(api.status))).toMatchObject({ present: false });
    const again = await admin.client.call(api.remove, { body: { confirm: DEMO_REMOVAL_CONFIRMATION } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: DEMO_CONTENT_MESSAGES.nothingLeft });
  });

  it("is refused to the demo administrator, whose own account it would remove", async () => {
    const context = await createTestContext();
    try {
      await seedDemo(context.database);
      const naomi = new TestClient(context.app, context.config.publicOrigin);
      expect((await naomi.call(authEndpoints.login, { body: demoAccounts.admin })).status).toBe(200);
      expect((await naomi.call(api.status)).body).toMatchObject({ present: true, signedInAsDemo: true });
      const refused = await naomi.call(api.remove, { body: { confirm: DEMO_REMOVAL_CONFIRMATION } });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: DEMO_CONTENT_MESSAGES.ownAccountFirst });
      expect((await context.database.pool.query("select count(*)::int as n from users")).rows[0].n).toBe(8);
    } finally {
      await context.close();
    }
  });

  it("is the administrators' alone", async () => {
    const member = await t.member();
    expect((await member.client.call(api.status)).status).toBe(403);
    expect(
      (await member.client.call(api.remove, { body: { confirm: DEMO_REMOVAL_CONFIRMATION } })).status,
    ).toBe(403);
    expect((await t.visitor().call(api.status)).status).toBe(401);
  });
});
