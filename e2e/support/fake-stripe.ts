import type { Page } from "@playwright/test";

/**
 * The browser cannot reach js.stripe.com here. This serves a small Stripe.js stand-in with the
 * calls the Payment Element wrapper makes; `confirmPayment` answers what the test sets in
 * `window.__stripeConfirmResult` (a card decline by default). Answers the list of Stripe.js loads.
 */
export async function fakeStripeJs(page: Page) {
  const loads: string[] = [];
  await page.route("https://js.stripe.com/**", async (route) => {
    loads.push(route.request().url());
    await route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS });
  });
  return loads;
}

export async function setConfirmResult(page: Page, result: unknown) {
  await page.evaluate((r) => {
    (window as unknown as { __stripeConfirmResult: unknown }).__stripeConfirmResult = r;
  }, result);
}

const FAKE_STRIPE_JS = `
(() => {
  const declined = { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } };
  const confirm = async () => window.__stripeConfirmResult ?? declined;
  window.Stripe = function Stripe() {
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements() {
        return {
          create(type) {
            const listeners = {};
            let mounted = false;
            const emit = (event) => (listeners[event] || []).forEach((cb) => cb({ elementType: type }));
            return {
              mount(target) {
                const node = typeof target === "string" ? document.querySelector(target) : target;
                const field = document.createElement("div");
                field.setAttribute("data-testid", "payment-element");
                // Stripe's own element (an iframe of Stripe's), in Stripe's words.
                field.setAttribute("translate", "no");
                field.textContent = "Card number 4242 4242 4242 4242";
                node.appendChild(field);
                mounted = true;
                setTimeout(() => emit("ready"), 0);
              },
              on(event, cb) {
                (listeners[event] ||= []).push(cb);
                if (event === "ready" && mounted) setTimeout(() => cb({ elementType: type }), 0);
                return this;
              },
              off(event, cb) {
                listeners[event] = (listeners[event] || []).filter((x) => x !== cb);
                return this;
              },
              update() {},
              destroy() {},
              unmount() {},
              focus() {},
              blur() {},
              clear() {},
            };
          },
          getElement() { return null; },
          update() {},
          submit: async () => ({}),
          fetchUpdates: async () => ({}),
        };
      },
      confirmPayment: confirm,
      confirmCardPayment: confirm,
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
    };
  };
})();
`;
