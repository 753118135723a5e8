import type { PageQuery } from "../../../core/common-schemas";
import { INTERCESSOR_MESSAGES } from "../../../core/intercessors/schemas";
import type { Viewer } from "../../auth/policies";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { notify } from "../notifications";
import * as q from "./queries";

export async function prayerList(db: Db, viewer: Viewer, page: PageQuery) {
  const rows = await q.listPrayers(db, viewer, page);
  return rows.map((row) => ({ ...row, patronName: row.patronName?.trim() || "A patron" }));
}

export async function markPrayed(db: Db, viewer: Viewer, requestId: number) {
  const marked = await q.markPrayed(db, viewer, requestId);
  if (!marked) throw notFound(INTERCESSOR_MESSAGES.notFound);
  return { ...marked, prayedThisWeek: true as const };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (UTC) that began the week before the one `now` falls in, as YYYY-MM-DD. */
export function weekEndedBefore(now: Date): string {
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysSinceMonday * DAY_MS;
  return new Date(monday - 7 * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weekly word to each patron the intercessors prayed for in the week that ended before `now`:
 * one INSERT … SELECT over that week's marks. The week is the notification's key, so a second
 * run, a retry or another instance's run for the same week tells nobody twice.
 */
export async function tellPatronsTheyWerePrayedFor(db: Db, now: Date): Promise<number> {
  const weekOf = weekEndedBefore(now);
  return notify(db, "intercessors_prayed", {
    recipients: q.patronsPrayedFor(weekOf),
    actorId: null,
    // The week itself (20261116): the notification is about no one row.
    subjectId: Number(weekOf.replaceAll("-", "")),
    dedupeKey: `week-${weekOf}`,
  });
}
