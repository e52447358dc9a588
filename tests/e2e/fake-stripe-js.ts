import type { Page } from "@playwright/test";
import { routeOriginToFake } from "./route-to-fake";

/**
 * A fake of Stripe.js, served in place of https://js.stripe.com by request interception. It mounts
 * plain labelled inputs for the Payment Element and the card Elements, and confirms PaymentIntents
 * and creates payment methods at https://api.stripe.com with the publishable key, as the real script
 * does (confirmPayment, confirmSetup); those requests are routed to the fake Stripe API (tests/fakes/stripe.ts), so the page's
 * Content-Security-Policy is exercised as in production. Card 4000 0000 0000 0002 is declined (by
 * the API, as Stripe's test card is); 5555 5555 5555 4444 is Stripe's test Mastercard; a number that fails the Luhn check is invalid in the browser.
 */
const STRIPE_API = "https://api.stripe.com";

function script(): string {
  return `(() => {
  const API = ${JSON.stringify(STRIPE_API)};
  const LABELS = { payment: "Card number", card: "Card number", cardNumber: "Card number", cardExpiry: "Expiry date", cardCvc: "CVC" };
  const COMPLETE = { payment: 16, card: 16, cardNumber: 16, cardExpiry: 4, cardCvc: 3 };
  const digits = (v) => (v || "").replace(/\\D/g, "");
  const methodFor = (number) => (digits(number).startsWith("4000000000000002") ? "pm_card_chargeDeclined" : digits(number).startsWith("5555555555554444") ? "pm_card_mastercard" : "pm_card_visa");
  const luhn = (number) => digits(number).split("").reverse().reduce((sum, d, i) => sum + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : Number(d)), 0) % 10 === 0;
  // As Stripe's card fields do: a full number that fails the Luhn check is not complete and carries an error.
  const INVALID = { cardNumber: { code: "invalid_number", message: "Your card number is invalid." }, payment: { code: "invalid_number", message: "Your card number is invalid." }, card: { code: "invalid_number", message: "Your card number is invalid." } };
  const problemOf = (type, value) => {
    if (digits(value).length < COMPLETE[type]) return { code: "incomplete", message: type === "cardExpiry" ? "Your card's expiration date is incomplete." : type === "cardCvc" ? "Your card's security code is incomplete." : "Your card number is incomplete." };
    if (INVALID[type] && !luhn(value)) return INVALID[type];
    return null;
  };
  function makeElement(type, group) {
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
        input.addEventListener("input", () => {
          const problem = problemOf(type, input.value);
          const shown = problem && problem.code !== "incomplete" ? { type: "validation_error", code: problem.code, message: problem.message } : undefined;
          emit("change", { elementType: type, empty: !input.value, complete: !problem, error: shown });
        });
        wrapper.appendChild(input);
        root.appendChild(wrapper);
        setTimeout(() => emit("ready", { elementType: type }), 0);
      },
      on(name, h) { (handlers[name] = handlers[name] || []).push(h); return this; },
      off(name, h) { handlers[name] = (handlers[name] || []).filter((x) => x !== h); return this; },
      update() {}, focus() { input && input.focus(); }, blur() {}, clear() { if (input) input.value = ""; },
      unmount() { wrapper && wrapper.remove(); }, destroy() { wrapper && wrapper.remove(); },
      get value() { return input ? input.value : ""; },
      get __group() { return group; },
    };
  }
  window.Stripe = function Stripe(key) {
    const created = {};
    let elementsOptions = {};
    const elements = {
      create(type) { const el = makeElement(type, created); created[type] = el; return el; },
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
    // As Stripe.js does, the confirmation carries confirmParams.return_url, which Stripe requires of
    // intents that accept redirect-based payment methods (tests/fakes/stripe-rules.ts).
    const confirmIntent = async (els, confirmParams, resource, field) => {
      const secret = elementsOptions.clientSecret;
      const number = (els.getElement("payment") || {}).value;
      if (digits(number).length < 16) return { error: { type: "validation_error", message: "Your card number is incomplete." } };
      const fields = { payment_method: methodFor(number), client_secret: secret };
      if (confirmParams && confirmParams.return_url) fields.return_url = confirmParams.return_url;
      const result = await post("/v1/" + resource + "/" + secret.split("_secret_")[0] + "/confirm", fields);
      return result.ok ? { [field]: result.body } : { error: result.body.error };
    };
    return {
      _registerWrapper() {}, registerAppInfo() {},
      async createToken() { return { error: { type: "invalid_request_error", message: "Not supported by the fake" } }; },
      async confirmCardPayment() { return { error: { type: "invalid_request_error", message: "Not supported by the fake" } }; },
      elements(options) { elementsOptions = Object.assign({}, options); return elements; },
      // The Payment Element's card confirms a PaymentIntent (confirmPayment) or a SetupIntent (confirmSetup).
      confirmPayment({ elements: els, confirmParams }) { return confirmIntent(els, confirmParams, "payment_intents", "paymentIntent"); },
      confirmSetup({ elements: els, confirmParams }) { return confirmIntent(els, confirmParams, "setup_intents", "setupIntent"); },
      async createPaymentMethod({ card }) {
        if (!card) return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } };
        // A card number Element reads its split siblings (expiry, CVC) from the same Elements group.
        const parts = card.__group.cardNumber === card ? ["cardNumber", "cardExpiry", "cardCvc"] : [Object.keys(card.__group).find((k) => card.__group[k] === card)];
        for (const part of parts) {
          const problem = problemOf(part, (card.__group[part] || {}).value);
          if (problem) return { error: { type: "validation_error", code: problem.code, message: problem.message } };
        }
        return { paymentMethod: { id: methodFor(card.value), object: "payment_method", type: "card" } };
      },
    };
  };
})();`;
}

export async function useFakeStripeJs(page: Page): Promise<void> {
  const apiUrl = process.env.STRIPE_API_BASE_URL;
  if (!apiUrl) throw new Error("STRIPE_API_BASE_URL is not set: run the browser tests through npm test");
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: script() }),
  );
  // The real API answers browsers with CORS headers; so does the pass-through.
  await routeOriginToFake(page, STRIPE_API, apiUrl, { "access-control-allow-origin": "*" });
}
