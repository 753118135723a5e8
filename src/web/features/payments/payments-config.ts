import { publicConfig } from "~/web/lib/public-config";

/** Whether this site takes payments (STRIPE_* are set on the server). */
export const paymentsConfigured = () => Boolean(publicConfig.stripeKey);
