import { z } from "zod";

export const TRANSACTION_FILTERS = ["all", "completed", "failed", "pending"] as const;

export const markTransactionSchema = z.object({
  status: z.enum(["completed", "failed"], "Choose completed or failed"),
  note: z.string().trim().min(3, "Please add a note (at least 3 characters)").max(1000, "Notes must be at most 1000 characters"),
});
export type MarkTransactionInput = z.infer<typeof markTransactionSchema>;

export const refundSchema = z.object({
  /** Cents; omitted for a full refund of what remains. */
  amount: z.coerce.number().int("Enter the amount in cents").positive("The refund must be more than $0.00").optional(),
  reason: z.string().trim().min(3, "Please give a reason for the refund (at least 3 characters)").max(500),
});
export type RefundInput = z.infer<typeof refundSchema>;

export const REFUND_GUARANTEE_DAYS = 14;
