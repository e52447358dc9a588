import type { TierId } from "@/features/membership/constants";

// One catalogue of four, ordered connect < create < empower < play.
export const TIER_CATALOGUE: {
  id: TierId;
  title: string;
  durationMonths: number;
  monthlyPriceCents: number;
  popular: boolean;
  description: string;
  features: string[];
}[] = [
  {
    id: "connect",
    title: "Connect",
    durationMonths: 3,
    monthlyPriceCents: 3000,
    popular: false,
    description: "A season with the circle: meet members, join events and find your people.",
    features: ["Member-only events", "Community forum", "Resource library", "Monthly member newsletter"],
  },
  {
    id: "create",
    title: "Create",
    durationMonths: 6,
    monthlyPriceCents: 5000,
    popular: true,
    description: "Half a year to make things together: workshops, creative labs and collaborations.",
    features: [
      "Everything in Connect",
      "Workshops and creative labs",
      "Mentorship matching",
      "Member spotlight on the blog",
    ],
  },
  {
    id: "empower",
    title: "Empower",
    durationMonths: 9,
    monthlyPriceCents: 6500,
    popular: false,
    description: "For womxn growing into leadership: incubation sessions and the leadership circle.",
    features: [
      "Everything in Create",
      "Feminine leadership incubation",
      "Leadership Circle forum",
      "Affiliate partner programme",
    ],
  },
  {
    id: "play",
    title: "Play",
    durationMonths: 12,
    monthlyPriceCents: 7500,
    popular: false,
    description: "A full year of sisterhood, with priority places at retreats and activations.",
    features: [
      "Everything in Empower",
      "Priority booking for retreats",
      "Sensual artistry activations",
      "Annual one-to-one with a mentor",
    ],
  },
];
