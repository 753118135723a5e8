import { sql } from "drizzle-orm";
import type { Locale } from "../../../core/i18n";
import { t } from "../../../core/i18n";
import {
  describeNotification,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import type { FeastDays } from "../../../core/notifications/places";
import { placeOf, restWindowAt } from "../../calendar";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { inLocale } from "../../i18n";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../mail/jobs";
import { type DigestRow, digestDueBetween, digestOf } from "./digest";
import { emailChoiceOf } from "./mail";
import { type AfterRest, afterRestJobFor, restPushJob } from "./rest-window";
import { stillSeenByRecipient } from "./still-seen";

interface Member extends Record<string, unknown> {
  locale: Locale | null;
  rest_on_shabbat: boolean | null;
  rest_city: string | null;
  time_zone: string | null;
  feast_days: FeastDays | null;
  digest_frequency: "daily" | "weekly" | null;
  digest_hour: number | null;
  digest_weekday: number | null;
}

interface HeldRow extends Record<string, unknown> {
  id: number;
  kind: string;
  subject_id: number;
  actor_name: string | null;
  actor_count: number;
  title: string | null;
}

/**
 * The `after-rest` job: once her rest window is over, what was held for her leaves, once. One mail
 * (the digest that follows her rest) lists what she wanted right away, and her daily or weekly
 * digest too when it came due in the window; one push to each of her devices says what came. Both
 * are enqueued in the transaction that marks the rows (mailed, no longer held), so a second run, on
 * this instance or another, finds nothing left to send. If she rests still (she chose a city whose
 * window ends later), what was held moves to that window's end.
 */
export async function sendAfterRest(
  db: Db,
  config: AppConfig,
  job: AfterRest,
  now = new Date(),
): Promise<void> {
  const start = new Date(job.start);
  const end = new Date(job.end);
  const { rows } = await db.execute<Member>(sql`select u.locale, p.rest_on_shabbat, p.rest_city, p.time_zone,
      p.feast_days, p.digest_frequency, p.digest_hour, p.digest_weekday
    from users u left join notification_preferences p on p.user_id = u.id where u.id = ${job.userId}`);
  const member = rows[0];
  // Her account went, and her notifications with it.
  if (!member) return;
  const prefs = member.time_zone
    ? {
        frequency: member.digest_frequency ?? "weekly",
        hour: member.digest_hour ?? 8,
        weekday: member.digest_weekday ?? 0,
        timeZone: member.time_zone,
      }
    : null;
  const until = sql`${end.toISOString()}::timestamptz`;

  const still =
    member.rest_on_shabbat && member.time_zone
      ? restWindowAt(now, placeOf({ city: member.rest_city, timeZone: member.time_zone }), member.feast_days)
      : null;
  if (still) {
    await db.transaction(async (tx) => {
      const later = sql`${still.end.toISOString()}::timestamptz`;
      await tx.execute(sql`update notifications set held_until = ${later}
        where user_id = ${job.userId} and held_until <= ${until}`);
      await tx.execute(
        sql`select ${afterRestJobFor(sql`${job.userId}::int`, sql`${still.start.toISOString()}::timestamptz`, later)}`,
      );
    });
    return;
  }

  const digestDue = prefs !== null && digestDueBetween(prefs, start, end);
  await db.transaction(async (tx) => {
    const mailed = await tx.execute<DigestRow>(sql`update notifications n set emailed_at = now()
      from users u left join notification_preferences p on p.user_id = u.id
      where u.id = n.user_id and n.user_id = ${job.userId} and u.email_verified_at is not null
        and n.emailed_at is null and n.read_at is null and ${stillSeenByRecipient}
        and ((n.held_until <= ${until} and ${emailChoiceOf} = 'instant')
          or (${digestDue} and ${emailChoiceOf} <> 'never'))
      returning n.id, n.kind, n.subject_id, n.actor_count, n.title,
        case when n.actor_id is null then null else n.actor_name end as actor_name,
        u.email, u.first_name, u.locale, p.digest_frequency as frequency`);
    const { rows: held } =
      await tx.execute<HeldRow>(sql`select n.id, n.kind, n.subject_id, n.actor_count, n.title,
        case when n.actor_id is null then null else n.actor_name end as actor_name
      from notifications n left join notification_preferences p on p.user_id = n.user_id
      where n.user_id = ${job.userId} and n.held_until <= ${until} and n.read_at is null
        and ${emailChoiceOf} <> 'never' and ${stillSeenByRecipient}
      order by n.id desc`);
    const pushed = held.filter((row) => row.kind in NOTIFICATION_KINDS);
    // Held no more; and never pushed one by one afterwards (the summary told of them).
    await tx.execute(sql`update notifications set held_until = null, pushed_at = coalesce(pushed_at, now())
      where user_id = ${job.userId} and held_until <= ${until}`);

    const key = `${job.userId}:${Math.floor(end.getTime() / 1000)}`;
    const mail = digestOf(
      config,
      job.userId,
      mailed.rows.sort((a, b) => b.id - a.id),
      "rest",
    );
    if (mail) await enqueue(tx, sendMailJob, mail, { jobKey: `after-rest:${key}` });

    if (pushed.length === 0 || !config.push.vapid) return;
    const message = inLocale(member.locale ?? config.defaultLanguage, () => ({
      title: config.siteName,
      body:
        pushed.length === 1
          ? describeNotification(pushed[0]!.kind as NotificationKind, {
              subjectId: pushed[0]!.subject_id,
              actorName: pushed[0]!.actor_name,
              actorCount: pushed[0]!.actor_count,
              title: pushed[0]!.title,
            }).text
          : t("While you rested: {count, plural, one {# new notification} other {# new notifications}}", {
              count: pushed.length,
            }),
      url: `${config.publicUrl}/notifications`,
      tag: `rest-${key}`,
    }));
    // One push per device of hers whose session lasts, keyed by it and the window.
    await tx.execute(sql`select graphile_worker.add_job(${restPushJob.name}::text,
        payload => json_build_object('subscriptionId', s.id, 'message', ${JSON.stringify(message)}::json),
        max_attempts => 12,
        job_key => 'rest-push:' || ${key} || ':' || s.id)
      from push_subscriptions s
      where s.user_id = ${job.userId}
        and exists (select 1 from sessions se where se.id = s.session_id and se.expires_at > now())`);
  });
}
