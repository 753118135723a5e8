import { z } from "zod";
import { dateTime } from "../common-schemas";
import { type MessageId, t } from "../i18n";
import { donationAmount } from "../payments/schemas";

export const GIVING_MESSAGES = {
  yearInvalid: "Please choose a year between 2000 and 2100.",
  giftNotFound: "This monthly gift was not found.",
  giftStopped: "Your monthly gift was stopped.",
} as const;

/** The first and last calendar year a statement may be asked for. */
export const GIVING_YEARS = { min: 2000, max: 2100 } as const;

/** A monthly gift in dollars, within the same limits as a one-time donation. */
export const createRecurringGiftBody = z.object({ amount: donationAmount });
export type CreateRecurringGiftBody = z.input<typeof createRecurringGiftBody>;

export const recurringGift = z.object({
  /** The gift's reference here (Stripe's own ids never leave the server). */
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
  createdAt: dateTime,
});
export type RecurringGift = z.input<typeof recurringGift>;
export const recurringGiftList = z.object({ gifts: z.array(recurringGift) });

/** A gift's reference: 16 URL-safe characters. */
export const recurringGiftParams = z.object({
  id: z.string().regex(/^[\w-]{16}$/, { message: GIVING_MESSAGES.giftNotFound }),
});

const year = z.coerce
  .number({ message: GIVING_MESSAGES.yearInvalid })
  .int({ message: GIVING_MESSAGES.yearInvalid })
  .min(GIVING_YEARS.min, { message: GIVING_MESSAGES.yearInvalid })
  .max(GIVING_YEARS.max, { message: GIVING_MESSAGES.yearInvalid });

/** A calendar year (UTC); this year when none is given. */
export const givingQuery = z.object({
  year: year.optional().transform((v) => v ?? new Date().getUTCFullYear()),
});

export const PAYMENT_KINDS = ["subscription", "donation", "recurring_gift", "course"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * How each kind of payment is named on receipts and statements: English, the catalogue's keys (the
 * API's statement says it in English; `paymentLabel` in the current language).
 */
export const PAYMENT_KIND_LABELS = {
  subscription: "Patron membership",
  donation: "Donation",
  recurring_gift: "Monthly gift",
  course: "Course",
} as const satisfies Record<PaymentKind, MessageId>;

/** What a payment was for, in the current language: "Donation", "Course: Knowing Yeshua". */
export const paymentLabel = (kind: PaymentKind, courseTitle: string | null) =>
  kind === "course" && courseTitle
    ? t("Course: {title}", { title: courseTitle })
    : t(PAYMENT_KIND_LABELS[kind]);

const receiptDigits = (id: number) => String(id).padStart(6, "0");

/** Receipt numbers are the payment's id, six digits at least: 123 -> "No. 000123". */
export const receiptNumber = (id: number) => `No. ${receiptDigits(id)}`;

/** The receipt number in the current language (a receipt mailed in hers). */
export const localReceiptNumber = (id: number) => t("No. {number}", { number: receiptDigits(id) });

export const givingPayment = z.object({
  id: z.number().int(),
  receiptNumber: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  /** What it was for: the kind's name, with the course's title for a course. */
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: dateTime,
  /** When it was refunded in full; refunded payments do not count in the total. */
  refundedAt: dateTime.nullable(),
});
export type GivingPayment = z.input<typeof givingPayment>;

/** The ministry as its statements name it (each detail is optional in the settings). */
export const ministryDetails = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type MinistryDetails = z.output<typeof ministryDetails>;

export const givingResponse = z.object({
  year: z.number().int(),
  /** Her payments in that calendar year (UTC), newest first. */
  payments: z.array(givingPayment),
  /** In cents: everything not refunded. */
  total: z.number().int(),
  ministry: ministryDetails,
});
export type GivingResponse = z.input<typeof givingResponse>;
