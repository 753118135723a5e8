import type { FastifyInstance, FastifyRequest } from "fastify";
import { givingEndpoints as api } from "../../../core/giving/endpoints";
import { PAYMENT_MESSAGES } from "../../../core/payments/schemas";
import { serve } from "../../http/endpoint-routes";
import { unavailable } from "../../http/errors";
import * as giving from "./giving";
import { paymentsContext } from "./index";
import { loadStripeSdk } from "./stripe";

/** Her monthly gifts and her giving by year. What is recorded is readable without Stripe. */
export default async function givingRoutes(app: FastifyInstance) {
  if (app.config.stripe) await loadStripeSdk();

  const payments = (request: FastifyRequest) => {
    const ctx = paymentsContext(app, request.log);
    if (!ctx) throw unavailable(PAYMENT_MESSAGES.notConfigured);
    return ctx;
  };

  serve(app, api.createRecurringGift, ({ viewer, body, request }) =>
    giving.createRecurringGift(payments(request), viewer.id, body),
  );
  serve(app, api.stopRecurringGift, ({ viewer, params, request }) =>
    giving.stopRecurringGift(payments(request), viewer.id, params.id),
  );
  serve(app, api.recurringGifts, async ({ viewer }) => ({
    gifts: await giving.listGifts(app.db, viewer.id),
  }));
  serve(app, api.giving, ({ viewer, query }) => giving.givingYear(app.db, app.config, viewer.id, query.year));
}
