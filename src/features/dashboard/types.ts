import type { DashboardPeriod } from "./periods";

export type TierCount = {
  tier: string | null;
  members: number;
};
export type GrowthPoint = {
  bucket: string;
  joined: number;
  total: number;
};
export type Funnel = {
  submitted: number;
  approved: number;
  paid: number;
  joined: number;
};
export type MoneyPoint = {
  bucket: string;
  revenue: number;
  refunds: number;
};
export type ActivityPoint = {
  bucket: string;
  rsvps: number;
  topics: number;
  replies: number;
  comments: number;
  libraryViews: number;
};
/** The dashboard's figures as they stand now, whatever the period. */
export type Headline = {
  /** As /admin/members filters them. */
  membersByStatus: { active: number; disabled: number; deletionPending: number };
  /** Applications waiting for review. */
  applicationsWaiting: number;
  /** Cents a month from paying memberships. */
  monthlyRecurringRevenue: number;
  /** Members with a session seen since the UTC month began (monthStart). */
  activeThisMonth: number;
  monthStart: Date;
};
export interface Dashboard {
  period: DashboardPeriod;
  since: Date;
  headline: Headline;
  tiers: TierCount[];
  growth: GrowthPoint[];
  funnel: Funnel;
  money: MoneyPoint[];
  activity: ActivityPoint[];
}
