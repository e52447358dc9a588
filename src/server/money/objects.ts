import "server-only";
import { z } from "@/lib/validation";
import { AppError } from "@/lib/errors";

/**
 * The Stripe objects we read, parsed where they enter the app (API answers and webhook payloads) with
 * schemas of exactly the fields we read, at our API version (STRIPE_API_VERSION; the field names and
 * places follow the SDK's types, node_modules/stripe/cjs/resources/*.d.ts). An object of another shape
 * is a StripeShapeError naming the object and the field: 502 to the caller, a non-2xx answer to
 * Stripe for a webhook (so it retries), logged; never a 500, and never a NaN or an "Invalid time
 * value" further on.
 */
export class StripeShapeError extends AppError {
  constructor(
    readonly object: string,
    readonly field: string,
    detail: string,
  ) {
    super(
      502,
      `Stripe sent ${/^[aeiou]/.test(object) ? "an" : "a"} ${object} this app cannot read: ${field} ${detail}.`,
    );
    this.name = "StripeShapeError";
  }
}

const timestamp = z.number().int().nonnegative();
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});
/** An expandable reference: the id, whether Stripe sent the id or the object. */
const ref = z.union([z.string(), z.looseObject({ id: z.string() }).transform((o) => o.id)]);

const paymentIntent = z.object({
  id: z.string().startsWith("pi_"),
  status: z.enum([
    "requires_payment_method",
    "requires_confirmation",
    "requires_action",
    "processing",
    "requires_capture",
    "canceled",
    "succeeded",
  ]),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  client_secret: z.string().nullable(),
  customer: ref.nullable(),
  payment_method: ref.nullable(),
  metadata,
  last_payment_error: z.object({ message: z.string().nullish(), code: z.string().nullish() }).nullable(),
});

const refund = z.object({
  id: z.string().startsWith("re_"),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.string().nullable(),
  payment_intent: ref.nullable(),
  failure_reason: z.string().nullish(),
  metadata,
});

const charge = z.object({
  id: z.string(),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: ref.nullable(),
});

const price = z.object({
  id: z.string(),
  active: z.boolean(),
  unit_amount: z.number().int().nullable(),
  currency: z.string(),
  lookup_key: z.string().nullable(),
  recurring: z.object({ interval: z.string() }).nullable(),
  metadata,
});

const subscriptionItem = z.object({
  id: z.string(),
  price: z.object({ id: z.string() }),
  // Since 2025-03-31 (basil) a subscription's period is on its items, not on the subscription.
  current_period_start: timestamp,
  current_period_end: timestamp,
});

const subscriptionFields = {
  id: z.string().startsWith("sub_"),
  status: z.enum([
    "incomplete",
    "incomplete_expired",
    "trialing",
    "active",
    "past_due",
    "canceled",
    "unpaid",
    "paused",
  ]),
  customer: ref,
  cancel_at_period_end: z.boolean(),
  trial_end: timestamp.nullable(),
  metadata,
  items: z.object({ data: z.array(subscriptionItem).min(1) }),
};

const invoice = z.object({
  id: z.string(),
  currency: z.string(),
  created: timestamp,
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  attempt_count: z.number().int().nonnegative(),
  next_payment_attempt: timestamp.nullable(),
  billing_reason: z.string().nullable(),
  hosted_invoice_url: z.string().nullish(),
  // Since basil an invoice names its subscription under parent.subscription_details (invoice.subscription is gone).
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullable() }).nullable(),
  lines: z.object({
    data: z.array(
      z.object({
        amount: z.number().int(),
        description: z.string().nullish(),
        pricing: z.object({ price_details: z.object({ price: ref }).nullish() }).nullable(),
      }),
    ),
  }),
  payments: z.object({ data: z.array(z.lazy(() => invoicePayment)) }).optional(),
});

const invoicePayment = z.object({
  status: z.string(),
  payment: z.object({ payment_intent: ref.nullish() }),
});

const subscription = z.object({
  ...subscriptionFields,
  /** Expanded by the upgrade (expand: ["latest_invoice"]), an id otherwise. */
  latest_invoice: z.union([z.string(), invoice]).nullable(),
});

const setupIntent = z.object({
  id: z.string().startsWith("seti_"),
  status: z.string(),
  client_secret: z.string().nullable(),
  customer: ref.nullable(),
  payment_method: ref.nullable(),
});

const paymentMethod = z.object({
  type: z.string(),
  card: z.object({ brand: z.string().min(1), last4: z.string() }).nullish(),
});

const customer = z.object({ id: z.string().startsWith("cus_") });

/** An object of which only the id is read (a subscription event: the subscription is re-read from Stripe). */
const reference = z.object({ id: z.string().min(1) });

const event = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  api_version: z.string().nullable(),
  created: timestamp,
  data: z.object({ object: z.looseObject({}) }),
});

const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  api_version: z.string().nullable(),
  enabled_events: z.array(z.string()),
  status: z.string(),
  secret: z.string().optional(),
});

const SCHEMAS = {
  payment_intent: paymentIntent,
  refund,
  charge,
  price,
  subscription,
  invoice,
  invoice_payment: invoicePayment,
  setup_intent: setupIntent,
  payment_method: paymentMethod,
  customer,
  reference,
  event,
  webhook_endpoint: webhookEndpoint,
} as const;
type StripeObjectName = keyof typeof SCHEMAS;
export type StripeObject<N extends StripeObjectName> = z.output<(typeof SCHEMAS)[N]>;

const valueAt = (value: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  );

/** Parses one Stripe object; throws a StripeShapeError (502) naming the object and its first wrong field. */
export function readStripe<N extends StripeObjectName>(name: N, value: unknown): StripeObject<N> {
  const parsed = SCHEMAS[name].safeParse(value);
  if (parsed.success) return parsed.data as StripeObject<N>;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? issue.path.join(".") : "(the object)";
  const id = typeof value === "object" && value && "id" in value && typeof value.id === "string" ? ` ${value.id}` : "";
  const missing = issue.code === "invalid_type" && valueAt(value, issue.path) === undefined;
  const error = new StripeShapeError(
    `${name.replace(/_/g, " ")}${id}`,
    field,
    missing ? "is missing" : `is not as expected (${issue.message})`,
  );
  console.error(`[stripe] ${error.message}`);
  throw error;
}

/** readStripe over a list's items. */
export const readStripeList = <N extends StripeObjectName>(name: N, list: { data: unknown[] }) =>
  list.data.map((item) => readStripe(name, item));

export type PaymentIntentObject = StripeObject<"payment_intent">;
export type RefundObject = StripeObject<"refund">;
export type SubscriptionObject = StripeObject<"subscription">;
export type InvoiceObject = StripeObject<"invoice">;
