import Stripe from "stripe";

export const PAYMENTS_UNAVAILABLE_MESSAGE = "The card processor is not answering. Please try again in a few minutes.";
export const PAYMENTS_RETRY_AFTER_SECONDS = 60;

/** Stripe's own outage (a 5xx, no answer, or too many requests), after the client's retries: the caller can try again later. */
export function isStripeUnavailable(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}
