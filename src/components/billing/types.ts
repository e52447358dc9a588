import type { AdminBilling, AdminInvoice, MemberBilling, MembershipView } from "@/features/billing/types";
import type { MemberPayment } from "@/features/money/types";

/** GET /api/users/{id}/billing: hers (member mode) or, to an administrator, with what each payment may still be refunded. */
export type Overview = MemberBilling | AdminBilling;
export type { MembershipView };
export type InvoiceRow = MemberPayment & Partial<Pick<AdminInvoice, "refundable" | "refundableAmount">>;
export type BillingMode = "member" | "admin";

export const billingKey = (userId: number) => ["billing", userId] as const;

export const STATUS_LABEL: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Ended",
};
export const KIND_LABEL: Record<string, string> = {
  payment: "First payment",
  renewal: "Renewal",
  upgrade: "Upgrade",
  refund: "Refund",
};
