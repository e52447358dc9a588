// Rules of Stripe's API that both halves of the fake (./stripe.ts, ./stripe-billing.ts) enforce.

type Json = Record<string, unknown>;
/** An answer; `save: false` for a request refused before it ran, which Stripe does not keep for its idempotency key. */
export type Result = { status: number; body: Json; save?: boolean };
type AutomaticPaymentMethods = { enabled: boolean; allow_redirects: string } | null;

/**
 * Stripe's error object (https://docs.stripe.com/api/errors): `type` is one of api_error, card_error,
 * idempotency_error or invalid_request_error; `code` names the error for a program
 * (https://docs.stripe.com/error-codes); a card issuer's decline adds `decline_code`
 * (https://docs.stripe.com/declines/codes); `message` is for people (a card error's may be shown to
 * the cardholder); `param` names the parameter at fault. The fake's reply adds `doc_url` and
 * `request_log_url` to every error, as Stripe does (./stripe.ts, `reply`).
 */
export interface StripeErrorObject {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  [more: string]: unknown;
}
export const STRIPE_ERROR_TYPES: readonly StripeErrorObject["type"][] = [
  "api_error",
  "card_error",
  "idempotency_error",
  "invalid_request_error",
];

/** The HTTP status Stripe answers an error with (https://docs.stripe.com/api/errors#http-status-code-summary). */
export function statusOfError(error: StripeErrorObject): number {
  if (error.type === "card_error") return 402;
  if (error.type === "api_error") return 500;
  return 400;
}

export const stripeError = (error: StripeErrorObject, status = statusOfError(error)): Result => ({
  status,
  body: { error },
});

/** A request refused before it ran: 400 invalid_request_error, not kept for its idempotency key (https://docs.stripe.com/api/idempotent_requests). */
export const refuse = (message: string, extra: Partial<StripeErrorObject> = {}): Result => ({
  ...stripeError({ type: "invalid_request_error", message, ...extra }),
  save: false,
});
/** A required parameter left out: code parameter_missing (https://docs.stripe.com/error-codes#parameter-missing). */
export const missingParam = (param: string): Result =>
  refuse(`Missing required param: ${param}.`, { code: "parameter_missing", param });
/** An object a parameter names that does not exist: 400 resource_missing (https://docs.stripe.com/error-codes#resource-missing). */
export const noSuch = (what: string, id: string, param: string): Result =>
  refuse(`No such ${what}: '${id}'`, { code: "resource_missing", param });
/** The object the path names does not exist: 404 resource_missing. */
export const missing = (what: string): Result =>
  stripeError({ type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` }, 404);
/** An object that is not in a state for this call: 400 with the call's own code (payment_intent_unexpected_state, …). */
export const unexpectedState = (message: string, code: string): Result =>
  stripeError({ type: "invalid_request_error", code, message });

/**
 * A card issuer's decline: 402 card_error, code card_declined with the issuer's decline_code
 * (generic_decline for Stripe's test declines, https://docs.stripe.com/testing#declined-payments), and
 * the PaymentIntent, SetupIntent or invoice the call was about.
 */
export const cardDeclined = (about: Json = {}, declineCode = "generic_decline"): Result =>
  stripeError({
    type: "card_error",
    code: "card_declined",
    decline_code: declineCode,
    message: "Your card was declined.",
    ...about,
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
  if (apm && apm.enabled === undefined) return missingParam("automatic_payment_methods[enabled]");
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
