import "server-only";
import { eq } from "drizzle-orm";
import { stripeEvents } from "@/db/schema";
import { HANDLED_STRIPE_EVENTS, type HandledStripeEvent } from "@/features/money/constants";
import { AppError } from "@/lib/errors";
import { STRIPE_API_VERSION } from "@/lib/stripe-client";
import { transactionWithEmail } from "@/server/email/outbox";
import { readStripe, StripeShapeError } from "@/server/money/objects";
import { followUps } from "@/server/stripe/follow-up";
import { STRIPE_EVENT_HANDLERS } from "./handlers";
import { clearRefusal, recordRefusal } from "./refusals";
import { verifyWebhook } from "./verify";

const isHandled = (type: string): type is HandledStripeEvent =>
  (HANDLED_STRIPE_EVENTS as readonly string[]).includes(type);

export const versionMismatch = (version: string | null) =>
  `Stripe sent this event at API version ${version ?? "(none)"}, and this app reads ${STRIPE_API_VERSION}: its objects may be shaped differently, so it was not applied. Run npm run stripe:sync to create the webhook endpoint at ${STRIPE_API_VERSION} (docs/deployment.md, Stripe).`;

/**
 * POST /api/stripe/webhook. The event is verified (signature and timestamp), parsed, checked to be
 * at our API version, and handed to the one handler of its type inside a transaction that records
 * its id (stripe_events), so a redelivered event changes nothing. An event at another API version,
 * or with an object we cannot read, is refused with a non-2xx answer (Stripe delivers it again) and
 * listed on /admin; it is never recorded as handled. Any other failure answers non-2xx too. When
 * Stripe refuses or fails a call of a handler's follow-up, what the event recorded of the money is
 * kept, the event is not recorded as handled, and it is answered 502 with Stripe's words (503 for an
 * outage), so that Stripe delivers it again (src/server/stripe/follow-up.ts).
 */
export async function receiveStripeEvent(
  rawBody: string,
  signature: string | null,
  baseUrl: string,
): Promise<"processed" | "duplicate"> {
  const event = readStripe("event", verifyWebhook(rawBody, signature));
  const refused = { id: event.id, type: event.type, apiVersion: event.api_version };
  if (event.api_version !== STRIPE_API_VERSION) {
    const message = versionMismatch(event.api_version);
    console.error(`[stripe webhook] refused ${event.type} ${event.id}: ${message}`);
    await recordRefusal(refused, "api_version", message);
    throw new AppError(400, message);
  }
  let stopped: unknown = null;
  try {
    const result = await transactionWithEmail(async (tx, queueEmail) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, payload: event })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (!fresh) return "duplicate" as const;
      const runner = followUps(tx);
      if (isHandled(event.type))
        await STRIPE_EVENT_HANDLERS[event.type](tx, event.data.object, {
          queueEmail,
          baseUrl,
          followUp: runner.followUp,
        });
      stopped = runner.stopped();
      if (stopped) {
        await tx.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
        return "processed" as const;
      }
      await clearRefusal(tx, event.id);
      return "processed" as const;
    });
    if (stopped) throw stopped;
    return result;
  } catch (error) {
    if (error instanceof StripeShapeError) await recordRefusal(refused, "shape", error.message);
    throw error;
  }
}
