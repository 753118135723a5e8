import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingEndpoints } from "../../src/core/landing/endpoints";
import { contextForFile } from "../support/app";

const t = contextForFile();

/** Members written straight into the table: `confirmed` and `suspended` say which kind. */
async function addMembers(prefix: string, count: number, { confirmed = true, suspended = false } = {}) {
  await t.app.db.execute(sql`
    insert into users (email, email_verified_at, suspended_until)
    select ${prefix}::text || '-' || g || '@example.test',
           case when ${confirmed}::boolean then now() end,
           case when ${suspended}::boolean then 'infinity'::timestamptz end
    from generate_series(1, ${count}::int) g`);
}

describe("what the landing page says of the community", () => {
  it("claims no figure while the members are few", async () => {
    const m = await t.member();
    await t.verify(m);
    const res = await t.visitor().call(landingEndpoints.stats);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membersMoreThan: null });
  });

  it("names a round figure below her confirmed members, counting no unconfirmed or suspended account", async () => {
    await addMembers("confirmed", 1250);
    await addMembers("unconfirmed", 400, { confirmed: false });
    await addMembers("suspended", 400, { suspended: true });
    const res = await t.visitor().call(landingEndpoints.stats);
    expect(res.status).toBe(200);
    // 1,250 confirmed (and one more from above): "more than 1,200", and not a word more.
    expect(res.body).toEqual({ membersMoreThan: 1200 });
  });
});
