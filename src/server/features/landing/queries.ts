import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** Members who confirmed their address and are not suspended: the women the landing page speaks of. */
export async function countConfirmedMembers(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      sql`${users.emailVerifiedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} <= now())`,
    );
  return row?.count ?? 0;
}
