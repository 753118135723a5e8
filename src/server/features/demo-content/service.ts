import type { FastifyInstance } from "fastify";
import { DEMO_CONTENT_MESSAGES, type DemoContentCounts } from "../../../core/demo-content/schemas";
import type { Viewer } from "../../auth/policies";
import { conflict } from "../../http/errors";
import { invalidateSharedCaches } from "../../http/shared-cache";
import { recordModeration } from "../moderation";
import { deleteMember } from "../profile";
import * as q from "./queries";

export async function status(app: FastifyInstance, viewer: Viewer) {
  const counts = await q.demoCounts(app.db);
  return {
    present: Object.values(counts).some((n) => n > 0),
    counts,
    signedInAsDemo: await q.isDemoMember(app.db, viewer.id),
  };
}

const summary = (counts: DemoContentCounts) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ");

/**
 * Removes everything the demo seed wrote, in one transaction: the demo members go as a member's own
 * deletion takes her (the counts she added to real members' posts and groups come down), then the
 * demo teachings, groups, events, posts, prayers and gifts. What real members added stays. The
 * administrator doing it must not be a demo account herself.
 */
export async function remove(app: FastifyInstance, viewer: Viewer) {
  const removed = await app.db.transaction(async (tx) => {
    await q.lockRemoval(tx);
    if (await q.isDemoMember(tx, viewer.id)) throw conflict(DEMO_CONTENT_MESSAGES.ownAccountFirst);
    const counts = await q.demoCounts(tx);
    if (!Object.values(counts).some((n) => n > 0)) throw conflict(DEMO_CONTENT_MESSAGES.nothingLeft);
    for (const id of await q.demoMemberIds(tx)) await deleteMember(tx, id);
    await q.deleteDemoRows(tx);
    await recordModeration(tx, {
      actorId: viewer.id,
      action: "demo_content_removed",
      detail: summary(counts),
    });
    return counts;
  });
  // The demo members' sessions went with them; the lists everyone shares are read again.
  invalidateSharedCaches(app.db);
  return { removed };
}
