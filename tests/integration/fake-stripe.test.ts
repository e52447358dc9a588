import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { HANDLED_STRIPE_EVENTS } from "@/features/money/constants";
import { createStripeClient, STRIPE_API_VERSION } from "@/lib/stripe-client";
import { syncWebhookEndpoint } from "@/server/runtime/stripe-webhook/endpoint";
import { FAKE_API_VERSION, FAKE_STRIPE_SECRET_KEY, startFakeStripe } from "../fakes/stripe";
import { RETURN_URL_REQUIRED } from "../fakes/stripe-rules";

// The fake Stripe (tests/fakes/stripe.ts, stripe-billing.ts) refuses what Stripe refuses and shapes
// what it sends as Stripe does at the endpoint's API version. Each rule is cited in the
// fake's source; here each is checked through the Stripe SDK the app uses, against a fake of its own.

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let client: Stripe;
let received: { type: string; api_version: string; data: { object: Record<string, unknown> } }[];
let receiver: http.Server;

beforeAll(async () => {
  fake = await startFakeStripe();
  client = createStripeClient(FAKE_STRIPE_SECRET_KEY, fake.url);
  received = [];
  receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push(JSON.parse(Buffer.concat(chunks).toString()));
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake.setAppUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await fake.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const control = (path: string, method: string, body?: object) =>
  fetch(`${fake.url}/__fake/${path}`, { method, body: body ? JSON.stringify(body) : undefined });
async function eventOf(type: string, objectId: string) {
  for (let i = 0; i < 100; i++) {
    const event = received.find((e) => e.type === type && e.data.object.id === objectId);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${type} for ${objectId}`);
}
const refusalOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: Stripe.errors.StripeError) => ({ type: error.type, status: error.statusCode, message: error.message }),
  );

describe("PaymentIntents confirmed on the server (https://docs.stripe.com/changelog/2023-08-16/automatic-payment-methods)", () => {
  const charge = { amount: 5000, currency: "usd", payment_method: "pm_card_visa", confirm: true };

  it("refuses a confirmation without return_url when redirects are not ruled out", async () => {
    expect(await refusalOf(client.paymentIntents.create(charge))).toEqual({
      type: "StripeInvalidRequestError",
      status: 400,
      message: RETURN_URL_REQUIRED,
    });
    expect(
      await refusalOf(client.paymentIntents.create({ ...charge, automatic_payment_methods: { enabled: true } })),
    ).toMatchObject({ status: 400, message: RETURN_URL_REQUIRED });
  });

  it("confirms with redirects ruled out, with a return_url, or off session", async () => {
    expect(
      (
        await client.paymentIntents.create({
          ...charge,
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
        })
      ).status,
    ).toBe("succeeded");
    expect((await client.paymentIntents.create({ ...charge, return_url: "https://example.com/back" })).status).toBe(
      "succeeded",
    );
    expect((await client.paymentIntents.create({ ...charge, off_session: true })).status).toBe("succeeded");
  });

  it("refuses payment_method_types, no longer writable at our version, and allowed_payment_method_types with automatic_payment_methods", async () => {
    const old = await client.paymentIntents
      .create({ amount: 5000, currency: "usd", payment_method_types: ["card"] } as Stripe.PaymentIntentCreateParams)
      .then(
        () => null,
        (error: Stripe.errors.StripeError) => ({ status: error.statusCode, code: error.code }),
      );
    expect(old).toEqual({ status: 400, code: "payment_method_types_no_longer_supported" });
    const both = await refusalOf(
      client.paymentIntents.create({
        amount: 5000,
        currency: "usd",
        allowed_payment_method_types: ["card"],
        automatic_payment_methods: { enabled: true },
      }),
    );
    expect(both).toMatchObject({ type: "StripeInvalidRequestError", status: 400 });
    // Card only: no redirect, so no return_url is needed.
    expect(
      (
        await client.paymentIntents.create({
          amount: 5000,
          currency: "usd",
          allowed_payment_method_types: ["card"],
          payment_method: "pm_card_visa",
          confirm: true,
        })
      ).status,
    ).toBe("succeeded");
  });

  it("refuses a SetupIntent's confirmation without return_url too", async () => {
    const customer = await client.customers.create({ email: "setup@example.com" });
    const setup = await client.setupIntents.create({ customer: customer.id });
    expect(await refusalOf(client.setupIntents.confirm(setup.id, { payment_method: "pm_card_visa" }))).toMatchObject({
      status: 400,
      message: RETURN_URL_REQUIRED,
    });
    expect(
      (
        await client.setupIntents.confirm(setup.id, {
          payment_method: "pm_card_visa",
          return_url: "https://example.com/back",
        })
      ).status,
    ).toBe("succeeded");
  });
});

describe("idempotency keys (https://docs.stripe.com/api/idempotent_requests)", () => {
  it("replays a key's answer, and refuses the key with other parameters with an idempotency_error", async () => {
    const first = await client.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-reused-1" });
    const replay = await client.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-reused-1" });
    expect(replay.id).toBe(first.id);
    const refused = await refusalOf(
      client.customers.create({ email: "b@example.com" }, { idempotencyKey: "key-reused-1" }),
    );
    expect(refused).toEqual({
      type: "StripeIdempotencyError",
      status: 400,
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'key-reused-1' if you meant to execute a different request.",
    });
  });

  it("replays a saved 500 for its key after the outage is over; another key runs", async () => {
    const once = new Stripe(FAKE_STRIPE_SECRET_KEY, {
      maxNetworkRetries: 0,
      host: "127.0.0.1",
      port: Number(new URL(fake.url).port),
      protocol: "http",
    });
    await control("faults", "POST", { method: "POST", path: "/v1/customers", count: 1 });
    expect(
      await refusalOf(once.customers.create({ email: "c@example.com" }, { idempotencyKey: "key-outage-1" })),
    ).toMatchObject({ type: "StripeAPIError", status: 500 });
    expect(
      await refusalOf(once.customers.create({ email: "c@example.com" }, { idempotencyKey: "key-outage-1" })),
    ).toMatchObject({ type: "StripeAPIError", status: 500 });
    expect((await once.customers.create({ email: "c@example.com" }, { idempotencyKey: "key-outage-2" })).id).toMatch(
      /^cus_/,
    );
  });
});

describe("API versions", () => {
  it("answers only the SDK's version", async () => {
    expect(FAKE_API_VERSION).toBe(STRIPE_API_VERSION);
    const older = new Stripe(FAKE_STRIPE_SECRET_KEY, {
      apiVersion: "2024-06-20" as Stripe.LatestApiVersion,
      host: "127.0.0.1",
      port: Number(new URL(fake.url).port),
      protocol: "http",
    });
    expect(await refusalOf(older.customers.create({ email: "v@example.com" }))).toMatchObject({
      status: 400,
      message: expect.stringContaining(`answers API version ${FAKE_API_VERSION} only`),
    });
  });

  it("sends events at the endpoint's version, in that version's shapes", async () => {
    const intent = await client.paymentIntents.create({
      amount: 5000,
      currency: "usd",
      payment_method: "pm_card_visa",
      confirm: true,
      off_session: true,
    });
    expect((await eventOf("payment_intent.succeeded", intent.id)).api_version).toBe(FAKE_API_VERSION);

    const { subscription, invoiceOf } = await renewedSubscription("2024-06-20");
    const event = await eventOf("invoice.paid", invoiceOf);
    expect(event.api_version).toBe("2024-06-20");
    expect(event.data.object.subscription).toBe(subscription);
    expect(event.data.object.parent).toBeUndefined();
    await control("webhook-version", "DELETE");
    const current = await renewedSubscription(null);
    const now = await eventOf("invoice.paid", current.invoiceOf);
    expect(now.api_version).toBe(FAKE_API_VERSION);
    expect(now.data.object.parent).toMatchObject({ subscription_details: { subscription: current.subscription } });
    expect(now.data.object.subscription).toBeUndefined();
  });
});

/** A subscription on a test clock advanced past its first period, the endpoint at `version` (null: the SDK's). */
async function renewedSubscription(version: string | null) {
  if (version) await control("webhook-version", "POST", { apiVersion: version });
  const start = Math.floor(Date.now() / 1000);
  const clock = await client.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await client.customers.create({ email: "renewal@example.com", test_clock: clock.id });
  const product = await client.products.create({ name: "Renewal" });
  const price = await client.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: 5000,
    recurring: { interval: "month" },
  });
  const subscription = await client.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    billing_mode: { type: "classic" },
    default_payment_method: "pm_card_visa",
    billing_cycle_anchor: start + 86_400,
    proration_behavior: "none",
  });
  await client.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 2 * 86_400 });
  const [invoice] = (await client.invoices.list({ subscription: subscription.id, status: "paid" })).data;
  return { subscription: subscription.id, invoiceOf: invoice!.id! };
}

describe("billing mode (https://docs.stripe.com/billing/subscriptions/billing-mode/compare)", () => {
  it("credits the unused price in classic mode, and only what was debited in flexible mode, the default", async () => {
    const start = Math.floor(Date.now() / 1000);
    const product = await client.products.create({ id: `prod_mode_${start}`, name: "Mode" });
    const low = await client.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 5000,
      recurring: { interval: "month" },
    });
    const high = await client.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 7500,
      recurring: { interval: "month" },
    });
    const previewFor = async (mode?: "classic" | "flexible") => {
      const customer = await client.customers.create({ email: `mode_${mode}@example.com` });
      // Her first month was paid apart (as an application's first payment is): nothing charged before the anchor.
      const subscription = await client.subscriptions.create({
        customer: customer.id,
        items: [{ price: low.id }],
        ...(mode ? { billing_mode: { type: mode } } : {}),
        default_payment_method: "pm_card_visa",
        billing_cycle_anchor: start + 30 * 86_400,
        proration_behavior: "none",
      });
      const item = subscription.items.data[0]!;
      const at = start + 10 * 86_400;
      const preview = await client.invoices.createPreview({
        customer: customer.id,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: high.id }],
          proration_behavior: "always_invoice",
          proration_date: at,
        },
      });
      return {
        mode: subscription.billing_mode.type,
        lines: preview.lines.data.map((l) => l.amount),
        unused: (item.current_period_end - at) / (item.current_period_end - item.current_period_start),
      };
    };
    const classic = await previewFor("classic");
    expect(classic.mode).toBe("classic");
    expect(classic.lines).toEqual([-Math.round(5000 * classic.unused), Math.round(7500 * classic.unused)]);
    const flexible = await previewFor();
    expect(flexible.mode).toBe("flexible");
    expect(flexible.lines).toEqual([0, Math.round(7500 * flexible.unused)]);
    expect(
      await refusalOf(
        client.subscriptions.create({
          customer: "cus_x",
          items: [{ price: low.id }],
          billing_mode: { type: "other" as "classic" },
        }),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe("refunds (https://docs.stripe.com/api/refunds/create)", () => {
  it("refuses more than is left and unknown PaymentIntents; a refund of the test card 4000 0000 0000 5126 fails afterwards", async () => {
    const intent = await client.paymentIntents.create({
      amount: 5000,
      currency: "usd",
      payment_method: "pm_card_refundFail",
      confirm: true,
      off_session: true,
    });
    expect(await refusalOf(client.refunds.create({ payment_intent: intent.id, amount: 6000 }))).toMatchObject({
      status: 400,
    });
    expect(await refusalOf(client.refunds.create({ payment_intent: "pi_unknown" }))).toMatchObject({
      status: 400,
      message: "No such payment_intent: 'pi_unknown'",
    });
    const refund = await client.refunds.create({ payment_intent: intent.id });
    expect(refund.status).toBe("succeeded");
    const failed = await eventOf("refund.failed", refund.id);
    expect(failed.data.object).toMatchObject({ status: "failed", failure_reason: "expired_or_canceled_card" });
    expect((await client.refunds.list({ payment_intent: intent.id })).data.map((r) => r.status)).toEqual(["failed"]);
  });
});

describe("npm run stripe:sync's webhook endpoint", () => {
  it("creates it at the SDK's version for the events the app handles, keeps it, and reports one at another version", async () => {
    const appUrl = "https://community.example.org";
    const older = await client.webhookEndpoints.create({
      url: `${appUrl}/api/stripe/webhook`,
      enabled_events: ["invoice.paid"],
    });
    expect(older.api_version).toBeNull();
    const created = await syncWebhookEndpoint(client, appUrl);
    expect(created).toMatchObject({
      url: `${appUrl}/api/stripe/webhook`,
      created: true,
      stale: [{ id: older.id, apiVersion: null }],
    });
    expect(created.secret).toMatch(/^whsec_/);
    const endpoint = await client.webhookEndpoints.retrieve(created.endpointId);
    expect(endpoint).toMatchObject({ api_version: STRIPE_API_VERSION, status: "enabled" });
    expect([...endpoint.enabled_events].sort()).toEqual([...HANDLED_STRIPE_EVENTS].sort());

    expect(await syncWebhookEndpoint(client, appUrl)).toMatchObject({
      endpointId: created.endpointId,
      created: false,
      changes: [],
    });
    await client.webhookEndpoints.update(created.endpointId, { enabled_events: ["invoice.paid"], disabled: true });
    const repaired = await syncWebhookEndpoint(client, appUrl);
    expect(repaired.changes).toHaveLength(2);
    expect([...(await client.webhookEndpoints.retrieve(created.endpointId)).enabled_events].sort()).toEqual(
      [...HANDLED_STRIPE_EVENTS].sort(),
    );
    // An endpoint's version is fixed when it is made (https://docs.stripe.com/api/webhook_endpoints/update has no api_version).
    expect(
      await refusalOf(
        client.webhookEndpoints.update(created.endpointId, {
          api_version: "2024-06-20",
        } as Stripe.WebhookEndpointUpdateParams),
      ),
    ).toMatchObject({ status: 400 });
  });
});
