import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createBillingFake, type FakeCustomer } from "./stripe-billing";

/**
 * A small fake of Stripe's REST API on 127.0.0.1 for the calls the app makes (customers,
 * PaymentIntents with manual capture, capture, cancel, refunds), plus the confirm call that our
 * fake Stripe.js makes from the browser. It answers in Stripe's JSON shapes, honours
 * Idempotency-Key, and sends signed webhooks to the app (`setAppUrl`), retried until answered 2xx, signed as Stripe signs them
 * (https://docs.stripe.com/webhooks#verify-manually: HMAC-SHA256 of "{t}.{payload}", header
 * `Stripe-Signature: t=…,v1=…`). Test cards by payment method: pm_card_visa succeeds,
 * pm_card_chargeDeclined is declined, pm_card_chargeCustomerFail attaches but fails off-session
 * charges. POST /__fake/faults {method, path, count} makes the next calls answer a 500 api_error.
 * Subscriptions, invoices, SetupIntents and test clocks are in ./stripe-billing.ts.
 */
export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_0123456789";
export const FAKE_STRIPE_PUBLISHABLE_KEY = "pk_test_fake_0123456789";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fake_0123456789";
const WEBHOOK_RETRIES = 3;

type Json = Record<string, unknown>;
interface Intent extends Json {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: Json | null;
  amount_refunded: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (a[b][c]=v) into nested objects. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const customers = new Map<string, FakeCustomer>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const deliveries: { id: string; type: string; status: number }[] = [];
  let appUrl: string | null = null;

  // Like Stripe, events go out after the API call has answered, one at a time and in order.
  let queue: Promise<void> = Promise.resolve();
  async function sendEvent(type: string, object: Json) {
    const event = { id: id("evt"), object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: "2025-01-01", data: { object: structuredClone(object) } };
    if (!appUrl) return;
    const target = `${appUrl}/api/stripe/webhook`;
    const payload = JSON.stringify(event);
    // Stripe retries a delivery that was not answered 2xx, with a growing delay (hours in live mode,
    // https://docs.stripe.com/webhooks#retries); here 250 ms, 500 ms and 750 ms, then it gives up.
    queue = queue.then(async () => {
      for (let attempt = 0; attempt <= WEBHOOK_RETRIES; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 20 : 250 * attempt));
        let status = 0;
        try {
          const response = await fetch(target, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET) },
            body: payload,
          });
          status = response.status;
        } catch {
          status = 0;
        }
        deliveries.push({ id: event.id, type, status });
        if (status >= 200 && status < 300) return;
      }
    });
  }

  /** Injected outages: the next `count` calls of `method path` answer Stripe's 500 api_error. */
  const faults: { method: string; path: string; count: number }[] = [];
  function injectedFault(method: string, path: string): { status: number; body: Json } | undefined {
    const fault = faults.find((f) => f.count > 0 && f.method === method && path.startsWith(f.path));
    if (!fault) return undefined;
    fault.count -= 1;
    return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } };
  }

  const cardError = (intent: Intent | null, message: string, code = "card_declined") => ({
    status: 402,
    body: { error: { type: "card_error", code, decline_code: "generic_decline", message, ...(intent ? { payment_intent: intent } : {}) } },
  });
  const stateError = (message: string) => ({ status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message } } });

  async function confirm(intent: Intent, paymentMethod: string | undefined) {
    if (!paymentMethod) return { status: 400, body: { error: { type: "invalid_request_error", message: "Missing payment method" } } };
    intent.payment_method = paymentMethod;
    if (paymentMethod === "pm_card_chargeDeclined") {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
      await sendEvent("payment_intent.payment_failed", intent);
      return cardError(intent, "Your card was declined.");
    }
    intent.last_payment_error = null;
    if (paymentMethod === "pm_card_chargeCustomerFail" && intent.off_session) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
      await sendEvent("payment_intent.payment_failed", intent);
      return cardError(intent, "Your card was declined.");
    }
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      await sendEvent("payment_intent.amount_capturable_updated", intent);
    } else {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      await sendEvent("payment_intent.succeeded", intent);
    }
    return { status: 200, body: intent };
  }

  async function route(method: string, path: string, form: Json, auth: string): Promise<{ status: number; body: Json }> {
    const secret = auth === `Bearer ${FAKE_STRIPE_SECRET_KEY}`;
    const publishable = auth === `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`;
    if (!secret && !publishable) return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
    let match: RegExpMatchArray | null;

    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent || (!secret && form.client_secret !== intent.client_secret)) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such payment_intent" } } };
      if (!["requires_payment_method", "requires_confirmation"].includes(intent.status)) return stateError(`This PaymentIntent's status is ${intent.status}.`);
      return confirm(intent, form.payment_method as string | undefined);
    }
    const billingResult = await billing.route(method, path, form, secret);
    if (billingResult) return billingResult;
    if (!secret) return { status: 401, body: { error: { type: "invalid_request_error", message: "This API call cannot be made with a publishable API key." } } };

    if (path === "/v1/customers" && method === "POST") {
      const customer: FakeCustomer = { id: id("cus"), object: "customer", email: form.email ?? null, name: form.name ?? null, metadata: form.metadata ?? {}, test_clock: (form.test_clock as string) ?? null, invoice_settings: { default_payment_method: null } };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such customer" } } };
      const settings = form.invoice_settings as Record<string, string> | undefined;
      if (method === "POST" && settings?.default_payment_method) customer.invoice_settings.default_payment_method = settings.default_payment_method;
      return { status: 200, body: customer };
    }
    if (path === "/v1/payment_intents" && method === "POST") {
      const intentId = id("pi");
      const intent: Intent = {
        id: intentId,
        object: "payment_intent",
        amount: Number(form.amount),
        amount_received: 0,
        amount_refunded: 0,
        currency: String(form.currency ?? "usd"),
        status: "requires_payment_method",
        capture_method: String(form.capture_method ?? "automatic"),
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        customer: (form.customer as string) ?? null,
        payment_method: null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        last_payment_error: null,
        description: form.description ?? null,
        off_session: form.off_session === "true",
      };
      intents.set(intentId, intent);
      if (form.confirm === "true") {
        const result = await confirm(intent, form.payment_method as string | undefined);
        return result;
      }
      return { status: 200, body: intent };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === "GET") {
      const intent = intents.get(match[1]!);
      return intent ? { status: 200, body: intent } : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such payment_intent" } } };
      if (intent.status !== "requires_capture") return stateError(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      await sendEvent("payment_intent.succeeded", intent);
      return { status: 200, body: intent };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent) return { status: 404, body: { error: { type: "invalid_request_error", message: "No such payment_intent" } } };
      if (!["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"].includes(intent.status)) return stateError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      intent.status = "canceled";
      await sendEvent("payment_intent.canceled", intent);
      return { status: 200, body: intent };
    }
    if (path === "/v1/refunds" && method === "POST") {
      const intent = intents.get(String(form.payment_intent));
      if (!intent || intent.status !== "succeeded") return { status: 400, body: { error: { type: "invalid_request_error", message: "This PaymentIntent has no charge to refund." } } };
      const remaining = intent.amount - intent.amount_refunded;
      const amount = form.amount ? Number(form.amount) : remaining;
      if (amount <= 0 || amount > remaining) return { status: 400, body: { error: { type: "invalid_request_error", message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})` } } };
      intent.amount_refunded += amount;
      const refund = { id: id("re"), object: "refund", amount, currency: intent.currency, payment_intent: intent.id, status: "succeeded", metadata: form.metadata ?? {} };
      await sendEvent("charge.refunded", { id: id("ch"), object: "charge", amount: intent.amount, amount_refunded: intent.amount_refunded, payment_intent: intent.id, refunded: intent.amount_refunded >= intent.amount });
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const billing = createBillingFake({
    id,
    sendEvent,
    customers,
    async charge(customer, amount, currency, paymentMethod, description) {
      const intentId = id("pi");
      const intent: Intent = { id: intentId, object: "payment_intent", amount, amount_received: 0, amount_refunded: 0, currency, status: "requires_payment_method", capture_method: "automatic", client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`, customer, payment_method: null, metadata: {}, last_payment_error: null, description, off_session: true };
      intents.set(intentId, intent);
      if (paymentMethod) await confirm(intent, paymentMethod);
      return intent;
    },
  });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "authorization, content-type", "access-control-allow-methods": "GET, POST" };
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    if (url.pathname === "/__fake/intents") {
      res.writeHead(200, { "content-type": "application/json", ...cors });
      return void res.end(JSON.stringify([...intents.values()]));
    }
    if (url.pathname === "/__fake/deliveries") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify(deliveries));
    }
    if (url.pathname === "/__fake/faults") {
      if (req.method === "DELETE") faults.length = 0;
      else faults.push(JSON.parse(raw) as { method: string; path: string; count: number });
      return void res.writeHead(204).end();
    }
    if (url.pathname === "/__fake/billing") {
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify(billing.inspect()));
    }
    const form = parseForm(req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : raw);
    const auth = req.headers.authorization ?? (typeof form.key === "string" ? `Bearer ${form.key}` : "");
    const key = req.headers["idempotency-key"];
    const cacheKey = typeof key === "string" ? `${req.method} ${url.pathname} ${key}` : null;
    let result = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (!result) {
      // Like Stripe, a saved result is replayed for its idempotency key, a 500 included
      // (https://docs.stripe.com/api/idempotent_requests).
      result = injectedFault(req.method ?? "GET", url.pathname) ?? (await route(req.method ?? "GET", url.pathname, form, auth));
      if (cacheKey) idempotent.set(cacheKey, result);
    }
    res.writeHead(result.status, { "content-type": "application/json", "request-id": id("req"), ...cors });
    res.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    deliveries,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: url,
    },
    setAppUrl: (value: string) => {
      appUrl = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
