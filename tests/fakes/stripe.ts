import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createBillingFake, type FakeCustomer } from "./stripe-billing";
import { listenOnLoopback } from "./listen";
import {
  cardDeclined,
  missing,
  missingParam,
  noSuch,
  paymentMethodsOf,
  redirectRefusal,
  refuse,
  STRIPE_ERROR_TYPES,
  stripeError,
  unexpectedState,
  type Result,
  type StripeErrorObject,
} from "./stripe-rules";

/**
 * A small fake of Stripe's REST API on 127.0.0.1 for the calls the app makes (customers,
 * PaymentIntents with manual capture, capture, cancel, refunds, webhook endpoints), plus the confirm
 * call that our fake Stripe.js makes from the browser. It answers in Stripe's JSON shapes at the API
 * version of the installed SDK (FAKE_API_VERSION), and refuses what Stripe refuses, each rule cited
 * where it is enforced:
 * - another API version in `Stripe-Version` (this fake speaks only the SDK's);
 * - confirming a PaymentIntent or SetupIntent that accepts redirect-based methods without a
 *   `return_url` (PaymentIntents: unless `off_session`), `payment_method_types` (no longer writable
 *   at 2026-09-30.endive and later), and `allowed_payment_method_types` with `automatic_payment_methods`
 *   (tests/fakes/stripe-rules.ts);
 * - an idempotency key reused with another method, path or parameters; a key's first answer, a 500
 *   included, is replayed for it;
 * - refunds beyond what was paid, of what was not paid, and of unknown PaymentIntents.
 * Every refusal is Stripe's error object (https://docs.stripe.com/api/errors, ./stripe-rules.ts): its
 * type, the code Stripe documents for it (https://docs.stripe.com/error-codes), a card decline's
 * decline_code, the message, the parameter at fault, doc_url and request_log_url, at Stripe's status.
 * Webhooks go to the app (`setAppUrl`) signed as Stripe signs them (https://docs.stripe.com/webhooks#verify-manually:
 * HMAC-SHA256 of "{t}.{payload}", header `Stripe-Signature: t=…,v1=…`), retried until answered 2xx,
 * at the API version of the app's endpoint and in that version's shapes (POST /__fake/webhook-version
 * sets it, as an endpoint made in the Dashboard without a version gets the account's default).
 * Test cards by payment method (https://docs.stripe.com/testing): pm_card_visa succeeds,
 * pm_card_chargeDeclined is declined, pm_card_chargeCustomerFail attaches but fails off-session
 * charges, pm_card_threeDSecure2Required needs her authentication, pm_card_refundFail's refunds
 * succeed and then fail. Test helpers: POST /__fake/faults {method, path, count} makes the next calls
 * answer a 500 api_error; POST /__fake/refusals {method, path, count, error, status?} makes them
 * refused with that error object (its documented type and message required, a card_error's code
 * too), as Stripe refuses what this fake has no rule for; POST /__fake/mangle {id, drop} removes a field from an object wherever it is
 * sent; GET /__fake/requests lists the requests received. Subscriptions, invoices, SetupIntents and
 * test clocks are in ./stripe-billing.ts.
 */
export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_0123456789";
export const FAKE_STRIPE_PUBLISHABLE_KEY = "pk_test_fake_0123456789";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fake_0123456789";
/** The version this fake speaks: the installed SDK's (node_modules/stripe/cjs/apiVersion.js). */
export const FAKE_API_VERSION: string = Stripe.API_VERSION;
/** 2025-03-31.basil moved a subscription's period to its items and an invoice's subscription under `parent`. */
const BASIL = "2025-03-31";
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
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null;
  payment_method_types: string[];
  off_session: boolean;
}
interface Refund extends Json {
  id: string;
  amount: number;
  status: string;
  payment_intent: string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Stripe's test PaymentMethods are pm_card_* (https://docs.stripe.com/testing#cards); any other id is unknown here. */
const unknownPaymentMethod = (paymentMethod: string) =>
  paymentMethod.startsWith("pm_card_") ? null : noSuch("PaymentMethod", paymentMethod, "payment_method");
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (a[b][c]=v) into nested objects. */
export function parseForm(body: string): Json {
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

/** An event as Stripe sends it (https://docs.stripe.com/api/events/object), at the SDK's version unless told. */
export function stripeEvent(type: string, object: Json, apiVersion: string | null = FAKE_API_VERSION) {
  return {
    id: id("evt"),
    object: "event",
    type,
    api_version: apiVersion,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
}

/** A PaymentIntent with every field the app reads (https://docs.stripe.com/api/payment_intents/object), for events a test writes itself. */
export function paymentIntentObject(fields: Partial<Intent> & { id: string }): Intent {
  return {
    object: "payment_intent",
    amount: 5000,
    amount_received: 0,
    amount_refunded: 0,
    currency: "usd",
    status: "requires_payment_method",
    capture_method: "manual",
    client_secret: `${fields.id}_secret_${randomBytes(8).toString("hex")}`,
    customer: null,
    payment_method: null,
    metadata: {},
    last_payment_error: null,
    automatic_payment_methods: { enabled: true, allow_redirects: "always" },
    payment_method_types: ["card"],
    off_session: false,
    ...fields,
  };
}

/**
 * An object as a webhook endpoint at `version` receives it. Before 2025-03-31.basil a subscription
 * carried current_period_start/end itself and an invoice named its subscription in `subscription`
 * (https://docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end,
 * https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects).
 */
function shapedFor(version: string, object: Json): Json {
  if (version.slice(0, 10) >= BASIL) return object;
  const copy = structuredClone(object);
  if (copy.object === "subscription") {
    const item = (copy.items as { data: Json[] }).data[0]!;
    copy.current_period_start = item.current_period_start;
    copy.current_period_end = item.current_period_end;
    delete item.current_period_start;
    delete item.current_period_end;
  }
  if (copy.object === "invoice") {
    const parent = copy.parent as { subscription_details?: { subscription?: string } } | null;
    copy.subscription = parent?.subscription_details?.subscription ?? null;
    delete copy.parent;
    for (const line of (copy.lines as { data: Json[] }).data) {
      line.price = (line.pricing as { price_details?: { price?: string } } | null)?.price_details?.price ?? null;
      delete line.pricing;
    }
  }
  return copy;
}

/** Removes `path` ("items.data.0.current_period_start") from a copy of `object`. */
function without(object: Json, path: string): Json {
  const copy = structuredClone(object);
  const parts = path.split(".");
  let node: Json | undefined = copy;
  for (const part of parts.slice(0, -1)) node = node?.[part] as Json | undefined;
  if (node) delete node[parts.at(-1)!];
  return copy;
}

/**
 * Every error Stripe sends links its documentation and its request log
 * (https://docs.stripe.com/api/errors: doc_url for an error with a code, request_log_url for the
 * request), so the fake adds both to each error object it answers.
 */
function withErrorLinks(body: unknown, requestId: string): unknown {
  const error = (body as { error?: Json } | null)?.error;
  if (!error || typeof error !== "object" || typeof error.type !== "string") return body;
  return {
    error: {
      ...error,
      ...(error.code
        ? { doc_url: `https://stripe.com/docs/error-codes/${String(error.code).replace(/_/g, "-")}` }
        : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${now()}`,
    },
  };
}

export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const refunds = new Map<string, Refund>();
  const customers = new Map<string, FakeCustomer>();
  const endpoints = new Map<
    string,
    Json & { id: string; url: string; api_version: string | null; enabled_events: string[]; status: string }
  >();
  const idempotent = new Map<string, { method: string; path: string; fingerprint: string; result: Result }>();
  const requests: { method: string; path: string; params: Json; idempotencyKey: string | null; status: number }[] = [];
  const deliveries: { id: string; type: string; status: number; apiVersion: string; objectId: unknown }[] = [];
  const mangles: { id: string; drop: string }[] = [];
  let appUrl: string | null = null;
  let deliveryVersion = FAKE_API_VERSION;

  /** What is sent of an object: as a webhook endpoint at `version` sees it, with any mangles a test asked for. */
  const outgoing = (object: Json, version = FAKE_API_VERSION): Json => {
    let shaped = shapedFor(version, object);
    for (const m of mangles) if (shaped.id === m.id) shaped = without(shaped, m.drop);
    return shaped;
  };

  // Like Stripe, events go out after the API call has answered, one at a time and in order.
  let queue: Promise<void> = Promise.resolve();
  async function sendEvent(type: string, object: Json) {
    if (!appUrl) return;
    const version = deliveryVersion;
    const event = stripeEvent(type, outgoing(object, version), version);
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
            headers: {
              "content-type": "application/json",
              "stripe-signature": signWebhookPayload(payload, FAKE_STRIPE_WEBHOOK_SECRET),
            },
            body: payload,
          });
          status = response.status;
        } catch {
          status = 0;
        }
        deliveries.push({ id: event.id, type, status, apiVersion: version, objectId: object.id });
        if (status >= 200 && status < 300) return;
      }
    });
  }

  /** Injected outages: the next `count` calls of `method path` answer Stripe's 500 api_error. */
  const faults: { method: string; path: string; count: number }[] = [];
  function injectedFault(method: string, path: string): Result | undefined {
    const fault = faults.find((f) => f.count > 0 && f.method === method && path.startsWith(f.path));
    if (!fault) return undefined;
    fault.count -= 1;
    return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } };
  }

  /** Injected refusals: the next `count` calls of `method path` are refused with this error object (https://docs.stripe.com/api/errors). */
  const refusals: { method: string; path: string; count: number; error: StripeErrorObject; status?: number }[] = [];
  function injectedRefusal(method: string, path: string): Result | undefined {
    const refusal = refusals.find((r) => r.count > 0 && r.method === method && path.startsWith(r.path));
    if (!refusal) return undefined;
    refusal.count -= 1;
    return { ...stripeError(refusal.error, refusal.status), save: false };
  }

  // https://docs.stripe.com/error-codes#payment-intent-unexpected-state
  const stateError = (message: string): Result => unexpectedState(message, "payment_intent_unexpected_state");

  async function confirm(intent: Intent, form: Json): Promise<Result> {
    const paymentMethod = (form.payment_method as string | undefined) ?? intent.payment_method ?? undefined;
    if (!paymentMethod)
      return refuse("You cannot confirm this PaymentIntent because it's missing a payment method.", {
        param: "payment_method",
      });
    const unknown = unknownPaymentMethod(paymentMethod);
    if (unknown) return unknown;
    if (form.off_session === "true") intent.off_session = true;
    const refusal = redirectRefusal(intent.automatic_payment_methods, form, intent.off_session);
    if (refusal) return refusal;
    intent.payment_method = paymentMethod;
    if (
      paymentMethod === "pm_card_chargeDeclined" ||
      (paymentMethod === "pm_card_chargeCustomerFail" && intent.off_session)
    ) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = {
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      };
      await sendEvent("payment_intent.payment_failed", intent);
      return cardDeclined({ payment_intent: outgoing(intent), charge: `ch_${intent.id.slice(3)}` });
    }
    intent.last_payment_error = null;
    if (paymentMethod === "pm_card_threeDSecure2Required") {
      // 3-D Secure: she must authenticate in her browser (Stripe.js), which no server-side confirmation can do.
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: {} };
      return { status: 200, body: outgoing(intent) };
    }
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      await sendEvent("payment_intent.amount_capturable_updated", intent);
    } else {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      await sendEvent("payment_intent.succeeded", intent);
    }
    return { status: 200, body: outgoing(intent) };
  }

  function createIntent(form: Json): Intent | Result {
    // https://docs.stripe.com/api/payment_intents/create: amount and currency are required.
    if (!form.amount) return missingParam("amount");
    // https://docs.stripe.com/error-codes#amount-too-small: at least 50 cents in USD.
    if (!Number.isInteger(Number(form.amount)) || Number(form.amount) < 50)
      return refuse("Amount must be at least $0.50 usd", { code: "amount_too_small", param: "amount" });
    if (!form.currency) return missingParam("currency");
    const methods = paymentMethodsOf(form);
    if ("status" in methods) return methods;
    const intentId = id("pi");
    return {
      id: intentId,
      object: "payment_intent",
      amount: Number(form.amount),
      amount_received: 0,
      amount_refunded: 0,
      currency: String(form.currency),
      status: form.payment_method ? "requires_confirmation" : "requires_payment_method",
      capture_method: String(form.capture_method ?? "automatic_async"),
      client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
      customer: (form.customer as string) ?? null,
      payment_method: (form.payment_method as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      description: form.description ?? null,
      setup_future_usage: form.setup_future_usage ?? null,
      off_session: form.off_session === "true",
      ...methods,
    };
  }

  function refundFrom(intent: Intent, amount: number, metadata: Json): Refund {
    const refund: Refund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      failure_reason: null,
      reason: "requested_by_customer",
      metadata,
      created: now(),
    };
    refunds.set(refund.id, refund);
    intent.amount_refunded += amount;
    return refund;
  }
  const chargeOf = (intent: Intent) => ({
    id: `ch_${intent.id.slice(3)}`,
    object: "charge",
    amount: intent.amount,
    amount_refunded: intent.amount_refunded,
    payment_intent: intent.id,
    refunded: intent.amount_refunded >= intent.amount,
  });

  async function route(method: string, path: string, form: Json, auth: string): Promise<Result> {
    const secret = auth === `Bearer ${FAKE_STRIPE_SECRET_KEY}`;
    const publishable = auth === `Bearer ${FAKE_STRIPE_PUBLISHABLE_KEY}`;
    if (!secret && !publishable)
      return {
        ...stripeError({ type: "invalid_request_error", message: "Invalid API Key provided" }, 401),
        save: false,
      };
    let match: RegExpMatchArray | null;

    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent || (!secret && form.client_secret !== intent.client_secret)) return missing("payment_intent");
      if (!["requires_payment_method", "requires_confirmation"].includes(intent.status))
        return stateError(`This PaymentIntent's status is ${intent.status}.`);
      return confirm(intent, form);
    }
    const billingResult = await billing.route(method, path, form, secret);
    if (billingResult) return billingResult;
    if (!secret)
      return {
        ...stripeError(
          { type: "invalid_request_error", message: "This API call cannot be made with a publishable API key." },
          401,
        ),
        save: false,
      };

    if (path === "/v1/customers" && method === "POST") {
      const customer: FakeCustomer = {
        id: id("cus"),
        object: "customer",
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
        test_clock: (form.test_clock as string) ?? null,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) return missing("customer");
      const settings = form.invoice_settings as Record<string, string> | undefined;
      // An address Stripe cannot mail is refused with the parameter named (https://docs.stripe.com/api/customers/update#update_customer-email: at most 512 characters).
      if (method === "POST" && form.email !== undefined) {
        const email = String(form.email);
        if (email.length > 512 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
          return refuse(`Invalid email address: ${email}`, { code: "email_invalid", param: "email" });
        customer.email = email;
      }
      if (method === "POST" && settings?.default_payment_method)
        customer.invoice_settings.default_payment_method = settings.default_payment_method;
      return { status: 200, body: customer };
    }
    if (path === "/v1/payment_intents" && method === "POST") {
      if (form.customer && !customers.has(String(form.customer)))
        return noSuch("customer", String(form.customer), "customer");
      const unknown = form.payment_method ? unknownPaymentMethod(String(form.payment_method)) : null;
      if (unknown) return unknown;
      const made = createIntent(form);
      if ("body" in made) return made as Result;
      const created = made as Intent;
      if (form.confirm === "true") {
        // Checked before anything is created, as Stripe refuses the request as a whole.
        const refusal = redirectRefusal(created.automatic_payment_methods, form, form.off_session === "true");
        if (refusal) return refusal;
        intents.set(created.id, created);
        return confirm(created, form);
      }
      intents.set(created.id, created);
      return { status: 200, body: outgoing(created) };
    }
    if (path === "/v1/payment_intents" && method === "GET") {
      const found = [...intents.values()]
        .filter((i) => !form.customer || i.customer === form.customer)
        .reverse()
        .slice(0, Number(form.limit ?? 10));
      return {
        status: 200,
        body: { object: "list", data: found.map((i) => outgoing(i)), has_more: false, url: "/v1/payment_intents" },
      };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === "GET") {
      const intent = intents.get(match[1]!);
      return intent ? { status: 200, body: outgoing(intent) } : missing("payment_intent");
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent) return missing("payment_intent");
      if (intent.status !== "requires_capture")
        return stateError(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      await sendEvent("payment_intent.succeeded", intent);
      return { status: 200, body: outgoing(intent) };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent) return missing("payment_intent");
      if (
        !["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"].includes(
          intent.status,
        )
      )
        return stateError(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      intent.status = "canceled";
      await sendEvent("payment_intent.canceled", intent);
      return { status: 200, body: outgoing(intent) };
    }
    if (path === "/v1/refunds" && method === "POST") {
      // https://docs.stripe.com/api/refunds/create: a charge or a PaymentIntent, at most what is left of it.
      if (!form.payment_intent && !form.charge)
        return refuse("One of the following params should be provided for this request: payment_intent or charge.");
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return noSuch("payment_intent", String(form.payment_intent), "payment_intent");
      if (intent.status !== "succeeded")
        return unexpectedState(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          "charge_not_refundable",
        );
      const remaining = intent.amount - intent.amount_refunded;
      const amount = form.amount ? Number(form.amount) : remaining;
      if (amount <= 0 || amount > remaining)
        return refuse(
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
          { code: "amount_too_large", param: "amount" },
        );
      const refund = refundFrom(intent, amount, (form.metadata as Json) ?? {});
      await sendEvent("charge.refunded", chargeOf(intent));
      await sendEvent("refund.created", refund);
      // Stripe's test card 4000 0000 0000 5126: the refund succeeds, then fails some time later
      // (https://docs.stripe.com/testing#refunds), as when her card's account has closed.
      if (intent.payment_method === "pm_card_refundFail") {
        setTimeout(() => {
          refund.status = "failed";
          refund.failure_reason = "expired_or_canceled_card";
          intent.amount_refunded -= refund.amount;
          void sendEvent("refund.updated", refund).then(() => sendEvent("refund.failed", refund));
        }, 300);
      }
      return { status: 200, body: outgoing(refund) };
    }
    if (path === "/v1/refunds" && method === "GET") {
      const intent = form.payment_intent ? intents.get(String(form.payment_intent)) : undefined;
      if (form.payment_intent && !intent)
        return noSuch("payment_intent", String(form.payment_intent), "payment_intent");
      const found = [...refunds.values()]
        .filter((r) => !intent || r.payment_intent === intent.id)
        .reverse()
        .slice(0, Number(form.limit ?? 10));
      return {
        status: 200,
        body: { object: "list", data: found.map((r) => outgoing(r)), has_more: false, url: "/v1/refunds" },
      };
    }

    // Webhook endpoints (https://docs.stripe.com/api/webhook_endpoints): an endpoint's API version is
    // set when it is created (null: the account's default) and cannot be changed afterwards.
    if (path === "/v1/webhook_endpoints" && method === "POST") {
      if (!form.url) return missingParam("url");
      const events = Object.values((form.enabled_events as Json | undefined) ?? {}).map(String);
      if (events.length === 0) return missingParam("enabled_events");
      const endpoint = {
        id: id("we"),
        object: "webhook_endpoint",
        url: String(form.url),
        api_version: (form.api_version as string) ?? null,
        enabled_events: events,
        status: "enabled",
        description: form.description ?? null,
        livemode: false,
        created: now(),
      };
      endpoints.set(endpoint.id, endpoint);
      return { status: 200, body: { ...endpoint, secret: `whsec_${randomBytes(16).toString("hex")}` } };
    }
    if (path === "/v1/webhook_endpoints" && method === "GET")
      return {
        status: 200,
        body: { object: "list", data: [...endpoints.values()], has_more: false, url: "/v1/webhook_endpoints" },
      };
    if ((match = path.match(/^\/v1\/webhook_endpoints\/([^/]+)$/))) {
      const endpoint = endpoints.get(match[1]!);
      if (!endpoint) return missing("webhook_endpoint");
      if (method === "GET") return { status: 200, body: endpoint };
      if (method === "DELETE") {
        endpoints.delete(endpoint.id);
        return { status: 200, body: { id: endpoint.id, object: "webhook_endpoint", deleted: true } };
      }
      if (form.api_version !== undefined)
        return refuse("Received unknown parameter: api_version", { code: "parameter_unknown", param: "api_version" });
      if (form.enabled_events) endpoint.enabled_events = Object.values(form.enabled_events as Json).map(String);
      if (form.url) endpoint.url = String(form.url);
      if (form.disabled !== undefined) endpoint.status = form.disabled === "true" ? "disabled" : "enabled";
      return { status: 200, body: endpoint };
    }
    return {
      ...stripeError({ type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` }, 404),
      save: false,
    };
  }

  const billing = createBillingFake({
    id,
    sendEvent,
    outgoing,
    customers,
    async charge(customer, amount, currency, paymentMethod, description) {
      const intentId = id("pi");
      const intent = paymentIntentObject({
        id: intentId,
        amount,
        currency,
        capture_method: "automatic",
        customer,
        description,
        off_session: true,
      });
      intents.set(intentId, intent);
      if (paymentMethod) await confirm(intent, { payment_method: paymentMethod });
      return intent;
    },
  });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-allow-methods": "GET, POST",
    };
    if (method === "OPTIONS") return void res.writeHead(204, cors).end();
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const requestId = id("req");
      res.writeHead(status, { "content-type": "application/json", "request-id": requestId, ...cors, ...headers });
      res.end(JSON.stringify(withErrorLinks(body, requestId)));
    };
    if (url.pathname.startsWith("/__fake/")) {
      const body = raw ? (JSON.parse(raw) as Json) : {};
      switch (url.pathname) {
        case "/__fake/intents":
          return reply(200, [...intents.values()]);
        case "/__fake/deliveries":
          return reply(200, deliveries);
        case "/__fake/requests":
          return reply(200, requests);
        case "/__fake/billing":
          return reply(200, billing.inspect());
        case "/__fake/refusals": {
          if (method === "DELETE") {
            refusals.length = 0;
            return void res.writeHead(204).end();
          }
          const refusal = body as (typeof refusals)[number];
          if (!STRIPE_ERROR_TYPES.includes(refusal.error?.type) || !refusal.error.message)
            return reply(400, { error: "A refusal needs Stripe's error object: a documented type and a message." });
          if (refusal.error.type === "card_error" && !refusal.error.code)
            return reply(400, { error: "A card_error carries its code (and a decline its decline_code)." });
          refusals.push(refusal);
          return void res.writeHead(204).end();
        }
        case "/__fake/faults":
          if (method === "DELETE") faults.length = 0;
          else faults.push(body as { method: string; path: string; count: number });
          return void res.writeHead(204).end();
        case "/__fake/mangle":
          if (method === "DELETE") mangles.length = 0;
          else mangles.push(body as { id: string; drop: string });
          return void res.writeHead(204).end();
        case "/__fake/webhook-version":
          deliveryVersion = method === "DELETE" ? FAKE_API_VERSION : String(body.apiVersion);
          return void res.writeHead(204).end();
        default:
          return reply(404, { error: "No such fake control" });
      }
    }
    const form = parseForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : raw);
    const auth = req.headers.authorization ?? (typeof form.key === "string" ? `Bearer ${form.key}` : "");
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const log = (status: number) => {
      requests.push({ method, path: url.pathname, params: form, idempotencyKey: key, status });
      if (requests.length > 5000) requests.splice(0, requests.length - 5000);
    };

    // This fake speaks one API version, the SDK's; a request for another is refused rather than
    // answered in shapes that version does not have (https://docs.stripe.com/api/versioning).
    const version = req.headers["stripe-version"];
    if (typeof version === "string" && version !== FAKE_API_VERSION) {
      log(400);
      return reply(400, {
        error: {
          type: "invalid_request_error",
          message: `This fake Stripe answers API version ${FAKE_API_VERSION} only; the request asked for ${version}.`,
        },
      });
    }

    // https://docs.stripe.com/api/idempotent_requests: the first answer for a key is saved once the
    // endpoint has begun to run (a 500 included) and replayed for the same key; a key reused with
    // another endpoint or other parameters is refused with an idempotency_error.
    const fingerprint = [...new URLSearchParams(method === "GET" ? url.search : raw)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
    if (key) {
      const seen = idempotent.get(key);
      if (seen && (seen.method !== method || seen.path !== url.pathname || seen.fingerprint !== fingerprint)) {
        log(400);
        return reply(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      if (seen) {
        log(seen.result.status);
        return reply(seen.result.status, seen.result.body, { "idempotent-replayed": "true" });
      }
    }
    const result =
      injectedFault(method, url.pathname) ??
      injectedRefusal(method, url.pathname) ??
      (await route(method, url.pathname, form, auth));
    if (key && result.save !== false) idempotent.set(key, { method, path: url.pathname, fingerprint, result });
    log(result.status);
    reply(result.status, result.body);
  });
  await listenOnLoopback(server);
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
