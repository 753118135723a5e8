// A local stand-in for the parts of Stripe's API the app calls (customers, subscriptions, payment
// intents, billing portal sessions), speaking Stripe's shapes closely enough for the official SDK.
// The browser tests start it through serve.mjs; the API tests use it through
// test/support/stripe-stand-in.ts.
import { randomBytes } from "node:crypto";
import http from "node:http";

export const STAND_IN = {
  secretKey: "sk_test_standin_0000000000000000",
  publishableKey: "pk_test_standin_0000000000000000",
  webhookSecret: "whsec_standin_0000000000000000",
  priceId: "price_patron_monthly",
  priceCents: 1500,
};

const id = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** "items[0][price]=x&expand[0]=y" -> { items: [{ price: "x" }], expand: ["y"] } */
export function parseForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (v) => {
    if (v === null || typeof v !== "object") return v;
    const keys = Object.keys(v);
    const out = keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.map((k) => v[k]) : { ...v };
    for (const k of Object.keys(out)) out[k] = arrays(out[k]);
    return out;
  };
  return arrays(root);
}

class StripeFailure extends Error {
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}
const missing = (what, value, param) =>
  new StripeFailure(404, `No such ${what}: '${value}'`, { code: "resource_missing", param });

/**
 * Starts the stand-in on a free loopback port.
 * @param {{ port?: number, secretKey?: string, prices?: Record<string, number> }} [options]
 */
export async function createStripeStandIn(options = {}) {
  const secretKey = options.secretKey ?? STAND_IN.secretKey;
  const prices = options.prices ?? { [STAND_IN.priceId]: STAND_IN.priceCents };
  const customers = new Map();
  const subscriptions = new Map();
  const invoices = new Map();
  const paymentIntents = new Map();
  const products = new Map();
  const portalSessions = [];
  const requests = [];
  const failures = [];
  let base = "";

  const price = (priceId) => ({
    id: priceId,
    object: "price",
    unit_amount: prices[priceId],
    currency: "usd",
    recurring: { interval: "month", interval_count: 1 },
  });

  // An item's price: a price id, or price_data (a price of its own amount on a product).
  const itemPrice = (item, i) => {
    if (item.price_data) {
      const data = item.price_data;
      if (!products.has(data.product))
        throw missing("product", data.product, `items[${i}][price_data][product]`);
      const amount = Number(data.unit_amount);
      if (!Number.isInteger(amount) || amount < 50)
        throw new StripeFailure(400, "Amount must be at least $0.50 usd", { code: "amount_too_small" });
      return {
        id: id("price"),
        object: "price",
        product: data.product,
        unit_amount: amount,
        currency: data.currency ?? "usd",
        recurring: { interval: data.recurring?.interval ?? "month", interval_count: 1 },
      };
    }
    if (!(item.price in prices)) throw missing("price", item.price, `items[${i}][price]`);
    return price(item.price);
  };

  const newPaymentIntent = (fields) => {
    const piId = id("pi");
    const intent = {
      id: piId,
      object: "payment_intent",
      amount: 0,
      amount_received: 0,
      currency: "usd",
      customer: null,
      description: null,
      metadata: {},
      status: "requires_payment_method",
      client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
      automatic_payment_methods: null,
      created: now(),
      livemode: false,
      ...fields,
    };
    paymentIntents.set(piId, intent);
    return intent;
  };

  const withExpansions = (subscription, expand = [], prefix = "") => {
    const out = structuredClone(subscription);
    const paths = expand.map((p) => (prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p));
    if (paths.some((p) => p === "latest_invoice" || p.startsWith("latest_invoice."))) {
      const invoice = structuredClone(invoices.get(subscription.latest_invoice));
      if (invoice && !paths.includes("latest_invoice.confirmation_secret"))
        delete invoice.confirmation_secret;
      out.latest_invoice = invoice ?? null;
    }
    return out;
  };

  const routes = [
    [
      "POST",
      /^\/v1\/customers$/,
      (_m, body) => {
        const customer = {
          id: id("cus"),
          object: "customer",
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      "GET",
      /^\/v1\/customers\/([^/]+)$/,
      ([, cus]) => {
        const customer = customers.get(cus);
        if (!customer) throw missing("customer", cus, "id");
        return customer;
      },
    ],
    [
      "DELETE",
      /^\/v1\/customers\/([^/]+)$/,
      ([, cus]) => {
        if (!customers.has(cus)) throw missing("customer", cus, "id");
        customers.delete(cus);
        for (const s of subscriptions.values()) {
          if (s.customer === cus && s.status !== "canceled") {
            s.status = "canceled";
            s.canceled_at = now();
            s.ended_at = now();
          }
        }
        return { id: cus, object: "customer", deleted: true };
      },
    ],
    [
      "POST",
      /^\/v1\/subscriptions$/,
      (_m, body) => {
        if (!customers.has(body.customer)) throw missing("customer", body.customer, "customer");
        const items = body.items ?? [];
        if (items.length === 0)
          throw new StripeFailure(400, "Missing required param: items.", { param: "items" });
        const itemPrices = items.map(itemPrice);
        const subId = id("sub");
        const amount = items.reduce(
          (sum, item, i) => sum + itemPrices[i].unit_amount * Number(item.quantity ?? 1),
          0,
        );
        const metadata = body.metadata ?? {};
        const intent = newPaymentIntent({
          amount,
          customer: body.customer,
          description: "Subscription creation",
        });
        const invoice = {
          id: id("in"),
          object: "invoice",
          customer: body.customer,
          amount_due: amount,
          amount_paid: 0,
          currency: "usd",
          status: "open",
          billing_reason: "subscription_create",
          confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" },
          parent: {
            type: "subscription_details",
            quote_details: null,
            subscription_details: { subscription: subId, metadata },
          },
          status_transitions: { paid_at: null },
          created: now(),
          livemode: false,
        };
        invoices.set(invoice.id, invoice);
        const incomplete = body.payment_behavior === "default_incomplete";
        const subscription = {
          id: subId,
          object: "subscription",
          customer: body.customer,
          status: incomplete ? "incomplete" : "active",
          description: body.description ?? null,
          metadata,
          items: {
            object: "list",
            data: items.map((item, i) => ({
              id: id("si"),
              object: "subscription_item",
              price: itemPrices[i],
              quantity: Number(item.quantity ?? 1),
            })),
          },
          latest_invoice: invoice.id,
          payment_settings: body.payment_settings ?? null,
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          created: now(),
          start_date: now(),
          livemode: false,
        };
        subscriptions.set(subId, subscription);
        return withExpansions(subscription, body.expand);
      },
    ],
    [
      "GET",
      /^\/v1\/subscriptions$/,
      (_m, _body, query) => {
        const status = query.status ?? "active";
        const limit = Number(query.limit ?? 10);
        const data = [...subscriptions.values()]
          .filter((s) => !query.customer || s.customer === query.customer)
          .filter((s) => (status === "all" ? true : s.status === status))
          .sort((a, b) => b.created - a.created)
          .slice(0, limit)
          .map((s) => withExpansions(s, query.expand, "data."));
        return { object: "list", data, has_more: false, url: "/v1/subscriptions" };
      },
    ],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, subId], _body, query) => {
        const subscription = subscriptions.get(subId);
        if (!subscription) throw missing("subscription", subId, "id");
        return withExpansions(subscription, query.expand);
      },
    ],
    [
      "DELETE",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, subId]) => {
        const subscription = subscriptions.get(subId);
        if (!subscription) throw missing("subscription", subId, "id");
        if (subscription.status === "canceled")
          throw new StripeFailure(400, "This subscription has already been canceled.");
        subscription.status = "canceled";
        subscription.canceled_at = subscription.ended_at = now();
        return structuredClone(subscription);
      },
    ],
    [
      "POST",
      /^\/v1\/products$/,
      (_m, body) => {
        const productId = body.id ?? id("prod");
        if (products.has(productId))
          throw new StripeFailure(400, `Product already exists.`, { code: "resource_already_exists" });
        const product = { id: productId, object: "product", name: body.name, active: true, created: now() };
        products.set(productId, product);
        return product;
      },
    ],
    [
      "GET",
      /^\/v1\/products\/([^/]+)$/,
      ([, productId]) => {
        const product = products.get(productId);
        if (!product) throw missing("product", productId, "id");
        return product;
      },
    ],
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (_m, body) => {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          throw new StripeFailure(400, "Amount must be at least $0.50 usd", {
            code: "amount_too_small",
            param: "amount",
          });
        }
        if (!body.currency)
          throw new StripeFailure(400, "Missing required param: currency.", { param: "currency" });
        if (body.customer && !customers.has(body.customer))
          throw missing("customer", body.customer, "customer");
        return newPaymentIntent({
          amount,
          currency: body.currency,
          customer: body.customer ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
          automatic_payment_methods: body.automatic_payment_methods
            ? { enabled: body.automatic_payment_methods.enabled === "true" }
            : null,
        });
      },
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      ([, piId]) => {
        const intent = paymentIntents.get(piId);
        if (!intent) throw missing("payment_intent", piId, "intent");
        return intent;
      },
    ],
    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      (_m, body) => {
        if (!customers.has(body.customer)) throw missing("customer", body.customer, "customer");
        const sessionId = id("bps");
        const session = {
          id: sessionId,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: body.return_url ?? null,
          url: `${base}/p/session/${sessionId}`,
          created: now(),
          livemode: false,
        };
        portalSessions.push(session);
        return session;
      },
    ],
  ];

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const body = raw ? parseForm(raw) : {};
      const query = parseForm(url.search.slice(1));
      requests.push({ method: req.method, path: url.pathname, body, query });
      const send = (status, payload) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        send(failure.status, { error: { type: "api_error", message: failure.message } });
        return;
      }
      for (const [method, pattern, handle] of routes) {
        const match = method === req.method ? pattern.exec(url.pathname) : null;
        if (!match) continue;
        try {
          send(200, handle(match, body, query));
        } catch (err) {
          if (!(err instanceof StripeFailure)) throw err;
          send(err.status, { error: { type: "invalid_request_error", message: err.message, ...err.extra } });
        }
        return;
      }
      send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });

  await new Promise((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const subscription = (subId) => {
    const s = subscriptions.get(subId);
    if (!s) throw new Error(`stand-in: no subscription ${subId}`);
    return s;
  };

  return {
    url: base,
    customers,
    subscriptions,
    invoices,
    paymentIntents,
    products,
    portalSessions,
    requests,
    /** The next request answers this error (a Stripe outage). */
    failNext(status = 500, message = "Something went wrong on Stripe's end.") {
      failures.push({ status, message });
    },
    setSubscriptionStatus(subId, status) {
      const s = subscription(subId);
      s.status = status;
      if (status === "canceled") s.canceled_at = s.ended_at = now();
      return structuredClone(s);
    },
    /** The member paid the first invoice: the invoice is paid and the subscription active. */
    payFirstInvoice(subId) {
      const s = subscription(subId);
      const invoice = invoices.get(s.latest_invoice);
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.status_transitions = { paid_at: now() };
      const intentId = invoice.confirmation_secret.client_secret.split("_secret_")[0];
      const intent = paymentIntents.get(intentId);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      s.status = "active";
      return {
        subscription: structuredClone(s),
        invoice: structuredClone(invoice),
        paymentIntent: structuredClone(intent),
      };
    },
    /** A later month: a new invoice of the subscription, paid. */
    payNextInvoice(subId) {
      const s = subscription(subId);
      const first = invoices.get(s.latest_invoice);
      const invoice = {
        ...structuredClone(first),
        id: id("in"),
        status: "paid",
        amount_paid: first.amount_due,
        billing_reason: "subscription_cycle",
        confirmation_secret: null,
        status_transitions: { paid_at: now() },
        created: now(),
      };
      invoices.set(invoice.id, invoice);
      s.latest_invoice = invoice.id;
      return structuredClone(invoice);
    },
    succeedPaymentIntent(piId) {
      const intent = paymentIntents.get(piId);
      if (!intent) throw new Error(`stand-in: no payment intent ${piId}`);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.latest_charge ??= id("ch");
      return structuredClone(intent);
    },
    /** Refunds a succeeded intent's charge (in full unless `amount` cents say less): the charge as `charge.refunded` carries it. */
    refundPaymentIntent(piId, amount) {
      const intent = paymentIntents.get(piId);
      if (intent?.status !== "succeeded") throw new Error(`stand-in: ${piId} was not paid`);
      const refunded = Math.min(amount ?? intent.amount_received, intent.amount_received);
      return {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount_received,
        amount_captured: intent.amount_received,
        amount_refunded: refunded,
        refunded: refunded === intent.amount_received,
        currency: intent.currency,
        customer: intent.customer,
        payment_intent: intent.id,
        metadata: {},
        status: "succeeded",
        created: now(),
        livemode: false,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** serve.mjs: the browser tests' app talks to this stand-in. */
export async function start() {
  const standIn = await createStripeStandIn();
  return {
    env: {
      STRIPE_SECRET_KEY: STAND_IN.secretKey,
      STRIPE_PUBLISHABLE_KEY: STAND_IN.publishableKey,
      STRIPE_WEBHOOK_SECRET: STAND_IN.webhookSecret,
      STRIPE_PRICE_ID: STAND_IN.priceId,
      STRIPE_API_BASE: standIn.url,
    },
    stop: standIn.close,
  };
}
