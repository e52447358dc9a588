import { z } from "@/lib/validation";

export const REPORT_REASON_MAX = 500;

/** A member's report of a forum post or a direct message: why she reports it. */
export const reportSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, "Please tell us what is wrong (at least 5 characters)")
    .max(REPORT_REASON_MAX, `The reason must be no more than ${REPORT_REASON_MAX} characters`),
});
export type ReportValues = z.input<typeof reportSchema>;
