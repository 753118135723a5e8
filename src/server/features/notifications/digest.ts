import { sql } from "drizzle-orm";
import type { Locale } from "../../../core/i18n";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SECTIONS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import { clockPartsIn } from "../../../core/zoned-time";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { inLocale } from "../../i18n";
import { job } from "../../jobs/queue";
import { digestMail } from "../../mail/templates";
import type { OutgoingMail } from "../../mail/transport";
import { emailChoiceOf, type MailedNotificationRow, mailedLine } from "./mail";
import { afterRestJobFor, joinResting, restingPlacesAt, restingTable } from "./rest-window";
import { stillSeenByRecipient } from "./still-seen";
import { unsubscribeUrl as unsubscribeUrlFor } from "./unsubscribe";

/** Members considered per statement: each run reads ranges of ids, so time and memory stay bounded. */
const DIGEST_RANGE = 5_000;
/** Items listed in one digest; the rest are counted, and wait on /notifications. */
const DIGEST_LIST_LIMIT = 30;
/** Two runs of one hour take the same range's lock in turn; the second then finds its rows mailed. */
const DIGEST_LOCK = 33_001;
/** Ranges worked on at once, each on a connection of its own. */
const DIGEST_LANES = 2;

/** One member's digest, as claimed by the hourly run: her id and the notifications it holds. */
export interface DigestJob {
  userId: number;
  ids: number[];
}

/** One member's digest, enqueued by the hourly run (`sendDigests`), in SQL. */
export const sendDigestJob = job<DigestJob>("send-digest");

/**
 * Whether her digest is due at `now` (decision 033): her hour in her zone, every day or on her
 * weekday. A member without a preferences row has the defaults of the table, in the ministry's zone
 * (`defaultZone`). One that falls in her rest (Rest on Shabbat) leaves after it (`after-rest.ts`).
 */
const dueAt = (now: Date, defaultZone: string) => {
  const moment = sql`${now.toISOString()}::timestamptz`;
  const local = sql`(${moment} at time zone coalesce(p.time_zone, ${defaultZone}))`;
  return sql`extract(hour from ${local}) = coalesce(p.digest_hour, 8)
    and (coalesce(p.digest_frequency, 'weekly') = 'daily' or extract(dow from ${local}) = coalesce(p.digest_weekday, 0))`;
};

/** Whether her digest came due at some hour of [start, end) (the hourly runs' moments), on her clocks. */
export function digestDueBetween(
  prefs: { frequency: "daily" | "weekly"; hour: number; weekday: number; timeZone: string },
  start: Date,
  end: Date,
): boolean {
  const HOUR = 60 * 60 * 1000;
  for (let at = Math.ceil(start.getTime() / HOUR) * HOUR; at < end.getTime(); at += HOUR) {
    const local = clockPartsIn(new Date(at), prefs.timeZone);
    const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
    if (local.hour === prefs.hour && (prefs.frequency === "daily" || weekday === prefs.weekday)) return true;
  }
  return false;
}

/**
 * The hourly digest run: for ascending ranges of member ids, one statement selects the members
 * whose digest is due at `now`, claims what each has neither read nor had mailed (except the kinds
 * she set to "never"), marks it mailed and enqueues one `send-digest` job per member, all in the
 * range's transaction. Nothing but counts comes back to Node. Safe to run twice, or on two instances
 * at once: the second waits for the range's lock and finds nothing. The jobs carry no key: a key per
 * member and hour would let a second run in the same hour (what arrived since) replace a first job
 * not yet sent, and what that one claimed would never leave. Returns how many digests were enqueued.
 */
export async function sendDigests(db: Db, now: Date, defaultZone = "UTC"): Promise<number> {
  const { rows } = await db.execute<{ last: number | null }>(sql`select max(id) as last from users`);
  const last = Number(rows[0]?.last ?? 0);
  const ranges = Array.from({ length: Math.ceil(last / DIGEST_RANGE) }, (_, i) => i * DIGEST_RANGE);
  const resting = await restingPlacesAt(db, now);
  const digestRange = (after: number) =>
    db.transaction(async (tx) => {
      // The range's commit does not wait for its WAL to reach the disk. Nothing outside the database
      // sees it before a later commit that does wait (the worker taking a job flushes the WAL behind
      // it), so a crash loses the claim and its jobs together, and the next run claims the rows again.
      await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK}, ${after / DIGEST_RANGE}::int),
        set_config('synchronous_commit', 'off', true)`);
      const result = await tx.execute<{ jobs: number }>(sql`with ${restingTable(resting)}, candidates as (
          select u.id as user_id, r.start, r.until
          from users u left join notification_preferences p on p.user_id = u.id
            ${joinResting()}
          where u.id > ${after} and u.id <= ${after + DIGEST_RANGE}
            and u.email_verified_at is not null
            and ${dueAt(now, defaultZone)}
        ), after_rest as (
          -- She rests: her digest leaves with what was held, once her window is over.
          select ${afterRestJobFor(sql`user_id`, sql`start`, sql`until`)} from candidates where until is not null
        ), due as (
          select user_id from candidates where until is null
        ), marked as (
          -- Claimed by the update itself: a row the instant sweep holds is waited for, then
          -- checked again, so what it mailed meanwhile is not claimed twice.
          update notifications n set emailed_at = now()
          from due d left join notification_preferences p on p.user_id = d.user_id
          where n.user_id = d.user_id and n.read_at is null and n.emailed_at is null
            and ${emailChoiceOf} <> 'never' and ${stillSeenByRecipient}
          returning n.id, n.user_id
        ), specs as (
          select json_populate_record(null::graphile_worker.job_spec, json_build_object(
            'identifier', ${sendDigestJob.name}::text,
            'payload', json_build_object('userId', user_id, 'ids', array_agg(id order by id desc)),
            'max_attempts', 25
          )) as spec
          from marked group by user_id
        )
        select count(*)::int + (select count(*) from after_rest)::int as jobs
        from graphile_worker.add_jobs(coalesce((select array_agg(spec) from specs), '{}'))`);
      return result.rows[0]?.jobs ?? 0;
    });
  // Ranges are independent: a few at a time keep the database's cores busy while one waits on its
  // writes, each still one transaction under its own lock.
  let enqueued = 0;
  let next = 0;
  const lane = async () => {
    while (next < ranges.length) {
      const jobs = await digestRange(ranges[next++] as number);
      enqueued += jobs;
    }
  };
  await Promise.all(Array.from({ length: Math.min(DIGEST_LANES, ranges.length) }, lane));
  return enqueued;
}

export type DigestRow = MailedNotificationRow & {
  frequency: "daily" | "weekly" | null;
  locale: Locale | null;
};

/** The sections a digest lists, in the preferences page's order; notes from the moderators last. */
const MAILED_SECTIONS = [...NOTIFICATION_SECTIONS, "Moderation"] as const;

/**
 * A digest of `rows` (hers, newest first): her daily or weekly one, or the one that follows her rest
 * (`"rest"`), written in her language. Carries the same one-click unsubscribe as the mail sent right
 * away, for the kinds it holds.
 */
export function digestOf(
  config: AppConfig,
  userId: number,
  rows: DigestRow[],
  period: "daily" | "weekly" | "rest",
): OutgoingMail | null {
  const secret = config.sessionSecret;
  if (!secret) throw new Error("SESSION_SECRET is not set");
  const items = rows.filter((row) => row.kind in NOTIFICATION_KINDS);
  const first = items[0];
  if (!first) return null;
  return inLocale(first.locale ?? config.defaultLanguage, () => {
    const listed = items.slice(0, DIGEST_LIST_LIMIT);
    const sections = MAILED_SECTIONS.map((title) => ({
      title,
      items: listed
        .filter((row) => NOTIFICATION_KINDS[row.kind as NotificationKind].section === title)
        .map((row) => mailedLine(row, config.publicUrl)),
    })).filter((section) => section.items.length > 0);

    const kinds = [...new Set(items.map((row) => row.kind as NotificationKind))];
    const unsubscribeUrl = unsubscribeUrlFor(secret, config.publicUrl, userId, kinds);
    // RFC 8058: one POST to the link, from the mail app, turns these kinds off.
    const headers: Record<string, string> = unsubscribeUrl
      ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : {};
    const rendered = digestMail({
      siteName: config.siteName,
      siteUrl: config.publicUrl,
      contactEmail: config.contactEmail,
      firstName: first.first_name,
      frequency: period,
      sections,
      more: items.length - listed.length,
      notificationsUrl: `${config.publicUrl}/notifications`,
      preferencesUrl: `${config.publicUrl}/notifications?tab=preferences`,
      unsubscribeUrl,
    });
    return { to: first.email, ...rendered, headers };
  });
}

/**
 * Writes her digest from the rows the hourly run claimed for her: those she has read since are left
 * out, and so is what she can no longer see; with none left (or an address no longer proved) there is
 * no mail.
 */
export async function digestMailFor(db: Db, config: AppConfig, job: DigestJob): Promise<OutgoingMail | null> {
  const ids = `{${job.ids.map(Number).join(",")}}`;
  const { rows } = await db.execute<DigestRow>(sql`select n.id, n.kind, n.subject_id, n.actor_count, n.title,
      case when n.actor_id is null then null else n.actor_name end as actor_name,
      u.email, u.first_name, u.locale, p.digest_frequency as frequency
    from notifications n
      join users u on u.id = n.user_id and u.email_verified_at is not null
      left join notification_preferences p on p.user_id = n.user_id
    where n.id = any(${ids}::int[]) and n.user_id = ${job.userId} and n.read_at is null
      and ${stillSeenByRecipient}
    order by n.id desc`);
  return digestOf(config, job.userId, rows, rows[0]?.frequency ?? "weekly");
}
