import "server-only";
import type { Transaction } from "@/db/client";
import { isStripeUnavailable } from "@/lib/stripe-errors";
import { recordStripeRefusal } from "./refusals";
import { isStripeRefusal, StripeRefusal, stripeFailure, UNNAMED_OPERATION } from "./client";

/**
 * What an event handler does once the money it reports is recorded (her monthly billing started
 * after her first payment was captured; her subscription read back after a renewal was paid). It runs
 * in a savepoint: if Stripe refuses or fails a call in it, only the follow-up is undone, so a payment
 * Stripe took is never left without its row (docs/decisions/027-membership-money-in-one-module.md).
 */
export type FollowUp = (work: (tx: Transaction) => Promise<unknown>) => Promise<void>;

/**
 * A follow-up runner for one event's transaction, and what stopped a follow-up: the event is then
 * kept unhandled (its stripe_events row is not kept) and answered non-2xx, so Stripe delivers it again
 * and the follow-up is tried again; what was recorded is not recorded twice, since payments move only
 * forward and each row is keyed by its Stripe id. A refusal is listed for the admins in the event's
 * own transaction, which commits.
 */
export function followUps(tx: Transaction) {
  let stopped: unknown = null;
  const followUp: FollowUp = async (work) => {
    if (stopped) return;
    try {
      await tx.transaction(work);
    } catch (error) {
      if (!(error instanceof StripeRefusal) && !isStripeRefusal(error) && !isStripeUnavailable(error)) throw error;
      const failure = stripeFailure(error, UNNAMED_OPERATION);
      if (failure instanceof StripeRefusal) await recordStripeRefusal(failure, tx);
      stopped = failure;
    }
  };
  return { followUp, stopped: () => stopped };
}
