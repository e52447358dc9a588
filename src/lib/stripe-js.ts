import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

let stripePromise: Promise<Stripe | null> | undefined;

/**
 * Stripe.js, loaded from js.stripe.com once per page with the publishable key, and only when a card
 * form is shown: the `pure` entry does not add the script on import, so pages that merely include a
 * card form (her profile's Billing tab) load nothing from Stripe until it opens.
 */
export const getStripe = (key: string) => (stripePromise ??= loadStripe(key));
