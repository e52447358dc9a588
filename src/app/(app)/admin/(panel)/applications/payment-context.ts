import "server-only";
import { env } from "@/lib/env";
import { listTiers } from "@/server/money/pricing";
import type { PaymentContext } from "@/components/admin/applications/application-card";

/** Tier prices and, when Stripe is configured, the publishable key: through props, not NEXT_PUBLIC. */
export async function paymentContext(): Promise<PaymentContext> {
  const tiers = await listTiers();
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY } = env();
  return {
    prices: Object.fromEntries(tiers.map((t) => [t.id, t.monthlyPriceCents])),
    publishableKey: STRIPE_SECRET_KEY ? (STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
