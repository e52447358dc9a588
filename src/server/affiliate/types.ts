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
