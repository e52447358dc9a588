export interface ApplicationRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  membershipTier: string;
  heardAbout: string;
  whyJoin: string;
  partnerCode: string | null;
  isTrial: boolean;
  status: "pending" | "approved" | "rejected";
  reviewNotes: string | null;
  userId: number | null;
  /** Approved, paid for (or a trial) and no account yet: an invitation was sent and can be sent again. */
  canResendInvitation: boolean;
  createdAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
}

export const STATUS_LABEL = { pending: "Pending Review", approved: "Approved", rejected: "Rejected" } as const;
export const APPLICATIONS_KEY = "/api/applications";
