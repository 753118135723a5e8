import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageResponse } from "../../../core/schemas/common";
import {
  billingPortalResponse,
  clientSecretResponse,
  createPaymentIntentBody,
  PAYMENT_MESSAGES,
  webhookResponse,
} from "../../../core/schemas/payments";
import { memberOf } from "../../auth/guards";
import { unavailable } from "../../http/errors";
import { paymentsContext } from "./index";
import * as service from "./service";
import { loadStripeSdk } from "./stripe";
import { applyEvent, verifyEvent } from "./webhook";

/** Stripe webhooks are small; this leaves room for an invoice with many lines. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const errors = { 400: messageResponse, 401: messageResponse, 409: messageResponse, 503: messageResponse };

/** Patron subscription, donations, the customer portal and Stripe's webhooks. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (app.config.stripe) await loadStripeSdk();

  const payments = (request: FastifyRequest) => {
    const ctx = paymentsContext(app, request.log);
    if (!ctx) throw unavailable(PAYMENT_MESSAGES.notConfigured);
    return ctx;
  };
  /** Runs after the access check, so a visitor hears 401 and a member hears why payments are off. */
  const requirePayments = async (request: FastifyRequest) => {
    payments(request);
  };

  app.post(
    "/create-subscription",
    {
      preHandler: requirePayments,
      config: { rateLimit: app.rateLimits.write },
      schema: { response: { 200: clientSecretResponse, ...errors } },
    },
    async (request) => service.createSubscription(payments(request), memberOf(request).id),
  );

  app.post(
    "/create-payment-intent",
    {
      preHandler: requirePayments,
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createPaymentIntentBody, response: { 200: clientSecretResponse, ...errors } },
    },
    async (request) => service.createDonation(payments(request), memberOf(request).id, request.body),
  );

  app.post(
    "/billing-portal",
    {
      preHandler: requirePayments,
      config: { rateLimit: app.rateLimits.write },
      schema: { response: { 200: billingPortalResponse, ...errors } },
    },
    async (request) => service.billingPortal(payments(request), memberOf(request).id),
  );

  // The signature covers the exact bytes, so this route alone keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/stripe/webhook",
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        // Stripe calls from its servers: no Origin and no session, but a signature.
        config: { access: "public", skipOriginCheck: true },
        schema: { response: { 200: webhookResponse, 400: messageResponse, 503: messageResponse } },
      },
      async (request) => {
        const ctx = payments(request);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
        const event = verifyEvent(ctx, raw, request.headers["stripe-signature"]);
        const outcome = await applyEvent(ctx, event);
        request.log.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
        return { received: true, ...(outcome === "duplicate" && { duplicate: true }) };
      },
    );
  });
}
