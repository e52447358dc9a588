import { z } from "@/lib/validation";
import { COMMISSION_STATUSES, type CommissionStatus } from "./constants";
import { id, isoDateTime } from "@/features/api/json";

const figureSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
});
export type CommissionFigure = z.infer<typeof figureSchema>;

/** One of her commissions: whom she referred (first name and initial), how much, and where it stands. */
export const partnerCommissionSchema = z.strictObject({
  id,
  referral: z.string(),
  amountCents: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  /** Held until: the day it becomes payable (30 days after the payment cleared). */
  eligibleAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  cancelReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PartnerCommission = z.infer<typeof partnerCommissionSchema>;

/** A payout run that paid her, with her part of it. */
export const partnerPayoutSchema = z.strictObject({
  id,
  paidAt: isoDateTime,
  commissionCount: z.number().int().nonnegative(),
  amountCents: z.number().int(),
});
export type PartnerPayout = z.infer<typeof partnerPayoutSchema>;

export const partnerStatementSchema = z.strictObject({
  commissions: z.array(partnerCommissionSchema),
  payouts: z.array(partnerPayoutSchema),
});
export type PartnerStatement = z.infer<typeof partnerStatementSchema>;

/** GET /api/partners/{id}: the partner record and her performance, from real data. */
export const partnerDashboardSchema = z.strictObject({
  userId: id,
  partnerCode: z.string(),
  referralCommission: z.string(),
  /** Visits of /apply?ref={code}, one per visitor per day. */
  linkVisits: z.number().int().nonnegative(),
  applications: z.number().int().nonnegative(),
  approvedMembers: z.number().int().nonnegative(),
  commissions: z.strictObject({ pending: figureSchema, eligible: figureSchema, paid: figureSchema }),
  /** Her own view (the Affiliate tab, GET /api/partners/{id}); absent from the admins' list of partners. */
  statement: partnerStatementSchema.optional(),
});
export type PartnerDashboard = z.infer<typeof partnerDashboardSchema>;

/** POST /api/partners/accept: her new partner record (the code and rate her Affiliate tab shows). */
export const partnerRecordSchema = z.strictObject({
  userId: id,
  partnerCode: z.string(),
  referralCommission: z.string(),
});
export type PartnerRecord = z.infer<typeof partnerRecordSchema>;

export interface AdminCommission {
  id: number;
  status: CommissionStatus;
  amountCents: number;
  rate: string;
  partnerName: string;
  partnerCode: string;
  applicantName: string;
  eligibleAt: string | null;
  paidAt: string | null;
  cancelReason: string | null;
  createdAt: string;
}
