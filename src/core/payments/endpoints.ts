import { endpoint } from "../contract";
import {
  billingPortalResponse,
  clientSecretResponse,
  createPaymentIntentBody,
  webhookResponse,
} from "./schemas";

/** Patron subscription, donations, the customer portal and Stripe's webhooks. */
export const paymentsEndpoints = {
  subscribe: endpoint({
    method: "POST",
    path: "/api/create-subscription",
    summary: "Start her monthly patron subscription: the payment form's secret",
    caller: "member",
    idempotent: true,
    response: clientSecretResponse,
    errors: [409, 503],
    rateLimit: "write",
  }),
  donate: endpoint({
    method: "POST",
    path: "/api/create-payment-intent",
    summary: "Start a one-time donation: the payment form's secret",
    caller: "member",
    idempotent: true,
    body: createPaymentIntentBody,
    response: clientSecretResponse,
    errors: [503],
    rateLimit: "write",
  }),
  billingPortal: endpoint({
    method: "POST",
    path: "/api/billing-portal",
    summary: "A link to Stripe's customer portal for her billing",
    caller: "member",
    response: billingPortalResponse,
    errors: [409, 503],
    rateLimit: "write",
  }),
  // Stripe calls from its servers: no Origin and no session, but a signature over the raw body.
  webhook: endpoint({
    method: "POST",
    path: "/api/stripe/webhook",
    summary: "Stripe's events about payments and subscriptions, applied once each",
    caller: "visitor",
    crossSite: true,
    response: webhookResponse,
    errors: [400, 503],
  }),
};
