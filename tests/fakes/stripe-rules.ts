// Rules of Stripe's API that both halves of the fake (./stripe.ts, ./stripe-billing.ts) enforce.

type Json = Record<string, unknown>;
/** An answer; `save: false` for a request refused before it ran, which Stripe does not keep for its idempotency key. */
export type Result = { status: number; body: Json; save?: boolean };
type AutomaticPaymentMethods = { enabled: boolean; allow_redirects: string } | null;

/** A request refused before it ran: 400 invalid_request_error, not kept for its idempotency key (https://docs.stripe.com/api/idempotent_requests). */
export const refuse = (message: string, extra: Json = {}): Result => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...extra } },
  save: false,
});
export const missing = (what: string): Result => ({
  status: 404,
  body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } },
});

// https://docs.stripe.com/changelog/2023-08-16/automatic-payment-methods: PaymentIntents and SetupIntents
// have automatic payment methods by default; confirming one then needs a return_url, unless
// off_session=true (PaymentIntents) or automatic_payment_methods[allow_redirects]=never.
export const RETURN_URL_REQUIRED =
  "A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.";

/**
 * The payment methods an intent accepts, from its create parameters, or the refusal Stripe gives at
 * our API version:
 * - `payment_method_types` is no longer writable since 2026-09-30.endive: 400 payment_method_types_no_longer_supported
 *   (https://docs.stripe.com/changelog/endive/2026-09-30/removes-the-payment-method-types-parameter-from-payment-intents-and-setup-intents);
 * - `allowed_payment_method_types` excludes `automatic_payment_methods` and `excluded_payment_method_types`
 *   (https://docs.stripe.com/changelog/dahlia/2026-07-29/allowed-payment-method-types-parameter);
 * - `automatic_payment_methods[enabled]` is required when the hash is given, and dynamic payment
 *   methods are on by default (https://docs.stripe.com/changelog/2023-08-16/automatic-payment-methods).
 */
export function paymentMethodsOf(
  form: Json,
): { automatic_payment_methods: AutomaticPaymentMethods; payment_method_types: string[] } | Result {
  const apm = form.automatic_payment_methods as Json | undefined;
  const allowed = form.allowed_payment_method_types as Json | undefined;
  if (form.payment_method_types !== undefined) {
    return refuse(
      "payment_method_types is no longer supported on this API version: use dynamic payment methods (automatic_payment_methods), allowed_payment_method_types or excluded_payment_method_types.",
      {
        code: "payment_method_types_no_longer_supported",
        param: "payment_method_types",
      },
    );
  }
  if (allowed && (apm || form.excluded_payment_method_types))
    return refuse(
      "You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods, excluded_payment_method_types.",
      { code: "parameters_exclusive", param: "allowed_payment_method_types" },
    );
  if (apm && apm.enabled === undefined)
    return refuse("Missing required param: automatic_payment_methods[enabled].", {
      param: "automatic_payment_methods[enabled]",
    });
  if (apm?.allow_redirects !== undefined && !["always", "never"].includes(String(apm.allow_redirects)))
    return refuse("Invalid automatic_payment_methods[allow_redirects]: must be one of always or never", {
      param: "automatic_payment_methods[allow_redirects]",
    });
  if (allowed) return { automatic_payment_methods: null, payment_method_types: Object.values(allowed).map(String) };
  if (apm && apm.enabled === "false")
    return refuse("automatic_payment_methods[enabled] must be true when allowed_payment_method_types is not given.", {
      param: "automatic_payment_methods[enabled]",
    });
  return {
    automatic_payment_methods: { enabled: true, allow_redirects: String(apm?.allow_redirects ?? "always") },
    payment_method_types: ["card"],
  };
}

/** The confirmation rule of 2023-08-16: a redirect may be needed, so Stripe needs somewhere to send her back. */
export function redirectRefusal(accepts: AutomaticPaymentMethods, form: Json, offSession: boolean): Result | null {
  if (!accepts?.enabled || accepts.allow_redirects === "never" || offSession || form.return_url) return null;
  return refuse(RETURN_URL_REQUIRED, { param: "return_url" });
}
