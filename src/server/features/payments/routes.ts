import type { FastifyInstance, FastifyRequest } from "fastify";
import { paymentsEndpoints as api } from "../../../core/payments/endpoints";
import { PAYMENT_MESSAGES } from "../../../core/payments/schemas";
import { serve } from "../../http/endpoint-routes";
import { unavailable } from "../../http/errors";
import { paymentsContext } from "./index";
import * as service from "./service";
import { loadStripeSdk } from "./stripe";
import { applyEvent, verifyEvent } from "./webhook";

/** Stripe webhooks are small; this leaves room for an invoice with many lines. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Patron subscription, donations, the customer portal and Stripe's webhooks. */
export default async function paymentRoutes(app: FastifyInstance) {
  if (app.config.stripe) await loadStripeSdk();

  const payments = (request: FastifyRequest) => {
    const ctx = paymentsContext(app, request.log);
    if (!ctx) throw unavailable(PAYMENT_MESSAGES.notConfigured);
    return ctx;
  };

  await app.register(async (scope) => {
    /** Runs after the access check, so a visitor hears 401 and a member hears why payments are off. */
    scope.addHook("preHandler", async (request) => {
      payments(request);
    });
    serve(scope, api.subscribe, ({ viewer, request }) =>
      service.createSubscription(payments(request), viewer.id),
    );
    serve(scope, api.donate, ({ viewer, body, request }) =>
      service.createDonation(payments(request), viewer.id, body),
    );
    serve(scope, api.billingPortal, ({ viewer, request }) =>
      service.billingPortal(payments(request), viewer.id),
    );
  });

  // The signature covers the exact bytes, so this route alone keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addHook("onRoute", (route) => {
      route.bodyLimit = WEBHOOK_BODY_LIMIT;
    });
    serve(scope, api.webhook, async ({ request }) => {
      const ctx = payments(request);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
      const event = verifyEvent(ctx, raw, request.headers["stripe-signature"]);
      const outcome = await applyEvent(ctx, event);
      request.log.info({ event: event.id, type: event.type, outcome }, "stripe webhook");
      return { received: true, ...(outcome === "duplicate" && { duplicate: true }) };
    });
  });
}
