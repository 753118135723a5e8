import {
  describeNotification,
  emailChoices,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import { NOTIFICATION_MESSAGES } from "../../../core/notifications/limits";
import type { NotificationPreferencesBody } from "../../../core/notifications/schemas";
import type { Viewer } from "../../auth/policies";
import { feastDaysAt, placeOf } from "../../calendar";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import * as q from "./queries";

const isKnownKind = (kind: string): kind is NotificationKind => kind in NOTIFICATION_KINDS;

export async function list(db: Db, viewer: Viewer, page: { limit: number; before?: number }) {
  const rows = await q.listNotifications(db, viewer, page);
  // A kind retired from the table in core is no longer shown.
  return rows.flatMap((row) => {
    if (!isKnownKind(row.kind)) return [];
    const { text, url } = describeNotification(row.kind, row);
    return [{ id: row.id, kind: row.kind, text, url, createdAt: row.createdAt, readAt: row.readAt }];
  });
}

export async function unreadCount(db: Db, userId: number) {
  return { count: await q.countUnread(db, userId) };
}

export async function markRead(db: Db, userId: number, ids: number[] | undefined) {
  return { count: await q.markRead(db, userId, ids) };
}

type StoredPreferences = Awaited<ReturnType<typeof q.findPreferences>>;

/** `defaultZone`: the ministry's (TIME_ZONE or the Settings tab), for a member who chose none. */
function present(row: StoredPreferences, defaultZone: string) {
  const place = placeOf({ city: row?.restCity, timeZone: row?.timeZone ?? defaultZone });
  return {
    email: emailChoices(row?.email ?? {}),
    digest: {
      frequency: row?.digestFrequency ?? "weekly",
      hour: row?.digestHour ?? 8,
      weekday: row?.digestWeekday ?? 0,
      timeZone: row?.timeZone ?? defaultZone,
    },
    restOnShabbat: row?.restOnShabbat ?? false,
    restCity: row?.restCity ?? null,
    feastDays: row?.feastDays ?? null,
    restPlace: { city: place.city, feastDays: feastDaysAt(place, row?.feastDays) },
  };
}

export async function preferences(db: Db, userId: number, defaultZone: string) {
  return present(await q.findPreferences(db, userId), defaultZone);
}

/** Stores only the choices that differ from a kind's default, so a changed default reaches her. */
export async function savePreferences(db: Db, userId: number, body: NotificationPreferencesBody) {
  if (!(await q.isKnownTimeZone(db, body.digest.timeZone))) throw badRequest(NOTIFICATION_MESSAGES.timeZone);
  const email: Partial<Record<NotificationKind, "instant" | "digest" | "never">> = {};
  for (const [kind, choice] of Object.entries(body.email) as [
    NotificationKind,
    typeof email.prayer_prayed,
  ][]) {
    if (choice && choice !== NOTIFICATION_KINDS[kind].email) email[kind] = choice;
  }
  const row = await q.savePreferences(db, userId, {
    email,
    digestFrequency: body.digest.frequency,
    digestHour: body.digest.hour,
    digestWeekday: body.digest.weekday,
    timeZone: body.digest.timeZone,
    restOnShabbat: body.restOnShabbat,
    // Left out: as they are.
    ...(body.restCity === undefined ? {} : { restCity: body.restCity }),
    ...(body.feastDays === undefined ? {} : { feastDays: body.feastDays }),
  });
  return present(row, body.digest.timeZone);
}
