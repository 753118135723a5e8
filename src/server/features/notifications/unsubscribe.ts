import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  changedByLinks,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../core/notifications/kinds";
import { NOTIFICATION_MESSAGES } from "../../../core/notifications/limits";
import type { UnsubscribeMode } from "../../../core/notifications/schemas";
import type { Db } from "../../db/client";
import { badRequest, forbidden } from "../../http/errors";

/** What an unsubscribe link proves: whose mail, and which kinds of it. */
export interface UnsubscribeGrant {
  userId: number;
  kinds: NotificationKind[];
}

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`notification-unsubscribe:${payload}`).digest("base64url");

/**
 * The token of a mail's unsubscribe link: who and which kinds, signed with the server's secret. It
 * does not expire (a mail read months later still works) and proves nothing else: changing the
 * member or a kind breaks the signature.
 */
export function unsubscribeToken(secret: string, grant: UnsubscribeGrant): string {
  const payload = `${grant.userId}.${[...new Set(grant.kinds)].sort().join(",")}`;
  return `${Buffer.from(payload).toString("base64url")}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeGrant {
  const [encoded = "", signature = ""] = token.split(".");
  const payload = Buffer.from(encoded, "base64url").toString();
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badRequest(NOTIFICATION_MESSAGES.unsubscribeLink);
  }
  const [user, list = ""] = payload.split(".");
  const kinds = list.split(",").filter((k): k is NotificationKind => k in NOTIFICATION_KINDS);
  return { userId: Number(user), kinds };
}

/**
 * The unsubscribe link of a mail about these kinds, or none when no link may change any of them
 * (a mail of moderation notices only).
 */
export function unsubscribeUrl(secret: string, publicUrl: string, userId: number, kinds: NotificationKind[]) {
  const changed = kinds.filter(changedByLinks);
  if (changed.length === 0) return undefined;
  return `${publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(secret, { userId, kinds: changed })}`;
}

/**
 * Applies what she chose from the link: those kinds never mailed (one click), or in her digest
 * ("less often"), at once and without signing in: whoever holds the mail may press it, so it
 * changes only the kinds the mail was about, and never moderation notices. No notification mail at
 * all is hers alone to choose: signed in as the member the mail was for (`viewer`).
 */
export async function unsubscribe(
  db: Db,
  grant: UnsubscribeGrant,
  mode: UnsubscribeMode,
  viewer: { id: number } | null,
) {
  if (mode === "all" && viewer?.id !== grant.userId) {
    throw forbidden(NOTIFICATION_MESSAGES.unsubscribeAllNeedsSignIn);
  }
  const kinds = (mode === "all" ? NOTIFICATION_KIND_NAMES : grant.kinds).filter(changedByLinks);
  const choice = mode === "digest" ? "digest" : "never";
  const email = Object.fromEntries(kinds.map((kind) => [kind, choice]));
  await db.execute(sql`insert into notification_preferences (user_id, email)
    select id, ${JSON.stringify(email)}::jsonb from users where id = ${grant.userId}
    on conflict (user_id) do update
      set email = notification_preferences.email || excluded.email, updated_at = now()`);
  const labels = kinds.map((kind) => NOTIFICATION_KINDS[kind].label);
  return {
    message:
      mode === "digest"
        ? "These notifications will come in your digest from now on."
        : mode === "all"
          ? "You will receive no more notification e-mails. Account e-mails and notes from the moderators still reach you."
          : "You will no longer receive these e-mails.",
    kinds: labels,
  };
}
