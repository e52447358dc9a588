import "server-only";
import { WEBHOOK_TOLERANCE_SECONDS } from "@/features/money/constants";
import { env } from "@/lib/env";
import { badRequest, serviceUnavailable } from "@/lib/errors";
import { PAYMENTS_NOT_CONFIGURED, stripe } from "@/server/stripe/client";

export const OUTSIDE_TOLERANCE = "The webhook's timestamp is more than 5 minutes from now.";

/**
 * Verifies Stripe's signature on the raw body (https://docs.stripe.com/webhooks#verify-manually) and
 * its timestamp: a 400 for a missing or wrong signature, and for a timestamp more than the 5-minute
 * tolerance from now in either direction. Stripe's library refuses only timestamps that are too old;
 * one from the future is as much a replay risk, so it is refused here too.
 * Returns the event as sent, for readStripe to parse.
 */
export function verifyWebhook(rawBody: string, signature: string | null, now = Date.now()): unknown {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw serviceUnavailable(PAYMENTS_NOT_CONFIGURED);
  if (!signature) throw badRequest("Missing Stripe-Signature header");
  let event: unknown;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    throw badRequest(/tolerance/i.test((error as Error).message) ? OUTSIDE_TOLERANCE : "Invalid webhook signature");
  }
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(Math.floor(now / 1000) - timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw badRequest(OUTSIDE_TOLERANCE);
  return event;
}
