import type { BillingOverview } from "@/server/billing/overview";

/** What JSON makes of a server type: dates arrive as ISO strings. */
type Wire<T> = T extends Date ? string : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

export type Overview = Wire<BillingOverview>;
export type MembershipView = NonNullable<Overview["membership"]>;
export type InvoiceRow = Overview["transactions"][number];
export type BillingMode = "member" | "admin";

export const billingKey = (userId: number) => ["billing", userId] as const;

export const STATUS_LABEL: Record<string, string> = { trialing: "Free trial", active: "Active", past_due: "Past due", canceled: "Ended" };
export const KIND_LABEL: Record<string, string> = { payment: "First payment", renewal: "Renewal", upgrade: "Upgrade", refund: "Refund" };
