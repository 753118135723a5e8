import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { EmailChoice } from "../../../core/notifications/kinds";
import { at, belongsTo, createdAt, id, mayReference, updatedAt } from "./columns";
import { users } from "./users";

/**
 * What a member is told about (decision 033). One row per member per event, written in the
 * transaction of its cause by set-based SQL; its sentence and link are derived from `kind` and
 * these facts when read (src/core/notifications/kinds.ts).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    /** Who is told. */
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind").notNull(),
    /** What it is about (a prayer request, a group, a connection, a video): where its link goes. */
    subjectId: integer("subject_id").notNull(),
    /**
     * One notification per member, kind and key: a retried job or a repeated decision writes
     * nothing twice, and prayers for one request within one clock hour gather into one row.
     */
    dedupeKey: text("dedupe_key").notNull(),
    /** Who acted, where the sentence names her; cleared with her account, and her name with it. */
    actorId: mayReference("actor_id", () => users.id),
    /** Her first name when it happened (the latest actor's, for gathered prayers). */
    actorName: text("actor_name"),
    actorCount: integer("actor_count").notNull().default(1),
    /** A title or group name the sentence mentions, as it was then. */
    title: text("title"),
    createdAt: createdAt(),
    readAt: at("read_at"),
    /** When it left by e-mail (instantly or in a digest); null while it may still. */
    emailedAt: at("emailed_at"),
    /** When it was handed to push for her devices (decision 042); null while it may still be. */
    pushedAt: at("pushed_at"),
    /**
     * Held for her rest ("Rest on Shabbat"): the end of the rest window it came or came due in. Its
     * mail and push then leave with the one summary sent after that window, and it is cleared then.
     */
    heldUntil: at("held_until"),
  },
  (t) => [
    uniqueIndex("notifications_dedupe_idx").on(t.userId, t.kind, t.dedupeKey),
    index("notifications_actor_idx").on(t.actorId).where(sql`${t.actorId} is not null`),
    index("notifications_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    // The bell's count reads only her unread rows.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // Mail picks up rows still waiting to be sent, oldest first.
    index("notifications_mail_idx")
      .on(t.createdAt)
      .where(sql`${t.emailedAt} is null and ${t.readAt} is null`),
    // Push picks up rows not yet handed to it.
    index("notifications_push_idx").on(t.id).where(sql`${t.pushedAt} is null`),
    // What was held for her rest, read when it ends.
    index("notifications_held_idx").on(t.userId).where(sql`${t.heldUntil} is not null`),
  ],
);

/** Her notification choices; a member without a row has the defaults. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: belongsTo("user_id", () => users.id).primaryKey(),
    /** Only the kinds she changed; the others follow the kinds' defaults in core. */
    email: jsonb("email").$type<Partial<Record<string, EmailChoice>>>().notNull().default({}),
    digestFrequency: text("digest_frequency", { enum: ["daily", "weekly"] })
      .notNull()
      .default("weekly"),
    digestHour: integer("digest_hour").notNull().default(8),
    digestWeekday: integer("digest_weekday").notNull().default(0),
    timeZone: text("time_zone").notNull().default("UTC"),
    restOnShabbat: boolean("rest_on_shabbat").notNull().default(false),
    /** The city her Shabbat times are reckoned at (a name of core/notifications/places.ts); null: her zone's. */
    restCity: text("rest_city"),
    /** Whose feast days she keeps; null: Israel's when her city is in Israel, else the diaspora's. */
    feastDays: text("feast_days", { enum: ["israel", "diaspora"] }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The sweeps read the places of the members who rest, each time they run.
    index("notification_preferences_rest_idx")
      .on(t.restCity, t.timeZone, t.feastDays)
      .where(sql`${t.restOnShabbat}`),
  ],
);
