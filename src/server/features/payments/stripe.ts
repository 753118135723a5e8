import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { PAYMENT_MESSAGES } from "../../../core/payments/schemas";
import type { AppConfig } from "../../config";
import { HttpError, unavailable } from "../../http/errors";

export type StripeSettings = NonNullable<AppConfig["stripe"]>;

// The SDK is large; a site without payments never loads it.
let sdk: typeof Stripe | undefined;

/** Loads the SDK; called where payments are configured, before any client is made. */
export async function loadStripeSdk() {
  sdk ??= (await import("stripe")).default;
}

/** The SDK pointed at Stripe, or at STRIPE_API_BASE (a local stand-in) when set. */
export function createStripeClient(settings: StripeSettings): Stripe {
  if (!sdk) throw new Error("the Stripe SDK is not loaded yet (loadStripeSdk)");
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new sdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "mishpacha" },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

/** A monthly gift says so in its metadata (set when we create it); anything else is patronage. */
export const isGiftSubscription = (subscription: Pick<Stripe.Subscription, "metadata">) =>
  subscription.metadata?.purpose === "gift";

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError =>
  sdk !== undefined && err instanceof sdk.errors.StripeError;

export const isMissingResource = (err: unknown) =>
  isStripeError(err) && (err.code === "resource_missing" || err.statusCode === 404);

/**
 * Runs a call to Stripe. Its failures are ours to log, not the member's to read: they become a 503
 * with a plain message (the provider's wording can mention keys or prices).
 */
export async function callStripe<T>(
  log: FastifyBaseLogger,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const detail = isStripeError(err)
      ? {
          type: err.type,
          code: err.code,
          status: err.statusCode,
          message: err.message,
          requestId: err.requestId,
        }
      : { message: (err as Error)?.message };
    log.error({ stripe: detail }, `stripe: ${what} failed`);
    throw unavailable(PAYMENT_MESSAGES.providerUnavailable);
  }
}
