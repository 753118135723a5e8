import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns";

/**
 * The one-time links that let the first administrator set the ministry up in the browser (decision
 * 062). A start with no administrator, or `npm run setup-link`, makes one and retires the earlier
 * ones; only the SHA-256 of its token is stored.
 */
export const setupTokens = pgTable(
  "setup_tokens",
  {
    id: id(),
    /** SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    /** Set when the ministry was set up with it, or when a newer link replaced it. */
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("setup_tokens_hash_idx").on(t.tokenHash),
    index("setup_tokens_expires_idx").on(t.expiresAt),
  ],
);
