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
export interface Dashboard {
  period: DashboardPeriod;
  since: Date;
  tiers: TierCount[];
  growth: GrowthPoint[];
  funnel: Funnel;
  money: MoneyPoint[];
  activity: ActivityPoint[];
}
