import { loadStripe, type Stripe } from "@stripe/stripe-js";

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe.js, loaded once per page from js.stripe.com with the publishable key. */
export const getStripe = (key: string) => (stripePromise ??= loadStripe(key));
