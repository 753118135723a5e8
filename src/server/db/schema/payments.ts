import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, mayReference, updatedAt } from "./columns";
import { users } from "./users";

/** Stripe subscriptions as the verified webhooks last described them. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    /** Stripe's subscription id. */
    id: text("id").primaryKey(),
    userId: mayReference("user_id", () => users.id),
    status: text("status").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId), index("subscriptions_status_idx").on(t.status)],
);

/** Money received, recorded from verified webhooks (invoices and donations). */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    userId: mayReference("user_id", () => users.id),
    kind: text("kind", { enum: ["subscription", "donation"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** The Stripe invoice or payment intent id, so a payment is recorded once. */
    stripeObjectId: text("stripe_object_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_stripe_object_idx").on(t.stripeObjectId),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Webhook event ids already applied: Stripe delivers at least once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: at("received_at").notNull().defaultNow(),
});
