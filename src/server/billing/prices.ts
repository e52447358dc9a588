import "server-only";
import { TIER_IDS, type TierId } from "@/features/membership/constants";
import { serviceUnavailable } from "@/lib/errors";
import { readStripe, readStripeList } from "@/server/money";
import { askStripe } from "@/server/stripe/client";

import { lookupKeyFor } from "./catalogue";

const PRICES_UNREAD = "The membership prices could not be read";
export const BILLING_NOT_SET_UP = "Billing is not set up yet: an administrator needs to run npm run stripe:sync.";

interface Catalogue {
  priceByTier: Map<TierId, { id: string; amount: number; currency: string }>;
  tierByPrice: Map<string, TierId>;
  loadedAt: number;
}
/** Prices change only through stripe:sync; a price not in the cache is looked up again at once. */
const CACHE_MS = 5 * 60_000;
let cached: Promise<Catalogue> | undefined;

async function loadCatalogue(): Promise<Catalogue> {
  const prices = readStripeList(
    "price",
    await askStripe(PRICES_UNREAD, {}, (client) =>
      client.prices.list({ lookup_keys: TIER_IDS.map(lookupKeyFor), active: true, limit: 100 }),
    ),
  );
  const catalogue: Catalogue = { priceByTier: new Map(), tierByPrice: new Map(), loadedAt: Date.now() };
  for (const price of prices) {
    const tier = TIER_IDS.find((t) => lookupKeyFor(t) === price.lookup_key);
    if (!tier || price.unit_amount === null) continue;
    catalogue.priceByTier.set(tier, { id: price.id, amount: price.unit_amount, currency: price.currency });
    catalogue.tierByPrice.set(price.id, tier);
  }
  return catalogue;
}

async function catalogue(): Promise<Catalogue> {
  const current = cached ? await cached.catch(() => undefined) : undefined;
  if (current && Date.now() - current.loadedAt < CACHE_MS) return current;
  cached = loadCatalogue();
  return cached;
}

export async function priceFor(tier: string): Promise<{ id: string; amount: number; currency: string }> {
  let price = (await catalogue()).priceByTier.get(tier as TierId);
  if (!price) {
    cached = undefined;
    price = (await catalogue()).priceByTier.get(tier as TierId);
  }
  if (!price) throw serviceUnavailable(BILLING_NOT_SET_UP);
  return price;
}

/** The tier a Price bills for, or null for a price that is not one of ours (an old one still answers). */
export async function tierOfPrice(priceId: string): Promise<TierId | null> {
  const known = (await catalogue()).tierByPrice.get(priceId);
  if (known) return known;
  const price = readStripe("price", await askStripe(PRICES_UNREAD, {}, (client) => client.prices.retrieve(priceId)));
  const tier = (price.metadata.tier ?? null) as TierId | null;
  return tier && TIER_IDS.includes(tier) ? tier : null;
}
