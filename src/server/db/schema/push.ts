import { index, pgTable, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id } from "./columns";
import { sessions, users } from "./users";

/**
 * A device of hers that receives Web Push (decision 042): the push service's endpoint and the keys
 * the browser made for it. One row per endpoint: the same browser signed in as another member moves
 * to her. A push service that responds with 404 or 410 has forgotten it, and the row goes. It belongs to
 * the session that turned it on: when that session ends (she signs out, her password is reset, she
 * is suspended, it expires), the device stops showing her notifications, so a shared phone never
 * shows one member's prayer requests to the next.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the RFC 8291 encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    index("push_subscriptions_session_idx").on(t.sessionId),
  ],
);
