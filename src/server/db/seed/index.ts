import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { users } from "../schema";
import { seedArticlesAndCourses } from "./articles-courses";
import { seedCommunity } from "./community";
import { seedConversation } from "./conversation";
import { seedEvents } from "./events";
import { seedGroups } from "./groups";
import { seedIntercessors } from "./intercessors";
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD, seedMembers } from "./members";

export { giveDemoAccountsTheirOwnPasswords } from "./members";

import { seedMessages } from "./messages";
import { seedNotifications } from "./notifications";
import { seedVideos } from "./videos";

export const demoAccounts = {
  member: { email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD },
  admin: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
};

const SEED_LOCK = 7_341_002;

/** Fills an empty database with believable demo content. Returns false when it already had members. */
export async function seedDemo(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    // Two instances starting on an empty database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;
    const members = await seedMembers(tx);
    await seedArticlesAndCourses(tx, members);
    // Each feature adds its demo rows here: await seedSomething(tx, members);
    await seedVideos(tx, members);
    await seedGroups(tx, members);
    await seedConversation(tx, members);
    await seedCommunity(tx, members);
    await seedIntercessors(tx, members);
    await seedEvents(tx, members);
    await seedMessages(tx, members);
    await seedNotifications(tx, members);
    void members;
    return true;
  });
}
