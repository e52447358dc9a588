import type { CommissionStatus } from "@/db/schema/enums";

export interface CommissionFigure {
  count: number;
  amountCents: number;
}

/** GET /api/partners/{id}: the partner record and her performance, from real data. */
export interface PartnerDashboard {
  userId: number;
  partnerCode: string;
  referralCommission: string;
  /** Visits of /apply?ref={code}, one per visitor per day. */
  linkVisits: number;
  applications: number;
  approvedMembers: number;
  commissions: Record<Exclude<CommissionStatus, "cancelled">, CommissionFigure>;
  /** Her own view (the Affiliate tab, GET /api/partners/{id}); absent from the admins' list of partners. */
  statement?: PartnerStatement;
}

/** One of her commissions: whom she referred (first name and initial), how much, and where it stands. */
export interface PartnerCommission {
  id: number;
  referral: string;
  amountCents: number;
  status: CommissionStatus;
  /** Held until: the day it becomes payable (30 days after the payment cleared). */
  eligibleAt: string | null;
  paidAt: string | null;
  cancelReason: string | null;
  createdAt: string;
}

/** A payout run that paid her, with her part of it. */
export interface PartnerPayout {
  id: number;
  paidAt: string;
  commissionCount: number;
  amountCents: number;
}

export interface PartnerStatement {
  commissions: PartnerCommission[];
  payouts: PartnerPayout[];
}

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
