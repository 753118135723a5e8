import { messageResponse } from "../common-schemas";
import { endpoint } from "../contract";
import { clientSecretResponse } from "../payments/schemas";
import {
  createRecurringGiftBody,
  givingQuery,
  givingResponse,
  recurringGiftList,
  recurringGiftParams,
} from "./schemas";

/** Her monthly gifts and what she has given, year by year. */
export const givingEndpoints = {
  createRecurringGift: endpoint({
    method: "POST",
    path: "/api/recurring-gifts",
    summary: "Start a monthly gift of her own amount: the payment form's secret",
    caller: "member",
    idempotent: true,
    body: createRecurringGiftBody,
    response: clientSecretResponse,
    errors: [503],
    rateLimit: "write",
  }),
  recurringGifts: endpoint({
    method: "GET",
    path: "/api/recurring-gifts",
    summary: "Her monthly gifts that are still running",
    caller: "member",
    response: recurringGiftList,
  }),
  stopRecurringGift: endpoint({
    method: "DELETE",
    path: "/api/recurring-gifts/:id",
    summary: "Stop one of her monthly gifts (at Stripe, at once)",
    caller: "member",
    params: recurringGiftParams,
    response: messageResponse,
    errors: [503],
    rateLimit: "write",
  }),
  giving: endpoint({
    method: "GET",
    path: "/api/giving",
    summary: "Everything she gave in a calendar year, newest first, with the total",
    caller: "member",
    query: givingQuery,
    response: givingResponse,
  }),
};
