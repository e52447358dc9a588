/** A membership tier as the apply and payment screens show it. */
export interface TierOption {
  id: string;
  title: string;
  durationMonths: number;
  monthlyPriceCents: number;
  popular: boolean;
  description: string;
}

export const PARTNER_REF_COOKIE = "partner_ref";
/** A ?ref= link is remembered for 30 days. */
export const PARTNER_REF_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
