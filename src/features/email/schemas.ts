import { z } from "@/lib/validation";
import { OUTBOX_STATUSES } from "./constants";

export const OUTBOX_PAGE_SIZE = 50;

export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** The one unsubscribe's token in its page's and one-click address (src/server/email/bulk.ts reads it). */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(120) });

/** An address an administrator takes off the refusing list (written as it was refused). */
export const liftSuppressionSchema = z.object({ address: z.string().trim().min(3).max(320) });
export type LiftSuppressionInput = z.infer<typeof liftSuppressionSchema>;
