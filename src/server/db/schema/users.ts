import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, id, mayReference, updatedAt } from "./columns";

export interface MemberSettings {
  /** Show my name on the prayer wall by default (otherwise requests start anonymous). */
  showNameOnPrayerWall?: boolean;
  /**
   * Let other members see my name and picture. `false`: they see "A member" instead, everywhere,
   * except my group admins and leaders, my discipleship partners and administrators
   * (`hidesProfileFrom` in src/server/auth/policies/).
   */
  showProfileToMembers?: boolean;
  emailNotifications?: boolean;
  prayerReplyNotifications?: boolean;
  groupNotifications?: boolean;
  /**
   * Members she does not walk with (no discipleship connection, no group in common) may ask to write
   * to her. `false`: "Only people I walk with or share a group with" (`mayRequestToWrite`).
   */
  allowMessageRequests?: boolean;
}

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    bio: text("bio"),
    role: text("role", { enum: ["member", "admin"] })
      .notNull()
      .default("member"),
    membershipTier: text("membership_tier", { enum: ["free", "premium"] })
      .notNull()
      .default("free"),
    /** Prays for the patrons by name: sees the patrons' prayer list (given by administrators). */
    isIntercessor: boolean("is_intercessor").notNull().default(false),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    stripeCustomerId: text("stripe_customer_id"),
    /** When she proved she holds `email` (a mailed link, a password reset, or her provider's word). */
    emailVerifiedAt: at("email_verified_at"),
    /** While in the future she cannot sign in and her content is hidden ('infinity': for good). */
    suspendedUntil: at("suspended_until"),
    settings: jsonb("settings").$type<MemberSettings>().notNull().default({}),
    /** The language she chose for the app, its mail and its notices ("en", "he"); null: not chosen. */
    locale: text("locale", { enum: ["en", "he"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_oidc_idx").on(t.oidcIssuer, t.oidcSubject),
    uniqueIndex("users_stripe_customer_idx").on(t.stripeCustomerId),
    index("users_created_at_idx").on(t.createdAt),
    index("users_tier_idx").on(t.membershipTier),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed sign-ins in a row at one address, whether or not an account has it, so that the wait tells
 * nobody who has one: `account` is the SHA-256 of the lower-cased address, never the address a
 * stranger typed. Past 5 failures each next try waits until `retry_at` (src/server/auth/sign-in-throttle.ts).
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    account: text("account").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: at("last_failure_at").notNull(),
    retryAt: at("retry_at"),
  },
  (t) => [index("sign_in_throttles_last_failure_idx").on(t.lastFailureAt)],
);

export const ACCOUNT_TOKEN_PURPOSES = ["verify_email", "change_email", "reset_password"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use links mailed to a member. Only a hash of the token is stored; `email` is the address
 * the link was sent to, which following it proves. Rows stay after use for an hour or so, so the
 * number of links sent recently can be counted.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    /** SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull(),
    userId: belongsTo("user_id", () => users.id),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    /** Set when followed, or when a newer link of the same purpose replaced it. */
    usedAt: at("used_at"),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_idx").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt),
    index("account_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * What happened in the community, for the admin overview: each line's kind and the values its sentence
 * needs (src/server/activity/kinds.ts), the sentence written in the reader's language.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: id(),
    kind: text("kind").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    userId: mayReference("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("activity_created_idx").on(t.createdAt)],
);
