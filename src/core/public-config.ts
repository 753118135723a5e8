/** Settings the browser needs at start, embedded in index.html by the server (no extra request). */
export interface PublicConfig {
  siteName: string;
  founderName: string;
  /** A short line under the landing page's headline; empty: none. */
  welcomeLine: string;
  /** The address members may write to; null: none is shown. */
  contactEmail: string | null;
  newsletterName: string;
  /** The zone the ministry plans in: a new event's when the browser names none. */
  timeZone: string;
  /** The patron price as the pages show it, e.g. "$15" (a month). */
  patronPriceText: string;
  /** External sign-in is configured: the sign-in page offers it. */
  externalSignIn: boolean;
  /** Stripe publishable key, when payments are configured. */
  stripeKey: string | null;
  /** Who may open an account: anyone (open), or only someone an administrator invited. */
  registration: "open" | "invitation";
}

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";
