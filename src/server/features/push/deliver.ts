import { sql } from "drizzle-orm";
import webpush from "web-push";
import type { Locale } from "../../../core/i18n";
import {
  describeNotification,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { inLocale } from "../../i18n";
import { job } from "../../jobs/queue";
import {
  afterRestJobFor,
  joinResting,
  type RestPush,
  restingPlacesAt,
  restingTable,
  stillSeenByRecipient,
} from "../notifications";

/** Notifications claimed per sweep statement; a fan-out to every member leaves over several. */
const SWEEP_BATCH = 500;
/** How long a push service keeps a push for a device that is off (seconds). */
const TIME_TO_LIVE = 24 * 60 * 60;
/** Attempts of one push while its push service is away (exponential backoff, about a day). */
const PUSH_ATTEMPTS = 12;

/** One notification to one of her devices, enqueued by the push sweep (`pushDueNotifications`), in SQL. */
export const sendPushJob = job<{ notificationId: number; subscriptionId: number }>("send-push");

/** A kind she set to "Never" she does not want to hear of at all: it is not pushed either. */
const choiceOf = sql`coalesce(p.email ->> n.kind, case n.kind ${sql.join(
  Object.entries(NOTIFICATION_KINDS).map(([kind, spec]) => sql`when ${kind} then ${spec.email}`),
  sql` `,
)} else 'never' end)`;

/**
 * Hands new notifications to push, once per notification and device (decision 042). Rows not yet
 * pushed are claimed with SKIP LOCKED and marked `pushed_at` in the transaction that enqueues one
 * `send-push` job per device of hers (keyed by both), so two instances, or a sweep repeated after a
 * failure, never push one twice; the job retries while a push service is away. Unread rows of
 * kinds she has not turned off go at once: a device shows them when they happen. While she rests
 * (Rest on Shabbat) they are held instead, marked with her window's end, and one push after it
 * tells of them (the notifications feature's `after-rest` job).
 */
export async function pushDueNotifications(db: Db, config: AppConfig, at?: Date): Promise<number> {
  if (!config.push.vapid) return 0;
  // Nothing new (most sweeps): no need to ask who rests.
  const { rows: waiting } = await db.execute(
    sql`select 1 from notifications where pushed_at is null limit 1`,
  );
  if (waiting.length === 0) return 0;
  const resting = await restingPlacesAt(db, at ?? new Date());
  let handed = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        claimed: number;
        jobs: number;
      }>(sql`with ${restingTable(resting)}, claimed as (
          select n.id, n.user_id from notifications n
          where n.pushed_at is null
          order by n.id
          limit ${SWEEP_BATCH}
          for update skip locked
        ), marked as (
          -- Held when she rests now: her window's end, and her after-rest job below.
          update notifications n set pushed_at = now(), held_until = coalesce(n.held_until, r.until)
          from claimed c left join notification_preferences p on p.user_id = c.user_id ${joinResting()}
          where n.id = c.id
          returning n.id, n.user_id, n.kind, n.subject_id, n.dedupe_key, n.actor_id, n.read_at, n.created_at,
            n.held_until, r.start as rest_start, r.until as rest_until
        ), after_rest as (
          select ${afterRestJobFor(sql`h.user_id`, sql`h.rest_start`, sql`h.rest_until`)}
          from (select distinct user_id, rest_start, rest_until from marked where rest_until is not null) h
        ), jobs as (
          -- The queue's own function, set-based: the jobs exist only if this transaction commits.
          select graphile_worker.add_job(${sendPushJob.name}::text,
            payload => json_build_object('notificationId', n.id, 'subscriptionId', s.id),
            max_attempts => ${PUSH_ATTEMPTS}::int,
            job_key => 'push:' || n.id || ':' || s.id)
          from marked n
            join push_subscriptions s on s.user_id = n.user_id
              and ${sessionLive}
            left join notification_preferences p on p.user_id = n.user_id
          where n.held_until is null and n.read_at is null and n.created_at > now() - interval '1 day'
            and ${choiceOf} <> 'never' and ${stillSeenByRecipient}
        )
        select (select count(*) from marked)::int as claimed, (select count(*) from jobs)::int as jobs,
          (select count(*) from after_rest)::int as resting`);
      const row = rows[0] ?? { claimed: 0, jobs: 0 };
      handed += row.jobs;
      return row.claimed;
    });
    if (claimed < SWEEP_BATCH) return handed;
  }
}

/**
 * The session that turned device `s` on has not expired: a device belongs to its session, and one
 * left signed in past its end (a shared computer) hears nothing more, though its row waits for the
 * housekeeping that deletes expired sessions.
 */
const sessionLive = sql`exists (select 1 from sessions se where se.id = s.session_id and se.expires_at > now())`;

interface PushRow extends DeviceRow {
  locale: Locale | null;
  kind: string;
  subject_id: number;
  actor_name: string | null;
  actor_count: number;
  title: string | null;
}

/** What the service worker receives (public/push-worker.js shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap takes her: a full URL of the site. */
  url: string;
  /** One shown notification per notification: a repeat replaces rather than adds. */
  tag: string;
}

/** The `send-push` job: one notification to one device, in her language (`deliverPush`). */
export async function sendPush(
  db: Db,
  config: AppConfig,
  job: { notificationId: number; subscriptionId: number },
): Promise<void> {
  const vapid = config.push.vapid;
  if (!vapid) return;
  const { rows } = await db.execute<PushRow>(sql`select s.endpoint, s.p256dh, s.auth,
      n.kind, n.subject_id, n.actor_count, n.title,
      case when n.actor_id is null then null else n.actor_name end as actor_name, u.locale
    from push_subscriptions s join notifications n on n.user_id = s.user_id join users u on u.id = s.user_id
    where s.id = ${job.subscriptionId} and n.id = ${job.notificationId} and ${sessionLive}`);
  const row = rows[0];
  // Unsubscribed, moved to another member, or the notification went with its account: nothing to send.
  if (!row || !(row.kind in NOTIFICATION_KINDS)) return;
  // In her language, as her bell says it.
  const { text, url } = inLocale(row.locale ?? config.defaultLanguage, () =>
    describeNotification(row.kind as NotificationKind, {
      subjectId: row.subject_id,
      actorName: row.actor_name,
      actorCount: row.actor_count,
      title: row.title,
    }),
  );
  const message: PushMessage = {
    title: config.siteName,
    body: text,
    url: `${config.publicUrl}${url}`,
    tag: `notification-${job.notificationId}`,
  };
  await deliverPush(db, config, job.subscriptionId, row, message);
}

/**
 * The `send-rest-push` job: the push that follows her rest, to one device, if its session still
 * lasts. Written in her language when it was enqueued.
 */
export async function sendRestPush(db: Db, config: AppConfig, job: RestPush): Promise<void> {
  if (!config.push.vapid) return;
  const { rows } =
    await db.execute<DeviceRow>(sql`select s.endpoint, s.p256dh, s.auth from push_subscriptions s
    where s.id = ${job.subscriptionId} and ${sessionLive}`);
  const device = rows[0];
  if (!device) return;
  await deliverPush(db, config, job.subscriptionId, device, job.message);
}

interface DeviceRow extends Record<string, unknown> {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One push to one device, encrypted for it (RFC 8291) and signed with the VAPID key (RFC 8292). A
 * device its push service no longer knows (404, 410) is forgotten; any other failure throws, and
 * the queue tries again later.
 */
async function deliverPush(
  db: Db,
  config: AppConfig,
  subscriptionId: number,
  device: DeviceRow,
  message: PushMessage,
): Promise<void> {
  const vapid = config.push.vapid;
  if (!vapid) return;
  // The library encrypts and signs; the request is ours, so that it follows no redirect (the
  // endpoint was checked, where it would send us was not) and gives up after a while.
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: config.push.subject, ...vapid },
      TTL: TIME_TO_LIVE,
      contentEncoding: "aes128gcm",
    },
  );
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: "error",
    signal: AbortSignal.timeout(15_000),
  });
  await answer.body?.cancel();
  if (answer.status === 404 || answer.status === 410) {
    await db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
    return;
  }
  if (!answer.ok) throw new Error(`the push service answered ${answer.status}`);
}

/** A new VAPID key pair (base64url), as `web-push generate-vapid-keys` makes. */
export const generateVapidKeys = () => webpush.generateVAPIDKeys();
