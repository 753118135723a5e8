import type { Appearance, Stripe } from "@stripe/stripe-js";
// The "pure" entry adds Stripe.js to the page only when loadStripe is called, so it never loads
// outside the two payment pages.
import { loadStripe } from "@stripe/stripe-js/pure";
import { publicConfig } from "~/web/lib/public-config";

let stripe: Promise<Stripe | null> | undefined;

/** Stripe.js, loaded once, on first use. Null when payments are not configured. */
export function getStripe(): Promise<Stripe | null> {
  if (!publicConfig.stripeKey) return Promise.resolve(null);
  stripe ??= loadStripe(publicConfig.stripeKey).catch((err: unknown) => {
    // A failed load (offline, blocked) may succeed on the next try.
    stripe = undefined;
    throw err;
  });
  return stripe;
}

/** The Payment Element in the garden palette (it renders in Stripe's own frame). */
export const appearance: Appearance = {
  theme: "stripe",
  variables: {
    colorPrimary: "#4f6a48",
    colorBackground: "#ffffff",
    colorText: "#2b3327",
    colorTextSecondary: "#5f5a4f",
    colorDanger: "#b3261e",
    fontFamily: '"Nunito Sans", ui-sans-serif, system-ui, sans-serif',
    borderRadius: "12px",
    spacingUnit: "4px",
  },
  rules: {
    ".Input": { borderColor: "#ebe2d3", boxShadow: "none" },
    ".Input:focus": { borderColor: "#7f9a72", boxShadow: "0 0 0 3px #c7d6bf" },
    ".Label": { fontWeight: "600" },
  },
};
