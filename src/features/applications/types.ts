import { z } from "@/lib/validation";

/** POST /api/applications/submit: the same answer for any address (what happens next is emailed). */
export const applicationReceivedSchema = z.strictObject({ received: z.literal(true), isTrial: z.boolean() });
