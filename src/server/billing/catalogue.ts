import "server-only";
import type Stripe from "stripe";

/**
 * Each tier's monthly Price is found by its lookup key, never by an id typed into configuration:
 * `npm run stripe:sync` creates the Products and Prices (a new Price when a tier's price changed,
 * the key moving to it), and the app reads them back by key (./prices.ts).
 */
export const lookupKeyFor = (tier: string) => `membership_${tier}_monthly`;
export const productIdFor = (tier: string) => `membership_${tier}`;

export interface CatalogueTier {
  id: string;
  title: string;
  monthlyPriceCents: number;
}

export async function syncStripeCatalogue(
  client: Stripe,
  tiers: CatalogueTier[],
): Promise<{ tier: string; price: string; created: boolean }[]> {
  const out: { tier: string; price: string; created: boolean }[] = [];
  for (const tier of tiers) {
    const productId = productIdFor(tier.id);
    try {
      await client.products.retrieve(productId);
    } catch {
      await client.products.create({ id: productId, name: `${tier.title} membership`, metadata: { tier: tier.id } });
    }
    const [existing] = (await client.prices.list({ lookup_keys: [lookupKeyFor(tier.id)], active: true, limit: 1 }))
      .data;
    if (
      existing &&
      existing.unit_amount === tier.monthlyPriceCents &&
      existing.currency === "usd" &&
      existing.recurring?.interval === "month"
    ) {
      out.push({ tier: tier.id, price: existing.id, created: false });
      continue;
    }
    const price = await client.prices.create({
      product: productId,
      currency: "usd",
      unit_amount: tier.monthlyPriceCents,
      recurring: { interval: "month" },
      lookup_key: lookupKeyFor(tier.id),
      transfer_lookup_key: true,
      metadata: { tier: tier.id },
    });
    out.push({ tier: tier.id, price: price.id, created: true });
  }
  return out;
}
