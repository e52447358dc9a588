import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import type { Executor } from "@/db/client";
import { membershipTiers } from "@/db/schema";
import { badRequest } from "@/lib/errors";

export const CURRENCY = "usd";

/**
 * What joining a tier costs now: its monthly price from membership_tiers, never an amount sent by
 * a browser (docs/decisions/010-membership-journey.md).
 */
export async function tierCharge(tierId: string, executor: Executor = db) {
  const [tier] = await executor
    .select({
      id: membershipTiers.id,
      title: membershipTiers.title,
      amount: membershipTiers.monthlyPriceCents,
      durationMonths: membershipTiers.durationMonths,
    })
    .from(membershipTiers)
    .where(eq(membershipTiers.id, tierId))
    .limit(1);
  if (!tier) throw badRequest("Please select a membership tier");
  return { ...tier, currency: CURRENCY };
}

export async function listTiers() {
  return db.select().from(membershipTiers).orderBy(membershipTiers.position);
}
