import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, mayReference } from "./columns";
import { users } from "./users";

/**
 * An administrator's invitation to join, mailed to one address (decision 064). Only the SHA-256 of
 * the link's token is kept. One pending invitation per address: a new one to the same address
 * withdraws the earlier (`revoked_at`). Accepting it opens her account with the address proven.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** SHA-256 of the token in the mailed link. */
    tokenHash: text("token_hash").notNull(),
    invitedBy: mayReference("invited_by", () => users.id),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    acceptedBy: mayReference("accepted_by", () => users.id),
    /** Withdrawn by an administrator, or replaced by a newer invitation to the same address. */
    revokedAt: at("revoked_at"),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("invitations_pending_email_idx")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("invitations_pending_order_idx")
      .on(t.id.desc().nullsFirst())
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
