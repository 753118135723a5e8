import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema";
import type { Member, TestContext } from "./app";

/** Makes her a patron as her subscription's webhook would: the tier is what the app reads. */
export async function makePatron(t: TestContext, member: Member) {
  await t.database.db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, member.id));
}
