import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { stripeRequests } from "@/db/schema";

/**
 * One attempt at a Stripe call that changes something. The attempt is a stripe_requests row and its
 * idempotency key names that row (`{operation}-{subject}-attempt-{row}`), never the operation alone:
 * Stripe replays a key's first answer for 24 hours, a 500 included, and refuses a key reused with
 * other parameters (https://docs.stripe.com/api/idempotent_requests), so a key per operation would
 * turn one outage into a day without that operation. The client's own network retries of this
 * attempt reuse its key, which is what keys are for. What keeps a retried *operation* from happening
 * twice is each caller's check of Stripe's state first (a captured intent, the refunds already made,
 * a subscription already started), under the row lock of what it changes.
 */
export async function stripeAttempt<T extends { id?: string | null }>(
  executor: Executor,
  what: { operation: string; subject: string },
  call: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  const [{ id }] = (
    await executor.execute(sql`select nextval(pg_get_serial_sequence('stripe_requests', 'id'))::int as id`)
  ).rows as [{ id: number }];
  const idempotencyKey = `${what.operation}-${what.subject}-attempt-${id}`;
  await executor
    .insert(stripeRequests)
    .values({ id, operation: what.operation, subject: what.subject, idempotencyKey });
  try {
    const result = await call(idempotencyKey);
    await executor
      .update(stripeRequests)
      .set({ outcome: "succeeded", stripeId: result.id ?? null })
      .where(eq(stripeRequests.id, id));
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 1000) : String(error);
    await executor.update(stripeRequests).set({ outcome: "failed", error: message }).where(eq(stripeRequests.id, id));
    throw error;
  }
}
