import { z } from "@/lib/validation";

/** The dashboard's periods, each with the width of a chart's bucket. */
export const DASHBOARD_PERIODS = {
  "30d": { label: "30 days", days: 30, bucket: "day" },
  "90d": { label: "90 days", days: 90, bucket: "week" },
  "12m": { label: "12 months", days: 365, bucket: "month" },
} as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;

export const dashboardQuerySchema = z.object({ period: z.enum(["30d", "90d", "12m"]).catch("30d").default("30d") });
