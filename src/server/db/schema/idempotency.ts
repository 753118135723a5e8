import { index, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt } from "./columns";
import { users } from "./users";

/**
 * A member's `Idempotency-Key`s on creations (decision 050): claimed when the first request with a
 * key starts (`status` null while it runs), then its response, so a repeat within 24 hours is given
 * that response instead of making the thing again. Older rows are ignored, and deleted hourly.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: belongsTo("user_id", () => users.id),
    key: text("key").notNull(),
    /** SHA-256 of the method, URL and body: the same key on another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The response's status and its JSON as sent; both null while the first request runs. */
    status: smallint("status"),
    body: text("body"),
    /** When the key was claimed: it counts from here (24 hours; abandoned after 5 minutes in flight). */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);
