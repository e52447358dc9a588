import { randomBytes } from "node:crypto";
import {
  cardDeclined,
  missing,
  missingParam,
  noSuch,
  paymentMethodsOf,
  redirectRefusal,
  refuse,
  unexpectedState,
  type Result,
} from "./stripe-rules";

/**
 * The billing half of the fake Stripe API (tests/fakes/stripe.ts routes to it): Products and Prices
 * (found by lookup_key), Subscriptions, Invoices with their invoice payments, the invoice preview,
 * SetupIntents and test clocks, in the shapes of Stripe's API reference at API version
 * 2026-10-28 (the stripe package's), where a subscription's period lives on its items and an
 * invoice names its subscription under parent.subscription_details:
 *   https://docs.stripe.com/api/subscriptions/object
 *   https://docs.stripe.com/api/invoices/object
 *   https://docs.stripe.com/api/invoices/create_preview
 *   https://docs.stripe.com/api/invoice-payment/object
 *   https://docs.stripe.com/api/setup_intents/object
 *   https://docs.stripe.com/api/test_clocks
 * Prorations follow https://docs.stripe.com/billing/subscriptions/prorations: a credit for the
 * unused time and a charge for the remaining time on the new price, to the second, computed at
 * `proration_date` when given (so a preview and the update it previews agree). The credit depends on
 * the subscription's billing mode (https://docs.stripe.com/billing/subscriptions/billing-mode/compare):
 * classic credits the unused share of the old price; flexible, the default for subscriptions created
 * without `billing_mode` since 2025-09-30.clover (https://docs.stripe.com/changelog/clover/2025-09-30/billing-mode-default-flexible),
 * credits the unused share of what was debited for the period, so a period nothing was charged for
 * (a free first period before billing_cycle_anchor, a trial) earns no credit.
 * Renewals happen when a test clock is advanced past a period's end; a failed invoice is retried
 * every 3 days, 4 attempts in all (Smart Retries' default reach, https://docs.stripe.com/billing/revenue-recovery/smart-retries).
 * Off-session charges fail for pm_card_chargeDeclined and pm_card_chargeCustomerFail (Stripe's test
 * card 4000 0000 0000 0341: it attaches, then every charge fails).
 */

type Json = Record<string, unknown>;
export interface FakeCustomer extends Json {
  id: string;
  test_clock: string | null;
  invoice_settings: { default_payment_method: string | null };
}
export interface FakeIntent extends Json {
  id: string;
  amount: number;
  amount_refunded: number;
  status: string;
}

export interface BillingContext {
  id: (prefix: string) => string;
  sendEvent: (type: string, object: Json) => Promise<void>;
  /** An object as it is sent (the test helpers' mangles applied). */
  outgoing: (object: Json) => Json;
  customers: Map<string, FakeCustomer>;
  /** Creates and confirms an off-session PaymentIntent as Stripe does for an invoice. */
  charge: (
    customer: string,
    amount: number,
    currency: string,
    paymentMethod: string | null,
    description: string,
  ) => Promise<FakeIntent>;
}

const MONTH_RETRY_DAYS = 3;
const MAX_ATTEMPTS = 4;
const DAY = 86_400;

const notFound = missing;
const invalid = (message: string): Result => refuse(message);
const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });
/** A page of a list, as Stripe pages it: `limit` items after the `starting_after` id, and has_more. */
function page(all: (Json & { id: string })[], form: Json, url: string) {
  const after = form.starting_after ? all.findIndex((item) => item.id === form.starting_after) + 1 : 0;
  const limit = Number(form.limit ?? 10);
  return { object: "list", data: all.slice(after, after + limit), has_more: after + limit < all.length, url };
}

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

export function createBillingFake(ctx: BillingContext) {
  const products = new Map<string, Json>();
  const prices = new Map<
    string,
    Json & { id: string; unit_amount: number; currency: string; lookup_key: string | null }
  >();
  const subscriptions = new Map<
    string,
    Json & {
      id: string;
      status: string;
      customer: string;
      billing_mode: { type: "classic" | "flexible" };
      items: {
        data: (Json & {
          id: string;
          price: Json & { id: string; unit_amount: number; currency: string };
          current_period_start: number;
          current_period_end: number;
        })[];
      };
    }
  >();
  const invoices = new Map<
    string,
    Json & {
      id: string;
      status: string;
      customer: string;
      amount_due: number;
      attempt_count: number;
      next_payment_attempt: number | null;
    }
  >();
  const invoicePayments = new Map<string, Json[]>();
  /** What was debited for each subscription's current period, and for which span of it (flexible mode's credit is a share of it). */
  const debits = new Map<string, { amount: number; start: number; end: number }>();
  const setupIntents = new Map<
    string,
    Json & { id: string; status: string; client_secret: string; customer: string | null }
  >();
  const clocks = new Map<string, Json & { id: string; frozen_time: number }>();

  const nowFor = (customerId: string) => {
    const clock = ctx.customers.get(customerId)?.test_clock;
    return clock ? clocks.get(clock)!.frozen_time : Math.floor(Date.now() / 1000);
  };
  type Sub = NonNullable<ReturnType<typeof subscriptions.get>>;
  const itemOf = (sub: Sub) => sub.items.data[0]!;

  function line(
    sub: Sub,
    price: Json & { id: string; unit_amount: number; currency: string },
    amount: number,
    start: number,
    end: number,
    proration: boolean,
    description: string,
  ) {
    return {
      id: ctx.id("il"),
      object: "line_item",
      amount,
      currency: price.currency,
      description,
      period: { start, end },
      pricing: {
        type: "price_details",
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      parent: {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: {
          subscription: sub.id,
          subscription_item: itemOf(sub).id,
          proration,
          invoice_item: null,
          proration_details: null,
        },
      },
      quantity: 1,
      subscription: sub.id,
      metadata: {},
    };
  }

  function debitedShare(subscriptionId: string, at: number): number {
    const debit = debits.get(subscriptionId);
    if (!debit || debit.end <= at || debit.end <= debit.start) return 0;
    return Math.round(debit.amount * ((debit.end - Math.max(at, debit.start)) / (debit.end - debit.start)));
  }

  function prorationLines(
    sub: Sub,
    newPrice: Json & { id: string; unit_amount: number; currency: string },
    at: number,
  ) {
    const item = itemOf(sub);
    const { current_period_start: start, current_period_end: end } = item;
    const remaining = (end - at) / (end - start);
    // Classic: the unused share of the old price. Flexible: the unused share of what was debited for the period.
    const credit =
      sub.billing_mode.type === "classic" ? Math.round(item.price.unit_amount * remaining) : debitedShare(sub.id, at);
    return [
      line(sub, item.price, -credit, at, end, true, `Unused time on ${item.price.id} after ${at}`),
      line(
        sub,
        newPrice,
        Math.round(newPrice.unit_amount * remaining),
        at,
        end,
        true,
        `Remaining time on ${newPrice.id} after ${at}`,
      ),
    ];
  }

  function invoiceFor(sub: Sub, lines: Json[], reason: string, created: number, previewProrationDate?: number) {
    const total = lines.reduce((sum, l) => sum + (l.amount as number), 0);
    const item = itemOf(sub);
    return {
      id: previewProrationDate === undefined ? ctx.id("in") : `upcoming_${ctx.id("in")}`,
      object: "invoice",
      customer: sub.customer,
      currency: item.price.currency,
      status: previewProrationDate === undefined ? "open" : "draft",
      billing_reason: reason,
      collection_method: "charge_automatically",
      created,
      period_start: created,
      period_end: created,
      subtotal: total,
      total,
      amount_due: Math.max(0, total),
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null as number | null,
      lines: list(lines, "/v1/invoices/lines"),
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: {
          subscription: sub.id,
          metadata: sub.metadata,
          ...(previewProrationDate !== undefined ? { subscription_proration_date: previewProrationDate } : {}),
        },
      },
      status_transitions: {
        finalized_at: created,
        paid_at: null as number | null,
        marked_uncollectible_at: null,
        voided_at: null,
      },
      hosted_invoice_url: null as string | null,
      invoice_pdf: null as string | null,
      number: null as string | null,
      test_clock: ctx.customers.get(sub.customer)?.test_clock ?? null,
      livemode: false,
    };
  }

  const paymentMethodOf = (sub: Sub, override?: string) =>
    override ??
    (sub.default_payment_method as string | null) ??
    ctx.customers.get(sub.customer)?.invoice_settings.default_payment_method ??
    null;

  /** One payment attempt; sends invoice.paid or invoice.payment_failed and moves the subscription. */
  async function attempt(invoice: ReturnType<typeof invoiceFor>, sub: Sub, paymentMethod?: string): Promise<boolean> {
    const now = nowFor(sub.customer);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (invoice.amount_due === 0) {
      invoice.status = "paid";
      invoice.status_transitions.paid_at = now;
      await ctx.sendEvent("invoice.paid", invoice);
      return true;
    }
    const intent = await ctx.charge(
      sub.customer,
      invoice.amount_due,
      invoice.currency,
      paymentMethodOf(sub, paymentMethod),
      `Invoice ${invoice.id}`,
    );
    invoicePayments.set(invoice.id, [
      ...(invoicePayments.get(invoice.id) ?? []),
      {
        id: ctx.id("inpay"),
        object: "invoice_payment",
        invoice: invoice.id,
        amount_requested: invoice.amount_due,
        amount_paid: intent.status === "succeeded" ? invoice.amount_due : null,
        currency: invoice.currency,
        is_default: true,
        livemode: false,
        created: now,
        status: intent.status === "succeeded" ? "paid" : "open",
        payment: { type: "payment_intent", payment_intent: intent.id },
        status_transitions: { paid_at: intent.status === "succeeded" ? now : null, canceled_at: null },
      },
    ]);
    const statusBefore = sub.status;
    if (intent.status === "succeeded") {
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = now;
      invoice.number ??= `FAKE-${String(invoices.size).padStart(4, "0")}`;
      invoice.hosted_invoice_url = `https://invoice.stripe.com/i/${invoice.id}`;
      invoice.invoice_pdf = `https://pay.stripe.com/invoice/${invoice.id}/pdf`;
      if (sub.status === "past_due" || sub.status === "trialing") sub.status = "active";
      if (invoice.billing_reason !== "subscription_update")
        debits.set(sub.id, {
          amount: invoice.amount_paid,
          start: itemOf(sub).current_period_start,
          end: itemOf(sub).current_period_end,
        });
      await ctx.sendEvent("invoice.paid", invoice);
    } else {
      invoice.next_payment_attempt = invoice.attempt_count < MAX_ATTEMPTS ? now + MONTH_RETRY_DAYS * DAY : null;
      if (invoice.billing_reason === "subscription_cycle" || invoice.billing_reason === "subscription_create")
        sub.status = "past_due";
      await ctx.sendEvent("invoice.payment_failed", invoice);
    }
    if (sub.status !== statusBefore) await ctx.sendEvent("customer.subscription.updated", sub);
    return intent.status === "succeeded";
  }

  function subscriptionObject(form: Json, price: NonNullable<ReturnType<typeof prices.get>>) {
    const customer = String(form.customer);
    const now = nowFor(customer);
    const trialEnd = form.trial_end ? Number(form.trial_end) : null;
    const anchor = form.billing_cycle_anchor ? Number(form.billing_cycle_anchor) : null;
    const periodEnd = trialEnd ?? anchor ?? addMonths(now, 1);
    const subId = ctx.id("sub");
    // Nothing is debited for a trial or a free first period; an immediate first invoice sets it once paid.
    debits.set(subId, { amount: 0, start: now, end: periodEnd });
    return {
      id: subId,
      object: "subscription",
      customer,
      billing_mode: { type: (form.billing_mode as { type?: string } | undefined)?.type ?? "flexible", updated_at: now },
      status: trialEnd ? "trialing" : "active",
      billing_cycle_anchor: anchor ?? now,
      cancel_at: null as number | null,
      cancel_at_period_end: false,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      collection_method: "charge_automatically",
      created: now,
      start_date: now,
      currency: price.currency,
      default_payment_method: (form.default_payment_method as string) ?? null,
      items: list(
        [
          {
            id: ctx.id("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            subscription: subId,
            created: now,
            current_period_start: now,
            current_period_end: periodEnd,
            metadata: {},
          },
        ],
        `/v1/subscription_items?subscription=${subId}`,
      ),
      latest_invoice: null as string | null,
      metadata: (form.metadata as Json) ?? {},
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      test_clock: ctx.customers.get(customer)?.test_clock ?? null,
      livemode: false,
    } as unknown as Sub;
  }

  /** What happens to one subscription when time reaches `now`: renewals, retries, cancellation. */
  async function advance(sub: Sub, now: number) {
    for (const invoice of invoices.values()) {
      const parent = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
        .subscription;
      if (
        parent === sub.id &&
        invoice.status === "open" &&
        invoice.next_payment_attempt !== null &&
        invoice.next_payment_attempt <= now
      ) {
        await attempt(invoice as ReturnType<typeof invoiceFor>, sub);
      }
    }
    while (sub.status !== "canceled" && itemOf(sub).current_period_end <= now) {
      const item = itemOf(sub);
      const end = item.current_period_end;
      if (sub.cancel_at_period_end) {
        sub.status = "canceled";
        sub.ended_at = end;
        sub.canceled_at ??= end;
        await ctx.sendEvent("customer.subscription.deleted", sub);
        return;
      }
      item.current_period_start = end;
      item.current_period_end = addMonths(end, 1);
      const invoice = invoiceFor(
        sub,
        [
          line(
            sub,
            item.price,
            item.price.unit_amount,
            end,
            item.current_period_end,
            false,
            `1 × ${item.price.id} (at ${item.price.unit_amount} / month)`,
          ),
        ],
        "subscription_cycle",
        end,
      );
      invoice.period_start = end;
      invoice.period_end = item.current_period_end;
      invoices.set(invoice.id, invoice);
      sub.latest_invoice = invoice.id;
      await ctx.sendEvent("invoice.created", invoice);
      await attempt(invoice, sub);
    }
  }

  async function route(method: string, path: string, form: Json, secret: boolean): Promise<Result | null> {
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/)) && method === "POST") {
      const intent = setupIntents.get(match[1]!);
      if (!intent || (!secret && form.client_secret !== intent.client_secret)) return notFound("setup_intent");
      // https://docs.stripe.com/error-codes#setup-intent-unexpected-state
      if (intent.status !== "requires_payment_method")
        return unexpectedState(`This SetupIntent's status is ${intent.status}.`, "setup_intent_unexpected_state");
      const paymentMethod = String(form.payment_method ?? "");
      if (!paymentMethod) return missingParam("payment_method");
      // Confirming a SetupIntent that accepts redirect-based methods needs a return_url (2023-08-16; there is no off_session exemption here).
      const refusal = redirectRefusal(
        intent.automatic_payment_methods as { enabled: boolean; allow_redirects: string } | null,
        form,
        false,
      );
      if (refusal) return refusal;
      if (paymentMethod === "pm_card_chargeDeclined") {
        intent.last_setup_error = {
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        };
        await ctx.sendEvent("setup_intent.setup_failed", intent);
        return cardDeclined({ setup_intent: intent });
      }
      Object.assign(intent, { status: "succeeded", payment_method: paymentMethod, last_setup_error: null });
      await ctx.sendEvent("setup_intent.succeeded", intent);
      return { status: 200, body: intent };
    }
    if (!secret) return null;

    if (path === "/v1/products" && method === "POST") {
      const productId = String(form.id ?? ctx.id("prod"));
      // https://docs.stripe.com/error-codes#resource-already-exists
      if (products.has(productId))
        return refuse("Product already exists.", { code: "resource_already_exists", param: "id" });
      const product = {
        id: productId,
        object: "product",
        name: form.name,
        active: true,
        metadata: form.metadata ?? {},
        livemode: false,
      };
      products.set(productId, product);
      return { status: 200, body: product };
    }
    if ((match = path.match(/^\/v1\/products\/([^/]+)$/)) && method === "GET")
      return products.has(match[1]!) ? { status: 200, body: products.get(match[1]!)! } : notFound("product");
    if (path === "/v1/prices" && method === "GET") {
      const keys = Object.values((form["lookup_keys"] as Json | undefined) ?? {}).map(String);
      const found = [...prices.values()].filter(
        (p) => p.active && (keys.length === 0 || (p.lookup_key && keys.includes(p.lookup_key))),
      );
      return { status: 200, body: list(found, "/v1/prices") };
    }
    if ((match = path.match(/^\/v1\/prices\/([^/]+)$/)) && method === "GET")
      return prices.has(match[1]!) ? { status: 200, body: prices.get(match[1]!)! } : notFound("price");
    if ((match = path.match(/^\/v1\/payment_methods\/(pm_[A-Za-z_]+)$/)) && method === "GET") {
      const brand = {
        pm_card_mastercard: ["mastercard", "4444"],
        pm_card_chargeCustomerFail: ["visa", "0341"],
        pm_card_chargeDeclined: ["visa", "0002"],
      }[match[1]!] ?? ["visa", "4242"];
      return {
        status: 200,
        body: {
          id: match[1],
          object: "payment_method",
          type: "card",
          card: {
            brand: brand[0],
            last4: brand[1],
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 3,
            funding: "credit",
            country: "US",
          },
          customer: null,
          livemode: false,
        },
      };
    }
    if (path === "/v1/prices" && method === "POST") {
      const lookupKey = (form.lookup_key as string) ?? null;
      if (lookupKey && form.transfer_lookup_key === "true")
        for (const p of prices.values()) if (p.lookup_key === lookupKey) p.lookup_key = null;
      const recurring = (form.recurring as Json) ?? null;
      const price = {
        id: ctx.id("price"),
        object: "price",
        active: true,
        product: String(form.product),
        unit_amount: Number(form.unit_amount),
        currency: String(form.currency),
        lookup_key: lookupKey,
        type: recurring ? "recurring" : "one_time",
        recurring: recurring
          ? {
              interval: recurring.interval,
              interval_count: Number(recurring.interval_count ?? 1),
              usage_type: "licensed",
            }
          : null,
        metadata: form.metadata ?? {},
        livemode: false,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }

    if (path === "/v1/setup_intents" && method === "POST") {
      const methods = paymentMethodsOf(form);
      if ("body" in methods) return methods as Result;
      const setupId = ctx.id("seti");
      const intent = {
        ...methods,
        id: setupId,
        object: "setup_intent",
        client_secret: `${setupId}_secret_${randomBytes(8).toString("hex")}`,
        customer: (form.customer as string) ?? null,
        status: "requires_payment_method",
        usage: form.usage ?? "off_session",
        payment_method: null,
        last_setup_error: null,
        metadata: form.metadata ?? {},
        livemode: false,
      };
      setupIntents.set(setupId, intent);
      return { status: 200, body: intent };
    }
    if ((match = path.match(/^\/v1\/setup_intents\/([^/]+)$/)) && method === "GET")
      return setupIntents.has(match[1]!)
        ? { status: 200, body: setupIntents.get(match[1]!)! }
        : notFound("setup_intent");

    if (path === "/v1/subscriptions" && method === "POST") {
      // https://docs.stripe.com/api/subscriptions/create: customer and items are required; billing_mode[type] is classic or flexible.
      if (!form.customer) return missingParam("customer");
      const items = form.items as Record<string, Json> | undefined;
      if (!items?.["0"]?.price) return missingParam("items");
      const price = prices.get(String(items["0"].price));
      if (!price) return noSuch("price", String(items["0"].price), "items[0][price]");
      const mode = (form.billing_mode as Json | undefined)?.type;
      if (form.billing_mode !== undefined && mode !== "classic" && mode !== "flexible")
        return refuse("Invalid billing_mode[type]: must be one of classic or flexible", {
          param: "billing_mode[type]",
        });
      if (!ctx.customers.has(String(form.customer))) return noSuch("customer", String(form.customer), "customer");
      const sub = subscriptionObject(form, price);
      subscriptions.set(sub.id, sub);
      await ctx.sendEvent("customer.subscription.created", sub);
      // Without an anchor or a trial, the first period is charged at once (billing_reason subscription_create).
      if (!form.trial_end && !form.billing_cycle_anchor) {
        const item = itemOf(sub);
        const invoice = invoiceFor(
          sub,
          [
            line(
              sub,
              price,
              price.unit_amount,
              item.current_period_start,
              item.current_period_end,
              false,
              `1 × ${price.id}`,
            ),
          ],
          "subscription_create",
          sub.created as number,
        );
        invoices.set(invoice.id, invoice);
        sub.latest_invoice = invoice.id;
        await attempt(invoice, sub);
      }
      return { status: 200, body: ctx.outgoing(sub) };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return notFound("subscription");
      if (method === "GET") return { status: 200, body: ctx.outgoing(sub) };
      if (method === "DELETE") {
        if (sub.status === "canceled") return invalid("This subscription is already canceled.");
        Object.assign(sub, { status: "canceled", ended_at: nowFor(sub.customer), canceled_at: nowFor(sub.customer) });
        await ctx.sendEvent("customer.subscription.deleted", sub);
        return { status: 200, body: ctx.outgoing(sub) };
      }
      if (method !== "POST") return null;
      if (sub.status === "canceled")
        return invalid("A canceled subscription can only update its cancellation_details and metadata.");
      const items = form.items as Record<string, Json> | undefined;
      const wanted = items?.["0"]?.price ? prices.get(String(items["0"].price)) : undefined;
      if (items?.["0"]?.price && !wanted) return noSuch("price", String(items["0"].price), "items[0][price]");
      if (wanted && items?.["0"]?.id !== itemOf(sub).id)
        return invalid("Subscription item not found on this subscription");
      const behavior = String(form.proration_behavior ?? "create_prorations");
      if (wanted && wanted.id !== itemOf(sub).price.id && behavior === "always_invoice") {
        const at = form.proration_date ? Number(form.proration_date) : nowFor(sub.customer);
        const invoice = invoiceFor(sub, prorationLines(sub, wanted, at), "subscription_update", nowFor(sub.customer));
        invoices.set(invoice.id, invoice);
        const paid = await attempt(invoice, sub, form.default_payment_method as string | undefined);
        if (!paid && form.payment_behavior === "error_if_incomplete") {
          invoice.status = "void";
          return cardDeclined();
        }
        // What the rest of the period now cost: the charge for the remaining time on the new price.
        if (paid)
          debits.set(sub.id, {
            amount: (invoice.lines.data.at(-1)?.amount as number) ?? 0,
            start: at,
            end: itemOf(sub).current_period_end,
          });
        sub.latest_invoice = invoice.id;
      }
      if (wanted) itemOf(sub).price = wanted;
      if (form.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = form.cancel_at_period_end === "true";
        sub.cancel_at = sub.cancel_at_period_end ? itemOf(sub).current_period_end : null;
        sub.canceled_at = sub.cancel_at_period_end ? nowFor(sub.customer) : null;
      }
      if (form.default_payment_method) sub.default_payment_method = form.default_payment_method;
      if (form.metadata) sub.metadata = { ...(sub.metadata as Json), ...(form.metadata as Json) };
      await ctx.sendEvent("customer.subscription.updated", sub);
      const expand = Object.values((form.expand as Json | undefined) ?? {});
      return {
        status: 200,
        body: ctx.outgoing(
          expand.includes("latest_invoice") && sub.latest_invoice
            ? { ...sub, latest_invoice: invoices.get(sub.latest_invoice as string) ?? sub.latest_invoice }
            : sub,
        ),
      };
    }
    if (path === "/v1/subscriptions" && method === "GET") {
      const found = [...subscriptions.values()].filter(
        (s) => (!form.customer || s.customer === form.customer) && (form.status === "all" || s.status !== "canceled"),
      );
      return {
        status: 200,
        body: page(
          found.map((f) => ctx.outgoing(f) as typeof f),
          form,
          "/v1/subscriptions",
        ),
      };
    }

    if (path === "/v1/invoices/create_preview" && method === "POST") {
      const sub = subscriptions.get(String(form.subscription));
      if (!sub) return notFound("subscription");
      const details = (form.subscription_details as Json) ?? {};
      const items = details.items as Record<string, Json> | undefined;
      const wanted = prices.get(String(items?.["0"]?.price));
      if (!wanted) return noSuch("price", String(items?.["0"]?.price), "subscription_details[items][0][price]");
      const at = details.proration_date ? Number(details.proration_date) : nowFor(sub.customer);
      const item = itemOf(sub);
      if (at < item.current_period_start || at > item.current_period_end)
        return invalid("proration_date must be within the current subscription period.");
      const lines = prorationLines(sub, wanted, at);
      // create_prorations previews the next invoice: the prorations plus the next period at the new price.
      if (details.proration_behavior !== "always_invoice")
        lines.push(
          line(
            sub,
            wanted,
            wanted.unit_amount,
            item.current_period_end,
            addMonths(item.current_period_end, 1),
            false,
            `1 × ${wanted.id}`,
          ),
        );
      return { status: 200, body: invoiceFor(sub, lines, "subscription_update", nowFor(sub.customer), at) };
    }
    if ((match = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/)) && method === "POST") {
      const invoice = invoices.get(match[1]!) as ReturnType<typeof invoiceFor> | undefined;
      if (!invoice) return notFound("invoice");
      if (invoice.status !== "open") return invalid("Invoice is already paid");
      const sub = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      const paid = await attempt(invoice, sub, form.payment_method as string | undefined);
      if (!paid) return cardDeclined();
      return { status: 200, body: invoice };
    }
    if ((match = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === "GET")
      return invoices.has(match[1]!) ? { status: 200, body: invoices.get(match[1]!)! } : notFound("invoice");
    if (path === "/v1/invoices" && method === "GET") {
      const found = [...invoices.values()]
        .filter(
          (i) =>
            (!form.customer || i.customer === form.customer) &&
            (!form.subscription ||
              (i.parent as { subscription_details: { subscription: string } }).subscription_details.subscription ===
                form.subscription) &&
            (!form.status || i.status === form.status),
        )
        .sort((a, b) => (b.created as number) - (a.created as number));
      return { status: 200, body: page(found, form, "/v1/invoices") };
    }
    if (path === "/v1/invoice_payments" && method === "GET")
      return { status: 200, body: list(invoicePayments.get(String(form.invoice)) ?? [], "/v1/invoice_payments") };

    if (path === "/v1/test_helpers/test_clocks" && method === "POST") {
      const clock = {
        id: ctx.id("clock"),
        object: "test_helpers.test_clock",
        frozen_time: Number(form.frozen_time),
        name: form.name ?? null,
        status: "ready",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      clocks.set(clock.id, clock);
      return { status: 200, body: clock };
    }
    if ((match = path.match(/^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/)) && method === "POST") {
      const clock = clocks.get(match[1]!);
      if (!clock) return notFound("test_clock");
      const target = Number(form.frozen_time);
      if (target <= clock.frozen_time) return invalid("The frozen_time must be after the current frozen_time.");
      clock.frozen_time = target;
      for (const sub of subscriptions.values())
        if (ctx.customers.get(sub.customer)?.test_clock === clock.id) await advance(sub, target);
      await ctx.sendEvent("test_helpers.test_clock.ready", clock);
      return { status: 200, body: clock };
    }
    if ((match = path.match(/^\/v1\/test_helpers\/test_clocks\/([^/]+)$/)) && method === "GET")
      return clocks.has(match[1]!) ? { status: 200, body: clocks.get(match[1]!)! } : notFound("test_clock");
    return null;
  }

  return {
    route,
    inspect: () => ({
      subscriptions: [...subscriptions.values()],
      invoices: [...invoices.values()],
      prices: [...prices.values()],
    }),
  };
}
