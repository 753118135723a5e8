import { membersMoreThan, type PublicStats } from "../../../core/landing/schemas";
import type { Db } from "../../db/client";
import * as q from "./queries";

/** Only the round figure goes out: the exact count stays here. */
export async function publicStats(db: Db): Promise<PublicStats> {
  return { membersMoreThan: membersMoreThan(await q.countConfirmedMembers(db)) };
}
