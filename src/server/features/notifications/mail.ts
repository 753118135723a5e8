import { sql } from "drizzle-orm";
import type { Locale } from "../../../core/i18n";
import {
  describeNotification,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { inLocale } from "../../i18n";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../mail/jobs";
import { memberText, notificationsMail } from "../../mail/templates";
import { afterRestJobFor, joinResting, restingPlacesAt, restingTable } from "./rest-window";
import { stillSeenByRecipient } from "./still-seen";
import { unsubscribeUrl as unsubscribeUrlFor } from "./unsubscribe";

/** Notifications claimed per sweep: a backlog leaves over several sweeps, each transaction short. */
const SWEEP_BATCH = 500;

/** Her choice for the row `n`'s kind: what she chose, else the kind's default from core. */
export const emailChoiceOf = sql`coalesce(p.email ->> n.kind, case n.kind ${sql.join(
  Object.entries(NOTIFICATION_KINDS).map(([kind, spec]) => sql`when ${kind} then ${spec.email}`),
  sql` `,
)} else 'never' end)`;

/** A notification as its mail tells it, with the address and name it goes to. */
export interface MailedNotificationRow extends Record<string, unknown> {
  id: number;
  kind: string;
  subject_id: number;
  actor_name: string | null;
  actor_count: number;
  title: string | null;
  email: string;
  first_name: string | null;
}

/** A notification's line in a mail: its words, and the link to its place on the site. */
export function mailedLine(row: MailedNotificationRow, publicUrl: string) {
  const { text, url } = describeNotification(
    row.kind as NotificationKind,
    {
      subjectId: row.subject_id,
      actorName: row.actor_name,
      actorCount: row.actor_count,
      title: row.title,
    },
    memberText,
  );
  return { text, url: `${publicUrl}${url}` };
}

type ClaimedRow = MailedNotificationRow & { user_id: number; locale: Locale | null };

/** Kinds about a private conversation (the subject): mailed once an hour at most per conversation. */
const CONVERSATION_KINDS = sql`('message', 'message_request')`;

/**
 * A conversation's notices wait while she was mailed of it within the hour
 * (`direct_conversation_members.mailed_at`): then one mail tells of them together, if still unread.
 */
const notMailedThisHour = (now: ReturnType<typeof sql>) => sql`(n.kind not in ${CONVERSATION_KINDS}
  or not exists (select 1 from direct_conversation_members dcm
    where dcm.conversation_id = n.subject_id and dcm.user_id = n.user_id and dcm.mailed_at > ${now} - interval '1 hour'))`;

/** One line per conversation in a mail: its messages' lines say the same words. */
function oneLinePerConversation(rows: ClaimedRow[]) {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (row.kind !== "message") return true;
    const key = `${row.subject_id}:${row.actor_name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Mails what members chose to hear of "right away" (decision 033). A member is mailed once one of
 * her waiting notifications is older than the delay and still unread; everything else waiting for
 * her then goes in the same mail. Rows are claimed with SKIP LOCKED and marked mailed in the
 * transaction that enqueues the mail, so two instances, or a sweep that fails half-way, never send
 * one twice; the mail job itself retries while the SMTP server is away. Only proved addresses are
 * mailed, and only what she can still see (`stillSeenByRecipient`). When she rests (Rest on Shabbat),
 * what comes due is held instead: marked with her window's end, it leaves after it (`after-rest.ts`).
 */
export async function mailDueNotifications(db: Db, config: AppConfig, at?: Date): Promise<number> {
  // The sweep's moment: the database's clock, or one given (to test a Friday evening any day).
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const delay = config.notificationMailDelaySeconds;
  const secret = config.sessionSecret;
  if (!secret) throw new Error("SESSION_SECRET is not set");
  const resting = await restingPlacesAt(db, at ?? new Date());
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedRow>(sql`with ${restingTable(resting)}, waiting as (
        select n.id, n.user_id, n.created_at, r.start as rest_start, r.until as rest_until
        from notifications n
          join users u on u.id = n.user_id and u.email_verified_at is not null
          left join notification_preferences p on p.user_id = n.user_id
          ${joinResting()}
        where n.emailed_at is null and n.read_at is null and n.held_until is null
          -- Older rows are the digest's, if anyone's: the sweep reads a bounded part of its index.
          and n.created_at > ${now} - interval '2 days'
          and ${emailChoiceOf} = 'instant'
          and ${stillSeenByRecipient}
          and ${notMailedThisHour(now)}
      ), due as (
        select distinct user_id from waiting where created_at <= ${now} - make_interval(secs => ${delay})
      ), held as (
        -- She rests: what came due waits for the end of her window, marked with it.
        update notifications n set held_until = w.rest_until
        from waiting w join due d on d.user_id = w.user_id
        where n.id = w.id and w.rest_until is not null and n.held_until is null and n.emailed_at is null
        returning n.user_id, w.rest_start, w.rest_until
      ), after_rest as (
        select ${afterRestJobFor(sql`h.user_id`, sql`h.rest_start`, sql`h.rest_until`)}
        from (select distinct user_id, rest_start, rest_until from held) h
      ), claimed as (
        -- Checked again on the row itself: a sweep that commits first unlocks it for this one, and
        -- PostgreSQL then re-reads the row's conditions here, not those of the snapshot above.
        select n.id from notifications n
          join waiting w on w.id = n.id and w.rest_until is null
          join due d on d.user_id = w.user_id
        where n.emailed_at is null and n.read_at is null and n.held_until is null
        order by n.id
        limit ${SWEEP_BATCH}
        for update of n skip locked
      ), marked as (
        update notifications n set emailed_at = now() from claimed c where n.id = c.id
        returning n.id, n.user_id, n.kind, n.subject_id, n.actor_id, n.actor_name, n.actor_count, n.title
      ), stamped as (
        update direct_conversation_members dcm set mailed_at = ${now}
        from marked m
        where m.kind in ${CONVERSATION_KINDS} and dcm.conversation_id = m.subject_id and dcm.user_id = m.user_id
      )
      -- One row at least, so that the jobs of those who rest are added even when nobody is mailed.
      select m.id, m.user_id, m.kind, m.subject_id, m.actor_count, m.title,
        case when m.actor_id is null then null else m.actor_name end as actor_name,
        u.email, u.first_name, u.locale
      from (select count(*) from after_rest) held
        left join (marked m join users u on u.id = m.user_id) on true
      order by m.user_id, m.id desc`);

    const byMember = new Map<number, ClaimedRow[]>();
    for (const row of rows) {
      if (row.id === null || !(row.kind in NOTIFICATION_KINDS)) continue;
      const list = byMember.get(row.user_id);
      if (list) list.push(row);
      else byMember.set(row.user_id, [row]);
    }
    for (const [userId, items] of byMember) {
      const first = items[0]!;
      const kinds = items.map((row) => row.kind as NotificationKind);
      const unsubscribeUrl = unsubscribeUrlFor(secret, config.publicUrl, userId, kinds);
      // Her language, her lines' words too.
      const rendered = inLocale(first.locale ?? config.defaultLanguage, () =>
        notificationsMail({
          unsubscribeUrl,
          siteName: config.siteName,
          siteUrl: config.publicUrl,
          contactEmail: config.contactEmail,
          firstName: first.first_name,
          notificationsUrl: `${config.publicUrl}/notifications`,
          preferencesUrl: `${config.publicUrl}/notifications?tab=preferences`,
          items: oneLinePerConversation(items).map((row) => mailedLine(row, config.publicUrl)),
        }),
      );
      // RFC 8058: one POST to the link, from the mail app, turns these kinds off.
      const headers: Record<string, string> = unsubscribeUrl
        ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {};
      // Keyed by her newest notification in it: a repeat of this transaction could not add a second.
      await enqueue(
        tx,
        sendMailJob,
        { to: first.email, ...rendered, headers },
        { jobKey: `notifications:${userId}:${first.id}` },
      );
    }
    return byMember.size;
  });
}
