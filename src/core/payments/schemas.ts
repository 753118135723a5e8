import { z } from "zod";
import { oneLine } from "../common-schemas";
import { DONATION_MAX, DONATION_MIN, LIMITS, PATRON_PLAN_NAME } from "../constants";
import { formatDollars } from "../format";
import { PAYMENTS_NOT_CONFIGURED } from "./not-configured";

export const PAYMENT_MESSAGES = {
  notConfigured: PAYMENTS_NOT_CONFIGURED,
  alreadyPatron: "This account already has an active subscription.",
  providerUnavailable: "The payment service is not reachable right now. Please try again in a moment.",
  noBillingAccount:
    "There is no billing account for you yet. It is created with your first patron payment or donation.",
  amountMin: `Please enter an amount of at least ${formatDollars(DONATION_MIN)}.`,
  amountMax: `Please enter an amount of at most ${formatDollars(DONATION_MAX)}.`,
  amountDecimals: "Please enter an amount with at most two decimal places.",
  invalidAmount: "Invalid Amount",
  subscriptionUnavailable: "Unable to set up subscription at this time. Please try again later.",
  subscriptionSetupFailed: "Failed to set up subscription. Please try again.",
  donationSetupFailed: "Failed to set up donation. Please try again.",
  patronWelcome: `Welcome to ${PATRON_PLAN_NAME}!`,
  donationThanks: "Thank You!",
  paymentFailed: "Payment Failed",
} as const;

/** Whole cents only: 19.99 is fine, 19.999 is not (checked on the decimal string, not with floats). */
const hasAtMostTwoDecimals = (amount: number) => {
  const [, fraction = ""] = String(amount).split(".");
  return !String(amount).includes("e") && fraction.length <= 2;
};

/** A donation in dollars (SPEC §5, §9): at least $1, bounded, whole cents. */
export const donationAmount = z
  .number({ message: PAYMENT_MESSAGES.amountMin })
  .finite({ message: PAYMENT_MESSAGES.amountMin })
  .min(DONATION_MIN, { message: PAYMENT_MESSAGES.amountMin })
  .max(DONATION_MAX, { message: PAYMENT_MESSAGES.amountMax })
  .refine(hasAtMostTwoDecimals, { message: PAYMENT_MESSAGES.amountDecimals });

/** Half of a UTF-16 pair on its own: Stripe's form encoding cannot send it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const createPaymentIntentBody = z.object({
  amount: donationAmount,
  description: oneLine(z.string().trim())
    .max(LIMITS.shortText, { message: `Description must be at most ${LIMITS.shortText} characters` })
    .optional()
    // Replaced as stored text is elsewhere, so the provider's encoder never fails on it (a 503).
    .transform((v) => v?.replace(LONE_SURROGATE, "\uFFFD") || undefined),
});
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBody>;

/** The Payment Element's secret; null when the provider gave none. */
export const clientSecretResponse = z.object({ clientSecret: z.string().nullable() });
export type ClientSecretResponse = z.infer<typeof clientSecretResponse>;

export const billingPortalResponse = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponse>;

export const webhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
