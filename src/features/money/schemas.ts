import { idSchema, z } from "@/lib/validation";

/** A payment link's token as it appears in /payment/{token} (base64url, 32 random bytes). */
export const paymentTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, "This payment link is not valid");

/** POST /api/create-payment-intent: only the applicant's own link opens her payment; amounts are ours. */
export const paymentIntentRequestSchema = z.object({ token: paymentTokenSchema });

/** The admin dialog sends a Stripe payment method id; amount, currency and adminId are ignored if sent. */
export const processPaymentSchema = z.object({
  paymentMethodId: z
    .string()
    .trim()
    .regex(/^pm_[A-Za-z0-9_]{1,200}$/, "A card payment method is required"),
});

export const manualPaymentSchema = z.object({
  notes: z.string().trim().min(3, "Please add a note about the payment (at least 3 characters)").max(1000),
});
export type ManualPaymentInput = z.input<typeof manualPaymentSchema>;

export const markTransactionSchema = z.object({
  status: z.enum(["completed", "failed"], "Choose completed or failed"),
  note: z
    .string()
    .trim()
    .min(3, "Please add a note (at least 3 characters)")
    .max(1000, "Notes must be at most 1000 characters"),
});
export type MarkTransactionInput = z.infer<typeof markTransactionSchema>;

export const refundSchema = z.object({
  /** Cents; omitted for a full refund of what remains. */
  amount: z.coerce
    .number()
    .int("Enter the amount in cents")
    .positive("The refund must be more than $0.00")
    .max(100_000_000)
    .optional(),
  reason: z.string().trim().min(3, "Please give a reason for the refund (at least 3 characters)").max(500),
});
export type RefundInput = z.infer<typeof refundSchema>;

/** Dollars typed by an admin ("12", "12.5", "12.50") to cents, or null when it is not an amount. */
export function centsOf(dollars: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(dollars);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * The refund form: the same refund, its amount typed in dollars and checked against what is left of
 * the payment (`remaining`, in cents), given as cents to the route's refundSchema.
 */
export function refundFormSchema(remaining: number, amountRange: string) {
  return refundSchema.extend({
    amount: z
      .string()
      .trim()
      .transform((typed, context) => {
        if (!typed) return undefined;
        const cents = centsOf(typed);
        if (cents === null || cents <= 0 || cents > remaining) {
          context.addIssue({
            code: "custom",
            message: `Enter an amount between $0.01 and ${amountRange}, or leave it empty.`,
          });
          return z.NEVER;
        }
        return cents;
      }),
  });
}
export type RefundFormValues = z.input<ReturnType<typeof refundFormSchema>>;

/** /admin/stripe-refusals: the keyset cursor, refusals older than this id. */
export const stripeRefusalsQuerySchema = z.object({
  before: idSchema.optional().or(z.literal("").transform(() => undefined)),
});
