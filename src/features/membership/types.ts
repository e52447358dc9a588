/** A tier of the catalogue as the public pages show it (src/server/public-site). */
export interface Tier {
  id: string;
  title: string;
  durationMonths: number;
  monthlyPriceCents: number;
  popular: boolean;
  description: string;
  features: string[];
}
