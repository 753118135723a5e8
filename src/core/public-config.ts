/** Settings the browser needs at start, embedded in index.html by the server (no extra request). */
export interface PublicConfig {
  siteName: string;
  founderName: string;
  newsletterName: string;
  /** External sign-in is configured: the sign-in page offers it. */
  externalSignIn: boolean;
  /** Stripe publishable key, when payments are configured. */
  stripeKey: string | null;
}

export const PUBLIC_CONFIG_ELEMENT_ID = "app-config";
