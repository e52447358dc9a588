import { z } from "@/lib/validation";
import { TIER_IDS } from "@/features/membership/constants";

export const tierChoiceSchema = z.object({ tier: z.enum(TIER_IDS, "Please select a membership tier") });

export const changeTierSchema = tierChoiceSchema.extend({
  /** The proration date of the preview she confirmed (upgrades), so the charge equals the preview. */
  prorationDate: z.number().int().positive().optional(),
});
export type ChangeTierInput = z.infer<typeof changeTierSchema>;

export const paymentMethodSchema = z.object({
  setupIntentId: z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/, "That card setup is not valid"),
});
