import "server-only";
import { asc } from "drizzle-orm";
import { membershipTiers } from "@/db/schema";
import { formatCents } from "@/lib/format";
import type { PassageProvider } from "./types";

/** The tier catalogue: one passage per tier and one comparing them all, citing /membership. */
export const tierProvider: PassageProvider = {
  async load(executor) {
    const tiers = await executor.select().from(membershipTiers).orderBy(asc(membershipTiers.position));
    const priceLine = (t: (typeof tiers)[number]) =>
      `${formatCents(t.monthlyPriceCents)} per month for a ${t.durationMonths}-month membership (${formatCents(t.monthlyPriceCents * t.durationMonths)} in total)`;
    const each = tiers.map((t) => ({
      sourceId: t.id,
      title: `${t.title} membership tier price`,
      url: "/membership",
      // Each sentence names the tier, so any one of them answers on its own (the answer without a model quotes sentences).
      body: `The ${t.title} tier costs ${priceLine(t)}. ${t.description} The ${t.title} tier includes: ${t.features.join("; ")}.`,
      requiredLevel: null,
    }));
    const overview = {
      sourceId: "all",
      title: "Membership tiers and prices",
      url: "/membership",
      body: `There are ${tiers.length} membership tiers, from ${tiers[0]?.title} up to ${tiers.at(-1)?.title}: ${tiers.map((t) => `${t.title} costs ${priceLine(t)}`).join("; ")}.`,
      requiredLevel: null,
    };
    return tiers.length ? [overview, ...each] : [];
  },
};
