import "server-only";
import type { MembershipStatus } from "@/features/billing/constants";
import type { PaymentStatus } from "@/features/money/constants";
import type { PaymentIntentObject, SubscriptionObject } from "./objects";

/**
 * Every Stripe status this app maps to one of its own, in one place: a PaymentIntent to its
 * payment row, a Refund to its refund row, a Subscription to its membership.
 */

/** A PaymentIntent's payment row (https://docs.stripe.com/payments/paymentintents/lifecycle). */
export function paymentStatusOfIntent(status: PaymentIntentObject["status"]): PaymentStatus {
  switch (status) {
    case "succeeded":
      return "completed";
    case "requires_capture":
      return "authorized";
    case "processing":
      return "pending";
    case "canceled":
      return "canceled";
    // requires_payment_method after an attempt is a decline; requires_action is an authentication
    // nobody can complete here (an admin's server-side charge); requires_confirmation was never sent.
    default:
      return "failed";
  }
}

/** A Refund's row: succeeded is done, failed and canceled gave nothing back, anything else is on its way. */
export function refundRowStatus(status: string | null): "completed" | "failed" | "pending" {
  if (status === "succeeded") return "completed";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** A Subscription's membership; paused is not used by this app and keeps what the membership had. */
export const MEMBERSHIP_STATUS_OF_SUBSCRIPTION: Partial<Record<SubscriptionObject["status"], MembershipStatus>> = {
  trialing: "trialing",
  active: "active",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};
