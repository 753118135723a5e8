import { eq, sql } from "drizzle-orm";
import type { ActivityParams } from "../../activity/kinds";
import type { Tx } from "../client";
import { activityLog, intercessorPrayers, prayerRequests, users } from "../schema";
import type { SeededMembers } from "./members";

const HOUR = 3_600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR);

/**
 * The prayer support network: Hannah prays for the patrons as an intercessor; Lydia is a patron
 * with a request on the wall and a private one she shared with the intercessors, which Hannah has
 * already prayed for this week.
 */
export async function seedIntercessors(tx: Tx, members: SeededMembers) {
  const [hannah, , lydia] = members.others;
  if (!hannah || !lydia) throw new Error("seedIntercessors needs Hannah and Lydia");
  await tx.update(users).set({ isIntercessor: true }).where(eq(users.id, hannah.id));
  await tx.update(users).set({ membershipTier: "premium" }).where(eq(users.id, lydia.id));

  const requests = [
    {
      userId: lydia.id,
      content:
        "My mother begins treatment next week. Please pray for strength for her and for wisdom for her doctors.",
      createdAt: hoursAgo(30),
    },
    {
      userId: lydia.id,
      content:
        "My husband and I are walking through a hard season in our marriage. Please pray for soft hearts and honest words.",
      isPrivate: true,
      shareWithIntercessors: true,
      createdAt: hoursAgo(8),
    },
  ];
  const rows = await tx.insert(prayerRequests).values(requests).returning({ id: prayerRequests.id });
  await tx.insert(activityLog).values(
    requests.map((r) => ({
      kind: "prayer_shared" as const,
      params: { name: "Lydia", isPrivate: Boolean(r.isPrivate) } satisfies ActivityParams<"prayer_shared">,
      userId: lydia.id,
      createdAt: r.createdAt,
    })),
  );
  // Hannah has prayed over the private one this week.
  await tx.insert(intercessorPrayers).values({
    prayerRequestId: rows[1]!.id,
    intercessorId: hannah.id,
    weekOf: sql`date_trunc('week', now() at time zone 'utc')::date`,
  });
}
