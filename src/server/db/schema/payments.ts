import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, mayReference, updatedAt } from "./columns";
import { courses } from "./teaching";
import { users } from "./users";

/** Stripe subscriptions as the verified webhooks last described them. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    /** Stripe's subscription id. */
    id: text("id").primaryKey(),
    userId: mayReference("user_id", () => users.id),
    status: text("status").notNull(),
    /** A patron membership, or a monthly gift of her own amount (which makes nobody a patron). */
    purpose: text("purpose", { enum: ["patron", "gift"] })
      .notNull()
      .default("patron"),
    /** The monthly amount of a gift. */
    amountCents: integer("amount_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId), index("subscriptions_status_idx").on(t.status)],
);

/**
 * Money received, recorded from verified webhooks (patron invoices, donations, monthly gifts and
 * course purchases). The row's id is the receipt number.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    userId: mayReference("user_id", () => users.id),
    kind: text("kind", { enum: ["subscription", "donation", "recurring_gift", "course"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** The Stripe invoice or payment intent id, so a payment is recorded once. */
    stripeObjectId: text("stripe_object_id").notNull(),
    /** The course a course payment bought. */
    courseId: mayReference("course_id", () => courses.id),
    /** When Stripe reported it refunded in full. */
    refundedAt: at("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("payments_stripe_object_idx").on(t.stripeObjectId),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Webhook event ids already applied: Stripe delivers at least once. */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  // The dashboard's status asks when the last one came.
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);
