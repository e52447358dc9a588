import type { Page } from "@playwright/test";

/**
 * A fake of Stripe.js, served in place of https://js.stripe.com by request interception. It mounts
 * plain labelled inputs for the Payment Element and the card Elements, and confirms PaymentIntents
 * and creates payment methods at https://api.stripe.com with the publishable key, as the real script
 * does; those requests are routed to the fake Stripe API (tests/fakes/stripe.ts), so the page's
 * Content-Security-Policy is exercised as in production. Card 4000 0000 0000 0002 is declined.
 */
const STRIPE_API = "https://api.stripe.com";

function script(): string {
  return `(() => {
  const API = ${JSON.stringify(STRIPE_API)};
  const LABELS = { payment: "Card number", card: "Card number", cardNumber: "Card number", cardExpiry: "Expiry date", cardCvc: "CVC" };
  const COMPLETE = { payment: 16, card: 16, cardNumber: 16, cardExpiry: 4, cardCvc: 3 };
  const digits = (v) => (v || "").replace(/\\D/g, "");
  const methodFor = (number) => (digits(number).startsWith("4000000000000002") ? "pm_card_chargeDeclined" : "pm_card_visa");
  function makeElement(type) {
    const handlers = {};
    let wrapper = null, input = null;
    const emit = (name, event) => (handlers[name] || []).forEach((h) => h(event));
    return {
      mount(target) {
        const root = typeof target === "string" ? document.querySelector(target) : target;
        wrapper = document.createElement("label");
        wrapper.style.display = "grid";
        wrapper.textContent = LABELS[type] || type;
        input = document.createElement("input");
        input.setAttribute("data-fake-stripe", type);
        input.autocomplete = "off";
        input.style.border = "1px solid #888";
        input.style.padding = "6px";
        input.addEventListener("input", () => emit("change", { elementType: type, empty: !input.value, complete: digits(input.value).length >= COMPLETE[type] }));
        wrapper.appendChild(input);
        root.appendChild(wrapper);
        setTimeout(() => emit("ready", { elementType: type }), 0);
      },
      on(name, h) { (handlers[name] = handlers[name] || []).push(h); return this; },
      off(name, h) { handlers[name] = (handlers[name] || []).filter((x) => x !== h); return this; },
      update() {}, focus() { input && input.focus(); }, blur() {}, clear() { if (input) input.value = ""; },
      unmount() { wrapper && wrapper.remove(); }, destroy() { wrapper && wrapper.remove(); },
      get value() { return input ? input.value : ""; },
    };
  }
  window.Stripe = function Stripe(key) {
    const created = {};
    let elementsOptions = {};
    const elements = {
      create(type) { const el = makeElement(type); created[type] = el; return el; },
      getElement(type) { return created[typeof type === "string" ? type : type && type.__elementType] || null; },
      update(options) { Object.assign(elementsOptions, options); },
      submit: async () => ({}),
      fetchUpdates: async () => ({}),
      on() {}, off() {},
    };
    const post = async (path, fields) => {
      const response = await fetch(API + path, { method: "POST", headers: { authorization: "Bearer " + key, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
      return { ok: response.ok, body: await response.json() };
    };
    return {
      _registerWrapper() {}, registerAppInfo() {},
      async createToken() { return { error: { type: "invalid_request_error", message: "Not supported by the fake" } }; },
      async confirmCardPayment() { return { error: { type: "invalid_request_error", message: "Not supported by the fake" } }; },
      elements(options) { elementsOptions = Object.assign({}, options); return elements; },
      async confirmPayment({ elements: els }) {
        const secret = elementsOptions.clientSecret;
        const number = (els.getElement("payment") || {}).value;
        if (digits(number).length < 16) return { error: { type: "validation_error", message: "Your card number is incomplete." } };
        const result = await post("/v1/payment_intents/" + secret.split("_secret_")[0] + "/confirm", { payment_method: methodFor(number), client_secret: secret });
        return result.ok ? { paymentIntent: result.body } : { error: result.body.error };
      },
      async createPaymentMethod({ card }) {
        if (!card || digits(card.value).length < 16) return { error: { type: "validation_error", message: "Your card number is incomplete." } };
        return { paymentMethod: { id: methodFor(card.value), object: "payment_method", type: "card" } };
      },
    };
  };
})();`;
}

export async function useFakeStripeJs(page: Page): Promise<void> {
  const apiUrl = process.env.STRIPE_API_BASE_URL;
  if (!apiUrl) throw new Error("STRIPE_API_BASE_URL is not set: run the browser tests through npm test");
  await page.route("https://js.stripe.com/**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: script() }));
  await page.route(`${STRIPE_API}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(STRIPE_API, apiUrl) });
    // The real API answers browsers with CORS headers; so does this pass-through.
    await route.fulfill({ response, headers: { ...response.headers(), "access-control-allow-origin": "*" } });
  });
}
